package dev.perflab.gateway.calibration;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * A crash for the runner's tests ({@code -Dlab.fault.exit-after=20s}): that long after it
 * is ready the gateway halts with exit code {@value #EXIT_CODE}, without shutdown hooks,
 * as a crash or the kernel's OOM killer would end it. The runner must notice it within a
 * second or two, end the rung with what it measured and go on to the next rung. Absent
 * unless the property is set.
 */
@Component
@ConditionalOnProperty("lab.fault.exit-after")
public class ExitAfterFault implements ApplicationListener<ApplicationReadyEvent> {

    static final int EXIT_CODE = 3;

    private static final Log LOG = LogFactory.getLog(ExitAfterFault.class);

    private final Duration after;

    ExitAfterFault(@Value("${lab.fault.exit-after}") Duration after) {
        if (after.isNegative() || after.isZero() || after.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException(
                    "lab.fault.exit-after must be more than 0s and at most 1h, not " + after);
        }
        this.after = after;
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(after.toMillis());
            }
            catch (InterruptedException ex) {
                return;
            }
            LOG.warn("lab.fault.exit-after: halting with exit code " + EXIT_CODE + ", " + after.toMillis()
                    + " ms after the gateway was ready");
            Runtime.getRuntime().halt(EXIT_CODE);
        }, "lab-fault-exit-after");
        halt.setDaemon(true);
        halt.start();
    }

}
