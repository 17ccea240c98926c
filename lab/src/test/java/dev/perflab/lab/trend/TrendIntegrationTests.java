package dev.perflab.lab.trend;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.perflab.lab.cli.LabCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * make trend on a history file, with the real Apache Otava (installed into the
 * repository's tools/ on first use, from PyPI): a series that moved 5 % at one commit
 * names that commit and the one before it; a series that did not move, and one whose
 * ratios were not measured in the same seconds, name none.
 */
class TrendIntegrationTests {

    static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    private record Ran(int exit, String out, String err) {
    }

    private static Ran lab(String... args) {
        CommandLine commandLine = LabCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new Ran(exit, out.toString(), err.toString());
    }

    /**
     * Sixteen runs at sixteen commits; the burn figure rises by 5 % from the tenth (sd 1
     * % around each level, a fixed seed: the same history every time); 1 % is the spread
     * of an A/A pair's ratio between runs here.
     */
    @Test
    void aFivePerCentStepIsNamedByItsCommitAndAFlatSeriesByNone(@TempDir Path dir) throws Exception {
        Random random = new Random(41);
        List<String> lines = new ArrayList<>(
                List.of("time,commit,dirty,cores,cpu,os,jdk,command,figure,value,low,high,same_seconds"));
        for (int i = 0; i < 16; i++) {
            String time = String.format("2026-11-%02dT10:00:00Z", i + 1);
            String commit = String.format("%07x%033d", 0xc0ffee0 + i, 0);
            double burn = (i >= 9 ? 1.05 : 1.0) * (1 + 0.01 * random.nextGaussian());
            double same = 1 + 0.01 * random.nextGaussian();
            double apart = (i >= 9 ? 1.5 : 1.0) * (1 + 0.01 * random.nextGaussian());
            lines.add(row(time, commit, "reactive → burn: cpu_ms_per_request", burn, true));
            lines.add(row(time, commit, "reactive → same: cpu_ms_per_request", same, true));
            lines.add(row(time, commit, "two runs apart: req/s", apart, false));
        }
        lines.add("2026-11-30,not,a,row");
        Path history = dir.resolve("history.csv");
        Files.write(history, lines, StandardCharsets.UTF_8);

        Ran ran = lab("trend", "--history", history.toString(), "--results", dir.resolve("results").toString(),
                "--root", ROOT.toString());

        assertThat(ran.exit()).as(ran.err()).isZero();
        assertThat(ran.out()).contains("skipped history.csv line 50:")
            .contains("Trend: 2 series from 48 rows")
            .contains("reactive → burn: cpu_ms_per_request (2 cores, AMD EPYC): +")
            .contains(" from c0ffee9, after c0ffee8")
            .contains("1 change point.");
        String md = Files.readString(dir.resolve("results/latest/trend.md"));
        assertThat(md).contains("| reactive → burn: cpu_ms_per_request (2 cores, AMD EPYC) | c0ffee8 | c0ffee9 | +")
            .contains("| reactive → same: cpu_ms_per_request (2 cores, AMD EPYC) | 16 | c0ffee0 | c0ffeef |")
            .doesNotContain("two runs apart");
        assertThat(Files.readString(dir.resolve("results/latest/trend.html"))).contains("\"changes\":[9]");
    }

    /** No history, or none measured in the same seconds: one line and exit 1. */
    @Test
    void withoutAHistoryItSaysWhatWritesOne(@TempDir Path dir) throws Exception {
        Ran none = lab("trend", "--history", dir.resolve("absent.csv").toString(), "--results",
                dir.resolve("results").toString(), "--root", ROOT.toString());
        assertThat(none.exit()).isEqualTo(1);
        assertThat(none.err().strip()).startsWith("lab: no history at ").contains("make lab").doesNotContain("\n");
        Path apart = dir.resolve("apart.csv");
        Files.write(apart,
                List.of("time,commit,dirty,cores,cpu,os,jdk,command,figure,value,low,high,same_seconds",
                        row("2026-11-01T10:00:00Z", "abc", "two runs apart: req/s", 1.0, false)),
                StandardCharsets.UTF_8);
        Ran unpaired = lab("trend", "--history", apart.toString(), "--results", dir.resolve("results").toString(),
                "--root", ROOT.toString());
        assertThat(unpaired.exit()).isEqualTo(1);
        assertThat(unpaired.err().strip()).endsWith("nothing to trend").doesNotContain("\n");
    }

    private static String row(String time, String commit, String figure, double value, boolean sameSeconds) {
        return String.format(java.util.Locale.ROOT,
                "\"%s\",\"%s\",false,2,\"AMD EPYC\",\"Linux\",\"JDK 17\",lab,\"%s\",%.4f,%.4f,%.4f,%s", time, commit,
                figure, value, value * 0.98, value * 1.02, sameSeconds);
    }

}
