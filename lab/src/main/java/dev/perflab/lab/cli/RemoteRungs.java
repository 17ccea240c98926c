package dev.perflab.lab.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.LabException;
import dev.perflab.lab.result.Scenario;
import dev.perflab.lab.system.RemoteConfig;
import dev.perflab.lab.system.RemoteSystem;
import dev.perflab.lab.system.Service;
import dev.perflab.lab.run.CommandKind;

/**
 * Which rungs make sense on a system the lab did not start. {@code RUNTIME=remote}: the
 * gateway is whatever was deployed, so every gateway rung of a ladder is the same one:
 * the run measures the backend rung, one gateway rung and nginx when its address is
 * given. {@code RUNTIME=kubernetes} keeps the rungs (each applies its overlay; those
 * without one are skipped with the reason).
 */
final class RemoteRungs {

    /** The one gateway rung of RUNTIME=remote, its profiles unknown to the lab. */
    static final String GATEWAY_RUNG = "gateway";
    static final String UNKNOWN = "unknown";

    private RemoteRungs() {
    }

    static List<Scenario> select(SystemSetup setup, CommandKind command, List<Scenario> rungs, PrintWriter out) {
        SystemOptions system = setup.options();
        if (!system.remote()) {
            return rungs;
        }
        setup.remoteConfig();
        if (command.setsAuthLatency()) {
            throw new LabException(
                    "make sweep sets auth-service's latency for each point, which the lab cannot do to a system it did not start: "
                            + "run it with RUNTIME=local or compose");
        }
        if (system.kubernetes()) {
            return rungs;
        }
        RemoteConfig remote = setup.remoteConfig();
        List<Scenario> selected = new ArrayList<>();
        Set<TargetKind> seen = EnumSet.noneOf(TargetKind.class);
        List<String> gateways = new ArrayList<>();
        List<String> left = new ArrayList<>();
        for (Scenario rung : rungs) {
            if (rung.target() == TargetKind.GATEWAY) {
                gateways.add(rung.name());
            }
            if (rung.target() == TargetKind.NGINX && remote.nginx().isEmpty()) {
                left.add(rung.name() + " (no nginx.url in the REMOTE file)");
            }
            else if (!seen.add(rung.target())) {
                if (rung.target() != TargetKind.GATEWAY) {
                    left.add(rung.name() + " (a second " + rung.target().id() + " rung)");
                }
            }
            else {
                selected.add(rung.target() != TargetKind.GATEWAY ? rung
                        : new Scenario(GATEWAY_RUNG, TargetKind.GATEWAY, List.of(UNKNOWN), null,
                                "the gateway as deployed at " + remote.gateway() + " (profiles not set by the lab)"));
            }
        }
        List<String> names = selected.stream()
            .map(rung -> rung.name().equals(GATEWAY_RUNG) && !gateways.equals(List.of(GATEWAY_RUNG))
                    ? GATEWAY_RUNG + " (as deployed, in place of " + String.join(", ", gateways) + ")" : rung.name())
            .toList();
        if (rungs.size() > 1 || !left.isEmpty()) {
            out.println("RUNTIME=remote measures the system as deployed: " + String.join(", ", names)
                    + (left.isEmpty() ? "" : "; left out: " + String.join(", ", left)));
            out.flush();
        }
        return selected;
    }

    /**
     * RUNTIME=remote: every address the rungs use answers, before anything is measured;
     * one line naming the first that does not.
     */
    static void check(SystemSetup setup, List<Scenario> rungs) {
        SystemOptions system = setup.options();
        if (!system.remote() || system.kubernetes()) {
            return;
        }
        RemoteConfig remote = setup.remoteConfig();
        Set<Service> services = EnumSet.noneOf(Service.class);
        List<URI> targets = new ArrayList<>();
        for (Scenario rung : rungs) {
            switch (rung.target()) {
                case BACKEND -> {
                    services.add(Service.BUSINESS);
                    targets.add(remote.backend());
                }
                case GATEWAY -> {
                    services.addAll(List.of(Service.values()));
                    targets.add(remote.gateway());
                }
                case NGINX -> {
                    services.addAll(List.of(Service.BUSINESS, Service.AUTH));
                    remote.nginx().ifPresent(targets::add);
                }
            }
        }
        Duration wait = Duration.ofSeconds(2);
        RemoteSystem.connect(remote, services, wait);
        for (URI target : targets) {
            RemoteSystem.awaitAnswer("the load's address", target, wait, false);
        }
    }

}
