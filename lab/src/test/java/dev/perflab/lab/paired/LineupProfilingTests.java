package dev.perflab.lab.paired;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.load.LoadResult;
import dev.perflab.lab.profile.Hotspots;
import dev.perflab.lab.profile.ProfilerKind;
import dev.perflab.lab.profile.WindowProfiler;
import dev.perflab.lab.report.ProfileSection;
import dev.perflab.lab.run.RunFolder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PROFILER on the paired make lab, on a pretend stage: a profiler is attached to every
 * gateway rung (never to nginx), samples during that rung's measured windows alone (not
 * its warm-up, not the duet's unmeasured part at the rate, not wrk's rungs alone), and
 * leaves a file per gateway per pass in the rung's folder, which the report names.
 */
class LineupProfilingTests {

    private static final Path ROOT = Path.of(System.getProperty("lab.root", "..")).toAbsolutePath().normalize();

    @TempDir
    Path dir;

    /** What the stage was asked to do, with the rungs being sampled at that moment. */
    record Load(String kind, List<String> rungs, Duration length, Set<String> sampling) {
    }

    static final class ProfilingStage extends LineupRunTests.FakeStage {

        final Set<String> sampling = new LinkedHashSet<>();

        final List<Load> loads = new ArrayList<>();

        final List<String> attached = new ArrayList<>();

        final List<String> finished = new ArrayList<>();

        private Path passDir;

        private boolean bursting;

        ProfilingStage(Map<String, Double> cpu, Map<String, Double> bytes) {
            super(cpu, bytes);
        }

        @Override
        public void start(Path dir, List<LineupPlan.Entrant> order, List<String> portRank) {
            passDir = dir;
            super.start(dir, order, portRank);
        }

        @Override
        public Map<String, SideWindow> offer(List<String> schedule, Duration length) {
            if (!bursting) {
                loads.add(new Load("offer", schedule, length, Set.copyOf(sampling)));
            }
            return super.offer(schedule, length);
        }

        @Override
        public Map<String, SideWindow> burst(List<String> rungs, Duration length) {
            loads.add(new Load("burst", rungs, length, Set.copyOf(sampling)));
            bursting = true;
            try {
                return super.burst(rungs, length);
            }
            finally {
                bursting = false;
            }
        }

        @Override
        public LoadResult alone(String rung, Duration ramp, Duration length) {
            loads.add(new Load("alone", rung == null ? List.of() : List.of(rung), length, Set.copyOf(sampling)));
            return super.alone(rung, ramp, length);
        }

        @Override
        public WindowProfiler profiler(String rung, ProfilerChoice choice, PrintWriter out) {
            attached.add(rung);
            Path own = passDir.resolve(rung);
            return new WindowProfiler() {

                @Override
                public void resume() {
                    assertThat(sampling.add(rung)).as("%s resumed twice", rung).isTrue();
                }

                @Override
                public void pause() {
                    assertThat(sampling.remove(rung)).as("%s paused while not sampling", rung).isTrue();
                }

                @Override
                public List<Path> finish(Hotspots.Rules rules, String title) {
                    finished.add(rung);
                    try {
                        Files.createDirectories(own);
                        return List.of(Files.writeString(own.resolve("flamegraph.html"), title));
                    }
                    catch (IOException ex) {
                        throw new UncheckedIOException(ex);
                    }
                }
            };
        }

    }

    @Test
    void everyGatewayIsSampledInItsMeasuredWindowsAloneAndItsFilesAreNamedInTheReport() throws Exception {
        List<LineupPlan.Entrant> rungs = List.of(
                new LineupPlan.Entrant("reactive", "r", Side.labGateway("reactive", List.of("reactive"))),
                new LineupPlan.Entrant("log-quiet", "q",
                        Side.labGateway("log-quiet", List.of("reactive", "log-quiet"))),
                new LineupPlan.Entrant("nginx", "reference", Side.nginx("nginx", false, Path.of("n.conf"))));
        ProfilingStage stage = new ProfilingStage(Map.of("reactive", 0.40, "log-quiet", 0.36, "nginx", 0.12),
                Map.of("reactive", 90_000.0, "log-quiet", 80_000.0));
        LineupPlan plan = new LineupPlan(rungs, 100, 2, List.of(Duration.ofSeconds(10), Duration.ofSeconds(10)),
                Duration.ofSeconds(20), Duration.ofSeconds(5), WarmUp.Load.FLAT, Duration.ofSeconds(3),
                Duration.ofSeconds(1), 5, 10, Duration.ofSeconds(10), 7, new SideSettings(ROOT, List.of(),
                        Duration.ofSeconds(60), "/service/hello", "Authorization: Bearer lab-token"),
                "1ms", dir, Double.NaN, "", false);
        RunFolder run = RunFolder.create(dir, "lab");
        StringWriter out = new StringWriter();
        LineupRun.execute(plan, stage, run, new PrintWriter(out), result -> {
        }, new ProfilerChoice(ProfilerKind.ASYNC, "cpu", ROOT.resolve("lab/hotspots.yml")));

        assertThat(stage.attached).as("each gateway once a pass, nginx never")
            .containsExactlyInAnyOrder("reactive", "log-quiet", "reactive", "log-quiet");
        assertThat(stage.finished).containsExactlyInAnyOrderElementsOf(stage.attached);
        List<Load> measured = stage.loads.stream()
            .filter(load -> load.kind().equals("offer") && load.length().equals(Duration.ofSeconds(10)))
            .toList();
        assertThat(measured).as("two duets of two windows a pass").hasSize(2 * 2 * 2);
        for (Load window : measured) {
            assertThat(window.sampling()).as("sampled during %s", window.rungs())
                .isEqualTo(Set.copyOf(window.rungs().stream().filter(rung -> !rung.equals("nginx")).toList()));
        }
        assertThat(stage.loads.stream().filter(load -> !measured.contains(load)))
            .as("warm-ups, the duet's unmeasured part and the rungs alone are not sampled")
            .isNotEmpty()
            .allSatisfy(load -> assertThat(load.sampling()).as(load.toString()).isEmpty());
        assertThat(stage.sampling).isEmpty();
        assertThat(out.toString()).contains("    profiles: pass-1/reactive/flamegraph.html")
            .contains("pass-2/log-quiet/flamegraph.html");

        String report = ProfileSection.markdown(run.dir(), "async", "cpu");
        assertThat(report).contains("## Profiles")
            .contains(
                    "- pass 1: [log-quiet](pass-1/log-quiet/flamegraph.html), [reactive](pass-1/reactive/flamegraph.html)")
            .contains(
                    "- pass 2: [log-quiet](pass-2/log-quiet/flamegraph.html), [reactive](pass-2/reactive/flamegraph.html)")
            .contains("a ratio of two gateways stays paired")
            .contains("absolute CPU per request")
            .doesNotContain("(pass-1/nginx/");
        assertThat(ProfileSection.markdown(run.dir(), "none", "cpu")).isEmpty();
    }

}
