package dev.perflab.lab.cli;

import dev.perflab.lab.runtime.RuntimeKind;
import picocli.CommandLine.Option;

/**
 * RUNTIME, declared once: mixed into the options of the commands that run one rung after
 * the other ({@link SystemOptions}) and of the paired ones ({@link PairOptions}).
 */
public class RuntimeOption {

    @Option(names = "--runtime", defaultValue = "${env:RUNTIME:-local}",
            description = "local (JVM processes, default), compose (Docker Compose), remote (a system the lab did not start, at the REMOTE file's addresses) "
                    + "or kubernetes (remote, after kubectl apply -k of each rung's overlay in deploy/k8s/overlays).")
    String runtime;

    /** RUNTIME, typed. */
    RuntimeKind kind() {
        return RuntimeKind.parse(runtime);
    }

}
