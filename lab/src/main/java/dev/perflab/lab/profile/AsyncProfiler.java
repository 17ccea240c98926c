package dev.perflab.lab.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.VirtualMachine;
import dev.perflab.lab.LabException;

/**
 * async-profiler attached to a running JVM through the JDK's attach API, with the native
 * library taken from the async-profiler jar on the runner's class path (Maven Central;
 * nothing else is downloaded). Thread names are kept, so event-loop samples can be told
 * apart.
 */
public final class AsyncProfiler implements GatewayProfiler {

    static final String LIBRARY = "linux-x64/libasyncProfiler.so";

    private final ProfiledProcess target;

    private final String library;

    private AsyncProfiler(ProfiledProcess target, String library) {
        this.target = target;
        this.library = library;
    }

    ProfiledProcess target() {
        return target;
    }

    /**
     * Starts sampling {@code event} (cpu, wall, lock, alloc) in the JVM with this pid.
     * Where the kernel does not let this user open perf events, cpu falls back to ctimer
     * (CPU time from a POSIX timer, no kernel frames) and says so.
     */
    public static AsyncProfiler start(ProfiledProcess target, String event, Path dir, PrintWriter out) {
        AsyncProfiler profiler = attach(target, dir);
        profiler.begin(event, out);
        return profiler;
    }

    /**
     * The library placed where the JVM can load it, nothing started yet; one line on a
     * machine the bundled library is not for.
     */
    static AsyncProfiler attach(ProfiledProcess target, Path dir) {
        if (!System.getProperty("os.name").toLowerCase().contains("linux")
                || !System.getProperty("os.arch").matches("amd64|x86_64")) {
            throw new LabException("the bundled async-profiler library is for linux-x64; this is "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ": use PROFILER=jfr");
        }
        return new AsyncProfiler(target, target.place(extract(dir), dir));
    }

    /**
     * Starts sampling {@code event}; returns the engine it samples with (ctimer where
     * perf events are refused, said in a line).
     */
    String begin(String event, PrintWriter out) {
        String engine = event;
        Optional<String> fallback = event.equals("cpu") ? perfEventsRefused(readParanoid(), isRoot())
                : Optional.empty();
        if (fallback.isPresent()) {
            engine = "ctimer";
            out.println("    note: " + fallback.get());
        }
        try {
            command(startOptions(engine));
        }
        catch (LabException ex) {
            if (!engine.equals("cpu")) {
                throw ex;
            }
            out.println("    note: perf events refused (" + ex.getMessage()
                    + "); sampling with ctimer instead: CPU time, no kernel frames");
            engine = "ctimer";
            command(startOptions(engine));
        }
        out.flush();
        return engine;
    }

    /**
     * The timer engines sample every millisecond. Allocations and locks have their own
     * thresholds in async-profiler 4 ({@code alloc=}, {@code lock=}; {@code interval=0}
     * is refused as "Invalid interval"): 0 records every allocation sample the JVM offers
     * (a new TLAB or an allocation outside one) and every contended lock.
     */
    static String startOptions(String engine) {
        return switch (engine) {
            case "alloc" -> "start,event=alloc,alloc=0,threads";
            case "lock" -> "start,event=lock,lock=0,threads";
            default -> "start,event=" + engine + ",interval=1ms,threads";
        };
    }

    /**
     * Why perf events will be refused, if they will: kernel.perf_event_paranoid above 2
     * (Debian's default) stops every user but root; 2 still allows a user's own
     * processes, without kernel frames.
     */
    static Optional<String> perfEventsRefused(Optional<Integer> paranoid, boolean root) {
        if (root || paranoid.isEmpty() || paranoid.get() <= 2) {
            return Optional.empty();
        }
        return Optional.of("kernel.perf_event_paranoid is " + paranoid.get()
                + ", so perf events are refused to this user; "
                + "sampling with ctimer instead (CPU time, no kernel frames). For kernel frames: sudo sysctl kernel.perf_event_paranoid=1");
    }

    private static Optional<Integer> readParanoid() {
        try {
            // readAllLines: readString of a /proc/sys file can return its first byte only
            // ("-1" read as "-")
            return Optional.of(Integer
                .parseInt(Files.readAllLines(Path.of("/proc/sys/kernel/perf_event_paranoid")).get(0).trim()));
        }
        catch (IOException | NumberFormatException | IndexOutOfBoundsException ex) {
            return Optional.empty();
        }
    }

    private static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status"))
                .stream()
                .filter(line -> line.startsWith("Uid:"))
                .anyMatch(line -> line.split("\\s+")[2].equals("0"));
        }
        catch (IOException | ArrayIndexOutOfBoundsException ex) {
            return false;
        }
    }

    /**
     * Stops sampling and writes the flame graph, the collapsed stacks of the same samples
     * and hotspots.md.
     */
    @Override
    public Capture stop(Path dir, Hotspots.Rules rules, String title) {
        Path collapsed = dir.resolve("collapsed.txt");
        String written = target.dir(dir);
        command("dump,threads,file=" + written + "/flamegraph.html");
        command("stop,threads,collapsed,file=" + written + "/collapsed.txt");
        target.fetch(written + "/flamegraph.html", dir.resolve("flamegraph.html"));
        target.fetch(written + "/collapsed.txt", collapsed);
        Hotspots.Summary summary = Hotspots.summarize(collapsed, rules);
        Hotspots.write(dir.resolve("hotspots.md"), summary, title);
        return new Capture(summary, "flamegraph.html, hotspots.md", Map.of());
    }

    void command(String options) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(target.pid()));
            try {
                vm.loadAgentPath(library, options);
            }
            finally {
                vm.detach();
            }
        }
        catch (com.sun.tools.attach.AgentInitializationException ex) {
            throw new LabException("async-profiler failed on '" + options + "' (code " + ex.returnValue()
                    + "); its reason is in the profiled app's log");
        }
        catch (AgentLoadException ex) {
            throw new LabException(
                    "async-profiler refused '" + options + "' (" + ex.getMessage() + "); see the profiled app's log");
        }
        catch (IOException | com.sun.tools.attach.AttachNotSupportedException ex) {
            throw new LabException("cannot attach async-profiler to pid " + target.pid() + ": " + ex.getMessage(), ex);
        }
    }

    static Path extract(Path dir) {
        Path target = dir.resolve("libasyncProfiler.so");
        try (InputStream in = AsyncProfiler.class.getResourceAsStream("/" + LIBRARY)) {
            if (in == null) {
                throw new LabException(
                        "async-profiler's " + LIBRARY + " is not in the lab jar: rebuild with make build");
            }
            Files.createDirectories(dir);
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        }
        catch (IOException ex) {
            throw new LabException("cannot unpack async-profiler into " + dir + ": " + ex.getMessage(), ex);
        }
    }

}
