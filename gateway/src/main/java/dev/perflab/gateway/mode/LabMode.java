package dev.perflab.gateway.mode;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.perflab.gateway.auth.AuthProperties;
import dev.perflab.gateway.blockhound.BlockingCallRecorder;
import dev.perflab.gateway.logging.RequestLoggingProperties;
import dev.perflab.gateway.netty.EventLoops;
import dev.perflab.gateway.requestid.RequestIdProperties;
import dev.perflab.lean.LoopLocalPoolsAutoConfiguration;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The combination this gateway really runs with, so a run can prove which mode it
 * measured: logged once at start-up, published as the gauge {@code lab.gateway.mode}
 * (value 1, the mode in its tags) and under {@code lab} in {@code /actuator/info}.
 * {@code blockhound=on} means BlockHound reported a deliberate blocking call at start-up,
 * not merely that the profile asked for it.
 */
@Component
class LabMode implements InfoContributor {

    private static final Logger log = LoggerFactory.getLogger(LabMode.class);

    private final Map<String, String> mode = new LinkedHashMap<>();

    LabMode(Environment environment, AuthProperties auth, RequestLoggingProperties logging,
            RequestIdProperties requestId, MeterRegistry registry, ObjectProvider<BlockingCallRecorder> blockHound) {
        String[] profiles = environment.getActiveProfiles();
        mode.put("auth_client", auth.client().tag());
        mode.put("logging", logging.logging().tag());
        mode.put("request_id", requestId.requestId().tag());
        mode.put("auth_cache", onOff(environment.getProperty("lab.auth.cache.enabled", Boolean.class, false)));
        BlockingCallRecorder recorder = blockHound.getIfAvailable();
        mode.put("blockhound", onOff(recorder != null && recorder.caughtProbe()));
        mode.put("loop_pools",
                onOff(environment.getProperty(LoopLocalPoolsAutoConfiguration.PROPERTY, Boolean.class, false)));
        mode.put("profiles", profiles.length == 0 ? "default" : String.join(",", profiles));
        mode.putAll(JvmRuntime.describe());
        Gauge.builder("lab.gateway.mode", () -> 1)
            .description("Always 1; the tags say which lab mode this gateway runs")
            .tags(mode.entrySet().stream().map(e -> Tag.of(e.getKey(), e.getValue())).toList())
            .register(registry);
        Gauge.builder("lab.gateway.event.loop.threads", EventLoops::count)
            .description(
                    "Reactor Netty event-loop threads: with a blocking auth call, at most this many requests run at once")
            .register(registry);
        log.info("Gateway lab mode: {} (JDK {}, {} event-loop threads)", describe(), Runtime.version().feature(),
                EventLoops.count());
    }

    String describe() {
        StringBuilder out = new StringBuilder();
        mode.forEach((key, value) -> out.append(out.isEmpty() ? "" : " ").append(key).append('=').append(value));
        return out.toString();
    }

    Map<String, String> values() {
        return mode;
    }

    @Override
    public void contribute(Info.Builder builder) {
        builder.withDetail("lab", mode);
    }

    private static String onOff(boolean on) {
        return on ? "on" : "off";
    }

    @Override
    public String toString() {
        return "LabMode[" + describe() + "]";
    }

}
