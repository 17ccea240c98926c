package dev.perflab.lab.paired;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.perflab.lab.verdict.PairedRatio;

/**
 * FAIL_ON's outcome for a step on CPU per request: held only when the passes decided that
 * the step's B is not significantly costlier than its A by more than the limit. A gate
 * that cannot decide (a side failed too many requests, a pass measured nothing, fewer
 * than two passes) fails, with the reason in {@code why}: a broken gateway must not pass
 * as cheap. Jackson writes it as pair.json's {@code gate}: held as {@code failed}, with
 * the metric it gates.
 */
@JsonPropertyOrder({ "fail_on", "gates", "failed", "decided", "why" })
public record Gate(@JsonProperty("fail_on") String limit, @JsonIgnore boolean held, boolean decided, String why) {

    /** The metric FAIL_ON gates: the cost the lab is about, which noise moves least. */
    public static final PairedMetric GATED = PairedMetric.CPU;

    /**
     * @param a the step's A, as its lines name it ("A" in a pair)
     * @param b the step's B
     * @param gated the step's ratio on {@link #GATED}; null when none was read
     * @param noVerdict why the step has no verdict; null when it has one
     */
    static Gate of(String a, String b, String limit, double threshold, PairedRatio gated, String noVerdict) {
        String metric = GATED.label();
        if (gated == null || gated.verdict() == null) {
            String reason = noVerdict != null ? noVerdict
                    : gated == null ? "no pass was measured" : "fewer than two passes, no interval";
            return new Gate(limit, false, false,
                    "the gate cannot decide whether " + b + " is costlier than " + a + " in " + metric + ": " + reason);
        }
        boolean costlier = gated.worseBeyond(threshold, false);
        return new Gate(limit, !costlier, true, b + " is " + (costlier ? "" : "not ") + "significantly costlier than "
                + a + " by more than " + limit + " in " + metric + " (" + gated.describe() + ")");
    }

    /** The metric gated, by its label. */
    @JsonProperty("gates")
    public String gates() {
        return GATED.label();
    }

    @JsonProperty("failed")
    public boolean failed() {
        return !held;
    }

}
