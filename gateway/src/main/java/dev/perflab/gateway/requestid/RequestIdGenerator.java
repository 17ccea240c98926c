package dev.perflab.gateway.requestid;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

import dev.perflab.common.ModeValue;
import dev.perflab.lean.LeanRequestIdFilter;

import static java.util.UUID.randomUUID;

/**
 * Where request ids come from ({@code lab.request-id}): {@code uuid} is
 * {@link java.util.UUID#randomUUID()}, backed by a shared SecureRandom (what the
 * published code did, and where it saw lock contention); {@code fast} is 64 bits from
 * {@link ThreadLocalRandom} as 16 hex digits, unique enough for tracing; {@code lean} is
 * gateway-lean's request id ({@code lean.gateway.request-id-header}): the same 16 hex
 * digits, as an exchange attribute and a header of the routed request, without
 * {@code exchange.mutate()}.
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
    },
    LEAN {
        @Override
        public String get() {
            return LeanRequestIdFilter.next();
        }
    }

}
