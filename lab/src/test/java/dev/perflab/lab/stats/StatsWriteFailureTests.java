package dev.perflab.lab.stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A stats log that cannot be written (a full disk) ends the rung with a line naming the
 * file, rather than leaving a rung whose CPU figures silently miss. The disk is full for
 * real: the stats files are links to Linux's {@code /dev/full}, where every write fails
 * with ENOSPC.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class StatsWriteFailureTests {

    private static final Path FULL = Path.of("/dev/full");

    private static final StatsLine LINE = new StatsLine(LocalDateTime.of(2026, 11, 23, 21, 0), "gateway", 50, 1e8, 1e9,
            10, 0, 0, 0, 0, 40);

    @TempDir
    Path dir;

    @Test
    void theProcSamplerOnAFullDiskFailsOnCloseNamingTheFile() throws Exception {
        Path file = fullDisk();
        ProcStatsSampler sampler = new ProcStatsSampler(Map.of("this-jvm", List.of(ProcessHandle.current().pid())),
                file)
            .start();
        // its first round only reads; the second writes a line
        Thread.sleep(2_300);
        assertThatThrownBy(sampler::close).isInstanceOf(LabException.class)
            .hasMessageStartingWith("cannot write the stats log " + dir.resolve("stats"))
            .hasMessageContaining("No space left on device")
            .hasMessageNotContaining("\n");
        // and its socket readings stopped all the same: no ss loop left in this JVM
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!ssLoops().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(ssLoops()).as("the socket sampler's ss loop after a failed close").isEmpty();
    }

    private static List<String> ssLoops() {
        return ProcessHandle.current()
            .children()
            .map(child -> child.info().commandLine().orElse(""))
            .filter(command -> command.contains("ss -tinHe"))
            .toList();
    }

    @Test
    void aSamplerWhoseRoundsCannotBeWrittenFailsOnClose() throws Exception {
        Path file = fullDisk();
        CountDownLatch rounds = new CountDownLatch(2);
        EverySecondSampler sampler = new EverySecondSampler(file, "test-sampler") {
            @Override
            void sampleOnce() {
                out.header(LINE.time());
                out.write(LINE);
                out.flush();
                rounds.countDown();
            }
        }.start();
        assertThat(rounds.await(10, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(sampler::close).isInstanceOf(LabException.class)
            .hasMessageContaining("No space left on device");
    }

    /** A failure whose exception carries no message still says what it was. */
    @Test
    void aWriterThatThrowsWithoutMessageIsNamedByItsType() {
        Path file = dir.resolve("stats.log");
        StatsWriter writer = new StatsWriter(file, new java.io.Writer() {
            @Override
            public void write(char[] chars, int offset, int length) throws IOException {
                throw new IOException();
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        writer.write(LINE);
        writer.flush();
        assertThat(writer.failure()).isNotNull();
        assertThatThrownBy(writer::close).isInstanceOf(LabException.class)
            .hasMessage("cannot write the stats log " + StatsLog.rawFile(file)
                    + ": IOException; the rung's CPU and memory figures would be incomplete");
    }

    @Test
    void aWriterThatWritesFailsNothing() throws IOException {
        Path file = dir.resolve("stats.log");
        StatsWriter writer = new StatsWriter(file);
        writer.write(LINE);
        writer.close();
        assertThat(writer.failure()).isNull();
        assertThat(StatsLog.read(file).lines()).singleElement().extracting(StatsLine::name).isEqualTo("gateway");
    }

    private Path fullDisk() throws IOException {
        assumeTrue(Files.isWritable(FULL), "no /dev/full on this machine");
        Path file = dir.resolve("stats.log");
        Files.createSymbolicLink(file, FULL);
        Files.createSymbolicLink(StatsLog.rawFile(file), FULL);
        return file;
    }

}
