package dev.perflab.lab.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import dev.perflab.lab.LabException;
import dev.perflab.lab.stats.JvmCounters;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * What a JFR recording says per thread (threads named alike, such as
 * {@code reactor-http-epoll-1} and {@code -2}, counted together): samples, socket reads
 * ({@code jdk.SocketRead}), monitor waits ({@code jdk.JavaMonitorEnter}) and parks
 * ({@code jdk.ThreadPark}); plus the samples as collapsed stacks in async-profiler's
 * format, so the same hotspot rules apply. Samples are JFR's execution samples (threads
 * running Java code) and native method samples (threads in native code, such as a blocked
 * socket read or an idle epoll wait), taken at the same period: together a wall-clock
 * view.
 */
public final class JfrSummary {

    /** A number of events and their total duration. */
    public record Tally(long count, double millis) {

        Tally plus(Duration duration) {
            return new Tally(count + 1, millis + duration.toNanos() / 1e6);
        }
    }

    /** One group of threads. */
    public record Threads(long samples, Tally socketReads, Tally monitorWaits, Tally parks) {

        static final Threads NONE = new Threads(0, new Tally(0, 0), new Tally(0, 0), new Tally(0, 0));

    }

    private final Map<String, Threads> threads;

    private final Map<String, Long> socketReadCallers;

    private final List<String> collapsed;

    private JfrSummary(Map<String, Threads> threads, Map<String, Long> socketReadCallers, List<String> collapsed) {
        this.threads = threads;
        this.socketReadCallers = socketReadCallers;
        this.collapsed = collapsed;
    }

    public static JfrSummary read(Path recording) {
        Map<String, Threads> threads = new TreeMap<>();
        Map<String, Long> callers = new TreeMap<>();
        Map<String, Long> stacks = new TreeMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                String type = event.getEventType().getName();
                switch (type) {
                    case "jdk.ExecutionSample", "jdk.NativeMethodSample" -> {
                        RecordedThread thread = event.getThread("sampledThread");
                        String name = threadName(thread);
                        threads.merge(JvmCounters.group(name), new Threads(1, zero(), zero(), zero()), JfrSummary::add);
                        String stack = collapsedStack(thread, name, event.getStackTrace());
                        stacks.merge(stack, 1L, Long::sum);
                    }
                    case "jdk.SocketRead", "jdk.JavaMonitorEnter", "jdk.ThreadPark" -> {
                        String name = threadName(event.getThread());
                        Tally one = new Tally(0, 0).plus(event.getDuration());
                        Threads counted = switch (type) {
                            case "jdk.SocketRead" -> new Threads(0, one, zero(), zero());
                            case "jdk.JavaMonitorEnter" -> new Threads(0, zero(), one, zero());
                            default -> new Threads(0, zero(), zero(), one);
                        };
                        threads.merge(JvmCounters.group(name), counted, JfrSummary::add);
                        if (type.equals("jdk.SocketRead") && isEventLoop(name)) {
                            callers.merge(caller(event.getStackTrace()), 1L, Long::sum);
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        catch (IOException ex) {
            throw new LabException("cannot read the JFR recording " + recording + ": " + ex.getMessage(), ex);
        }
        List<String> collapsed = new ArrayList<>();
        stacks.forEach((stack, count) -> collapsed.add(stack + " " + count));
        return new JfrSummary(threads, callers, collapsed);
    }

    private static Tally zero() {
        return new Tally(0, 0);
    }

    private static Threads add(Threads a, Threads b) {
        return new Threads(a.samples() + b.samples(), sum(a.socketReads(), b.socketReads()),
                sum(a.monitorWaits(), b.monitorWaits()), sum(a.parks(), b.parks()));
    }

    private static Tally sum(Tally a, Tally b) {
        return new Tally(a.count() + b.count(), a.millis() + b.millis());
    }

    private static String threadName(RecordedThread thread) {
        if (thread == null) {
            return "unknown";
        }
        String name = thread.getJavaName() != null ? thread.getJavaName() : thread.getOSName();
        return name == null ? "unknown" : name;
    }

    static boolean isEventLoop(String threadName) {
        return threadName.startsWith("reactor-http-");
    }

    /**
     * Root first, as async-profiler writes them: [thread
     * tid=N];java/lang/Thread.run;...;leaf
     */
    private static String collapsedStack(RecordedThread thread, String name, RecordedStackTrace trace) {
        List<String> frames = new ArrayList<>();
        if (trace != null) {
            for (RecordedFrame frame : trace.getFrames()) {
                frames.add(frame(frame));
            }
        }
        Collections.reverse(frames);
        long tid = thread == null ? 0 : thread.getJavaThreadId();
        StringBuilder stack = new StringBuilder("[").append(name).append(" tid=").append(tid).append(']');
        frames.forEach(frame -> stack.append(';').append(frame));
        return stack.toString();
    }

    private static String frame(RecordedFrame frame) {
        if (frame.getMethod() == null) {
            return "unknown";
        }
        // Hidden classes (lambdas) carry an address after a slash:
        // FilteringWebHandler$$Lambda$123/0x0000000801234567
        String type = frame.getMethod().getType().getName().replaceAll("/(0x)?[0-9a-f]+$", "");
        return type.replace('.', '/') + "." + frame.getMethod().getName();
    }

    /**
     * Which code did the read: the frame nearest the read that is the lab's own, else
     * Spring's.
     */
    private static String caller(RecordedStackTrace trace) {
        if (trace == null) {
            return "unknown";
        }
        String spring = null;
        for (RecordedFrame frame : trace.getFrames()) {
            if (frame.getMethod() == null) {
                continue;
            }
            String type = frame.getMethod().getType().getName();
            String name = Hotspots.readable(type + "." + frame.getMethod().getName());
            if (type.startsWith("dev.perflab.")) {
                return spring == null ? name : spring + " ← " + name;
            }
            if (spring == null && type.startsWith("org.springframework.web.client.RestTemplate")) {
                spring = name;
            }
        }
        return spring == null ? "unknown" : spring;
    }

    public List<String> collapsed() {
        return collapsed;
    }

    public Map<String, Threads> threads() {
        return threads;
    }

    /**
     * Socket reads on the event-loop threads: each one blocked a thread that serves many
     * connections.
     */
    public Tally eventLoopSocketReads() {
        return threads.entrySet()
            .stream()
            .filter(e -> isEventLoop(e.getKey()))
            .map(e -> e.getValue().socketReads())
            .reduce(zero(), JfrSummary::sum);
    }

    public String markdown(String title) {
        StringBuilder md = new StringBuilder("# JFR summary: ").append(title).append("\n\n");
        Tally reads = eventLoopSocketReads();
        if (reads.count() > 0) {
            String caller = socketReadCallers.entrySet()
                .stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse("unknown");
            md.append(String.format(Locale.ROOT,
                    "**%,d socket reads on event-loop threads, %,.0f ms in all (%.2f ms each), mostly from %s: blocking I/O on the event loop.**%n%n",
                    reads.count(), reads.millis(), reads.millis() / reads.count(), caller));
        }
        else {
            md.append("**No socket reads on event-loop threads: no blocking network I/O there.**\n\n");
        }
        md.append(
                "| threads | samples | socket reads | socket read ms | monitor waits | monitor ms | parks | park ms |\n");
        md.append("|---|--:|--:|--:|--:|--:|--:|--:|\n");
        threads.entrySet()
            .stream()
            .sorted((a, b) -> Long.compare(weight(b.getValue()), weight(a.getValue())))
            .forEach(e -> {
                Threads t = e.getValue();
                md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,.1f | %,d | %,.1f | %,d | %,.1f |%n",
                        e.getKey(), t.samples(), t.socketReads().count(), t.socketReads().millis(),
                        t.monitorWaits().count(), t.monitorWaits().millis(), t.parks().count(), t.parks().millis()));
            });
        md.append(
                "\nThreads named alike count together (N stands for the number). Socket reads of any length are recorded; "
                        + "monitor waits and parks from 1 ms. Samples: JFR's execution and native method samples, every 10 ms, a few threads at a time.\n");
        return md.toString();
    }

    private static long weight(Threads t) {
        return t.samples() + t.socketReads().count() + t.monitorWaits().count() + t.parks().count();
    }

}
