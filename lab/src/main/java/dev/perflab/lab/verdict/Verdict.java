package dev.perflab.lab.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a step did, from the 95 % interval of its ratio: the interval above 1, below 1, or
 * around it.
 */
public enum Verdict {

    FASTER("faster"), SLOWER("slower"), NO_DIFFERENCE("no difference beyond noise");

    private final String words;

    Verdict(String words) {
        this.words = words;
    }

    @JsonValue
    public String words() {
        return words;
    }

    public static Verdict from(String words) {
        for (Verdict verdict : values()) {
            if (verdict.words.equals(words)) {
                return verdict;
            }
        }
        throw new IllegalArgumentException("no verdict '" + words + "'");
    }

}
