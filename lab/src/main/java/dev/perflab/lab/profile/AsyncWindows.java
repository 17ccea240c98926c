package dev.perflab.lab.profile;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * async-profiler sampling a JVM's windows: {@code start} before the first, {@code resume}
 * before each later one (which keeps what was sampled), {@code stop} after each, writing
 * the collapsed stacks of every window so far; the flame graph is drawn from them at the
 * end.
 */
final class AsyncWindows implements WindowProfiler {

    private final AsyncProfiler profiler;

    private final String event;

    private final Path dir;

    private final PrintWriter out;

    /** The engine the first window chose (ctimer where perf events are refused). */
    private String engine;

    private boolean sampling;

    AsyncWindows(AsyncProfiler profiler, String event, Path dir, PrintWriter out) {
        this.profiler = profiler;
        this.event = event;
        this.dir = dir;
        this.out = out;
    }

    @Override
    public void resume() {
        if (engine == null) {
            engine = profiler.begin(event, out);
        }
        else {
            profiler.command("resume" + AsyncProfiler.startOptions(engine).substring("start".length()));
        }
        sampling = true;
    }

    @Override
    public void pause() {
        if (sampling) {
            profiler.command("stop,threads,collapsed,file=" + profiler.target().dir(dir) + "/collapsed.txt");
            sampling = false;
        }
    }

    @Override
    public List<Path> finish(Hotspots.Rules rules, String title) {
        pause();
        Path collapsed = dir.resolve("collapsed.txt");
        Path flamegraph = dir.resolve("flamegraph.html");
        try {
            if (engine == null) {
                Files.writeString(collapsed, "");
            }
            else {
                profiler.target().fetch(profiler.target().dir(dir) + "/collapsed.txt", collapsed);
            }
            FlameGraph.convert(collapsed.toString(), flamegraph.toString(),
                    new Arguments("--title", "async-profiler " + event + ": " + title));
            Files.deleteIfExists(dir.resolve("libasyncProfiler.so"));
        }
        catch (IOException ex) {
            throw new LabException("cannot write the flame graph into " + dir + ": " + ex.getMessage(), ex);
        }
        Hotspots.write(dir.resolve("hotspots.md"), Hotspots.summarize(collapsed, rules), title);
        return List.of(flamegraph, collapsed, dir.resolve("hotspots.md"));
    }

}
