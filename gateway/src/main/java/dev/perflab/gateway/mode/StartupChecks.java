package dev.perflab.gateway.mode;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.perflab.gateway.auth.AuthProperties;
import dev.perflab.gateway.blockhound.BlockingCallRecorder;
import dev.perflab.gateway.logging.RequestLoggingProperties;
import dev.perflab.gateway.netty.EventLoops;
import dev.perflab.gateway.requestid.RequestIdProperties;
import dev.perflab.lean.LeanGatewayProperties;
import dev.perflab.lean.RequestIdAutoConfiguration;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;

/**
 * Runs before any bean exists: refuses a profile combination the lab cannot run, or a lab
 * property its binder cannot take, with one line on stderr and exit code 2 (no stack
 * trace), sets the number of event loops when a profile asks for it, and installs
 * BlockHound when the {@code blockhound} profile asks for it, early enough to see every
 * request.
 */
public class StartupChecks implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {

    static final int EXIT_BAD_CONFIGURATION = 2;

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        ConfigurableEnvironment environment = event.getEnvironment();
        Optional<String> problem = problem(environment);
        if (problem.isEmpty()) {
            problem = EventLoops.apply(environment);
        }
        if (problem.isEmpty() && environment.getProperty("lab.blockhound.enabled", Boolean.class, false)) {
            problem = BlockingCallRecorder.install();
        }
        problem.ifPresent(StartupChecks::exit);
    }

    /** Why this environment cannot run, or empty. */
    static Optional<String> problem(Environment environment) {
        Optional<String> problem = LabProfiles.problem(Arrays.asList(environment.getActiveProfiles()),
                Runtime.version().feature());
        problem = problem.isPresent() ? problem : bindingProblem(environment);
        return problem.isPresent() ? problem : requestIdProblem(environment);
    }

    /**
     * lab.request-id=lean and gateway-lean's header property go together: the one without
     * the other would send no id, or two filters' ids.
     */
    static Optional<String> requestIdProblem(Environment environment) {
        boolean lean = environment.getProperty("lab.request-id", "").trim().equalsIgnoreCase("lean");
        String header = environment.getProperty(RequestIdAutoConfiguration.PROPERTY, "").trim();
        boolean headerSet = !header.isEmpty() && !header.equalsIgnoreCase("false");
        if (lean && !headerSet) {
            return Optional.of("lab.request-id is 'lean' and " + RequestIdAutoConfiguration.PROPERTY
                    + " is not set: set it to the header to send, e.g. X-Request-Id (profile rid-lean sets both)");
        }
        if (!lean && headerSet) {
            return Optional.of(RequestIdAutoConfiguration.PROPERTY + " is '" + header
                    + "' and lab.request-id is not 'lean': set lab.request-id=lean too (profile rid-lean sets both)");
        }
        return Optional.empty();
    }

    /**
     * Binds the lab's properties as the application will, so that a value it cannot take
     * is one line here.
     */
    static Optional<String> bindingProblem(Environment environment) {
        Binder binder = Binder.get(environment);
        try {
            binder.bind("lab.auth", AuthProperties.class);
            binder.bind("lab", RequestLoggingProperties.class);
            binder.bind("lab", RequestIdProperties.class);
            binder.bind(LeanGatewayProperties.PREFIX, LeanGatewayProperties.class);
            return Optional.empty();
        }
        catch (BindException ex) {
            return Optional.of(describe(ex));
        }
    }

    private static String describe(BindException ex) {
        Object value = ex.getProperty() == null ? null : ex.getProperty().getValue();
        Class<?> type = ex.getTarget().getType().resolve(Object.class);
        if (type.isEnum()) {
            List<String> valid = Arrays.stream(type.getEnumConstants())
                .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT))
                .toList();
            return ex.getName() + " is '" + value + "'; pick one of " + String.join(", ", valid);
        }
        Throwable cause = ex;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        String reason = cause.getMessage();
        // a property class that checks its value says so in a line of its own
        return reason != null && reason.startsWith(ex.getName().toString()) ? reason
                : ex.getName() + " is '" + value + "': " + reason;
    }

    private static void exit(String message) {
        System.err.println("gateway: " + message);
        System.exit(EXIT_BAD_CONFIGURATION);
    }

}
