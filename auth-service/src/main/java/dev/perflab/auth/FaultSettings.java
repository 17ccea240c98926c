package dev.perflab.auth;

import java.util.concurrent.ThreadLocalRandom;

import org.springframework.stereotype.Component;

import dev.perflab.common.LatencySpec;

/**
 * The latency and error rate in force; replaced atomically so a request sees one
 * consistent pair.
 */
@Component
class FaultSettings {

    record Faults(LatencySpec latency, double errorRate) {

        Faults {
            if (!(errorRate >= 0.0 && errorRate <= 1.0)) {
                throw new IllegalArgumentException(
                        "error rate must be a share between 0 and 1 (0.05 = 5 % of answers are 500), got " + errorRate);
            }
        }
    }

    private volatile Faults current;

    FaultSettings(AuthProperties properties) {
        this.current = new Faults(LatencySpec.parse(properties.latency()), properties.errorRate());
    }

    Faults current() {
        return current;
    }

    void set(Faults faults) {
        this.current = faults;
    }

    boolean failNow() {
        double rate = current.errorRate();
        return rate > 0 && ThreadLocalRandom.current().nextDouble() < rate;
    }

}
