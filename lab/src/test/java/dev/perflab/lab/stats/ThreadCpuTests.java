package dev.perflab.lab.stats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Per-thread run time in nanoseconds, read from /proc as the lab reads a side, against
 * the JVM's own clock of the same thread (CLOCK_THREAD_CPUTIME_ID, the same scheduler
 * sum): they agree to well under a clock tick, where /proc/<pid>/stat rounds to 10 ms.
 */
class ThreadCpuTests {

    private static final long PID = ProcessHandle.current().pid();

    @Test
    void aThreadsRunTimeIsTheJvmsOwnClockOfIt() throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        AtomicLong cpuNanos = new AtomicLong();
        CountDownLatch burnt = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread burner = new Thread(() -> {
            long sum = 0;
            while (threads.getCurrentThreadCpuTime() < 123_000_000L) {
                sum += Long.numberOfTrailingZeros(System.nanoTime() | 1);
            }
            cpuNanos.set(threads.getCurrentThreadCpuTime() + (sum < 0 ? 1 : 0));
            burnt.countDown();
            try {
                done.await();
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }, "perflab-burn-x");
        ThreadCpu.Reading before = ThreadCpu.read(PID);
        burner.start();
        burnt.await();
        ThreadCpu.Reading after = ThreadCpu.read(PID);
        long tid = tidNamed("perflab-burn-x", after);
        done.countDown();
        burner.join();
        ThreadCpu.Thread read = after.threads().get(tid);
        assertThat(read.kind()).isEqualTo(ThreadCpu.Kind.OTHER);
        // the thread's own clock was read just before it parked: what /proc says since
        // then is at most the few microseconds of that last read and the park
        assertThat(read.nanos()).isBetween(cpuNanos.get() - 1_000_000L, cpuNanos.get() + 1_000_000L);
        assertThat(before.threads()).doesNotContainKey(tid);
        ThreadCpu.Spent spent = after.since(before);
        assertThat(spent.otherNanos()).isGreaterThanOrEqualTo(read.nanos());
        assertThat(spent.totalNanos()).isEqualTo(spent.jitNanos() + spent.gcNanos() + spent.otherNanos());
    }

    @Test
    void theJitsAndTheCollectorsThreadsAreToldApartByName() {
        assertThat(ThreadCpu.Kind.of("C2 CompilerThre")).isEqualTo(ThreadCpu.Kind.JIT);
        assertThat(ThreadCpu.Kind.of("C1 CompilerThre")).isEqualTo(ThreadCpu.Kind.JIT);
        assertThat(ThreadCpu.Kind.of("GC Thread#1")).isEqualTo(ThreadCpu.Kind.GC);
        assertThat(ThreadCpu.Kind.of("G1 Conc#0")).isEqualTo(ThreadCpu.Kind.GC);
        assertThat(ThreadCpu.Kind.of("G1 Refine#0")).isEqualTo(ThreadCpu.Kind.GC);
        assertThat(ThreadCpu.Kind.of("reactor-http-ep")).isEqualTo(ThreadCpu.Kind.OTHER);
        assertThat(ThreadCpu.Kind.of("VM Thread")).isEqualTo(ThreadCpu.Kind.OTHER);
        // this JVM's own threads, as the kernel names them
        assertThat(ThreadCpu.read(PID).threads().values()).extracting(ThreadCpu.Thread::kind)
            .contains(ThreadCpu.Kind.JIT, ThreadCpu.Kind.GC, ThreadCpu.Kind.OTHER);
    }

    @Test
    void aProcessThatEndedIsNoReading() {
        assertThat(ThreadCpu.read(Long.MAX_VALUE)).isNull();
        assertThat(ThreadCpu.available()).isTrue();
        assertThat(ThreadCpu.runNanos("195068598 77015476 560\n")).isEqualTo(195_068_598L);
    }

    private static long tidNamed(String name, ThreadCpu.Reading reading) throws Exception {
        for (Long tid : reading.threads().keySet()) {
            Path comm = Path.of("/proc", Long.toString(PID), "task", Long.toString(tid), "comm");
            if (Files.isReadable(comm) && Files.readString(comm).strip().equals(name)) {
                return tid;
            }
        }
        throw new AssertionError("no thread " + name + " in " + Map.copyOf(reading.threads()).size() + " threads");
    }

}
