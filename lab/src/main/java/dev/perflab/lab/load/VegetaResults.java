package dev.perflab.lab.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.perflab.lab.LabException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads vegeta's results, one JSON object per request as {@code vegeta encode -to=json}
 * prints them, and counts every latency from the request's INTENDED send time, not from
 * when vegeta sent it.
 * <p>
 * vegeta's constant pacer intends request {@code seq} for
 * {@code start + (seq + 1) × interval}; its own latency starts when a worker picked the
 * request up. On a busy machine, or with its workers capped, the pick-up comes late, and
 * that wait is exactly what a closed loop leaves out (coordinated omission). So each
 * latency here is {@code lateness + vegeta's latency}, with {@code start} the earliest
 * schedule any result allows (no request is sent before it is due).
 */
public final class VegetaResults {

    static final String[] PERCENTILES = { "50", "75", "90", "99", "99.9", "99.99" };

    private static final JsonMapper JSON = JsonMapper.builder()
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();

    private VegetaResults() {
    }

    /**
     * One line of vegeta's JSON results: latency in ns, an empty error when none, the
     * target's URL (vegeta 12.8 and later).
     */
    record Line(long seq, int code, String timestamp, long latency, String error, String url) {
    }

    /**
     * One request as read: its sequence number, when it was sent (epoch ns), its latency
     * (ns), whether it failed, whether an answer came (status 0: none), its URL.
     */
    private record Send(long seq, long sentNanos, long latencyNanos, boolean error, boolean answered, String url) {
    }

    /**
     * What one attack came back with, latency from the intended send time.
     *
     * @param requests requests vegeta sent
     * @param errors transport errors, timeouts and answers outside 2xx/3xx
     * @param socketErrors the errors without an answer (transport errors, timeouts)
     * @param scheduleMicros from the start of the schedule to the last send (on schedule:
     * requests × interval)
     * @param windowMicros from the start of the schedule to the last answer
     * @param maxLatenessMicros the latest any request was sent after it was due
     * @param histogram every request's latency from its intended send time, µs
     */
    public record Parsed(long requests, long errors, long socketErrors, long scheduleMicros, long windowMicros,
            long maxLatenessMicros, Histogram histogram) {

        /**
         * Requests per second sent over the schedule: the offered rate when vegeta kept
         * up.
         */
        public double sentRps() {
            return scheduleMicros == 0 ? 0 : requests / (scheduleMicros / 1e6);
        }

        /**
         * Answered requests without an error per second, from the first due request to
         * the last answer.
         */
        public double achievedRps() {
            return windowMicros == 0 ? 0 : successes() / (windowMicros / 1e6);
        }

        /** Requests answered without an error (2xx/3xx). */
        public long successes() {
            return requests - errors;
        }

        public LatencySummary latency() {
            if (histogram.getTotalCount() == 0) {
                Map<String, Double> zeros = new LinkedHashMap<>();
                for (String p : PERCENTILES) {
                    zeros.put(p, 0.0);
                }
                return new LatencySummary(0, 0, 0, 0, zeros);
            }
            Map<String, Double> percentiles = new LinkedHashMap<>();
            for (String p : PERCENTILES) {
                percentiles.put(p, ms(histogram.getValueAtPercentile(Double.parseDouble(p))));
            }
            return new LatencySummary(ms(histogram.getMinValue()), ms(histogram.getMean()),
                    ms(histogram.getStdDeviation()), ms(histogram.getMaxValue()), percentiles);
        }

        private static double ms(double micros) {
            return Math.round(micros) / 1000.0;
        }
    }

    /** Parses the results of an attack at {@code rate} requests per second. */
    public static Parsed parse(Reader jsonLines, int rate) {
        long intervalNanos = interval(rate);
        List<Send> sends = read(jsonLines);
        return summarise(sends, start(sends, intervalNanos), intervalNanos);
    }

    /**
     * Parses the results of one attack at {@code rate} requests per second in all that
     * vegeta sent round-robin to several targets, each target's requests apart (keyed by
     * URL, in the order first seen). Every latency still counts from the intended send
     * time of the one schedule they shared. Rate 0 is the closed loop, which has no
     * schedule: a request is due when it is sent.
     */
    public static Map<String, Parsed> parseByUrl(Reader jsonLines, int rate) {
        long intervalNanos = rate == 0 ? 0 : interval(rate);
        List<Send> sends = read(jsonLines);
        long start = start(sends, intervalNanos);
        Map<String, List<Send>> byUrl = new LinkedHashMap<>();
        for (Send send : sends) {
            if (send.url() == null) {
                throw new LabException("vegeta's results name no URL per request (vegeta 12.8 or later writes one)");
            }
            byUrl.computeIfAbsent(send.url(), url -> new ArrayList<>()).add(send);
        }
        Map<String, Parsed> parsed = new LinkedHashMap<>();
        byUrl.forEach((url, own) -> parsed.put(url, summarise(own, start, intervalNanos)));
        return parsed;
    }

    private static long interval(int rate) {
        if (rate < 1) {
            throw new IllegalArgumentException("rate must be at least 1 request per second, got " + rate);
        }
        return 1_000_000_000L / rate;
    }

    private static List<Send> read(Reader jsonLines) {
        List<Send> sends = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(jsonLines)) {
            String text;
            int number = 0;
            while ((text = reader.readLine()) != null) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                Line line = line(text, number);
                boolean error = !line.error().isEmpty() || line.code() < 200 || line.code() >= 400;
                sends.add(new Send(line.seq(), epochNanos(line.timestamp(), number), line.latency(), error,
                        line.code() != 0, line.url()));
            }
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
        return sends;
    }

    /** The earliest schedule the results allow: no request is sent before it is due. */
    private static long start(List<Send> sends, long intervalNanos) {
        long start = Long.MAX_VALUE;
        for (Send send : sends) {
            start = Math.min(start, send.sentNanos() - (send.seq() + 1) * intervalNanos);
        }
        return start;
    }

    private static Parsed summarise(List<Send> sends, long start, long intervalNanos) {
        Histogram histogram = new Histogram(3);
        if (sends.isEmpty()) {
            return new Parsed(0, 0, 0, 0, 0, 0, histogram);
        }
        long lastSend = Long.MIN_VALUE;
        long lastAnswer = Long.MIN_VALUE;
        long maxLateness = 0;
        long errors = 0;
        long socketErrors = 0;
        for (Send send : sends) {
            long intended = intervalNanos == 0 ? send.sentNanos() : start + (send.seq() + 1) * intervalNanos;
            long lateness = send.sentNanos() - intended;
            maxLateness = Math.max(maxLateness, lateness);
            histogram.recordValue(Math.max(1, Math.round((lateness + send.latencyNanos()) / 1000.0)));
            lastSend = Math.max(lastSend, send.sentNanos());
            lastAnswer = Math.max(lastAnswer, send.sentNanos() + send.latencyNanos());
            errors += send.error() ? 1 : 0;
            socketErrors += send.error() && !send.answered() ? 1 : 0;
        }
        return new Parsed(sends.size(), errors, socketErrors, (lastSend - start) / 1000, (lastAnswer - start) / 1000,
                maxLateness / 1000, histogram);
    }

    private static Line line(String text, int number) {
        try {
            Line line = JSON.readValue(text, Line.class);
            if (line.timestamp() == null) {
                throw new LabException("vegeta's result line " + number + " has no timestamp: " + abbreviate(text));
            }
            return line.error() == null
                    ? new Line(line.seq(), line.code(), line.timestamp(), line.latency(), "", line.url()) : line;
        }
        catch (JacksonException ex) {
            throw new LabException("vegeta's result line " + number
                    + " is not the JSON 'vegeta encode -to=json' writes: " + abbreviate(text));
        }
    }

    private static long epochNanos(String timestamp, int number) {
        try {
            Instant instant = OffsetDateTime.parse(timestamp).toInstant();
            return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
        }
        catch (DateTimeParseException ex) {
            throw new LabException("vegeta's result line " + number + " has an unreadable timestamp: " + timestamp);
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }

}
