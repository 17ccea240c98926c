package dev.perflab.lab.system;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LabSystemTests {

    @Test
    void aServiceThatFinishesStartingAfterAStopIsStoppedToo() throws Exception {
        LabSystem system = new LabSystem();
        system.close();
        Process late = new ProcessBuilder("sleep", "60").start();
        try {
            assertThatThrownBy(() -> system.add(new RunningService(LaunchSpec.of(Service.GATEWAY), late, Path.of("gateway.log"))))
                .isInstanceOf(LabException.class).hasMessageContaining("gateway was stopped again");
            assertThat(late.waitFor(15, TimeUnit.SECONDS)).as("the late service was stopped").isTrue();
            assertThat(system.services()).isEmpty();
        }
        finally {
            late.destroyForcibly();
        }
    }

    @Test
    void beforeAStopServicesAreKept() throws Exception {
        LabSystem system = new LabSystem();
        Process running = new ProcessBuilder("sleep", "60").start();
        try {
            system.add(new RunningService(LaunchSpec.of(Service.AUTH), running, Path.of("auth.log")));
            assertThat(system.services()).hasSize(1);
            system.close();
            assertThat(running.waitFor(15, TimeUnit.SECONDS)).isTrue();
        }
        finally {
            running.destroyForcibly();
        }
    }
}
