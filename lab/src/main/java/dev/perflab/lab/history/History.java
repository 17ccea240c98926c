package dev.perflab.lab.history;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.run.RunFolder;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.dataformat.csv.CsvMapper;
import tools.jackson.dataformat.csv.CsvReadFeature;
import tools.jackson.dataformat.csv.CsvSchema;

/**
 * The series of figures that the paired make lab and make compare leave behind: one CSV
 * row per figure per run ({@link HistoryRow}), appended when a run has finished, so that
 * a trend across runs and commits can be read from one file (HISTORY, by default
 * results/history.csv; several clones or CI jobs may share one).
 */
public final class History {

    /** The file's name in the results folder when HISTORY is not given. */
    public static final String DEFAULT_NAME = "history.csv";

    private static final CsvMapper CSV = CsvMapper.builder().enable(CsvReadFeature.EMPTY_STRING_AS_NULL).build();

    private static final CsvSchema SCHEMA = CSV.schemaFor(HistoryRow.class);

    /** The header line every history file starts with. */
    static final String HEADER = String.join(",", SCHEMA.getColumnNames());

    private History() {
    }

    /**
     * What a history file holds: its rows that could be read, and one line for each that
     * could not ("history.csv line 7: ..."), which is never fatal.
     */
    public record Read(List<HistoryRow> rows, List<String> problems) {
    }

    /**
     * The rows of a finished run folder: its run.json (time, commit, machine, JDK) with
     * lab.json's steps and ratios against nginx, or pair.json's verdicts.
     */
    public static List<HistoryRow> rowsOf(Path runDir) {
        JsonNode info = json(runDir.resolve("run.json"));
        List<HistoryRow> rows = new ArrayList<>();
        Path lab = runDir.resolve("lab.json");
        Path pair = runDir.resolve("pair.json");
        if (Files.isRegularFile(lab)) {
            JsonNode result = json(lab);
            for (JsonNode step : result.path("steps")) {
                add(rows, info, "lab", step.path("a").asString() + " → " + step.path("b").asString(), step,
                        step.path("verdicts"));
            }
            for (JsonNode versus : result.path("against_nginx")) {
                add(rows, info, "lab", versus.path("rung").asString() + " / " + versus.path("reference").asString(),
                        versus, versus.path("ratios"));
            }
        }
        else if (Files.isRegularFile(pair)) {
            JsonNode result = json(pair);
            add(rows, info, "compare", side(result.path("a")) + " → " + side(result.path("b")), result,
                    result.path("verdicts"));
        }
        else {
            throw new LabException(runDir + " holds neither lab.json nor pair.json: no figures for the history");
        }
        return rows;
    }

    /**
     * Appends the rows to the history file in place, whole or not at all, under a lock on
     * the file itself that other runs sharing it take too. The file stays the one it was:
     * a symbolic link stays a link to it, and its inode, owner and mode are kept (a
     * history shared by several users or CI jobs stays writable by all of them). A file
     * that is not a history (another first line) is left as it is, and said in one line.
     */
    public static void append(Path file, List<HistoryRow> rows) {
        // a file lock is the JVM's: its own threads are kept apart here
        synchronized (History.class) {
            appendLocked(file, rows);
        }
    }

    private static void appendLocked(Path file, List<HistoryRow> rows) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (!Files.isDirectory(parent)) {
                Files.createDirectories(parent);
            }
            // no other channel to the file may be opened (and closed) in this JVM while
            // the lock is held: closing any drops it
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                long size = channel.size();
                String old = read(channel, size);
                StringBuilder text = new StringBuilder();
                if (size == 0) {
                    text.append(HEADER).append('\n');
                }
                else if (!old.lines().findFirst().orElse("").equals(HEADER)) {
                    throw new LabException(file + " is not a lab history (its first line is not " + HEADER
                            + "): choose another HISTORY");
                }
                else if (!old.endsWith("\n")) {
                    text.append('\n');
                }
                text.append(CSV.writer(SCHEMA).writeValueAsString(rows));
                write(channel, size, text.toString());
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot append to " + file + ": " + LabException.describe(ex), ex);
        }
    }

    private static String read(FileChannel channel, long size) throws IOException {
        if (size > Integer.MAX_VALUE - 8) {
            throw new IOException("it holds " + size + " bytes, more than a history can");
        }
        ByteBuffer buffer = ByteBuffer.allocate((int) size);
        while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) >= 0) {
            // until the whole file is read
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    /**
     * Writes {@code text} after the first {@code size} bytes; a write that fails half-way
     * (a full disk) is cut off again, so the file holds whole rows only.
     */
    private static void write(FileChannel channel, long size, String text) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer, size + buffer.position());
            }
            channel.force(false);
        }
        catch (IOException ex) {
            try {
                channel.truncate(size);
            }
            catch (IOException notCut) {
                ex.addSuppressed(notCut);
            }
            throw ex;
        }
    }

    /**
     * Every row of a history file; a row that cannot be read is a problem, not a failure.
     */
    public static Read read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new LabException("cannot read " + file + ": " + LabException.describe(ex), ex);
        }
        List<HistoryRow> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            problems.add(file.getFileName() + " line 1: not the history's header (" + HEADER + ")");
            return new Read(rows, problems);
        }
        ObjectReader reader = CSV.readerFor(HistoryRow.class).with(SCHEMA);
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                rows.add(reader.readValue(line));
            }
            catch (JacksonException | IllegalArgumentException ex) {
                String why = ex instanceof JacksonException json ? json.getOriginalMessage() : ex.getMessage();
                if (why != null && why.startsWith("Cannot map `null`")) {
                    why = "fewer fields than the header's " + SCHEMA.size();
                }
                problems
                    .add(file.getFileName() + " line " + (i + 1) + ": " + firstLine(why).replaceAll(" \\(set `.*", ""));
            }
        }
        return new Read(rows, problems);
    }

    /**
     * One row per metric that has a ratio and its interval; none for a comparison without
     * a verdict (a side failed too many requests): its ratio does not mean what it says.
     */
    private static void add(List<HistoryRow> rows, JsonNode info, String command, String name, JsonNode holder,
            JsonNode verdicts) {
        if (holder.hasNonNull("no_verdict")) {
            return;
        }
        JsonNode machine = info.path("machine");
        for (Map.Entry<String, JsonNode> metric : verdicts.properties()) {
            JsonNode verdict = metric.getValue();
            boolean interval = verdict.path("low").isNumber() && verdict.path("high").isNumber();
            if (!verdict.path("ratio").isNumber() || !interval) {
                continue;
            }
            rows.add(new HistoryRow(info.path("started").asString(), info.path("git_commit").asString(),
                    info.path("git_dirty").asBoolean(), machine.path("cores").asInt(),
                    machine.path("cpu_model").asString(), machine.path("os").asString(), info.path("jdk").asString(),
                    command, name + ": " + metric.getKey(), verdict.path("ratio").asDouble(),
                    verdict.path("low").asDouble(), verdict.path("high").asDouble(), true));
        }
    }

    /** A pair's side as its knobs named it: the gateway, its JVM options, its JDK. */
    private static String side(JsonNode side) {
        StringBuilder name = new StringBuilder(side.path("gateway").asString());
        List<String> options = new ArrayList<>();
        side.path("java_options").forEach(option -> options.add(option.asString()));
        if (!options.isEmpty()) {
            name.append(" (").append(String.join(" ", options)).append(')');
        }
        if (side.hasNonNull("java_home")) {
            name.append(" on ").append(Path.of(side.path("java_home").asString()).getFileName());
        }
        return name.toString();
    }

    private static JsonNode json(Path file) {
        try {
            return RunFolder.JSON.readTree(file.toFile());
        }
        catch (JacksonException ex) {
            throw new LabException("cannot read " + file + ": " + ex.getOriginalMessage(), ex);
        }
    }

    private static String firstLine(String text) {
        return text == null ? "unreadable" : text.lines().findFirst().orElse("unreadable");
    }

}
