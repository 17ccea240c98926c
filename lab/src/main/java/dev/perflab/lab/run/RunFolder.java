package dev.perflab.lab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

import dev.perflab.lab.LabException;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** {@code results/<timestamp>-<name>/}, with {@code results/latest} pointing at the newest. */
public final class RunFolder {

    public static final JsonMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path dir;

    private RunFolder(Path dir) {
        this.dir = dir;
    }

    public static RunFolder create(Path results, String name) {
        Path dir = results.resolve(STAMP.format(LocalDateTime.now()) + "-" + name);
        try {
            Files.createDirectories(dir);
            Path latest = results.resolve("latest");
            Files.deleteIfExists(latest);
            Files.createSymbolicLink(latest, dir.getFileName());
        }
        catch (IOException ex) {
            throw new LabException("cannot create the results folder " + dir + ": " + ex.getMessage(), ex);
        }
        return new RunFolder(dir);
    }

    public static RunFolder existing(Path dir) {
        if (!Files.isRegularFile(dir.resolve("summary.json"))) {
            throw new LabException(dir + " holds no summary.json: pass a folder a run wrote, e.g. RUN=results/latest");
        }
        return new RunFolder(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path resolve(String name) {
        return dir.resolve(name);
    }

    public void writeText(String name, String text) {
        write(dir.resolve(name), text);
    }

    public static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + file + ": " + ex.getMessage(), ex);
        }
    }

    public void writeJson(String name, Object value) {
        writeText(name, JSON.writeValueAsString(value) + "\n");
    }

    /** Records why the run stopped; what was measured before stays next to it. */
    public void error(String message) {
        writeText("error.txt", message + "\n");
    }
}
