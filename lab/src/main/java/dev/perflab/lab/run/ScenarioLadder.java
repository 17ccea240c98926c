package dev.perflab.lab.run;

import dev.perflab.lab.result.TargetKind;
import dev.perflab.lab.targets.Targets;

import dev.perflab.lab.result.Scenario;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.perflab.lab.LabException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The scenarios of {@code make lab} and the sweep, read from {@code lab/scenarios.yml}.
 */
public record ScenarioLadder(List<Scenario> rungs, Sweep sweep, List<String> capacity) {

    public record Sweep(List<String> latencies, List<String> clients, List<String> profiles) {
    }

    private static final YAMLMapper YAML = YAMLMapper.builder()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();

    public static ScenarioLadder load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new LabException(
                    "scenario file " + file + " not found: run from the repository root or pass --scenarios");
        }
        ScenarioLadder ladder;
        try {
            ladder = YAML.readValue(file.toFile(), ScenarioLadder.class);
        }
        catch (JacksonException ex) {
            throw new LabException("scenario file " + file + " is not valid: " + ex.getOriginalMessage(), ex);
        }
        ladder.validate(file);
        return ladder;
    }

    private void validate(Path file) {
        if (rungs == null || rungs.isEmpty()) {
            throw new LabException("scenario file " + file + " lists no rungs");
        }
        Set<String> names = new HashSet<>();
        for (Scenario rung : rungs) {
            if (rung.name() == null || !rung.name().matches("[a-z0-9][a-z0-9-]*")) {
                throw new LabException("scenario file " + file + ": rung name '" + rung.name()
                        + "' must be lower-case letters, digits and dashes");
            }
            if (!names.add(rung.name())) {
                throw new LabException("scenario file " + file + ": rung '" + rung.name() + "' appears twice");
            }
            boolean nginxCache = rung.target() == TargetKind.NGINX
                    && rung.profiles().equals(List.of(Targets.NGINX_AUTH_CACHE));
            if (rung.target() != TargetKind.GATEWAY && !rung.profiles().isEmpty() && !nginxCache) {
                throw new LabException("scenario file " + file + ": rung '" + rung.name()
                        + "' sets gateway profiles but does not drive the gateway" + (rung.target() == TargetKind.NGINX
                                ? " (an nginx rung takes only [" + Targets.NGINX_AUTH_CACHE + "])" : ""));
            }
            if (rung.target() != TargetKind.GATEWAY && (rung.javaOpts() != null || rung.jdk() != null)) {
                throw new LabException("scenario file " + file + ": rung '" + rung.name()
                        + "' sets java_opts or jdk, which are the gateway's, but does not drive the gateway");
            }
        }
    }

    /**
     * The ladder for the user's own gateway: its rungs that drive the lab's gateway set
     * the lab's own profiles, which mean nothing to another gateway, so they become one
     * rung, {@code own}, where the first of them stood; the baseline and the nginx
     * reference stay. The capacity list follows.
     */
    public ScenarioLadder withForeignGateway(Scenario own) {
        List<Scenario> adapted = new ArrayList<>();
        for (Scenario rung : rungs) {
            if (rung.target() != TargetKind.GATEWAY) {
                adapted.add(rung);
            }
            else if (!adapted.contains(own)) {
                adapted.add(own);
            }
        }
        List<String> gatewayRungs = rungs.stream()
            .filter(rung -> rung.target() == TargetKind.GATEWAY)
            .map(Scenario::name)
            .toList();
        List<String> adaptedCapacity = capacity == null ? null
                : capacity.stream().map(name -> gatewayRungs.contains(name) ? own.name() : name).distinct().toList();
        return new ScenarioLadder(adapted, sweep, adaptedCapacity);
    }

    /**
     * The rungs make capacity measures: those named, else the file's capacity: list, else
     * every rung.
     */
    public List<Scenario> capacityRungs(List<String> only) {
        if ((only == null || only.isEmpty()) && capacity != null && !capacity.isEmpty()) {
            return select(capacity);
        }
        return select(only);
    }

    /** The rungs named, in ladder order; all of them when none is named. */
    public List<Scenario> select(List<String> only) {
        if (only == null || only.isEmpty()) {
            return rungs;
        }
        List<String> known = rungs.stream().map(Scenario::name).toList();
        for (String name : only) {
            if (!known.contains(name)) {
                throw new LabException("unknown scenario '" + name + "'; scenarios: " + String.join(", ", known));
            }
        }
        List<Scenario> selected = new ArrayList<>();
        rungs.stream().filter(rung -> only.contains(rung.name())).forEach(selected::add);
        return selected;
    }
}
