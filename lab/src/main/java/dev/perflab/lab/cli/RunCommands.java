package dev.perflab.lab.cli;

import dev.perflab.common.AuthClientMode;
import dev.perflab.lab.capacity.CapacitySearch;
import dev.perflab.lab.result.TargetKind;

import dev.perflab.lab.LabException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.perflab.lab.load.LoadAgent;
import dev.perflab.lab.load.VegetaGenerator;
import dev.perflab.lab.load.VegetaInstaller;
import dev.perflab.lab.run.CommandKind;
import dev.perflab.lab.run.MeasurementPlan;
import dev.perflab.lab.run.RunFolder;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.run.ScenarioLadder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import java.util.LinkedHashMap;

/** The measuring commands; each is a thin description of which rungs to run. */
final class RunCommands {

    private RunCommands() {
    }

    @Command(name = "baseline", description = "wrk against business-service /hello directly: the ceiling.")
    static class Baseline extends Gated {

        @Override
        public Integer call() {
            return run(CommandKind.BASELINE, load,
                    List.of(new Scenario("baseline", TargetKind.BACKEND, List.of(), null, "business-service alone")),
                    Map.of(), null);
        }

    }

    @Command(name = "gateway-test", description = "wrk against the gateway route with the token, one auth client.")
    static class GatewayTest extends Gated {

        CommandKind kind() {
            return CommandKind.GATEWAY_TEST;
        }

        @Option(names = "--auth-client", defaultValue = "${env:AUTH_CLIENT}",
                description = "${COMPLETION-CANDIDATES}: the gateway's auth client, in front of GATEWAY_PROFILES "
                        + "(default: the one GATEWAY_PROFILES names, else reactive).")
        AuthClientMode authClient;

        @Override
        public Integer call() {
            if (setup().foreignGateway().isPresent()) {
                // AUTH_CLIENT picks one of the lab gateway's profiles: it means nothing
                // to another gateway
                return run(kind(), load, List.of(ownGateway(setup())), Map.of("profiles", system.profiles()), null);
            }
            List<String> profiles = AuthClientChoice.profiles(authClient, system.profiles());
            String client = profiles.get(0);
            return run(kind(), load, List
                .of(Scenario.gateway("gateway-" + client, profiles, "gateway with " + String.join(",", profiles))),
                    Map.of("profiles", profiles), null);
        }

    }

    @Command(name = "profile",
            description = "gateway-test with the gateway profiled during the measured window (async-profiler by default).")
    static class Profile extends GatewayTest {

        @Override
        CommandKind kind() {
            return CommandKind.PROFILE;
        }

        @Override
        public Integer call() {
            profile = profile.orAsync();
            return super.call();
        }

    }

    @Command(name = "lab",
            description = "The scenario ladder of lab/scenarios.yml, one rung after the other, into one report.")
    static class Ladder extends Gated {

        @Option(names = { "--ladder", "--scenarios" }, defaultValue = "${env:LADDER}",
                description = "Ladder file, or lean for lab/scenarios-lean.yml (LADDER, once SCENARIOS; default: lab/scenarios.yml under --root).")
        Path scenarios;

        @Option(names = "--only", split = ",", defaultValue = "${env:ONLY:-}",
                description = "Run only these rungs, e.g. baseline,blocking,reactive.")
        List<String> only = List.of();

        @Override
        public Integer call() {
            Path file = LadderFile.of(scenarios, system.root());
            refuseProfiles("lab", file);
            ScenarioLadder ladder = ladder(file);
            return run(CommandKind.LAB, load,
                    ladder.select(only.stream().map(String::trim).filter(n -> !n.isEmpty()).toList()), Map.of(), null);
        }

    }

    @Command(name = "sweep",
            description = "Auth latency x auth client, as listed under sweep: in lab/scenarios.yml; 200 connections unless CONNECTIONS is set.")
    static class Sweep extends Gated {

        /**
         * Enough connections that the client does not cap a point: 200 / 20 ms = 10,000
         * req/s, beyond any rung here.
         */
        static final int SWEEP_CONNECTIONS = 200;

        @Option(names = { "--ladder", "--scenarios" }, defaultValue = "${env:LADDER}",
                description = "Ladder file, or lean for lab/scenarios-lean.yml (LADDER, once SCENARIOS; default: lab/scenarios.yml under --root).")
        Path scenarios;

        @Override
        public Integer call() {
            if (setup().foreignGateway().isPresent()) {
                throw new LabException(
                        "make sweep compares the lab gateway's auth clients, which your gateway does not have: "
                                + "use gateway-test, lab, capacity or profile with GATEWAY_JAR/GATEWAY_IMAGE");
            }
            Path file = LadderFile.of(scenarios, system.root());
            refuseProfiles("sweep", file);
            ScenarioLadder.Sweep sweep = ScenarioLadder.load(file).sweep();
            if (sweep != null && (sweep.clients() == null || sweep.clients().isEmpty() || sweep.latencies() == null
                    || sweep.latencies().isEmpty())) {
                throw new LabException(file
                        + "'s sweep: needs both clients: (e.g. [blocking, reactive]) and latencies: (e.g. [0, 1ms, 5ms])");
            }
            if (sweep == null) {
                throw new LabException(file
                        + " has no sweep: section; use lab/scenarios.yml or add one (latencies, clients, profiles)");
            }
            List<Scenario> points = new ArrayList<>();
            for (String client : sweep.clients()) {
                for (String latency : sweep.latencies()) {
                    List<String> profiles = new ArrayList<>(List.of(client));
                    profiles.addAll(sweep.profiles() == null ? List.of() : sweep.profiles());
                    String name = client + "-" + latency.replaceAll("[^a-z0-9]", "_").replace('_', '-');
                    points.add(new Scenario(name, TargetKind.GATEWAY, profiles, latency, "auth latency " + latency,
                            Map.of("client", client, "auth_latency", latency)));
                }
            }
            LoadOptions sweepLoad = load.withDefaultConnections(SWEEP_CONNECTIONS,
                    spec.commandLine().getParseResult().hasMatchedOption("--connections"));
            return run(CommandKind.SWEEP, sweepLoad, points, Map.of(), null);
        }

    }

    @Command(name = "capacity",
            description = "Capacity at a latency objective under an open model (constant arrival rate), per rung: "
                    + "the highest offered rate whose step meets SLO.")
    static class Capacity extends Measuring {

        @Option(names = { "--ladder", "--scenarios" }, defaultValue = "${env:LADDER}",
                description = "Ladder file, or lean for lab/scenarios-lean.yml (LADDER, once SCENARIOS; default: lab/scenarios.yml under --root).")
        Path scenarios;

        @Option(names = "--only", split = ",", defaultValue = "${env:ONLY:-}",
                description = "These rungs (default: the file's capacity: list - blocking, reactive, loop-pools and nginx).")
        List<String> only = List.of();

        @Mixin
        CapacityOptions capacity;

        @Override
        public Integer call() {
            capacity.validate();
            Path file = LadderFile.of(scenarios, system.root());
            refuseProfiles("capacity", file);
            List<LoadAgent> agents = LoadAgent.check(capacity.agentHosts());
            // the open-model generator, found (or built) before any app starts
            VegetaInstaller.ensure(system.root(), out());
            ScenarioLadder ladder = ladder(file);
            List<Scenario> rungs = ladder
                .capacityRungs(only.stream().map(String::trim).filter(n -> !n.isEmpty()).toList());
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("slo", capacity.slo().text());
            extra.put("rates", capacity.rates().isEmpty() ? "search" : capacity.rates());
            extra.put("open_model",
                    "vegeta " + VegetaInstaller.VERSION + ", constant arrival rate, latency from the intended send time"
                            + (agents.isEmpty() ? ""
                                    : ", from " + agents.size() + " agents at rate/N each, their histograms merged"));
            if (!agents.isEmpty()) {
                extra.put("agents", agents);
            }
            run(CommandKind.CAPACITY, load, rungs, extra,
                    new RunPlans.Capacity(warmup -> MeasurementPlan.capacity(warmup, capacity.slo(), capacity.rates(),
                            rate -> new VegetaGenerator(system.root(),
                                    new VegetaGenerator.Load((int) Math.round(rate), 0, load.load().timeout()), out(),
                                    setup().placement().generatorPrefix(), agents),
                            agents, load.duration(), load.subwindows()), CapacitySearch.Steps.of(capacity.rates())));
            return 0;
        }

    }

    @Command(name = "report",
            description = "Write report.md and report.html again from a results folder, without re-running.")
    static class Report implements Callable<Integer> {

        @Option(names = "--run", required = true, description = "A results folder, e.g. results/latest.")
        Path run;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            RunFolder folder = RunFolder.existing(run);
            Measuring.writeReport(folder);
            spec.commandLine()
                .getOut()
                .println("Report: " + folder.resolve("report.md") + " and " + folder.resolve("report.html"));
            return 0;
        }

    }

}
