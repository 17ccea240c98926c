package dev.perflab.lab.load;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;

import org.HdrHistogram.Histogram;

/**
 * What one offer of load came back with: requests, how long, errors, the generator's own
 * latency summary, and every latency as an HdrHistogram in microseconds (so that windows
 * and agents can be merged exactly and any percentile read), plus the generator's raw
 * output to keep beside it.
 *
 * @param requests the requests the generator counts: wrk every answer, vegeta every
 * request sent
 * @param errors socket errors, timeouts and non-2xx/3xx answers
 * @param socketErrors the errors without an answer (connect, read, write, timeout)
 * @param successes the answers with a 2xx/3xx status: what req/s counts
 * @param output the generator's console output, kept as it printed it
 * @param summaryJson the generator's machine-readable summary, kept beside the output
 * @param agentRequests the requests each load agent sent, in the order of the agents,
 * when several agents offered the load together; empty for one generator
 */
public record LoadResult(long requests, long durationMicros, long errors, long socketErrors, long successes,
        LatencySummary latency, Histogram histogram, String output, String summaryJson, List<Long> agentRequests) {

    public LoadResult {
        if (socketErrors > errors || successes < 0) {
            throw new IllegalArgumentException("socket errors " + socketErrors + " are part of the errors " + errors
                    + ", and successes " + successes + " cannot be negative");
        }
        agentRequests = List.copyOf(agentRequests);
        if (!agentRequests.isEmpty() && agentRequests.stream().mapToLong(Long::longValue).sum() != requests) {
            throw new IllegalArgumentException(
                    "the agents' requests " + agentRequests + " do not add up to " + requests);
        }
    }

    /** One generator's result: no agents. */
    public LoadResult(long requests, long durationMicros, long errors, long socketErrors, long successes,
            LatencySummary latency, Histogram histogram, String output, String summaryJson) {
        this(requests, durationMicros, errors, socketErrors, successes, latency, histogram, output, summaryJson,
                List.of());
    }

    /**
     * The errors as the console prints them: "0 errors", or "N errors (a non-2xx, b
     * socket)".
     */
    public String errorsText() {
        return errors == 0 ? "0 errors"
                : errors + " errors (" + failedAnswers() + " non-2xx, " + socketErrors + " socket)";
    }

    /** Answers with a status outside 2xx/3xx. */
    public long failedAnswers() {
        return errors - socketErrors;
    }

    /**
     * Answers with a 2xx/3xx status per second: a gateway that answers 502 fast is not
     * fast.
     */
    public double requestsPerSecond() {
        return durationMicros == 0 ? 0 : successes / (durationMicros / 1_000_000.0);
    }

    static final List<String> PERCENTILES = List.of("50", "75", "90", "99", "99.9", "99.99");

    /**
     * Back-to-back offers as one: requests, time and errors added, histograms merged (so
     * every percentile is the whole span's, not an average of the parts'), the summary
     * read from the merged histogram, each agent's requests added up over the parts.
     */
    public static LoadResult merge(List<LoadResult> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        Histogram merged = mergedHistogram(parts);
        int agents = parts.get(0).agentRequests().size();
        List<Long> agentRequests = new ArrayList<>();
        if (parts.stream().allMatch(part -> part.agentRequests().size() == agents)) {
            for (int i = 0; i < agents; i++) {
                int agent = i;
                agentRequests.add(parts.stream().mapToLong(part -> part.agentRequests().get(agent)).sum());
            }
        }
        return new LoadResult(parts.stream().mapToLong(LoadResult::requests).sum(),
                parts.stream().mapToLong(LoadResult::durationMicros).sum(),
                parts.stream().mapToLong(LoadResult::errors).sum(),
                parts.stream().mapToLong(LoadResult::socketErrors).sum(),
                parts.stream().mapToLong(LoadResult::successes).sum(), summary(merged), merged, "", "", agentRequests);
    }

    /**
     * The same span offered by several agents at once, as one: requests and errors added,
     * histograms merged (every percentile is that of all the agents' requests together,
     * never an average of theirs), the span the longest agent's, and each agent's
     * requests kept in order.
     */
    public static LoadResult together(List<LoadResult> agents, String output, String summaryJson) {
        Histogram merged = mergedHistogram(agents);
        return new LoadResult(agents.stream().mapToLong(LoadResult::requests).sum(),
                agents.stream().mapToLong(LoadResult::durationMicros).max().orElse(0),
                agents.stream().mapToLong(LoadResult::errors).sum(),
                agents.stream().mapToLong(LoadResult::socketErrors).sum(),
                agents.stream().mapToLong(LoadResult::successes).sum(), summary(merged), merged, output, summaryJson,
                agents.stream().map(LoadResult::requests).toList());
    }

    private static Histogram mergedHistogram(List<LoadResult> parts) {
        Histogram merged = new Histogram(3);
        parts.forEach(part -> merged.add(part.histogram()));
        return merged;
    }

    /** The latency summary of a histogram in µs, in ms. */
    static LatencySummary summary(Histogram histogram) {
        Map<String, Double> percentiles = new LinkedHashMap<>();
        PERCENTILES.forEach(p -> percentiles.put(p, histogram.getValueAtPercentile(Double.parseDouble(p)) / 1000.0));
        return new LatencySummary(histogram.getMinValue() / 1000.0, histogram.getMean() / 1000.0,
                histogram.getStdDeviation() / 1000.0, histogram.getMaxValue() / 1000.0, percentiles);
    }

    /**
     * The histogram in HdrHistogram's compressed form, base64: what
     * {@code HistogramLogReader} and other tools read.
     */
    public String histogramBase64() {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.DEFAULT_COMPRESSION);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write(buffer.array(), 0, length);
        return Base64.getEncoder().encodeToString(bytes.toByteArray());
    }
}
