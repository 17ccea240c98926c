package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Keeps a long wrk run from being silent: elapsed / total and the live req/s from a
 * request counter of the system under test. The counter is read every 10 seconds only:
 * each read is an HTTP request into the measured system, and reading it every second cost
 * the gateway rung about 7 % of its throughput on a 2-core machine (measured with curl
 * against the same endpoint). On a terminal the clock redraws every second with the last
 * rate; otherwise (CI, a pipe) a line is printed every 10 s.
 */
final class Progress implements AutoCloseable {

    static final int POLL_SECONDS = 10;

    private final Thread thread;

    private volatile boolean running = true;

    Progress(String label, Duration total, DoubleSupplier requestCounter, PrintWriter out) {
        boolean terminal = System.console() != null;
        this.thread = new Thread(() -> {
            long start = System.nanoTime();
            double lastCount = safe(requestCounter);
            long lastNanos = start;
            double rate = Double.NaN;
            int tick = 0;
            while (running) {
                try {
                    Thread.sleep(1000);
                }
                catch (InterruptedException ex) {
                    return;
                }
                tick++;
                long now = System.nanoTime();
                boolean poll = tick % POLL_SECONDS == 0;
                if (poll) {
                    double count = safe(requestCounter);
                    rate = Math.max((count - lastCount) * 1e9 / (now - lastNanos), 0);
                    lastCount = count;
                    lastNanos = now;
                }
                if (terminal || poll) {
                    String live = Double.isNaN(rate) ? "live req/s in " + (POLL_SECONDS - tick) + " s"
                            : String.format("live %,.0f req/s", rate);
                    String line = String.format("    %s %s / %s  %s", label, clock(Duration.ofNanos(now - start)),
                            clock(total), live);
                    out.print(terminal ? "\r" + line + "   " : line + System.lineSeparator());
                    out.flush();
                }
            }
            if (terminal) {
                out.print("\r");
                out.flush();
            }
        }, "lab-progress");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private static double safe(DoubleSupplier counter) {
        try {
            return counter.getAsDouble();
        }
        catch (RuntimeException ex) {
            return Double.NaN;
        }
    }

    static String clock(Duration duration) {
        long seconds = duration.toSeconds();
        return String.format("%02d:%02d", seconds / 60, seconds % 60);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

}
