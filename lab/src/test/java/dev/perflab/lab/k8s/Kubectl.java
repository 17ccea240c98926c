package dev.perflab.lab.k8s;

import dev.perflab.lab.OptionalTools;
import dev.perflab.lab.compose.Tools;
import dev.perflab.lab.system.Commands;

/** The kubectl the tests of deploy/k8s render with. */
final class Kubectl {

    private Kubectl() {
    }

    /**
     * Skips (fails under CI=true) unless kubectl can render a kustomization: Debian 12's
     * kubectl 1.20 embeds kustomize v2, which cannot read a current kustomization;
     * kubectl names its kustomize version from 1.24 (kustomize v4.5) on.
     */
    static void need() {
        Commands.Result kubectl = Tools.run("kubectl", "version", "--client");
        OptionalTools.need(kubectl.ok() && kubectl.output().contains("Kustomize Version: v"),
                "kubectl 1.24 or later is missing (kubectl kustomize renders deploy/k8s)");
    }

}
