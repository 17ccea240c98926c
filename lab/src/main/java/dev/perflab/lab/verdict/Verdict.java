package dev.perflab.lab.verdict;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a step did to one metric, from the 95 % interval of its ratio (the interval above
 * 1, below 1, or around it), in that metric's words ({@link Quantity}): faster or slower
 * for req/s and latency, cheaper or costlier for CPU per request, fewer or more for bytes
 * per request. Files written before the words depended on the metric said faster and
 * slower for every metric; they are still read, as the better and the worse verdict.
 */
public enum Verdict {

    FASTER("faster", 1), SLOWER("slower", -1), CHEAPER("cheaper", 1), COSTLIER("costlier", -1), FEWER("fewer", 1),
    MORE("more", -1), NO_DIFFERENCE("no difference beyond noise", 0);

    private final String words;

    private final int sign;

    Verdict(String words, int sign) {
        this.words = words;
        this.sign = sign;
    }

    @JsonValue
    public String words() {
        return words;
    }

    /** Whether the step made the metric better beyond noise: faster, cheaper, fewer. */
    public boolean better() {
        return sign > 0;
    }

    /** Whether the step made the metric worse beyond noise: slower, costlier, more. */
    public boolean worse() {
        return sign < 0;
    }

    /** The verdict with these words, the old ones (faster, slower for any metric) too. */
    @JsonCreator
    public static Verdict from(String words) {
        for (Verdict verdict : values()) {
            if (verdict.words.equals(words)) {
                return verdict;
            }
        }
        throw new IllegalArgumentException("no verdict '" + words + "'");
    }

}
