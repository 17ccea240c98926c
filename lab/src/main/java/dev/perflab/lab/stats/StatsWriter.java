package dev.perflab.lab.stats;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.perflab.lab.LabException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes each sample twice: raw to {@code stats.jsonl}, which the lab reads back, and from that
 * record one line of {@code stats.log} in the {@code docker stats} format, for people.
 */
final class StatsWriter implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final BufferedWriter raw;
    private final BufferedWriter log;

    StatsWriter(Path logFile) {
        try {
            this.raw = open(StatsLog.rawFile(logFile));
            this.log = open(logFile);
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + logFile + " and its raw records: " + ex.getMessage(), ex);
        }
    }

    private static BufferedWriter open(Path file) throws IOException {
        return Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    void write(StatsLine sample) throws IOException {
        raw.write(JSON.writeValueAsString(sample.raw()));
        raw.newLine();
        log.write(sample.format());
        log.newLine();
    }

    /** docker stats' own table header before each round of stats.log, as docker prints it; not a record, so not in stats.jsonl. */
    void header(java.time.LocalDateTime time) throws IOException {
        log.write(StatsLine.TIME.format(time) + "   NAME               CPU %     MEM USAGE / LIMIT     MEM %     NET I/O           BLOCK I/O         PIDS");
        log.newLine();
    }

    void flush() throws IOException {
        raw.flush();
        log.flush();
    }

    @Override
    public void close() {
        try (BufferedWriter r = raw; BufferedWriter l = log) {
            // both closed, each flushed
        }
        catch (IOException ignored) {
            // the lines written so far were flushed after every round
        }
    }
}
