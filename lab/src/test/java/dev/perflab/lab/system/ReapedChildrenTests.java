package dev.perflab.lab.system;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReapedChildrenTests {

    @Test
    void theChildrenFieldsAreReadAfterTheCommandName() {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt
        // cmajflt utime stime cutime cstime ...
        String stat = "4242 (java (lab) x) S 1 4242 4242 0 -1 4194304 100 200 0 0 350 40 123 77 20 0 30 0 12345";
        assertThat(ReapedChildren.parse(stat)).isEqualTo(2.0);
    }

    @Test
    void aChildThatBurnedCpuAndWasWaitedForIsCounted() throws Exception {
        double before = ReapedChildren.cpuSeconds().orElseThrow();
        // about 0.3 s of CPU in a child: a busy loop in the shell
        Process busy = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done").start();
        assertThat(busy.waitFor(60, TimeUnit.SECONDS)).isTrue();
        double after = ReapedChildren.cpuSeconds().orElseThrow();
        assertThat(after - before).isGreaterThan(0.05);
    }

}
