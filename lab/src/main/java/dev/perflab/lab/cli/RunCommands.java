package dev.perflab.lab.cli;

import dev.perflab.lab.LabException;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.perflab.lab.report.ReportWriter;
import dev.perflab.lab.run.LabRun;
import dev.perflab.lab.run.LoadOptions;
import dev.perflab.lab.run.ProfileOptions;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.run.Scenario;
import dev.perflab.lab.run.ScenarioLadder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The measuring commands; each is a thin description of which rungs to run. */
final class RunCommands {

    private RunCommands() {
    }

    abstract static class Measuring implements Callable<Integer> {

        @Mixin
        SystemOptions system;

        @Mixin
        LoadOptions load;

        @Mixin
        ProfileOptions profile;

        @Spec
        CommandSpec spec;

        PrintWriter out() {
            return spec.commandLine().getOut();
        }

        /** Runs the rungs, after stopping whatever an earlier, killed run left holding the lab's ports. */
        void execute(String command, List<Scenario> rungs, Map<String, Object> extra) {
            system.stopLeftovers(out());
            LabRun.execute(command, system, load, profile, rungs, extra, out());
        }
    }

    @Command(name = "baseline", description = "wrk against business-service /hello directly: the ceiling.")
    static class Baseline extends Measuring {

        @Override
        public Integer call() {
            execute("baseline", List.of(new Scenario("baseline", Scenario.Target.BACKEND, List.of(), null, "business-service alone")), Map.of());
            return 0;
        }
    }

    @Command(name = "gateway-test", description = "wrk against the gateway route with the token, one auth client.")
    static class GatewayTest extends Measuring {

        String name() {
            return "gateway-test";
        }

        @Option(names = "--auth-client", defaultValue = "reactive", description = "blocking, offloaded, reactive or virtual (default: ${DEFAULT-VALUE}).")
        String authClient;

        @Override
        public Integer call() {
            if (!List.of("blocking", "offloaded", "reactive", "virtual").contains(authClient)) {
                throw new LabException("AUTH_CLIENT must be blocking, offloaded, reactive or virtual, not '" + authClient + "'");
            }
            List<String> profiles = new ArrayList<>(List.of(authClient));
            system.profiles().stream().map(String::trim).filter(p -> !p.isEmpty() && !p.equals(authClient)).forEach(profiles::add);
            execute(name(), List.of(Scenario.gateway("gateway-" + authClient, profiles, "gateway with " + String.join(",", profiles))),
                    Map.of("profiles", profiles));
            return 0;
        }
    }

    @Command(name = "profile", description = "gateway-test with the gateway profiled during the measured window (async-profiler by default).")
    static class Profile extends GatewayTest {

        @Override
        String name() {
            return "profile";
        }

        @Override
        public Integer call() {
            profile = profile.orAsync();
            return super.call();
        }
    }

    @Command(name = "lab", description = "The scenario ladder of lab/scenarios.yml, one rung after the other, into one report.")
    static class Ladder extends Measuring {

        @Option(names = "--scenarios", description = "Ladder file (default: lab/scenarios.yml under --root).")
        Path scenarios;

        @Option(names = "--only", split = ",", description = "Run only these rungs, e.g. baseline,blocking,reactive.")
        List<String> only = List.of();

        @Override
        public Integer call() {
            ScenarioLadder ladder = ScenarioLadder.load(scenarios != null ? scenarios : system.root().resolve("lab/scenarios.yml"));
            execute("lab", ladder.select(only.stream().map(String::trim).filter(n -> !n.isEmpty()).toList()), Map.of());
            return 0;
        }
    }

    @Command(name = "sweep", description = "Auth latency x auth client, as listed under sweep: in lab/scenarios.yml.")
    static class Sweep extends Measuring {

        @Option(names = "--scenarios", description = "Ladder file (default: lab/scenarios.yml under --root).")
        Path scenarios;

        @Override
        public Integer call() {
            Path file = scenarios != null ? scenarios : system.root().resolve("lab/scenarios.yml");
            ScenarioLadder.Sweep sweep = ScenarioLadder.load(file).sweep();
            if (sweep == null) {
                throw new LabException(file + " has no sweep: section; use lab/scenarios.yml or add one (latencies, clients, profiles)");
            }
            List<Scenario> points = new ArrayList<>();
            for (String client : sweep.clients()) {
                for (String latency : sweep.latencies()) {
                    List<String> profiles = new ArrayList<>(List.of(client));
                    profiles.addAll(sweep.profiles() == null ? List.of() : sweep.profiles());
                    String name = client + "-" + latency.replaceAll("[^a-z0-9]", "_").replace('_', '-');
                    points.add(new Scenario(name, Scenario.Target.GATEWAY, profiles, latency, "auth latency " + latency));
                }
            }
            execute("sweep", points, Map.of());
            return 0;
        }
    }

    @Command(name = "report", description = "Write report.md and report.html again from a results folder, without re-running.")
    static class Report implements Callable<Integer> {

        @Option(names = "--run", required = true, description = "A results folder, e.g. results/latest.")
        Path run;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            RunFolder folder = RunFolder.existing(run);
            ReportWriter.writeFrom(folder);
            spec.commandLine().getOut().println("Report: " + folder.resolve("report.md") + " and " + folder.resolve("report.html"));
            return 0;
        }
    }
}
