package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.run.WarmUp;

/**
 * A stage as the one warm-up ({@link WarmUp}) drives it: its rungs at the duet's rate or
 * flat out, each window read as the side's CPU outside its JIT's compiler threads and
 * theirs (none for nginx).
 */
final class StageParts implements WarmUp.Parts {

    private final Stage stage;

    StageParts(Stage stage) {
        this.stage = stage;
    }

    @Override
    public Map<String, WarmUp.Reading> offer(List<String> schedule, Duration length) {
        return readings(stage.offer(schedule, length));
    }

    @Override
    public Map<String, WarmUp.Reading> burst(List<String> cold, Duration length) {
        return readings(stage.burst(cold, length));
    }

    /** A side's window as the warm-up reads it. */
    static WarmUp.Reading reading(SideWindow window) {
        return window.jvm() == null ? WarmUp.Reading.noJit(window.cpuMs())
                : new WarmUp.Reading(window.cpuMs(), window.jvm().jitMillis());
    }

    private static Map<String, WarmUp.Reading> readings(Map<String, SideWindow> windows) {
        Map<String, WarmUp.Reading> read = new LinkedHashMap<>();
        windows.forEach((rung, window) -> read.put(rung, reading(window)));
        return read;
    }

}
