package dev.perflab.gateway.requestid;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import dev.perflab.common.ModeValue;

import static java.util.UUID.randomUUID;

/**
 * Where request ids come from ({@code lab.request-id}): {@code uuid} is
 * {@link java.util.UUID#randomUUID()}, backed by a shared SecureRandom (what the
 * published code did, and where it saw lock contention); {@code fast} is 64 bits from
 * {@link ThreadLocalRandom} as 16 hex digits, unique enough for tracing.
 */
public enum RequestIdGenerator implements Supplier<String>, ModeValue {

    UUID {
        @Override
        public String get() {
            return randomUUID().toString();
        }
    },
    FAST {
        @Override
        public String get() {
            return String.format("%016x", ThreadLocalRandom.current().nextLong());
        }
    }

}
