package dev.perflab.lab.cli;

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

        @Mixin
        AuthClientOption authClient;

        @Override
        public Integer call() {
            if (setup().foreignGateway().isPresent()) {
                // AUTH_CLIENT picks one of the lab gateway's profiles: it means nothing
                // to another gateway
                return run(kind(), load, List.of(ownGateway(setup())), Map.of("profiles", system.profiles()), null);
            }
            List<String> profiles = authClient.profiles(system.profiles());
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

        @Mixin
        LadderOption ladderFile;

        @Mixin
        OnlyOption only;

        @Override
        public Integer call() {
            Path file = ladderFile.file(system.root());
            refuseProfiles("lab", file);
            return run(CommandKind.LAB, load, ladder(file).select(only.names()), Map.of(), null);
        }

    }

    @Command(name = "sweep",
            description = "Auth latency x auth client, as listed under sweep: in lab/scenarios.yml; 200 connections unless CONNECTIONS is set.")
    static class Sweep extends Gated {

        @Mixin
        LadderOption ladderFile;

        @Override
        public Integer call() {
            if (setup().foreignGateway().isPresent()) {
                throw new LabException(
                        "make sweep compares the lab gateway's auth clients, which your gateway does not have: "
                                + "use gateway-test, lab, capacity or profile with GATEWAY_JAR/GATEWAY_IMAGE");
            }
            Path file = ladderFile.file(system.root());
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
            return run(CommandKind.SWEEP, load, points, Map.of(), null);
        }

    }

    @Command(name = "capacity",
            description = "Capacity at a latency objective under an open model (constant arrival rate), per rung: "
                    + "the highest offered rate whose step meets SLO.")
    static class Capacity extends Measuring {

        @Mixin
        LadderOption ladderFile;

        @Mixin
        OnlyOption only;

        @Mixin
        CapacityOptions capacity;

        @Override
        public Integer call() {
            capacity.validate();
            if (spec.commandLine().getParseResult().hasMatchedOption("--duration")) {
                throw new LabException("capacity does not use --duration any more: the time of each of its steps is "
                        + "--step-duration (STEP_DURATION)");
            }
            Path file = ladderFile.file(system.root());
            refuseProfiles("capacity", file);
            Path sshConfig = capacity.sshConfig(system.root());
            List<LoadAgent> agents = LoadAgent.check(capacity.agentHosts(), sshConfig);
            // the open-model generator, found (or built) before any app starts
            VegetaInstaller.ensure(system.root(), out());
            List<Scenario> rungs = ladder(file).capacityRungs(only.names());
            AgentTargets.check(agents, setup(), rungs);
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
            if (sshConfig != null && agents.stream().anyMatch(agent -> !agent.local())) {
                extra.put("ssh_config", sshConfig.toString());
            }
            LoadOptions steps = load.measuring(capacity.stepDuration());
            run(CommandKind.CAPACITY, steps, rungs, extra,
                    new RunPlans.Capacity(warmup -> MeasurementPlan.capacity(warmup, capacity.slo(), capacity.rates(),
                            rate -> new VegetaGenerator(system.root(),
                                    new VegetaGenerator.Load((int) Math.round(rate), 0, load.load().timeout()), out(),
                                    setup().placement().generatorPrefix(), agents),
                            agents, steps.duration(), steps.subwindows()), CapacitySearch.Steps.of(capacity.rates())));
            return 0;
        }

    }

    @Command(name = "report",
            description = "Write report.md and report.html again from a results folder, without re-running.")
    static class Report implements Callable<Integer> {

        @Mixin
        FolderOptions.RunFolderOption runFolder;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            RunFolder folder = RunFolder.existing(runFolder.run);
            Measuring.writeReport(folder);
            spec.commandLine()
                .getOut()
                .println("Report: " + folder.resolve("report.md") + " and " + folder.resolve("report.html"));
            return 0;
        }

    }

}
