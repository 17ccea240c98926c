package dev.perflab.support;

import java.util.concurrent.CompletableFuture;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Stops the app when the process named by {@code lab.parent-pid} ({@code LAB_PARENT_PID})
 * ends: the lab passes its own pid, so a runner killed with -9 leaves no app behind
 * holding the lab's ports. Without the property nothing is watched. Registered for every
 * app in {@code META-INF/spring.factories}.
 */
public class ParentProcessWatcher implements ApplicationListener<ApplicationPreparedEvent> {

    public static final String PROPERTY = "lab.parent-pid";

    @Override
    public void onApplicationEvent(ApplicationPreparedEvent event) {
        ConfigurableApplicationContext context = event.getApplicationContext();
        Environment environment = context.getEnvironment();
        Long pid = environment.getProperty(PROPERTY, Long.class);
        if (pid == null) {
            return;
        }
        String app = environment.getProperty("spring.application.name", "app");
        CompletableFuture<?> parentEnded = ProcessHandle.of(pid)
            .map(ProcessHandle::onExit)
            .orElseGet(() -> CompletableFuture.completedFuture(null));
        parentEnded.thenRun(() -> {
            System.err.println(app + ": parent process " + pid + " ended; stopping");
            System.exit(SpringApplication.exit(context));
        });
    }

}
