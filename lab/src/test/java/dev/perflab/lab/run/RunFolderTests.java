package dev.perflab.lab.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Nothing a run wrote is lost to a second run, a kill or a failed write: unique folders,
 * whole files, a latest link always there.
 */
class RunFolderTests {

    @TempDir
    Path results;

    /**
     * Runs started in the same second (two make targets at once, a script's loop) each
     * get a folder of their own.
     */
    @Test
    void runsStartedTogetherGetAFolderEach() {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            dirs.add(RunFolder.create(results, "lab").dir());
        }
        assertThat(dirs).doesNotHaveDuplicates().allSatisfy(dir -> assertThat(dir).isDirectory().isEmptyDirectory());
        assertThat(dirs).extracting(dir -> dir.getFileName().toString())
            .allMatch(name -> name.matches("\\d{8}-\\d{6}-lab(-[2-5])?"));
        // within one second the names count up from the bare stamp: -2, -3, ...
        for (int i = 1; i < dirs.size(); i++) {
            String previous = stamp(dirs.get(i - 1));
            if (stamp(dirs.get(i)).equals(previous)) {
                String name = dirs.get(i).getFileName().toString();
                assertThat(name).isEqualTo(previous + "-lab-" + (suffix(dirs.get(i - 1)) + 1));
            }
        }
    }

    /**
     * make report and make charts read results/latest: it moves to a run when the run has
     * finished, never while one is still being written.
     */
    @Test
    void latestPointsAtTheNewestFinishedRunNotAtOneStillRunning() throws IOException {
        RunFolder first = RunFolder.create(results, "lab");
        first.finished();
        Path latest = results.resolve("latest");
        assertThat(latest.toRealPath()).isEqualTo(first.dir().toRealPath());
        RunFolder second = RunFolder.create(results, "baseline");
        assertThat(latest.toRealPath()).as("while the second runs").isEqualTo(first.dir().toRealPath());
        second.finished();
        assertThat(Files.isSymbolicLink(latest)).isTrue();
        assertThat(Files.readSymbolicLink(latest)).isEqualTo(second.dir().getFileName());
        assertThat(latest.toRealPath()).isEqualTo(second.dir().toRealPath());
        assertThat(first.dir()).isDirectory();
        try (Stream<Path> entries = Files.list(results)) {
            assertThat(entries.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("latest",
                    first.dir().getFileName().toString(), second.dir().getFileName().toString());
        }
    }

    /** A run started while latest pointed elsewhere leaves it there until it finishes. */
    @Test
    void aRunThatHasNotFinishedLeavesLatestWhereItWas() throws IOException {
        Path before = Files.createDirectories(results.resolve("20261126-100000-lab"));
        Files.createSymbolicLink(results.resolve("latest"), before.getFileName());
        RunFolder run = RunFolder.create(results, "lab");
        run.writeText("run.json", "{}\n");
        assertThat(results.resolve("latest").toRealPath()).isEqualTo(before.toRealPath());
    }

    /**
     * A reader of results/latest (the report, a user's script) never finds it missing
     * while a new run swaps it.
     */
    @Test
    void latestIsNeverMissingWhileItIsSwapped() throws Exception {
        RunFolder.create(results, "lab").finished();
        Path latest = results.resolve("latest");
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger missing = new AtomicInteger();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                if (!Files.exists(latest, LinkOption.NOFOLLOW_LINKS)) {
                    missing.incrementAndGet();
                }
            }
        });
        reader.start();
        try {
            for (int i = 0; i < 300; i++) {
                RunFolder.create(results, "lab").finished();
            }
        }
        finally {
            done.set(true);
            reader.join();
        }
        assertThat(missing).hasValue(0);
    }

    /**
     * A file is replaced whole: whoever opened the old one reads it to its end, never a
     * truncated mix of both.
     */
    @Test
    void aRewrittenFileIsReplacedNotTruncated() throws IOException {
        RunFolder run = RunFolder.create(results, "lab");
        String old = "{\"rungs\": [" + "1, ".repeat(50_000) + "1]}\n";
        run.writeText("summary.json", old);
        try (InputStream open = Files.newInputStream(run.resolve("summary.json"))) {
            run.writeText("summary.json", "{\"rungs\": [2]}\n");
            assertThat(new String(open.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(old);
        }
        assertThat(run.resolve("summary.json")).hasContent("{\"rungs\": [2]}");
        assertThat(run.dir()).isDirectoryNotContaining("glob:**/.*");
    }

    /**
     * A write that fails half-way (here: text UTF-8 cannot encode) leaves the previous
     * file as it was, and no partial file.
     */
    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNoPartialFile() throws IOException {
        RunFolder run = RunFolder.create(results, "lab");
        run.writeText("summary.json", "{\"rungs\": [1]}\n");
        assertThatThrownBy(() -> run.writeText("summary.json", "{\"rungs\": [1, 2]} \uD800\n"))
            .isInstanceOf(LabException.class)
            .hasMessageStartingWith("cannot write " + run.resolve("summary.json") + ": ");
        assertThat(run.resolve("summary.json")).hasContent("{\"rungs\": [1]}");
        try (Stream<Path> entries = Files.list(run.dir())) {
            assertThat(entries).containsExactly(run.resolve("summary.json"));
        }
    }

    /**
     * kill -9 in the middle of rewriting summary.json, as an OOM killer or a closed
     * laptop would: what is left is one whole version of it, never a truncated one. A
     * child JVM rewrites a 1 MB file in a loop until it is killed at a moment of no
     * choosing.
     */
    @Test
    void aKillDuringAWriteLeavesAWholeFile() throws Exception {
        Path file = results.resolve("summary.json");
        for (int attempt = 0; attempt < 3; attempt++) {
            Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Rewriter.class.getName(), file.toString())
                .inheritIO()
                .start();
            try {
                long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
                while (!Files.exists(file) && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                Thread.sleep(150 + 100 * attempt);
            }
            finally {
                writer.destroyForcibly().waitFor();
            }
            String left = Files.readString(file);
            assertThat(left).hasSize(Rewriter.SIZE).startsWith("{\"version\": ").endsWith("}\n");
        }
    }

    /**
     * Rewrites the file given until killed, each version {@link #SIZE} characters long.
     */
    public static final class Rewriter {

        static final int SIZE = 1 << 20;

        public static void main(String[] args) {
            Path file = Path.of(args[0]);
            for (long version = 0;; version++) {
                String head = "{\"version\": " + version + ", \"pad\": \"";
                RunFolder.write(file, head + "x".repeat(SIZE - head.length() - 3) + "\"}\n");
            }
        }

    }

    @Test
    void aFileInANewSubfolderIsWritten() {
        RunFolder run = RunFolder.create(results, "lab");
        Path scrape = run.resolve("01-baseline").resolve("scrapes").resolve("gateway-before.prom");
        RunFolder.write(scrape, "# HELP x\n");
        assertThat(scrape).hasContent("# HELP x");
    }

    private static String stamp(Path dir) {
        return dir.getFileName().toString().substring(0, "yyyyMMdd-HHmmss".length());
    }

    private static int suffix(Path dir) {
        String name = dir.getFileName().toString();
        return name.matches(".*-lab-\\d+") ? Integer.parseInt(name.substring(name.lastIndexOf('-') + 1)) : 1;
    }

    /**
     * make report and make charts read results/latest, which a paired run also points at,
     * and RUN= may name a killed one: one line says which it is and the newest folder
     * that would do.
     */
    @Test
    void aFolderWithoutASummarySaysWhatItIsAndWhichFolderWouldDo() throws Exception {
        Path finished = Files.createDirectories(results.resolve("20261126-100000-lab"));
        Files.writeString(finished.resolve("summary.json"), "{}");
        Path paired = Files.createDirectories(results.resolve("20261126-110000-pair"));
        Files.writeString(paired.resolve("pair.json"), "{}");
        Path killed = Files.createDirectories(results.resolve("20261126-120000-lab"));
        Files.writeString(killed.resolve("run.json"), "{}");
        Path lineup = Files.createDirectories(results.resolve("20261126-130000-lab"));
        Files.writeString(lineup.resolve("lab.json"), "{}");
        assertThat(RunFolder.existing(finished).dir()).isEqualTo(finished);
        assertThatThrownBy(() -> RunFolder.existing(paired)).isInstanceOf(LabException.class)
            .hasMessage(paired + " holds no summary.json: it is a paired make compare, whose report is its compare.md, "
                    + "written as it ran; the newest that has one is " + finished
                    + " (pass a folder as RUN=results/<folder>)");
        assertThatThrownBy(() -> RunFolder.existing(killed)).hasMessageContaining(
                "it is a run that did not finish (stopped, or killed); the newest that has one is " + finished);
        assertThatThrownBy(() -> RunFolder.existing(lineup)).hasMessageContaining("a make lab PAIRED=yes");
        Files.delete(finished.resolve("summary.json"));
        assertThatThrownBy(() -> RunFolder.existing(killed)).hasMessageNotContaining("the newest");
    }

}
