package dev.perflab.lab.profile;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.LabException;

/**
 * JFR on a JVM's windows: a recording of its own for each window (JFR cannot pause one),
 * and at the end one recording.jfr of them all: a JFR file is a sequence of chunks, so
 * the windows' files one after the other are one recording that the JDK's reader (and JDK
 * Mission Control) reads whole.
 */
final class JfrWindows implements WindowProfiler {

    private final JfrRecorder recorder;

    private final Path dir;

    private final List<Path> windows = new ArrayList<>();

    private boolean recording;

    JfrWindows(JfrRecorder recorder, Path dir) {
        this.recorder = recorder;
        this.dir = dir;
    }

    private String name() {
        return JfrRecorder.NAME + "-" + windows.size();
    }

    @Override
    public void resume() {
        windows.add(dir.resolve("window-" + (windows.size() + 1) + ".jfr").toAbsolutePath());
        recorder.begin(dir, name());
        recording = true;
    }

    @Override
    public void pause() {
        if (recording) {
            recorder.end(dir, name(), windows.get(windows.size() - 1));
            recording = false;
        }
    }

    @Override
    public List<Path> finish(Hotspots.Rules rules, String title) {
        pause();
        if (windows.isEmpty()) {
            throw new LabException("JFR recorded no window in " + dir);
        }
        Path recording = dir.resolve("recording.jfr").toAbsolutePath();
        try (OutputStream whole = Files.newOutputStream(recording)) {
            for (Path window : windows) {
                Files.copy(window, whole);
            }
            for (Path window : windows) {
                Files.delete(window);
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot join the windows' JFR recordings in " + dir + ": " + ex.getMessage(), ex);
        }
        JfrRecorder.capture(recording, dir, rules, title);
        return List.of(recording, dir.resolve("jfr-summary.md"), dir.resolve("flamegraph.html"),
                dir.resolve("hotspots.md"));
    }

}
