package dev.perflab.lab.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.system.Commands;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * A JFR recording of the gateway, started and stopped with the gateway's own JDK's
 * {@code jcmd}: the JDK's profile settings, with execution and native method samples both
 * every 10 ms, socket reads of any length (the profile settings keep only reads over 10
 * ms, and a blocked auth call takes about one) and monitor waits and parks from 1 ms.
 */
public final class JfrRecorder implements GatewayProfiler {

    static final String NAME = "perflab";
    static final List<String> SETTINGS = List.of("settings=profile", "jdk.ExecutionSample#period=10ms",
            "jdk.NativeMethodSample#period=10ms", "jdk.SocketRead#threshold=0ms", "jdk.JavaMonitorEnter#threshold=1ms",
            "jdk.ThreadPark#threshold=1ms");

    private final ProfiledProcess target;

    private final long pid;

    private final Path jcmd;

    private JfrRecorder(ProfiledProcess target, Path jcmd) {
        this.target = target;
        this.pid = target.pid();
        this.jcmd = jcmd;
    }

    public static JfrRecorder start(ProfiledProcess target, Path dir) {
        JfrRecorder recorder = attach(target);
        recorder.begin(dir, NAME);
        return recorder;
    }

    /** The JVM's jcmd found, nothing started yet; one line when the JDK has none. */
    static JfrRecorder attach(ProfiledProcess target) {
        Path jcmd = target.javaHome().resolve("bin/jcmd");
        if (!Files.isExecutable(jcmd)) {
            throw new LabException(
                    "PROFILER=jfr needs jcmd, and " + jcmd + " is missing: run the lab on a full JDK, not a JRE");
        }
        return new JfrRecorder(target, jcmd);
    }

    /** Starts a recording of this name with the lab's settings. */
    void begin(Path dir, String name) {
        List<String> start = new ArrayList<>(List.of("JFR.start", "name=" + name));
        start.addAll(SETTINGS);
        jcmd(dir, start);
    }

    /**
     * Stops the recording of this name into {@code file} (as this machine names it),
     * fetched from a container's JVM.
     */
    void end(Path dir, String name, Path file) {
        String written = target.dir(dir) + "/" + file.getFileName();
        target.prepare();
        jcmd(dir, List.of("JFR.stop", "name=" + name, "filename=" + written));
        target.fetch(written, file.toAbsolutePath());
    }

    @Override
    public Capture stop(Path dir, Hotspots.Rules rules, String title) {
        Path recording = dir.resolve("recording.jfr").toAbsolutePath();
        end(dir, NAME, recording);
        return capture(recording, dir, rules, title);
    }

    /**
     * The files of a recording: jfr-summary.md, collapsed.txt and flamegraph.html of its
     * execution samples, and hotspots.md.
     */
    static Capture capture(Path recording, Path dir, Hotspots.Rules rules, String title) {
        JfrSummary summary = JfrSummary.read(recording);
        Path collapsed = dir.resolve("collapsed.txt");
        try {
            Files.write(collapsed, summary.collapsed(), StandardCharsets.UTF_8);
            FlameGraph.convert(collapsed.toString(), dir.resolve("flamegraph.html").toString(),
                    new Arguments("--title", "JFR execution samples: " + title));
        }
        catch (IOException ex) {
            throw new LabException("cannot write the JFR flame graph into " + dir + ": " + ex.getMessage(), ex);
        }
        Hotspots.Summary hotspots = Hotspots.summarize(collapsed, rules);
        Hotspots.write(dir.resolve("hotspots.md"), hotspots, title);
        try {
            Files.writeString(dir.resolve("jfr-summary.md"), summary.markdown(title));
        }
        catch (IOException ex) {
            throw new LabException("cannot write jfr-summary.md: " + ex.getMessage(), ex);
        }
        return new Capture(hotspots, "recording.jfr, jfr-summary.md, flamegraph.html, hotspots.md",
                Map.of("event_loop_socket_reads", summary.eventLoopSocketReads().count(), "event_loop_socket_read_ms",
                        Math.round(summary.eventLoopSocketReads().millis() * 10) / 10.0));
    }

    private void jcmd(Path dir, List<String> command) {
        List<String> args = new ArrayList<>(List.of(jcmd.toString(), Long.toString(pid)));
        args.addAll(command);
        Commands.Result result = Commands.run(args, null, Duration.ofSeconds(60));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("jcmd.log"), result.output(), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        catch (IOException ex) {
            throw new LabException("cannot write " + dir.resolve("jcmd.log") + ": " + ex.getMessage(), ex);
        }
        if (result.exit() == Commands.Result.NOT_RUN) {
            throw new LabException("cannot run " + jcmd + ": " + result.output());
        }
        if (result.exit() == Commands.Result.TIMED_OUT) {
            throw new LabException("jcmd " + String.join(" ", command) + " did not finish within 60 s");
        }
        if (!result.ok() || result.output().contains("Could not") || result.output().contains("Exception")) {
            throw new LabException(
                    "jcmd " + command.get(0) + " failed on the gateway (pid " + pid + "): " + result.lastLine());
        }
    }

}
