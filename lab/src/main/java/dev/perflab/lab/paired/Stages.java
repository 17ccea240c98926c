package dev.perflab.lab.paired;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

import dev.perflab.lab.LabException;
import dev.perflab.lab.runtime.RuntimeKind;

/**
 * The one place a paired run's RUNTIME chooses where its apps start: local JVMs, or
 * containers on the host's network for compose. remote and kubernetes measure a system
 * the lab did not start, with one gateway; a pair starts both of its sides itself.
 */
public final class Stages {

    private Stages() {
    }

    /**
     * RUNTIME for a paired target, or one line saying why it cannot run there, before
     * anything starts.
     */
    public static RuntimeKind require(RuntimeKind runtime) {
        if (runtime.remote()) {
            throw new LabException("RUNTIME=" + runtime.id() + " cannot run a paired target: a pair starts both of its "
                    + "sides itself in the same seconds, and a system the lab did not start has one gateway "
                    + "(use RUNTIME=local or compose; make lab PAIRED=no measures the rungs of a remote system one "
                    + "after the other)");
        }
        return runtime;
    }

    /** Starts the backends of a lineup (make lab, a pair) where RUNTIME says. */
    public static Stage open(LineupPlan plan, Path dir, PrintWriter out) {
        refuse(plan.settings().runtime(), plan.entrants().stream().map(LineupPlan.Entrant::side).toList());
        return LocalStage.open(plan, backends(plan.settings(), plan.authLatency(), dir.resolve("logs"), out), out);
    }

    /** Starts the backends of a paired run where its settings' RUNTIME says. */
    static Backends backends(SideSettings settings, String authLatency, Path logs, PrintWriter out) {
        return switch (require(settings.runtime())) {
            case COMPOSE -> ContainerBackends.start(settings, authLatency, logs, out);
            default -> LocalBackends.start(settings, authLatency, logs);
        };
    }

    /**
     * A side its RUNTIME cannot run, in one line: on compose a gateway jar, GATEWAY_JAR
     * or a JDK of its own (a container runs its image's Java); on local an image.
     */
    public static void refuse(RuntimeKind runtime, List<Side> sides) {
        require(runtime);
        for (Side side : sides) {
            if (runtime != RuntimeKind.COMPOSE) {
                if (side.kind() instanceof Side.OwnImage image) {
                    throw new LabException(side.label() + " (image " + image.gateway().image() + "): an image runs "
                            + "on RUNTIME=compose; on RUNTIME=local give your gateway's jar as the side");
                }
                continue;
            }
            if (side.kind() instanceof Side.OwnJar) {
                throw new LabException(side.label() + " (" + side.given() + "): a gateway jar runs on RUNTIME=local; "
                        + "on RUNTIME=compose a side is the lab's gateway image with Spring profiles, your image "
                        + "(image, with GATEWAY_IMAGE), or nginx");
            }
            if (side.kind() instanceof Side.LabGateway lab && lab.build() != null) {
                throw new LabException(side.label() + " (" + side.given() + "): GATEWAY_JAR runs on RUNTIME=local; "
                        + "on RUNTIME=compose a side named by profiles runs the lab's gateway image (make images)");
            }
            if (side.javaHome() != null) {
                throw new LabException(side.label() + ": a JDK of its own runs on RUNTIME=local; "
                        + "on RUNTIME=compose a gateway runs on its image's Java");
            }
        }
    }

}
