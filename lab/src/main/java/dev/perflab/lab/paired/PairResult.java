package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What is left of the pair's second result type: its warm-up record, which the one
 * warm-up class takes in. A pair's result is a {@link LineupResult}, the smallest lineup.
 */
public final class PairResult {

    private PairResult() {
    }

    /**
     * How long a warm-up took, in how many parts, whether it ended because the JITs went
     * quiet (else WARMUP ran out), and the load it warmed with (WARMUP_LOAD).
     */
    public record Warmup(Duration took, int parts, boolean quiet, WarmUp.Load load) {

        Map<String, Object> json() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("took_s", round(took.toMillis() / 1000.0, 1));
            json.put("parts", parts);
            json.put("load", load.id());
            json.put("ended",
                    quiet ? "the JIT went quiet in both gateways" : "WARMUP ran out before the JIT went quiet");
            return json;
        }
    }

    private static double round(double value, int digits) {
        return Numbers.round(value, digits);
    }

}
