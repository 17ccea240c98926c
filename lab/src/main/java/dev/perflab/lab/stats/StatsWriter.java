package dev.perflab.lab.stats;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.perflab.lab.LabException;
import tools.jackson.databind.json.JsonMapper;
import java.time.LocalDateTime;

/**
 * Writes each sample twice: raw to {@code stats.jsonl}, which the lab reads back, and
 * from that record one line of {@code stats.log} in the {@code docker stats} format, for
 * people.
 * <p>
 * A write that fails (a full disk) is not thrown at the sampler, whose rounds carry on
 * past a process that ended mid-read and would swallow it: the writer keeps the first
 * failure, writes nothing more, and {@link #close} throws it as one line naming the file,
 * so the rung ends rather than report CPU figures from a log with holes.
 */
final class StatsWriter implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path rawFile;

    private final Path logFile;

    private final Writer raw;

    private final Writer log;

    /** Set by the sampler's thread, read by the one that closes it. */
    private volatile Failure failure;

    /** The first write that failed, and the file it was for. */
    record Failure(Path file, IOException exception) {
    }

    StatsWriter(Path logFile) {
        this.rawFile = StatsLog.rawFile(logFile);
        this.logFile = logFile;
        try {
            this.raw = open(rawFile);
            this.log = open(logFile);
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + logFile + " and its raw records: " + LabException.describe(ex),
                    ex);
        }
    }

    /** Both files through one writer, for a test that makes it fail. */
    StatsWriter(Path logFile, Writer both) {
        this.rawFile = StatsLog.rawFile(logFile);
        this.logFile = logFile;
        this.raw = both;
        this.log = both;
    }

    private static BufferedWriter open(Path file) throws IOException {
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    void write(StatsLine sample) {
        append(raw, rawFile, JSON.writeValueAsString(sample.raw()));
        append(log, logFile, sample.format());
    }

    /**
     * docker stats' own table header before each round of stats.log, as docker prints it;
     * not a record, so not in stats.jsonl.
     */
    void header(LocalDateTime time) {
        append(log, logFile, StatsLine.TIME.format(time)
                + "   NAME               CPU %     MEM USAGE / LIMIT     MEM %     NET I/O           BLOCK I/O         PIDS");
    }

    /**
     * A comment line of stats.log ({@code # ...}), saying what a column cannot be; not a
     * record, so not in stats.jsonl.
     */
    void note(String comment) {
        append(log, logFile, comment);
    }

    void flush() {
        if (failure != null) {
            return;
        }
        try {
            raw.flush();
        }
        catch (IOException ex) {
            failed(rawFile, ex);
            return;
        }
        try {
            log.flush();
        }
        catch (IOException ex) {
            failed(logFile, ex);
        }
    }

    /** The first write that failed, or null. */
    Failure failure() {
        return failure;
    }

    private void append(Writer out, Path file, String line) {
        if (failure != null) {
            return;
        }
        try {
            out.write(line);
            out.write(System.lineSeparator());
        }
        catch (IOException ex) {
            failed(file, ex);
        }
    }

    private void failed(Path file, IOException ex) {
        if (failure == null) {
            failure = new Failure(file, ex);
        }
    }

    /** Closes both files; throws when anything written to them was lost. */
    @Override
    public void close() {
        flush();
        try (Writer r = raw; Writer l = log) {
            // both closed, each flushed
        }
        catch (IOException ex) {
            failed(logFile, ex);
        }
        Failure lost = failure;
        if (lost != null) {
            throw new LabException(
                    "cannot write the stats log " + lost.file() + ": " + LabException.describe(lost.exception())
                            + "; the rung's CPU and memory figures would be incomplete",
                    lost.exception());
        }
    }

}
