package dev.perflab.lab.profile;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every EVENT the lab offers, started and stopped with the bundled async-profiler in a
 * real JVM that allocates and contends for a lock: the library itself judges the start
 * options (it refused {@code interval=0} for alloc and lock, which only a real attach
 * shows).
 */
class AsyncProfilerEventsTests {

    @ParameterizedTest
    @ValueSource(strings = { "cpu", "wall", "lock", "alloc" })
    void eachEventStartsAndWritesAFlameGraphWithSamples(String event, @TempDir Path dir) throws Exception {
        Path javaHome = Path.of(System.getProperty("java.home"));
        Process churn = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-Xmx64m", "-cp",
                System.getProperty("java.class.path"), Churn.class.getName())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("churn.log").toFile())
            .start();
        try {
            Thread.sleep(1500);
            StringWriter console = new StringWriter();
            AsyncProfiler profiler = AsyncProfiler.start(ProfiledProcess.local(churn.pid(), javaHome), event, dir,
                    new PrintWriter(console, true));
            Thread.sleep(1500);
            Hotspots.Rules rules = new Hotspots.Rules(List.of(new Hotspots.Group("churn", List.of("Churn"))));
            profiler.stop(dir, rules, event);
            assertThat(dir.resolve("flamegraph.html")).isNotEmptyFile();
            List<String> stacks = Files.readAllLines(dir.resolve("collapsed.txt"));
            assertThat(stacks).as("%s samples of a JVM that allocates and contends for a lock", event)
                .anyMatch(stack -> stack.contains("Churn"));
            if (event.equals("alloc")) {
                assertThat(stacks).as("allocation samples name what was allocated")
                    .anyMatch(stack -> stack.contains("byte[]"));
            }
        }
        finally {
            churn.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Allocates and contends for one lock from two threads, for at most 60 s. */
    public static final class Churn {

        private static final Object LOCK = new Object();

        static volatile Object sink;

        public static void main(String[] args) throws InterruptedException {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            Runnable work = () -> {
                while (System.nanoTime() < end) {
                    synchronized (LOCK) {
                        sink = new byte[4096];
                        for (int i = 0; i < 20_000; i++) {
                            sink = new byte[64];
                        }
                        // holding the lock a while parked makes the other thread wait for
                        // it
                        // however the machine schedules the two: CI once saw no contended
                        // entry in 1.5 s of lock sampling on a busy 2-core machine
                        java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                    }
                    // and resting outside it hands it over: HotSpot's monitors are
                    // unfair, so a thread that takes the lock back at once can keep the
                    // other waiting for the whole sampling, and a wait is recorded only
                    // when it ends (CI once got no lock sample in 1.5 s)
                    java.util.concurrent.locks.LockSupport.parkNanos(100_000);
                }
            };
            Thread other = new Thread(work);
            other.start();
            work.run();
            other.join();
        }

    }

}
