package dev.perflab.gateway.requestid;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Where request ids come from ({@code lab.request-id}): {@code uuid} is {@link UUID#randomUUID()},
 * backed by a shared SecureRandom (what the published code did, and where it saw lock contention);
 * {@code fast} is 64 bits from {@link ThreadLocalRandom} as 16 hex digits, unique enough for tracing.
 */
enum RequestIdGenerator implements Supplier<String> {

    UUID_SECURE_RANDOM("uuid") {
        @Override
        public String get() {
            return UUID.randomUUID().toString();
        }
    },
    FAST("fast") {
        @Override
        public String get() {
            return String.format("%016x", ThreadLocalRandom.current().nextLong());
        }
    };

    private final String property;

    RequestIdGenerator(String property) {
        this.property = property;
    }

    static RequestIdGenerator of(String property) {
        for (RequestIdGenerator generator : values()) {
            if (generator.property.equals(property)) {
                return generator;
            }
        }
        throw new IllegalArgumentException("lab.request-id must be uuid or fast, not '" + property + "'");
    }
}
