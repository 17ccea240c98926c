package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.profile.ProfilerKind;
import dev.perflab.lab.profile.WindowProfiler;

/**
 * The profilers of one pass: attached to a gateway side at its first measured window,
 * resumed before each of its windows and paused after, written into the side's folder of
 * the pass when the pass ends (before the sides stop). A side without a profiler (nginx)
 * is left alone.
 */
final class PassProfiles {

    private final ProfilerChoice choice;

    private final Function<String, WindowProfiler> attach;

    private final PrintWriter out;

    private final Map<String, WindowProfiler> attached = new LinkedHashMap<>();

    /**
     * @param attach attaches the chosen profiler to a side by name; null for a side that
     * is no JVM
     */
    PassProfiles(ProfilerChoice choice, Function<String, WindowProfiler> attach, PrintWriter out) {
        this.choice = choice;
        this.attach = attach;
        this.out = out;
    }

    /** Before a measured window of these sides. */
    void resume(List<String> sides) {
        if (!choice.attaches()) {
            return;
        }
        for (String side : sides) {
            if (!attached.containsKey(side)) {
                attached.put(side, attach.apply(side));
            }
            WindowProfiler profiler = attached.get(side);
            if (profiler != null) {
                profiler.resume();
            }
        }
    }

    /** After a measured window of these sides. */
    void pause(List<String> sides) {
        for (String side : sides) {
            WindowProfiler profiler = attached.get(side);
            if (profiler != null) {
                profiler.pause();
            }
        }
    }

    /**
     * Every profiler's files, written and named in a line each: the side's flame graph or
     * recording, by side.
     */
    Map<String, Path> finish(int pass, Path passDir) {
        Map<String, Path> files = new LinkedHashMap<>();
        if (attached.isEmpty()) {
            return files;
        }
        Hotspots.Rules rules = Hotspots.Rules.load(choice.hotspotRules());
        List<String> named = new ArrayList<>();
        for (Map.Entry<String, WindowProfiler> side : attached.entrySet()) {
            if (side.getValue() != null) {
                List<Path> written = side.getValue()
                    .finish(rules,
                            side.getKey() + ", pass " + pass + " (" + choice.kind().id()
                                    + (choice.kind() == ProfilerKind.ASYNC ? " " + choice.event() : "")
                                    + ", the measured windows)");
                files.put(side.getKey(), written.get(0));
                named.add(passDir.toAbsolutePath().getParent().relativize(written.get(0).toAbsolutePath()).toString());
            }
        }
        attached.clear();
        out.println("    profiles: " + String.join(", ", named));
        out.flush();
        return files;
    }

}
