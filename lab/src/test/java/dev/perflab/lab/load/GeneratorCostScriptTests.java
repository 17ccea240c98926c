package dev.perflab.lab.load;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.OptionalTools;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * lab/bench/generator_cost.py, the measurement behind the choice of open-model generator:
 * against its own one-worker nginx it offers the rate, and reports the requests it
 * completed and the CPU its generator process used for them.
 */
class GeneratorCostScriptTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @Test
    void vegetaAtAFixedRateCompletesItsRequestsAndCostsSomeCpuForThem() throws IOException, InterruptedException {
        OptionalTools.need("nginx");
        Path vegeta = VegetaInstaller.ensure(ROOT, new PrintWriter(new StringWriter()));
        Process bench = new ProcessBuilder(List.of("python3", ROOT.resolve("lab/bench/generator_cost.py").toString(),
                "--rates", "50", "--seconds", "2", "--vegeta", vegeta.toString()))
            .redirectErrorStream(true)
            .start();
        String output = new String(bench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bench.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(bench.exitValue()).as(output).isZero();
        List<String> lines = output.strip().lines().toList();
        assertThat(lines.get(0)).isEqualTo("generator  rate  achieved  requests  cpu_ms  cpu_us_per_request");
        String[] vegetaLine = lines.get(1).trim().split("\\s+");
        assertThat(vegetaLine[0]).isEqualTo("vegeta");
        assertThat(Integer.parseInt(vegetaLine[1])).isEqualTo(50);
        assertThat(Long.parseLong(vegetaLine[3])).as("requests answered in 2 s at 50 req/s").isBetween(95L, 100L);
        assertThat(Double.parseDouble(vegetaLine[5])).as("CPU per request, us").isPositive();
    }

    @Test
    void withoutAGeneratorItSaysSoInOneLine() throws IOException, InterruptedException {
        Process bench = new ProcessBuilder(List.of("python3", ROOT.resolve("lab/bench/generator_cost.py").toString()))
            .redirectErrorStream(true)
            .start();
        String output = new String(bench.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bench.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(bench.exitValue()).isNotZero();
        assertThat(output.strip()).isEqualTo("generator_cost: name at least one generator (--vegeta PATH, --oha PATH)");
    }

}
