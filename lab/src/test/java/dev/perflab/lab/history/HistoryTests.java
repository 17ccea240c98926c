package dev.perflab.lab.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The history a finished paired run appends to: its figures from run.json and lab.json or
 * pair.json, appended whole and read back row by row, a bad row reported by its line.
 */
class HistoryTests {

    private static final String RUN_JSON = """
            {"command":"lab","started":"2026-11-27T06:00:00.000+00:00",
             "machine":{"cpu_model":"AMD EPYC","cores":2,"os":"Linux 6.18 amd64"},
             "jdk":"OpenJDK 64-Bit Server VM 17.0.15","git_commit":"93c883e0","git_dirty":true}
            """;

    @TempDir
    Path dir;

    @Test
    void aLabsStepsAndRatiosToNginxBecomeRowsWithTheirIntervals() throws Exception {
        Path run = run("lab.json", """
                {"steps":[
                  {"a":"reactive","b":"log-quiet","verdicts":{
                    "cpu_ms_per_request":{"ratio":0.905,"low":0.856,"high":0.957,"verdict":"faster"},
                    "bytes_per_request":{"ratio":0.954,"low":0.95,"high":0.959,"verdict":"faster"}}},
                  {"a":"log-quiet","b":"broken","no_verdict":"B failed 5 % of its requests","verdicts":{
                    "cpu_ms_per_request":{"ratio":0.5,"low":null,"high":null}}},
                  {"a":"broken","b":"one-pass","verdicts":{"cpu_ms_per_request":{"ratio":1.01}}}],
                 "against_nginx":[{"rung":"loop-pools","reference":"nginx","ratios":{
                    "cpu_ms_per_request":{"ratio":2.763,"low":2.282,"high":3.344}}}]}
                """);
        List<HistoryRow> rows = History.rowsOf(run);

        assertThat(rows).extracting(HistoryRow::figure)
            .containsExactly("reactive → log-quiet: cpu_ms_per_request", "reactive → log-quiet: bytes_per_request",
                    "loop-pools / nginx: cpu_ms_per_request");
        HistoryRow first = rows.get(0);
        assertThat(first).isEqualTo(new HistoryRow("2026-11-27T06:00:00.000+00:00", "93c883e0", true, 2, "AMD EPYC",
                "Linux 6.18 amd64", "OpenJDK 64-Bit Server VM 17.0.15", "lab",
                "reactive → log-quiet: cpu_ms_per_request", 0.905, 0.856, 0.957, true));
    }

    @Test
    void aPairsVerdictsAreNamedByBothSidesKnobs() throws Exception {
        Path run = run("pair.json", """
                {"a":{"gateway":"reactive","java_options":[]},
                 "b":{"gateway":"reactive","java_options":["-XX:+UseParallelGC"],"java_home":"/usr/lib/jvm/temurin-25"},
                 "verdicts":{"cpu_ms_per_request":{"ratio":0.919,"low":0.856,"high":0.987}}}
                """);
        assertThat(History.rowsOf(run)).singleElement()
            .satisfies(row -> assertThat(row.figure())
                .isEqualTo("reactive → reactive (-XX:+UseParallelGC) on temurin-25: cpu_ms_per_request"))
            .satisfies(row -> assertThat(row.command()).isEqualTo("compare"));
    }

    @Test
    void appendedRowsReadBackAndEachRunAddsItsOwn() throws Exception {
        Path file = dir.resolve("shared/history.csv");
        HistoryRow withInterval = row("a → b: cpu_ms_per_request", 1.02, 1.0, 1.04);
        HistoryRow without = row("a → b: p99_ms, with \"quotes\", commas", 0.97, null, null);
        History.append(file, List.of(withInterval));
        History.append(file, List.of(without));

        assertThat(Files.readAllLines(file).get(0)).isEqualTo(History.HEADER);
        History.Read read = History.read(file);
        assertThat(read.problems()).isEmpty();
        assertThat(read.rows()).containsExactly(withInterval, without);
    }

    @Test
    void aRowThatCannotBeReadIsReportedByItsLineAndTheOthersKept() throws Exception {
        Path file = dir.resolve("history.csv");
        History.append(file, List.of(row("x: cpu_ms_per_request", 1.0, 0.99, 1.01)));
        Files.writeString(file,
                Files.readString(file) + "not,a,row\n"
                        + "2026-11-27T06:00:00Z,abc,false,2,cpu,os,jdk,lab,y: cpu_ms_per_request,fast,,,true\n"
                        + "2026-11-27T06:00:00Z,abc,false,2,cpu,os,jdk,lab,z: cpu_ms_per_request,1.5,0.9,1.1,true\n");
        History.append(file, List.of(row("w: cpu_ms_per_request", 1.0, 0.98, 1.02)));

        History.Read read = History.read(file);
        assertThat(read.rows()).extracting(HistoryRow::figure)
            .containsExactly("x: cpu_ms_per_request", "w: cpu_ms_per_request");
        assertThat(read.problems()).hasSize(3);
        assertThat(read.problems().get(0)).startsWith("history.csv line 3: ");
        assertThat(read.problems().get(1)).startsWith("history.csv line 4: ");
        assertThat(read.problems().get(2)).startsWith("history.csv line 5: ").contains("does not hold 1.5");
    }

    @Test
    void aFileThatIsNotAHistoryIsLeftAsItIs() throws Exception {
        Path file = Files.writeString(dir.resolve("notes.csv"), "name,age\nada,36\n");
        assertThatThrownBy(() -> History.append(file, List.of(row("a: cpu_ms_per_request", 1.0, 0.9, 1.1))))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("is not a lab history");
        assertThat(Files.readString(file)).isEqualTo("name,age\nada,36\n");
        assertThat(History.read(file).problems()).singleElement().asString().startsWith("notes.csv line 1: ");
    }

    @Test
    void runsAppendingAtOnceLoseNoRow() throws Exception {
        Path file = dir.resolve("history.csv");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> appends = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                String figure = "run " + i + ": cpu_ms_per_request";
                appends.add(pool.submit(() -> History.append(file, List.of(row(figure, 1.0, 0.9, 1.1)))));
            }
            for (Future<?> append : appends) {
                append.get();
            }
        }
        finally {
            pool.shutdownNow();
        }
        assertThat(History.read(file).rows()).hasSize(40);
    }

    /**
     * A history shared through a link, with a mode that lets a group append: each append
     * goes into the same file in place, so the link stays a link, and the file keeps its
     * inode and mode (and owner) for the next user.
     */
    @Test
    void aSharedHistoryIsAppendedInPlaceKeepingItsLinkInodeAndMode() throws Exception {
        Path real = dir.resolve("team/history.csv");
        History.append(real, List.of(row("a → b: cpu_ms_per_request", 1.0, 0.9, 1.1)));
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rw-rw-r--"));
        Object inode = Files.getAttribute(real, "unix:ino");
        Path link = Files.createSymbolicLink(dir.resolve("history.csv"), real);

        History.append(link, List.of(row("c → d: cpu_ms_per_request", 1.0, 0.9, 1.1)));

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.getAttribute(real, "unix:ino")).isEqualTo(inode);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(real))).isEqualTo("rw-rw-r--");
        assertThat(History.read(link).rows()).extracting(HistoryRow::figure)
            .containsExactly("a → b: cpu_ms_per_request", "c → d: cpu_ms_per_request");
        assertThat(dir.resolve("team")).isDirectoryNotContaining("glob:**.lock");
    }

    @Test
    void aFolderWithoutResultsIsOneLine() {
        assertThatThrownBy(() -> History.rowsOf(run("other.json", "{}"))).isInstanceOf(LabException.class)
            .hasMessageEndingWith("holds neither lab.json nor pair.json: no figures for the history");
    }

    private Path run(String name, String json) throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("run.json"), RUN_JSON);
        Files.writeString(run.resolve(name), json);
        return run;
    }

    private static HistoryRow row(String figure, double value, Double low, Double high) {
        return new HistoryRow("2026-11-27T06:00:00Z", "abc1234", false, 2, "AMD EPYC", "Linux 6.18", "OpenJDK 17",
                "compare", figure, value, low, high, true);
    }

}
