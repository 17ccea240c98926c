package dev.perflab.lab.targets;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.perflab.lab.LabException;
import dev.perflab.lab.metrics.ActuatorMetrics;
import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.system.Apps;
import dev.perflab.lab.system.Service;

/**
 * What the lab's own gateway says of itself in its metrics: the mode it runs in and where
 * its time goes. Only the lab's gateway exports these; a foreign gateway, or a rung
 * without a gateway, has none.
 */
public final class GatewayMetrics {

    private GatewayMetrics() {
    }

    /**
     * The gateway's mode as its own metrics report it; on a gateway as deployed
     * (RUNTIME=remote or kubernetes) without the lab's metric, unknown rather than
     * guessed; null for a foreign gateway the lab started, whose mode it cannot read.
     */
    public static Map<String, String> mode(Apps apps, boolean asDeployed) {
        return apps.find(Service.GATEWAY).filter(gateway -> !gateway.foreign()).map(gateway -> {
            ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
            if (!asDeployed) {
                return observedMode(metrics);
            }
            try {
                if (!metrics.tags("lab.gateway.mode").isEmpty()) {
                    return observedMode(metrics);
                }
            }
            catch (LabException unreadable) {
                // the same as a gateway without the metric
            }
            return Map.of("mode", "unknown (the gateway exports no lab.gateway.mode metric)");
        }).orElse(null);
    }

    /** The mode the gateway reports in its own metric tags. */
    private static Map<String, String> observedMode(ActuatorMetrics gateway) {
        Map<String, String> mode = new LinkedHashMap<>();
        gateway.tags("lab.gateway.mode").forEach((tag, values) -> {
            if (!tag.equals("application")) {
                mode.put(tag, String.join(",", values));
            }
        });
        mode.put("event_loop_threads",
                Long.toString(Math.round(gateway.statistic("lab.gateway.event.loop.threads", Map.of(), "VALUE"))));
        return mode;
    }

    /** Counters read before and after the measured window, for where the time goes. */
    public record Timings(double authCount, double authSeconds, double serverCount, double serverSeconds) {

        /** No gateway of the lab's: nothing counted. */
        public static final Timings NONE = new Timings(0, 0, 0, 0);

        /**
         * The counters now; null when the gateway did not answer (its times are then
         * unknown: a gateway that stopped answering fails the rung through its scrapes,
         * which the rung cannot do without, not through these figures on the side).
         */
        public static Timings read(Apps apps) {
            return apps.find(Service.GATEWAY).filter(gateway -> !gateway.foreign()).map(gateway -> {
                ActuatorMetrics metrics = new ActuatorMetrics(gateway.baseUri());
                try {
                    return new Timings(metrics.count("lab.auth.call", Map.of("outcome", "allowed")),
                            metrics.statistic("lab.auth.call", Map.of("outcome", "allowed"), "TOTAL_TIME"),
                            metrics.count("reactor.netty.http.server.response.time", Map.of()),
                            metrics.statistic("reactor.netty.http.server.response.time", Map.of(), "TOTAL_TIME"));
                }
                catch (LabException unanswered) {
                    return null;
                }
            }).orElse(new Timings(0, 0, 0, 0));
        }

        /**
         * The mean auth call and server time between two readings; null when either is
         * missing.
         */
        public static RungResult.GatewayTimes between(Timings before, Timings after) {
            return before == null || after == null ? null : before.until(after);
        }

        /** The mean auth call and server time between this reading and a later one. */
        public RungResult.GatewayTimes until(Timings after) {
            return new RungResult.GatewayTimes(meanMs(authCount, after.authCount, authSeconds, after.authSeconds),
                    meanMs(serverCount, after.serverCount, serverSeconds, after.serverSeconds));
        }

        static Double meanMs(double countBefore, double countAfter, double secondsBefore, double secondsAfter) {
            double count = countAfter - countBefore;
            return count <= 0 ? null : Math.round((secondsAfter - secondsBefore) / count * 1000 * 1000) / 1000.0;
        }
    }

}
