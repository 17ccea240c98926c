package dev.perflab.lab.lean;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.LabPorts;
import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.cli.LabCommand;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.system.Jdks;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/**
 * The lean ladder's rungs do what they say, on the real apps: a rung's JVM options, JDK
 * and profiles (the leanest, strip-lean, with gateway-lean's request id and
 * LeanStripPrefix) reach its gateway (which reports the allocator, collector and JDK it
 * runs with), and the cached nginx reference asks auth-service far less often than it
 * serves requests, while the uncached one asks for every request. Short windows: this
 * checks behaviour, not speed.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LeanLadderIntegrationTests {

    private static final String ROOT = Path.of(System.getProperty("lab.root", ".."))
        .toAbsolutePath()
        .normalize()
        .toString();

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();

    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void portsFree() {
        LabPorts.requireFree(LabPorts.RUNNER);
    }

    @Test
    void eachRungRunsWithItsJvmOptionsAndJdkAndTheCachedNginxAsksAuthServiceLessOften() throws IOException {
        assertThat(run("lab", "--scenarios", ROOT + "/lab/scenarios-lean.yml", "--only",
                "strip-prefix,strip-lean,nginx,nginx-cached"))
            .as(err.toString())
            .isZero();
        Path run = results.resolve("latest").toRealPath();
        Map<String, JsonNode> rungs = new HashMap<>();
        RunFolder.JSON.readTree(run.resolve("summary.json").toFile())
            .path("rungs")
            .forEach(rung -> rungs.put(rung.path("name").asString(), rung));

        JsonNode stripPrefix = rungs.get("strip-prefix");
        assertThat(stripPrefix.path("mode").path("jdk").asString())
            .isEqualTo(Integer.toString(Runtime.version().feature()));
        assertThat(stripPrefix.path("mode").path("allocator").asString()).as("Netty 4.2's default")
            .isEqualTo("adaptive");
        assertThat(stripPrefix.path("mode").path("profiles").asString()).contains("strip-prefix");
        assertThat(stripPrefix.path("rps").asDouble()).isPositive();

        if (Jdks.find(25).isPresent()) {
            JsonNode leanest = rungs.get("strip-lean");
            assertThat(leanest.path("java_opts").asString())
                .isEqualTo("-Dio.netty.allocator.type=pooled -XX:+UseParallelGC");
            assertThat(leanest.path("mode").path("jdk").asString()).isEqualTo("25");
            assertThat(leanest.path("mode").path("allocator").asString()).isEqualTo("pooled");
            assertThat(leanest.path("mode").path("gc").asString()).isEqualTo("parallel");
            assertThat(leanest.path("mode").path("profiles").asString()).contains("rid-lean", "strip-lean")
                .doesNotContain("strip-prefix", "rid-fast");
            assertThat(leanest.path("rps").asDouble()).as("gateway-lean's request id and LeanStripPrefix route")
                .isPositive();
        }
        else {
            assertThat(rungs).doesNotContainKey("strip-lean");
            assertThat(out.toString())
                .contains("rung strip-lean left out: it runs on JDK 25, and none is in /usr/lib/jvm, ");
        }

        if (!OptionalTools.installed("nginx")) {
            assertThat(rungs.get("nginx-cached").path("skipped").asString()).isNotBlank();
            return;
        }
        double uncached = authChecksPerRequest(run.resolve("nginx"));
        double cached = authChecksPerRequest(run.resolve("nginx-cached"));
        assertThat(uncached).as("nginx asks auth-service for every request").isBetween(0.95, 1.05);
        assertThat(cached).as("cached for 10 s: a handful of checks for thousands of requests").isLessThan(0.01);
        assertThat(out.toString()).contains("nginx-cached (wrk -> nginx auth_request, its answers cached)");
    }

    /**
     * auth-service's checks over business-service's requests, from their scrapes after
     * the rung.
     */
    private static double authChecksPerRequest(Path rung) throws IOException {
        double checks = count(Files.readString(rung.resolve("scrapes/auth-service-after.prom")), "/auth");
        double requests = count(Files.readString(rung.resolve("scrapes/business-service-after.prom")), "/hello");
        assertThat(requests).as(rung + ": requests reached the backend").isGreaterThan(100);
        return checks / requests;
    }

    /** The sum of http_server_requests_seconds_count over the series of {@code uri}. */
    private static double count(String prometheus, String uri) {
        Matcher series = Pattern
            .compile("^http_server_requests_seconds_count\\{([^}]*)\\} ([0-9.eE+]+)$", Pattern.MULTILINE)
            .matcher(prometheus);
        double sum = 0;
        while (series.find()) {
            if (series.group(1).contains("uri=\"" + uri + "\"")) {
                sum += Double.parseDouble(series.group(2));
            }
        }
        return sum;
    }

    private int run(String... args) {
        List<String> full = new ArrayList<>(List.of(args[0]));
        full.addAll(List.of("--results", results.toString(), "--root", ROOT, "--duration", "4s", "--warmup-max", "2s",
                "--warmup-probe", "1s", "--threads", "2", "--connections", "4", "--java-opts",
                "-Xmx256m -XX:TieredStopAtLevel=1", "--cpu-rate", "0"));
        full.addAll(List.of(args).subList(1, args.length));
        CommandLine command = LabCommand.commandLine();
        command.setOut(new PrintWriter(out, true));
        command.setErr(new PrintWriter(err, true));
        return command.execute(full.toArray(String[]::new));
    }

}
