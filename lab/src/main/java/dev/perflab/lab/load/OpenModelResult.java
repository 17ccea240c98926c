package dev.perflab.lab.load;

/**
 * One window of open-model load: what came back, at what rate it was offered, at what
 * rate the generator actually sent, and at what rate answers without an error came back.
 *
 * @param result requests, errors and every latency from the request's intended send time
 * @param offeredRps the constant arrival rate asked for
 * @param sentRps requests sent per second over the schedule (below offered when the
 * generator fell behind)
 * @param achievedRps answers without an error per second, from the first due request to
 * the last answer
 * @param maxLatenessMicros the latest any request left after it was due (counted in its
 * latency)
 */
public record OpenModelResult(LoadResult result, double offeredRps, double sentRps, double achievedRps,
        long maxLatenessMicros) {
}
