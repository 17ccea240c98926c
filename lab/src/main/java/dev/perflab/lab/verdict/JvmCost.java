package dev.perflab.lab.verdict;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What one JVM counted about itself in one sub-window, per request where it scales with
 * them: bytes its threads allocated, young collections and milliseconds in collections,
 * milliseconds of JIT compilation (above zero: the code was still changing in the
 * window), and context switches. The JVM counts allocation exactly per thread, so bytes
 * per request does not move with the machine's load the way CPU time does.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JvmCost(@JsonProperty("bytes_per_request") Double bytesPerRequest,
        @JsonProperty("young_gcs") Long youngGcs, @JsonProperty("gc_ms") Long gcMs, @JsonProperty("jit_ms") Long jitMs,
        @JsonProperty("switches_per_request") Double switchesPerRequest) {

    /** Whether the JIT compiled in the window. */
    public boolean jitBusy() {
        return jitMs != null && jitMs > 0;
    }
}
