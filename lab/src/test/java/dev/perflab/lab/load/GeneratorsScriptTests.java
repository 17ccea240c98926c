package dev.perflab.lab.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * lab/bench/generators.py's check of merged percentiles against the union of two agents'
 * samples, on samples whose answer is known: neither agent's own percentiles nor their
 * mean are the union's.
 */
class GeneratorsScriptTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void percentilesOfTheUnionOfTwoAgentsSamplesAreNearestRankOverAllOfThem(@TempDir Path dir) throws Exception {
        // 900 samples 1..900 on one agent, 100 samples 901..1000 on the other
        Path a = Files.writeString(dir.resolve("a.txt"), lines(1, 900));
        Path b = Files.writeString(dir.resolve("b.txt"), lines(901, 1000));
        assertThat(run("--union", a.toString(), b.toString())).containsExactly(
                "union of 1000 samples (0 not 2xx/3xx, 0 other lines left out): p50/p99/p99.9 500.000 / 990.000 / 999.000 ms");
        assertThat(run("--union", b.toString())).containsExactly(
                "union of 100 samples (0 not 2xx/3xx, 0 other lines left out): p50/p99/p99.9 950.000 / 999.000 / 1000.000 ms");
        // vegeta's JSON results (deploy/k8s/load's agents' logs), an agent's own line and
        // a
        // failed request among them
        Path c = Files.writeString(dir.resolve("c.log"), "agent 0 of 2: 2 req/s to http://gateway\n"
                + "{\"code\":200,\"latency\":2000000}\n{\"code\":500,\"latency\":4000000}\n");
        assertThat(run("--union", c.toString())).containsExactly(
                "union of 2 samples (1 not 2xx/3xx, 1 other lines left out): p50/p99/p99.9 2.000 / 4.000 / 4.000 ms");
    }

    @Test
    void hyperfoilsMergedPercentilesAreCheckedAgainstTheBoundsOfItsAgentsHistograms(@TempDir Path dir)
            throws Exception {
        // a1: 50 in (0, 1000] and 50 in (1000, 2000]; a2: 100 in (2000, 3000]. Union of
        // 200:
        // p50 in [1000, 2000], p99 and p99.9 in [2000, 3000]
        Path merged = Files.writeString(dir.resolve("merged.json"), allJson(2000, 3000, 200));
        assertThat(run("--hyperfoil-union", merged.toString())).containsExactly("p50 merged 2000 union 1000-2000 equal",
                "p99 merged 3000 union 2000-3000 equal", "p99.9 merged 3000 union 2000-3000 equal",
                "requests merged 200, summed over 2 agents 200, in their histograms 200");
        // the larger agent p50 (3000) instead of the union's, and a count that lost
        // requests
        Path wrong = Files.writeString(dir.resolve("wrong.json"), allJson(3000, 3000, 190));
        assertThat(run("--hyperfoil-union", wrong.toString())).startsWith("p50 merged 3000 union 1000-2000 differs")
            .endsWith("requests merged 190, summed over 2 agents 200, in their histograms 200");
    }

    @Test
    void aFileThatIsNotHyperfoilsIsOneLine(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"stats\": []}");
        assertThat(run("--hyperfoil-union", bad.toString())).containsExactly("generators: --hyperfoil-union: " + bad
                + " is not a Hyperfoil all.json with a phase 'main' (StopIteration)");
    }

    private static String lines(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).collect(Collectors.joining("\n", "", "\n"));
    }

    private static String allJson(long p50, long p99, int mergedCount) {
        String merged = "{\"phase\": \"main\", \"total\": {\"summary\": {\"requestCount\": " + mergedCount
                + ", \"percentileResponseTime\": {\"50.0\": " + p50 + ", \"99.0\": " + p99 + ", \"99.9\": " + p99
                + "}}}}";
        return "{\"stats\": [" + merged + "], \"agents\": [" + agent("a1", bucket(0, 1000, 50), bucket(1000, 2000, 50))
                + ", " + agent("a2", bucket(2000, 3000, 100)) + "]}";
    }

    private static String agent(String name, String... buckets) {
        return "{\"name\": \"" + name
                + "\", \"stats\": [{\"phase\": \"main\", \"total\": {\"summary\": {\"requestCount\": 100}},"
                + " \"histogram\": {\"percentiles\": [" + String.join(", ", buckets) + "]}}]}";
    }

    private static String bucket(long from, long to, long count) {
        return "{\"from\": " + from + ", \"to\": " + to + ", \"count\": " + count + "}";
    }

    private static List<String> run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("python3", ROOT.resolve("lab/bench/generators.py").toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return output.strip().lines().toList();
    }

}
