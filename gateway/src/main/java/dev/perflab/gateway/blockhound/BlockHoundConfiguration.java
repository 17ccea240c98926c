package dev.perflab.gateway.blockhound;

import java.nio.file.Path;

import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With the {@code blockhound} profile: publishes what the recorder installed at start-up
 * saw.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "lab.blockhound.enabled", havingValue = "true")
class BlockHoundConfiguration {

    @Bean
    BlockingCallRecorder blockingCallRecorder(MeterRegistry registry, @Value("${lab.log.dir}") String logDir) {
        BlockingCallRecorder recorder = BlockingCallRecorder.get();
        if (!recorder.installed()) {
            // Started without StartupChecks (for example from a test): install now.
            BlockingCallRecorder.install().ifPresent(problem -> {
                throw new IllegalStateException(problem);
            });
        }
        recorder.bind(registry, Path.of(logDir));
        return recorder;
    }

}
