package dev.perflab.lab.system;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.perflab.lab.LabException;
import dev.perflab.lab.Durations;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The system {@code RUNTIME=remote} (and {@code kubernetes}) measures without starting
 * it, as the REMOTE file names it (see {@code lab/remote.example.yml}): where the load
 * goes for each target, and each app's Prometheus endpoint, from which its CPU and memory
 * are sampled. The file is read and checked before anything runs; a bad one is one line
 * naming the key.
 */
public record RemoteConfig(Path file, URI gateway, URI backend, Optional<URI> nginx, Optional<URI> authAdmin,
        Map<Service, URI> prometheus, Optional<String> token, Kubernetes kubernetes) {

    /** The {@code kubernetes:} section, read by {@code RUNTIME=kubernetes} only. */
    public record Kubernetes(Optional<String> context, Optional<String> namespace, Duration rolloutTimeout) {
    }

    private static final YAMLMapper YAML = YAMLMapper.builder().build();

    private static final List<String> KEYS = List.of("gateway", "business-service", "auth-service", "nginx", "token",
            "kubernetes");

    public static RemoteConfig load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new LabException("REMOTE file " + file
                    + " not found: copy lab/remote.example.yml and set the addresses of the system to measure");
        }
        JsonNode root;
        try {
            root = YAML.readTree(Files.readString(file));
        }
        catch (JacksonException ex) {
            String where = ex.getLocation() == null ? ""
                    : " at line " + ex.getLocation().getLineNr() + ", column " + ex.getLocation().getColumnNr();
            String first = String.valueOf(ex.getOriginalMessage()).lines().findFirst().orElse("").strip();
            throw new LabException("REMOTE file " + file + " is not valid YAML" + where + ": " + first, ex);
        }
        catch (IOException ex) {
            throw new LabException("cannot read the REMOTE file " + file + ": " + ex.getMessage(), ex);
        }
        if (root == null || !root.isObject()) {
            throw new LabException("REMOTE file " + file + " holds no settings: see lab/remote.example.yml");
        }
        Reader in = new Reader(file);
        in.only(root, "", KEYS);
        for (String service : List.of("gateway", "business-service", "auth-service")) {
            in.only(root.path(service), service + ".", List.of("url", "prometheus"));
        }
        in.only(root.path("nginx"), "nginx.", List.of("url"));
        in.only(root.path("kubernetes"), "kubernetes.", List.of("context", "namespace", "rollout_timeout"));
        Map<Service, URI> prometheus = new EnumMap<>(Service.class);
        for (Service service : Service.values()) {
            prometheus.put(service, in.required(root, service.id() + ".prometheus"));
        }
        Duration rollout = in.text(root, "kubernetes.rollout_timeout").map(value -> {
            try {
                return Durations.parse(value);
            }
            catch (RuntimeException ex) {
                throw new LabException("REMOTE file " + file + ": kubernetes.rollout_timeout '" + value
                        + "' is not a duration such as 300s or 5m");
            }
        }).orElse(Duration.ofMinutes(5));
        return new RemoteConfig(file, in.required(root, "gateway.url"), in.required(root, "business-service.url"),
                in.optional(root, "nginx.url"), in.optional(root, "auth-service.url"), prometheus,
                in.text(root, "token"),
                new Kubernetes(in.text(root, "kubernetes.context"), in.text(root, "kubernetes.namespace"), rollout));
    }

    /** The addresses, for run.json: what the load and the sampler used. */
    public Map<String, Object> describe() {
        Map<String, Object> addresses = new LinkedHashMap<>();
        addresses.put("file", file.toString());
        addresses.put("gateway", gateway.toString());
        addresses.put("business-service", backend.toString());
        nginx.ifPresent(url -> addresses.put("nginx", url.toString()));
        authAdmin.ifPresent(url -> addresses.put("auth-service", url.toString()));
        Map<String, String> scrapes = new LinkedHashMap<>();
        prometheus.forEach((service, url) -> scrapes.put(service.id(), url.toString()));
        addresses.put("prometheus", scrapes);
        return addresses;
    }

    /**
     * Reads keys by their dotted path, each problem one line naming the file and the key.
     */
    private record Reader(Path file) {

        void only(JsonNode node, String prefix, List<String> known) {
            if (node.isMissingNode() || node.isNull()) {
                return;
            }
            if (!node.isObject()) {
                throw new LabException("REMOTE file " + file + ": " + prefix.replaceAll("\\.$", "")
                        + " must be a section with " + String.join(", ", known));
            }
            for (Iterator<String> names = node.propertyNames().iterator(); names.hasNext();) {
                String name = names.next();
                if (!known.contains(name)) {
                    throw new LabException("REMOTE file " + file + ": unknown key " + prefix + name + " (known: "
                            + String.join(", ", known) + ")");
                }
            }
        }

        Optional<String> text(JsonNode root, String key) {
            JsonNode node = resolveParent(root, key).path(key.substring(key.lastIndexOf('.') + 1));
            if (node.isMissingNode() || node.isNull()) {
                return Optional.empty();
            }
            if (!node.isValueNode()) {
                throw new LabException("REMOTE file " + file + ": " + key + " must be a single value");
            }
            if (node.asString().isBlank()) {
                return Optional.empty();
            }
            return Optional.of(node.asString().trim());
        }

        Optional<URI> optional(JsonNode root, String key) {
            return text(root, key).map(value -> url(key, value));
        }

        URI required(JsonNode root, String key) {
            return optional(root, key).orElseThrow(() -> new LabException(
                    "REMOTE file " + file + ": " + key + " is missing (see lab/remote.example.yml)"));
        }

        /** The section a dotted key's last part is read from. */
        private static JsonNode resolveParent(JsonNode root, String key) {
            String[] parts = key.split("\\.");
            JsonNode node = root;
            for (int i = 0; i < parts.length - 1; i++) {
                node = node.path(parts[i]);
            }
            return node;
        }

        private URI url(String key, String value) {
            try {
                URI uri = new URI(value);
                if (!List.of("http", "https").contains(String.valueOf(uri.getScheme())) || uri.getHost() == null) {
                    throw new URISyntaxException(value, "not an http(s) address with a host");
                }
                return uri;
            }
            catch (URISyntaxException ex) {
                throw new LabException("REMOTE file " + file + ": " + key + " '" + value
                        + "' is not a URL such as http://127.0.0.1:38071/service/hello");
            }
        }
    }
}
