package dev.perflab.gateway.mode;

import java.util.Arrays;
import java.util.Optional;

import dev.perflab.gateway.blockhound.BlockingCallRecorder;
import dev.perflab.gateway.netty.EventLoops;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Runs before any bean exists: refuses a profile combination the lab cannot run with one line on
 * stderr and exit code 2 (no stack trace), sets the number of event loops when a profile asks for
 * it, and installs BlockHound when the {@code blockhound} profile asks for it, early enough to see
 * every request.
 */
public class StartupChecks implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

    static final int EXIT_BAD_CONFIGURATION = 2;

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        ConfigurableEnvironment environment = event.getEnvironment();
        Optional<String> problem = LabProfiles.problem(Arrays.asList(environment.getActiveProfiles()),
                Runtime.version().feature());
        if (problem.isEmpty()) {
            problem = EventLoops.apply(environment);
        }
        if (problem.isEmpty() && environment.getProperty("lab.blockhound.enabled", Boolean.class, false)) {
            problem = BlockingCallRecorder.install();
        }
        problem.ifPresent(StartupChecks::exit);
    }

    private static void exit(String message) {
        System.err.println("gateway: " + message);
        System.exit(EXIT_BAD_CONFIGURATION);
    }
}
