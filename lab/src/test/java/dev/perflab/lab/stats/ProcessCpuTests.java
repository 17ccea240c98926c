package dev.perflab.lab.stats;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ProcessCpuTests {

    @Test
    void userAndSystemTicksAfterACommandNameWithSpacesAndParentheses() {
        String stat = "4242 (java (lab) x) S 1 4242 4242 0 -1 4194560 1200 0 0 0 150 37 0 0 20 0 40 0 123456 0 0";
        assertThat(ProcessCpu.fromStat(stat)).isEqualTo((150 + 37) * 10.0);
    }

    @Test
    void aTreeCountsItsReapedChildrenAndItsLiveOnes() {
        String stat = "4242 (nginx) S 1 4242 4242 0 -1 4194560 1200 0 0 0 150 37 400 13 20 0 40 0 123456 0 0";
        assertThat(ProcessCpu.withChildren(stat)).isEqualTo((150 + 37 + 400 + 13) * 10.0);
    }

    @Test
    void aChildThatBurnedAndEndedStillCountsInItsParentsTree() throws Exception {
        // the subshell burns CPU and ends (bash reaps it), then the parent sleeps: as
        // nginx's cache loader ends under its master; the sleep is started before "done"
        // is written, so that it is there when the test looks (CI once looked between the
        // two)
        Process parent = new ProcessBuilder("bash", "-c",
                "( i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done ); sleep 30 & echo done; wait")
            .redirectErrorStream(true)
            .start();
        try {
            assertThat(new String(parent.getInputStream().readNBytes(4))).isEqualTo("done");
            double own = ProcessCpu.millis(parent.pid()).orElseThrow();
            double tree = ProcessCpu.treeMillis(parent.pid()).orElseThrow();
            assertThat(parent.descendants().toList()).as("the burner has ended, only sleep is left").hasSize(1);
            assertThat(tree).as("the ended child's CPU, from the parent's cutime").isGreaterThan(own + 100);
        }
        finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly().waitFor();
        }
        assertThat(ProcessCpu.treeMillis(Long.MAX_VALUE)).as("no such process").isEmpty();
    }

    @Test
    void thisProcessHasUsedAtLeastTheCpuItsThreadsReport() {
        long threadsNanos = 0;
        var threads = ManagementFactory.getThreadMXBean();
        for (long id : threads.getAllThreadIds()) {
            threadsNanos += Math.max(0, threads.getThreadCpuTime(id));
        }
        // read after the threads: the process counts them, the ones that ended and the
        // JVM's own, less a tick of rounding
        double threadsMs = threadsNanos / 1e6;
        assertThat(ProcessCpu.millis(ProcessHandle.current().pid()).orElseThrow()).isGreaterThan(threadsMs - 10.0);
        assertThat(ProcessCpu.millis(Long.MAX_VALUE)).as("no such process").isEmpty();
    }

    /**
     * A JVM's compiler threads' CPU: part of the process's, and more after the JIT had
     * something to compile; nothing for a process that is gone.
     */
    @Test
    void aJvmsCompilerThreadsCpuIsPartOfItsOwn() {
        long pid = ProcessHandle.current().pid();
        double compiler = ProcessCpu.compilerMillis(pid).orElseThrow();
        assertThat(compiler).isGreaterThan(0).isLessThanOrEqualTo(ProcessCpu.millis(pid).orElseThrow());
        assertThat(ProcessCpu.compilerMillis(Integer.MAX_VALUE)).isEmpty();
    }

    /**
     * What compiler threads spent between two readings: each thread's difference, all of
     * a thread born in between, nothing for one that ended (its last part is lost, never
     * counted twice), and a real JVM's readings in that order add up.
     */
    @Test
    void compilerThreadsSpentIsSummedOverTheirIds() {
        java.util.Map<Long, Double> before = java.util.Map.of(11L, 500.0, 12L, 200.0);
        java.util.Map<Long, Double> after = java.util.Map.of(11L, 530.0, 13L, 40.0);
        assertThat(ProcessCpu.compilerSpent(before, after)).isEqualTo(70.0);
        assertThat(ProcessCpu.compilerSpent(after, after)).isZero();
        long pid = ProcessHandle.current().pid();
        java.util.Map<Long, Double> first = ProcessCpu.compilerThreads(pid);
        assertThat(first).isNotEmpty();
        assertThat(ProcessCpu.compilerSpent(java.util.Map.of(), first))
            .isEqualTo(ProcessCpu.compilerMillis(pid).orElseThrow(), within(50.0));
        assertThat(ProcessCpu.compilerThreads(Integer.MAX_VALUE)).isNull();
    }

}
