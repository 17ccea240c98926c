package dev.perflab.lab.stats;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What {@link ProcessCpu} and {@link ThreadCpu} read from /proc, read on another host in
 * one go: one shell command, run there over ssh, prints every given process's stat line
 * and each of its threads' schedstat and name, and this class reads them back. Both
 * gateways of a duet are read by the same command, so their readings are taken in the
 * same instant as each other, as the local readings are. The command forks nothing (the
 * shell's own {@code read}), so it takes milliseconds however many threads there are.
 */
public final class HostProc {

    private HostProc() {
    }

    /**
     * A process as one reading saw it: its CPU in ms (utime + stime of its stat line, in
     * clock ticks as {@link ProcessCpu#millis} reads it) and every thread's run time in
     * nanoseconds with its name ({@link ThreadCpu.Reading}).
     */
    public record Reading(double processMs, ThreadCpu.Reading threads) {
    }

    /**
     * The POSIX shell command that prints, for each pid that still runs, "P pid stat" and
     * for each of its threads "T pid tid nanos name".
     */
    public static String script(List<Long> pids) {
        return "for p in " + pids.stream().map(String::valueOf).collect(Collectors.joining(" "))
                + "; do read -r s 2>/dev/null < /proc/$p/stat || continue; printf 'P %s %s\\n' \"$p\" \"$s\"; "
                + "for t in /proc/$p/task/*; do read -r n 2>/dev/null < $t/schedstat && read -r c 2>/dev/null < $t/comm"
                + " && printf 'T %s %s %s %s\\n' \"$p\" \"${t##*/}\" \"${n%% *}\" \"$c\"; done; done";
    }

    /**
     * The readings of {@link #script}'s output, by pid; a process that had ended is not
     * there.
     */
    public static Map<Long, Reading> parse(String output) {
        Map<Long, Double> processMs = new LinkedHashMap<>();
        Map<Long, Map<Long, ThreadCpu.Thread>> threads = new HashMap<>();
        for (String line : output.lines().toList()) {
            String[] parts = line.split(" ", 5);
            if (parts.length >= 3 && parts[0].equals("P")) {
                long pid = Long.parseLong(parts[1]);
                processMs.put(pid, ProcessCpu.fromStat(line.substring(line.indexOf(' ', 2) + 1)));
                threads.put(pid, new HashMap<>());
            }
            else if (parts.length == 5 && parts[0].equals("T")) {
                Map<Long, ThreadCpu.Thread> own = threads.get(Long.parseLong(parts[1]));
                if (own != null) {
                    own.put(Long.parseLong(parts[2]),
                            new ThreadCpu.Thread(ThreadCpu.Kind.of(parts[4].strip()), Long.parseLong(parts[3])));
                }
            }
        }
        Map<Long, Reading> read = new LinkedHashMap<>();
        processMs.forEach((pid, ms) -> read.put(pid, new Reading(ms, new ThreadCpu.Reading(threads.get(pid)))));
        return read;
    }

    /**
     * The same reading taken on this machine, for comparison with one taken through
     * {@link #script}: this process's CPU and its threads alone (no children).
     */
    public static Reading local(long pid) {
        ThreadCpu.Reading threads = ThreadCpu.read(pid);
        return threads == null ? null : new Reading(ProcessCpu.millis(pid).orElse(Double.NaN), threads);
    }

}
