package dev.perflab.lab.stats;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;

/**
 * A sampler that takes one round of samples a second on a thread of its own into a stats
 * log, and counts the CPU that thread used: the /proc sampler and the Prometheus sampler
 * share it. A round that overran its second starts the next one a second later rather
 * than catching up in a burst.
 */
abstract class EverySecondSampler implements StatsSampler {

    protected final StatsWriter out;

    private final Thread thread;

    private volatile boolean running = true;

    private long ownCpuNanos;

    private long startedNanos;

    private long stoppedNanos;

    EverySecondSampler(Path file, String threadName) {
        this.out = new StatsWriter(file);
        this.thread = new Thread(this::loop, threadName);
        this.thread.setDaemon(true);
    }

    /** One round: a line per sampled process written to {@link #out}, then flushed. */
    abstract void sampleOnce();

    @Override
    public EverySecondSampler start() {
        startedNanos = System.nanoTime();
        thread.start();
        return this;
    }

    private void loop() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long next = System.nanoTime();
        while (running) {
            long cpuBefore = threads.getCurrentThreadCpuTime();
            sampleOnce();
            ownCpuNanos += threads.getCurrentThreadCpuTime() - cpuBefore;
            next += 1_000_000_000L;
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
                try {
                    Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
                }
                catch (InterruptedException ex) {
                    return;
                }
            }
            else {
                next = System.nanoTime();
            }
        }
    }

    /** CPU the sampler itself used, as a share of one core over its lifetime. */
    @Override
    public double ownCpuPercentOfOneCore() {
        long wall = (stoppedNanos == 0 ? System.nanoTime() : stoppedNanos) - startedNanos;
        return wall <= 0 ? 0 : ownCpuNanos * 100.0 / wall;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(5000);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
        stoppedNanos = System.nanoTime();
        out.close();
    }

}
