package dev.perflab.gateway.blockhound;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingMethod;
import reactor.core.scheduler.NonBlocking;

/**
 * BlockHound in log-only mode: a blocking call on a non-blocking thread is counted
 * ({@code lab.blockhound.blocking.calls}, tagged by method and thread pool) and the first
 * distinct stack traces are kept in {@code blockhound.txt}; the request itself is never
 * failed. The callback runs on the event loop, so it only records in memory; a separate
 * thread writes the file.
 *
 * <p>
 * A count of zero proves nothing by itself, so installing ends with a probe: a deliberate
 * blocking call on a thread Reactor marks non-blocking, which BlockHound must report (the
 * probe is not counted). The gateway's mode says {@code blockhound=on} only when it was.
 */
public final class BlockingCallRecorder {

    public static final String REPORT_FILE = "blockhound.txt";
    static final int MAX_TRACES = 20;

    private static final BlockingCallRecorder INSTANCE = new BlockingCallRecorder();

    private final Map<Key, LongAdder> counts = new ConcurrentHashMap<>();

    private final Map<String, String> traces = new ConcurrentHashMap<>();

    private final AtomicLong writtenTotal = new AtomicLong(-1);

    private final AtomicInteger probesCaught = new AtomicInteger();

    private volatile boolean installed;

    private volatile boolean caughtProbe;

    private volatile MeterRegistry registry;

    record Key(String method, String threadPool) {
    }

    private BlockingCallRecorder() {
    }

    public static BlockingCallRecorder get() {
        return INSTANCE;
    }

    /**
     * Installs BlockHound once; returns a one-line problem when this JVM cannot run it.
     */
    public static synchronized Optional<String> install() {
        if (INSTANCE.installed) {
            return Optional.empty();
        }
        try {
            BlockHound.install(builder -> builder.blockingMethodCallback(INSTANCE::record));
        }
        catch (Throwable ex) {
            return Optional.of("profile 'blockhound' could not install BlockHound (" + ex.getMessage()
                    + "); on JDK 13+ start the JVM with -XX:+AllowRedefinitionToAddDeleteMethods");
        }
        INSTANCE.installed = true;
        INSTANCE.caughtProbe = INSTANCE.probe();
        return INSTANCE.caughtProbe ? Optional.empty() : Optional
            .of("profile 'blockhound' installed BlockHound, but it did not report a deliberate blocking call");
    }

    public boolean installed() {
        return installed;
    }

    /** Whether BlockHound reported the probe's blocking call at installation. */
    public boolean caughtProbe() {
        return caughtProbe;
    }

    /**
     * Sleeps on a thread Reactor marks non-blocking; true when BlockHound reported it.
     */
    boolean probe() {
        int before = probesCaught.get();
        Thread probe = new ProbeThread();
        probe.start();
        try {
            probe.join();
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            return false;
        }
        return probesCaught.get() > before;
    }

    private static final class ProbeThread extends Thread implements NonBlocking {

        ProbeThread() {
            super("blockhound-probe");
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                Thread.sleep(1);
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
        }

    }

    void record(BlockingMethod method) {
        if (Thread.currentThread() instanceof ProbeThread) {
            probesCaught.incrementAndGet();
            return;
        }
        String thread = Thread.currentThread().getName();
        Key key = new Key(method.toString(), poolOf(thread));
        counts.computeIfAbsent(key, this::newCounter).increment();
        if (traces.size() < MAX_TRACES) {
            StackTraceElement[] stack = new Throwable().getStackTrace();
            String signature = key.method() + signatureOf(stack);
            traces.computeIfAbsent(signature, s -> describe(method, thread, stack));
        }
    }

    /** Publishes the counts and starts writing the report into {@code directory}. */
    public void bind(MeterRegistry meterRegistry, Path directory) {
        this.registry = meterRegistry;
        counts.forEach(this::register);
        ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "blockhound-report");
            t.setDaemon(true);
            return t;
        });
        Path file = directory.resolve(REPORT_FILE);
        writer.scheduleWithFixedDelay(() -> writeReport(file), 0, 1, TimeUnit.SECONDS);
    }

    long total() {
        return counts.values().stream().mapToLong(LongAdder::sum).sum();
    }

    private LongAdder newCounter(Key key) {
        LongAdder adder = new LongAdder();
        if (registry != null) {
            register(key, adder);
        }
        return adder;
    }

    private void register(Key key, LongAdder adder) {
        FunctionCounter.builder("lab.blockhound.blocking.calls", adder, LongAdder::sum)
            .description("Blocking calls BlockHound saw on non-blocking threads")
            .tag("method", key.method())
            .tag("thread", key.threadPool())
            .register(registry);
    }

    private void writeReport(Path file) {
        long now = total();
        if (writtenTotal.getAndSet(now) == now) {
            return;
        }
        StringBuilder out = new StringBuilder("# BlockHound (log-only): blocking calls on non-blocking threads\n");
        counts.forEach((key, count) -> out.append(count.sum())
            .append('\t')
            .append(key.method())
            .append("\ton ")
            .append(key.threadPool())
            .append('\n'));
        out.append('\n');
        List<String> distinct = new ArrayList<>(traces.values());
        distinct.forEach(trace -> out.append(trace).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, out, StandardCharsets.UTF_8);
        }
        catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    static String poolOf(String threadName) {
        return threadName.replaceAll("-\\d+$", "");
    }

    private static String signatureOf(StackTraceElement[] stack) {
        StringBuilder out = new StringBuilder();
        int kept = 0;
        for (StackTraceElement frame : stack) {
            if (frame.getClassName().startsWith("reactor.blockhound")
                    || frame.getClassName().equals(BlockingCallRecorder.class.getName())) {
                continue;
            }
            out.append('|').append(frame.getClassName()).append('.').append(frame.getMethodName());
            if (++kept == 12) {
                break;
            }
        }
        return out.toString();
    }

    private static String describe(BlockingMethod method, String thread, StackTraceElement[] stack) {
        StringBuilder out = new StringBuilder("Blocking call! ").append(method)
            .append(" on thread ")
            .append(thread)
            .append('\n');
        for (StackTraceElement frame : stack) {
            if (!frame.getClassName().equals(BlockingCallRecorder.class.getName())) {
                out.append("\tat ").append(frame).append('\n');
            }
        }
        return out.toString();
    }

}
