package dev.perflab.lab.cli;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.result.Scenario;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.paired.LineupResult;
import dev.perflab.lab.paired.PairedMetric;
import dev.perflab.lab.paired.ProfilerChoice;
import dev.perflab.lab.pairedreport.PairReport;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.paired.Side;
import dev.perflab.lab.paired.SloCheck;
import dev.perflab.lab.profile.ProfilerKind;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.verdict.PairedRatio;
import dev.perflab.lab.report.ProfileSection;
import dev.perflab.lab.system.GatewayProfiles;

/**
 * PROFILER, SLO, GATEWAY_JAR and GATEWAY_IMAGE on the paired targets (make lab, make
 * compare A_GATEWAY= B_GATEWAY=, make pair-ladder), each read and checked once, before
 * anything starts, from the option sets the sequential targets declare them in.
 */
final class PairedKnobs {

    private PairedKnobs() {
    }

    /**
     * GATEWAY_JAR: the jar every side named by Spring profiles runs in place of the lab's
     * build (checked to have those profiles when the sides are read), or null for the
     * lab's; GATEWAY_IMAGE is one line but on make compare, whose side given as
     * {@code image} runs it ({@link #sideImage}).
     */
    static Path gatewayJar(OwnGatewayOptions own, Path root, String target) {
        if (!own.image().isEmpty() && !target.equals("make compare")) {
            throw new LabException("GATEWAY_IMAGE=" + own.image() + " is an image, which the paired " + target
                    + " does not run (its sides are the lab's builds): give the gateway's jar as GATEWAY_JAR, "
                    + "or measure the image against nginx in the same seconds with make compare RUNTIME=compose "
                    + "A_GATEWAY=nginx B_GATEWAY=image GATEWAY_IMAGE=" + own.image());
        }
        return own.jar().isEmpty() ? null : root.resolve(own.jar()).toAbsolutePath().normalize();
    }

    /**
     * make compare's GATEWAY_IMAGE: the user's gateway image a side given as
     * {@code image} runs (RUNTIME=compose), empty for none; given without such a side it
     * is one line.
     */
    static String sideImage(OwnGatewayOptions own, String a, String b) {
        boolean named = java.util.stream.Stream.of(a, b)
            .anyMatch(side -> side != null && side.trim().equals(Side.IMAGE));
        if (!own.image().isEmpty() && !named) {
            throw new LabException("GATEWAY_IMAGE=" + own.image() + " is your gateway's image: name the side that "
                    + "runs it, A_GATEWAY=image or B_GATEWAY=image (RUNTIME=compose)");
        }
        return own.image();
    }

    /**
     * make lab's GATEWAY_JAR must be a build of the lab's gateway, with every profile the
     * ladder's gateway rungs set; your own gateway is one line saying where it is
     * measured.
     */
    static void checkBuild(Path jar, String given, List<String> profiles) {
        java.util.Set<String> known = GatewayProfiles.in(jar).known();
        profiles.stream().filter(profile -> !known.contains(profile)).findFirst().ifPresent(missing -> {
            throw new LabException("GATEWAY_JAR=" + given + " has no Spring profile '" + missing
                    + "', which the ladder's rungs set: make lab runs every gateway rung on GATEWAY_JAR, so it takes a "
                    + "build of the lab's gateway. Your own gateway: make compare A_GATEWAY=nginx B_GATEWAY=" + given
                    + " (against nginx in the same seconds), or make lab PAIRED=no GATEWAY_JAR=" + given
                    + " (the rungs one after the other)");
        });
    }

    /**
     * PROFILER for these sides: async-profiler or JFR on every gateway; the JProfiler
     * agent only where there is one gateway (its port serves one JVM, and one side of two
     * profiled would make the pair unequal).
     */
    static ProfilerChoice profiler(ProfileOptions profile, Path root, List<Side> sides) {
        profile.validate();
        ProfilerKind kind = profile.profiler();
        if (kind == ProfilerKind.NONE) {
            return ProfilerChoice.NONE;
        }
        long gateways = sides.stream().filter(Side::jvm).count();
        if (kind == ProfilerKind.JPROFILER && gateways > 1) {
            throw new LabException("PROFILER=jprofiler loads an agent that serves one JVM on 127.0.0.1:"
                    + ProfileOptions.JPROFILER_PORT + ", and this run starts " + gateways + " gateways at once; "
                    + "in one of them alone it would profile one side of a duet and not the other: "
                    + "use PROFILER=async or jfr, which profile every gateway alike, or make profile PROFILER=jprofiler");
        }
        return new ProfilerChoice(kind, profile.event(), root.resolve("lab/hotspots.yml"));
    }

    /**
     * The sides with the JProfiler agent in the one gateway when PROFILER=jprofiler (one
     * line saying where the GUI attaches), else as they are.
     */
    static List<Side> withAgent(ProfilerChoice choice, ProfileOptions profile, List<Side> sides, PrintWriter out) {
        if (choice.kind() != ProfilerKind.JPROFILER) {
            return sides;
        }
        List<String> agent = profile.gatewayJvmOptions(System.getenv());
        List<Side> loaded = new ArrayList<>();
        for (Side side : sides) {
            if (side.jvm()) {
                out.println("JProfiler: the agent loads into " + side.label() + " (" + side.given()
                        + ") and listens on 127.0.0.1:" + ProfileOptions.JPROFILER_PORT
                        + " (nowait); in the GUI: Session > Attach > Attach to remote JVM, and record during its "
                        + "measured windows");
            }
            loaded.add(side.withOptionsBefore(agent));
        }
        return loaded;
    }

    /** The line a profiled run prints before it starts, and its report repeats. */
    static void announce(ProfilerChoice choice, PrintWriter out) {
        if (choice.attaches()) {
            out.println("PROFILER=" + choice.kind().id() + ": every gateway side profiled in its measured windows, "
                    + "a file per gateway per pass in pass-N/<side>/. " + ProfileSection.COST);
        }
    }

    /** compare.md from a pair's result so far, with its Profiles section (PROFILER). */
    static void compareReport(LineupResult result, ProfilerChoice choice) {
        RunFolder.write(result.dir().resolve("compare.md"),
                profiles(choice, result.dir()).apply(PairReport.markdown(result)));
    }

    /** A finished pair's verdicts, one line each, and where compare.md is. */
    static void verdicts(LineupResult result, PrintWriter out) {
        Map<PairedMetric, PairedRatio> verdicts = result.pairStep().verdicts();
        for (PairedMetric metric : PairedMetric.PAIR_ORDER) {
            if (verdicts.containsKey(metric)) {
                out.println("  " + metric.label() + " B/A: " + verdicts.get(metric).describe());
            }
        }
        out.println("Comparison: " + result.dir().resolve("compare.md"));
        out.flush();
    }

    /** The report's text with the Profiles section after it (none without PROFILER). */
    static UnaryOperator<String> profiles(ProfilerChoice choice, Path dir) {
        return report -> report + ProfileSection.markdown(dir, choice.kind().id(), choice.event());
    }

    /** SLO's heading and ✓/✗ lines printed, as the sequential targets print them. */
    static List<GateLine> slo(Slo slo, int ratePerSide, List<SloCheck.Line> lines, PrintWriter out) {
        if (slo == null) {
            return List.of();
        }
        out.println(SloCheck.heading(slo, ratePerSide) + ":");
        List<GateLine> gates = lines.stream()
            .map(line -> line.held() ? GateLine.held(line.text()) : GateLine.broken(line.text()))
            .toList();
        gates.forEach(line -> out.println("  " + line));
        return gates;
    }

    /**
     * make lab's GATEWAY_JAR: the jar every gateway rung runs, checked to hold every
     * profile the ladder's gateway rungs set, and said in one line; null for the lab's.
     */
    static Path ladderJar(OwnGatewayOptions own, Path root, List<Scenario> rungs, PrintWriter out) {
        Path gatewayJar = PairedKnobs.gatewayJar(own, root, "make lab");
        if (gatewayJar != null) {
            PairedKnobs.checkBuild(gatewayJar, own.jar(),
                    rungs.stream()
                        .filter(rung -> rung.target() == TargetKind.GATEWAY)
                        .flatMap(rung -> rung.profiles().stream())
                        .toList());
            out.println("GATEWAY_JAR=" + own.jar()
                    + ": every gateway rung runs this jar with its profiles, in place of the lab's build");
        }
        return gatewayJar;
    }

    /** A side's JDK knob (A_JDK, B_JDK): a feature version such as 25, or null. */
    static Integer jdk(String label, String given) {
        if (given == null || given.isBlank()) {
            return null;
        }
        try {
            return Integer.valueOf(given.trim());
        }
        catch (NumberFormatException ex) {
            throw new LabException(
                    label + "_JDK must be a JDK's feature version such as 25, not '" + given.trim() + "'");
        }
    }

}
