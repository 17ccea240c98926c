package dev.perflab.lab.run;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.DoubleSupplier;

/**
 * Keeps a long wrk run from being silent: elapsed / total and the live req/s from a request counter
 * of the system under test. On a terminal the line redraws every second; otherwise (CI, a pipe) a
 * line is printed every 10 seconds.
 */
final class Progress implements AutoCloseable {

    private final Thread thread;
    private volatile boolean running = true;

    Progress(String label, Duration total, DoubleSupplier requestCounter, PrintWriter out) {
        boolean terminal = System.console() != null;
        this.thread = new Thread(() -> {
            long start = System.nanoTime();
            double lastCount = safe(requestCounter);
            long lastNanos = start;
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
                double count = safe(requestCounter);
                double rate = (count - lastCount) * 1e9 / (now - lastNanos);
                lastCount = count;
                lastNanos = now;
                if (terminal || tick % 10 == 0) {
                    String line = String.format("    %s %s / %s  live %,.0f req/s", label, clock(Duration.ofNanos(now - start)), clock(total), Math.max(rate, 0));
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
