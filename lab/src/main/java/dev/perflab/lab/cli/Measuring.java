package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.perflab.lab.LabException;
import dev.perflab.lab.capacity.Slo;
import dev.perflab.lab.report.ConsoleSummary;
import dev.perflab.lab.report.GateLine;
import dev.perflab.lab.report.ReportModel;
import dev.perflab.lab.report.ReportWriter;
import dev.perflab.lab.report.SloGate;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.run.CommandKind;
import dev.perflab.lab.run.LabRun;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.ScenarioLadder;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the measuring commands of {@link RunCommands} share: the system, load and profile
 * options, the run planned, run and reported, the user's own gateway in place of the
 * lab's.
 */
abstract class Measuring implements Callable<Integer> {

    @Mixin
    SystemOptions system;

    @Mixin
    LoadOptions load;

    @Mixin
    ProfileOptions profile;

    @Spec
    CommandSpec spec;

    private SystemSetup setup;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** What the system options make, once per command. */
    SystemSetup setup() {
        if (setup == null) {
            setup = new SystemSetup(system);
        }
        return setup;
    }

    /**
     * Plans the run from the options (every one checked before anything starts), runs it,
     * and writes its report.
     */
    int run(CommandKind command, LoadOptions load, List<Scenario> rungs, Map<String, Object> extra,
            RunPlans.Capacity capacity) {
        Slo slo = slo();
        Map<String, Object> parameters = extra;
        if (slo != null) {
            parameters = new LinkedHashMap<>(extra);
            parameters.put("slo_gate", slo.text());
        }
        RunFolder run = LabRun.execute(
                RunPlans.build(command, setup(), load, profile, rungs, parameters, out(), capacity), out(),
                Measuring::writeReport);
        ConsoleSummary.lines(run.dir()).forEach(out()::println);
        out().println("Report: " + run.resolve("report.md") + " and " + run.resolve("report.html"));
        List<GateLine> gates = slo == null ? List.of() : SloGate.lines(run.dir(), slo);
        if (slo != null) {
            out().println(SloGate.heading(slo) + ":");
            gates.forEach(line -> out().println("  " + line));
        }
        out().flush();
        return GateLine.exitCode(gates);
    }

    /**
     * The latency objective each measured rung is gated on (SLO), or null: the commands
     * that take one say so.
     */
    Slo slo() {
        return null;
    }

    /**
     * GATEWAY_PROFILES where the rungs set the lab gateway's profiles themselves: one
     * line instead of a setting that would change nothing.
     */
    void refuseProfiles(String target, Path file) {
        if (!system.profiles().isEmpty() && setup().foreignGateway().isEmpty()) {
            throw new LabException("GATEWAY_PROFILES=" + String.join(",", system.profiles())
                    + " does not apply to make " + target + ": its rungs set the gateway's profiles themselves ("
                    + shown(file)
                    + "); GATEWAY_PROFILES is for make gateway-test, profile and up, and for your own gateway (GATEWAY_JAR)");
        }
    }

    /** A file as the user would name it: under the repository root, from there. */
    Path shown(Path file) {
        Path root = system.root().toAbsolutePath().normalize();
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(root) ? root.relativize(absolute) : file;
    }

    /**
     * The ladder of a file, for the user's own gateway when one is given (saying so in
     * one line).
     */
    ScenarioLadder ladder(Path file) {
        ScenarioLadder ladder = ScenarioLadder.load(file);
        if (setup().foreignGateway().isEmpty()) {
            return ladder;
        }
        Scenario own = ownGateway(setup());
        ScenarioLadder adapted = ladder.withForeignGateway(own);
        out().println("Your gateway (" + setup().foreignGateway().get().name() + ") replaces the lab's: its rungs are "
                + String.join(", ", adapted.rungs().stream().map(Scenario::name).toList()) + "; " + OWN_GATEWAY
                + " runs with GATEWAY_PROFILES as its Spring profiles (the lab's gateway rungs set the lab's own profiles and are left out)");
        out().flush();
        return adapted;
    }

    /** The rung name of the user's own gateway. */
    static final String OWN_GATEWAY = "own-gateway";

    /**
     * The rung that drives the user's own gateway, with GATEWAY_PROFILES as its Spring
     * profiles.
     */
    static Scenario ownGateway(SystemSetup setup) {
        return Scenario.gateway(OWN_GATEWAY, setup.options().profiles(),
                "your gateway (" + setup.foreignGateway().orElseThrow().name() + ") in place of the lab's");
    }

    /**
     * Writes report.md and report.html from what the folder holds (run.json,
     * summary.json, error.txt if any): after a run, when it fails or is interrupted, and
     * for make report. The run calls it back rather than rendering itself, so that a run
     * knows no report.
     */
    static void writeReport(RunFolder run) {
        ReportModel model = ReportModel.read(run.dir());
        run.writeText("report.md", ReportWriter.markdown(model));
        run.writeText("report.html", ReportWriter.html(model));
    }

}
