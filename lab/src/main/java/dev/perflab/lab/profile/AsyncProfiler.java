package dev.perflab.lab.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.VirtualMachine;
import dev.perflab.lab.LabException;

/**
 * async-profiler attached to a running JVM through the JDK's attach API, with the native library
 * taken from the async-profiler jar on the runner's class path (Maven Central; nothing else is
 * downloaded). Thread names are kept, so event-loop samples can be told apart.
 */
public final class AsyncProfiler {

    static final String LIBRARY = "linux-x64/libasyncProfiler.so";

    private final long pid;
    private final Path library;

    private AsyncProfiler(long pid, Path library) {
        this.pid = pid;
        this.library = library;
    }

    /** Starts sampling {@code event} (cpu, wall, lock, alloc) in the JVM with this pid. */
    public static AsyncProfiler start(long pid, String event, Path dir) {
        if (!System.getProperty("os.name").toLowerCase().contains("linux") || !System.getProperty("os.arch").matches("amd64|x86_64")) {
            throw new LabException("the bundled async-profiler library is for linux-x64; this is "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ": use PROFILER=jfr");
        }
        AsyncProfiler profiler = new AsyncProfiler(pid, extract(dir));
        profiler.command("start,event=" + event + ",interval=" + (event.equals("cpu") || event.equals("wall") ? "1ms" : "0") + ",threads");
        return profiler;
    }

    /** Stops sampling and writes the flame graph and the collapsed stacks of the same samples. */
    public void stop(Path flameGraph, Path collapsed) {
        command("dump,threads,file=" + flameGraph.toAbsolutePath());
        command("stop,threads,collapsed,file=" + collapsed.toAbsolutePath());
    }

    private void command(String options) {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgentPath(library.toString(), options);
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
            throw new LabException("async-profiler refused '" + options + "' (" + ex.getMessage() + "); see the profiled app's log");
        }
        catch (IOException | com.sun.tools.attach.AttachNotSupportedException ex) {
            throw new LabException("cannot attach async-profiler to pid " + pid + ": " + ex.getMessage(), ex);
        }
    }

    private static Path extract(Path dir) {
        Path target = dir.resolve("libasyncProfiler.so");
        try (InputStream in = AsyncProfiler.class.getResourceAsStream("/" + LIBRARY)) {
            if (in == null) {
                throw new LabException("async-profiler's " + LIBRARY + " is not in the lab jar: rebuild with make build");
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
