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
     * A side RUNTIME=compose cannot run, in one line: a gateway jar or a JDK of its own
     * (a container runs its image's Java); nothing on the local runtime.
     */
    public static void refuse(RuntimeKind runtime, List<Side> sides) {
        require(runtime);
        if (runtime != RuntimeKind.COMPOSE) {
            return;
        }
        for (Side side : sides) {
            if (side.kind() instanceof Side.OwnJar) {
                throw new LabException(side.label() + " (" + side.given() + "): a gateway jar runs on RUNTIME=local; "
                        + "on RUNTIME=compose a side is the lab's gateway image with Spring profiles, or nginx");
            }
            if (side.javaHome() != null) {
                throw new LabException(side.label() + ": a JDK of its own runs on RUNTIME=local; "
                        + "on RUNTIME=compose a gateway runs on its image's Java");
            }
        }
    }

}
