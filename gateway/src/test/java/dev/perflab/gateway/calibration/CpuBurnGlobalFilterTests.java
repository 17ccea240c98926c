package dev.perflab.gateway.calibration;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CpuBurnGlobalFilterTests {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Test
    void burnSpendsAtLeastTheAskedCpuTimeOfItsOwnThread() {
        long before = THREADS.getCurrentThreadCpuTime();
        CpuBurnGlobalFilter.burn(3_000_000);
        assertThat(THREADS.getCurrentThreadCpuTime() - before).isGreaterThanOrEqualTo(3_000_000);
    }

    @Test
    void aBurnOutsideItsRangeIsOneLine() {
        assertThatThrownBy(() -> new CpuBurnGlobalFilter(0))
            .hasMessage("lab.burn.micros must be 1 to 100000 (microseconds of CPU per request), not 0");
        assertThatThrownBy(() -> new CpuBurnGlobalFilter(CpuBurnGlobalFilter.MAX_MICROS + 1))
            .hasMessageContaining("not 100001");
    }

}
