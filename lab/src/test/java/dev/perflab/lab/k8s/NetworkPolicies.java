package dev.perflab.lab.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rendered NetworkPolicies read by the API's rules, for {@link KustomizeTests}: who
 * may open a connection to which port of which app.
 */
final class NetworkPolicies {

    /** The label Kubernetes gives every namespace: its name. */
    private static final String NAMESPACE = "kubernetes.io/metadata.name";

    /** The apps' own namespace, as a peer's. */
    static final Map<String, String> OWN = Map.of(NAMESPACE, "perflab");

    /** The namespace whose scrapers reach the actuator. */
    static final Map<String, String> MONITORING = Map.of(NAMESPACE, "monitoring");

    /** Any other namespace. */
    static final Map<String, String> OTHER = Map.of(NAMESPACE, "tenant");

    private NetworkPolicies() {
    }

    /**
     * Whether the rendered NetworkPolicies let a pod with {@code labels}, in a namespace
     * with {@code namespace}'s labels ({@link #OWN}: the apps'), open a connection to
     * {@code app}'s named container port, by the API's rules: a pod no Ingress policy
     * selects admits everything; otherwise some rule of a selecting policy must match
     * both the peer and the port. Only pod and namespace selectors are read (an ipBlock
     * fails the test: it would need addresses).
     */
    static boolean admits(Map<String, JsonNode> objects, String app, String portName, Map<String, String> labels,
            Map<String, String> namespace) {
        JsonNode container = KustomizeTests.container(objects, app);
        String port = KustomizeTests.containerPort(container, StringNode.valueOf(portName));
        Map<String, String> target = podLabels(objects, app);
        boolean isolated = false;
        for (var object : objects.entrySet()) {
            if (!object.getKey().startsWith("NetworkPolicy/")) {
                continue;
            }
            JsonNode spec = object.getValue().path("spec");
            boolean ingress = !spec.has("policyTypes") || spec.path("policyTypes").toString().contains("Ingress");
            if (!ingress || !selects(spec.path("podSelector"), target)) {
                continue;
            }
            isolated = true;
            for (JsonNode rule : spec.path("ingress")) {
                boolean portMatches = rule.path("ports").isEmpty();
                for (JsonNode allowed : rule.path("ports")) {
                    portMatches |= KustomizeTests.containerPort(container, allowed.path("port")).equals(port);
                }
                boolean peerMatches = rule.path("from").isEmpty();
                for (JsonNode peer : rule.path("from")) {
                    assertThat(peer.has("ipBlock")).as(object.getKey() + " ipBlock").isFalse();
                    // without a namespaceSelector a peer is a pod of the policy's
                    // namespace
                    boolean inNamespace = peer.has("namespaceSelector")
                            ? selects(peer.path("namespaceSelector"), namespace) : namespace.equals(OWN);
                    boolean pod = !peer.has("podSelector") || selects(peer.path("podSelector"), labels);
                    peerMatches |= inNamespace && pod;
                }
                if (portMatches && peerMatches) {
                    return true;
                }
            }
        }
        return !isolated;
    }

    /** Whether a label selector (matchLabels, matchExpressions) selects these labels. */
    private static boolean selects(JsonNode selector, Map<String, String> labels) {
        for (var entry : selector.path("matchLabels").properties()) {
            if (!entry.getValue().asString().equals(labels.get(entry.getKey()))) {
                return false;
            }
        }
        for (JsonNode expression : selector.path("matchExpressions")) {
            String value = labels.get(expression.path("key").asString());
            List<String> values = new ArrayList<>();
            expression.path("values").forEach(v -> values.add(v.asString()));
            boolean matches = switch (expression.path("operator").asString()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> throw new AssertionError("selector operator " + expression.path("operator"));
            };
            if (!matches) {
                return false;
            }
        }
        return true;
    }

    /** The labels of an app's pods (its Deployment's template). */
    static Map<String, String> podLabels(Map<String, JsonNode> objects, String app) {
        Map<String, String> labels = new TreeMap<>();
        KustomizeTests.deployment(objects, app)
            .path("spec")
            .path("template")
            .path("metadata")
            .path("labels")
            .properties()
            .forEach(entry -> labels.put(entry.getKey(), entry.getValue().asString()));
        return labels;
    }

}
