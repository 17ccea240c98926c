package dev.perflab.lab.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.result.RunParameters;
import tools.jackson.databind.JsonNode;

/**
 * What every section is built from: the run's folder, its run.json and its rungs as
 * summary.json has them, with the few questions several sections ask of them.
 *
 * @param dir where each rung's {@code dir} (stats.log, faults.log) is found
 * @param error why the run stopped early (error.txt), or null
 */
record RunFacts(Path dir, JsonNode info, List<RungResult> rungs, String error) {

    RunFacts(Path dir, JsonNode info, List<RungResult> rungs) {
        this(dir, info, rungs, null);
    }

    /** run.json's parameters, typed. */
    RunParameters parameters() {
        return RunParameters.of(info);
    }

    /**
     * Whether any rung was (or was to be) measured at the fixed offered rate after its
     * closed loop.
     */
    /**
     * Whether any step compared the bytes the gateway allocated per request (runs that
     * counted them).
     */
    boolean anyBytes() {
        return rungs.stream().anyMatch(r -> r.verdict() != null && r.verdict().gatewayBytesPerRequest() != null);
    }

    /** Whether the warm-ups said why they ended (runs since the reason was recorded). */
    boolean warmupReasons() {
        return rungs.stream().anyMatch(r -> r.warmup() != null && r.warmup().reason() != null);
    }

    boolean anyAtRate() {
        return rungs.stream().anyMatch(r -> r.atRate() != null);
    }

    /** The fixed offered rate as printed, or an empty string when no rung has one. */
    String offeredRate() {
        return rungs.stream()
            .filter(r -> r.atRate() != null)
            .findFirst()
            .map(r -> Cells.count(r.atRate().offered()))
            .orElse("");
    }

    /**
     * The first measured rung on this target (backend for the baseline, nginx for the
     * reference).
     */
    Optional<RungResult> reference(String target) {
        return rungs.stream().filter(r -> r.target().equals(target) && r.measured()).findFirst();
    }

    /** Whether the user's own gateway ran instead of the lab's. */
    boolean foreignGateway() {
        return info.path("gateway").path("foreign").asBoolean(false);
    }
}
