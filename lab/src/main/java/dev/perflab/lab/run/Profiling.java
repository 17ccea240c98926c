package dev.perflab.lab.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import dev.perflab.lab.Durations;
import dev.perflab.lab.load.LoadGenerator;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.profile.GatewayProfiler;
import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.profile.ProfiledProcess;
import dev.perflab.lab.profile.ProfilerKind;
import dev.perflab.lab.runtime.LocalRuntime;
import dev.perflab.lab.system.Service;

/**
 * The gateway profiled, after the measured window (an attached profiler costs CPU of its
 * own): async-profiler or JFR in a window of its own, whose samples name the hotspots and
 * whose req/s against the unprofiled window's is the profiler's cost; or the JProfiler
 * agent, loaded at start for the user's GUI, which the lab only announces.
 *
 * @param profiler async-profiler, JFR or the JProfiler agent
 * @param hotspotRules lab/hotspots.yml, read when the profile is summed up
 */
record Profiling(ProfilerKind profiler, String event, LoadGenerator generator, Duration duration,
        Path hotspotRules) implements Measurement {

    @Override
    public void started(Rung rung) {
        if (jprofiler() && rung.deployment().apps().find(Service.GATEWAY).isPresent()) {
            rung.out()
                .printf("    JProfiler: the agent listens on 127.0.0.1:%d (nowait). In the JProfiler GUI: Session > Attach > "
                        + "Attach to remote JVM, host 127.0.0.1, port %d; start recording before the measured window (%s) begins%n",
                        LocalRuntime.JPROFILER_PORT, LocalRuntime.JPROFILER_PORT, Durations.format(duration));
            rung.out().flush();
        }
    }

    @Override
    public void measure(Rung rung, RungParts parts) {
        Optional<ProfiledProcess> gateway = rung.deployment().gatewayProcess();
        if (gateway.isEmpty()) {
            return;
        }
        if (jprofiler()) {
            parts.profiled(new Results.Profiled(profiler.id(), null, null, null));
            return;
        }
        double without = parts.closedLoopRps() == null ? 0 : parts.closedLoopRps();
        Path dir = rung.dir();
        GatewayProfiler started = GatewayProfiler.start(profiler, event, gateway.get(), dir.resolve("profile"),
                rung.out());
        LoadResult result;
        GatewayProfiler.Capture capture;
        try (Progress progress = rung.progress("profile (" + profiler.id() + ")", duration)) {
            result = generator.offer(rung.url(), rung.header(), duration);
        }
        finally {
            capture = started.stop(dir, Hotspots.Rules.load(hotspotRules), rung.scenario().name() + " ("
                    + (profiler == ProfilerKind.ASYNC ? "async-profiler " + event : "JFR") + ")");
        }
        RunFolder.write(dir.resolve("wrk-profiled.txt"), result.output());
        rung.out().println("    profile: " + capture.hotspots().verdict() + " (" + capture.files() + ")");
        if (capture.evidence().containsKey("event_loop_socket_reads")) {
            rung.out()
                .printf("    JFR: %,d socket reads on event-loop threads, %,.0f ms in all%n",
                        capture.evidence().get("event_loop_socket_reads"),
                        ((Number) capture.evidence().get("event_loop_socket_read_ms")).doubleValue());
        }
        rung.out()
            .printf("    profiler cost: %,.0f req/s with it, %,.0f without (ratio %.2f)%n", result.requestsPerSecond(),
                    without, without == 0 ? 0 : result.requestsPerSecond() / without);
        parts.profiled(new Results.Profiled(profiler.id(), capture.hotspots(), result.requestsPerSecond(),
                capture.evidence()));
    }

    private boolean jprofiler() {
        return profiler == ProfilerKind.JPROFILER;
    }
}
