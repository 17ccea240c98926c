package dev.perflab.lab.stats;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.perflab.lab.system.Commands;

/**
 * A side's NET I/O where no interface counts its bytes alone (the host's network, one
 * loopback shared by every app): the TCP payload bytes its own sockets received and sent,
 * as the kernel's tcp_info counts them ({@code bytes_received}, {@code bytes_sent}) and
 * {@code ss -tinHe state established} prints them, summed over the sockets its processes
 * hold (by inode, from /proc/&lt;pid&gt;/fd). Cumulative from the first reading, as
 * docker stats' NET I/O is from the container's start; ss lists every socket once a
 * second, so a reading is up to a second old, and a connection that closes between two
 * listings loses what it carried since the last. Empty where ss is missing or the
 * processes' descriptors cannot be read.
 * <p>
 * One ss a second serves every open SocketTraffic, run by one shell loop that lives as
 * long as they do: a child the runner reaps only then, so that the ss runs do not land in
 * the CPU of the runner's ended children, which a window reads as its load generator's.
 */
public final class SocketTraffic implements AutoCloseable {

    /** What the loop prints after each whole listing. */
    private static final String END = "#ss-end";

    private static final Pattern INODE = Pattern.compile("\\bino:(\\d+)");

    private static final Pattern RECEIVED = Pattern.compile("\\bbytes_received:(\\d+)");

    private static final Pattern SENT = Pattern.compile("\\bbytes_sent:(\\d+)");

    /** The loop every open SocketTraffic shares, and how many they are. */
    private static Commands.Child loop;

    private static int open;

    /** The last whole listing of every TCP socket's bytes by inode; null before one. */
    private static volatile Map<Long, long[]> listed;

    private boolean closed;

    /** Each socket's bytes {received, sent} at the last reading. */
    private final Map<Long, long[]> last = new HashMap<>();

    private long received;

    private long sent;

    /** Joins the shared ss loop, starting it for the first. */
    public SocketTraffic() {
        synchronized (SocketTraffic.class) {
            if (open++ == 0) {
                listed = null;
                Commands.Child started = Commands
                    .launch("ss-loop",
                            List.of("sh", "-c",
                                    "while ss -tinHe state established; do echo '" + END + "'; sleep 1; done"))
                    .pipe()
                    .start();
                loop = started;
                Thread reader = new Thread(() -> copy(started), "ss-loop");
                reader.setDaemon(true);
                reader.start();
            }
        }
    }

    /**
     * Bytes {received, sent} by these processes' TCP sockets since the first reading;
     * empty where they cannot be read.
     */
    public synchronized Optional<double[]> read(Collection<Long> pids) {
        Set<Long> inodes = socketInodes(pids);
        Map<Long, long[]> table = inodes == null ? null : listed;
        return table == null ? Optional.empty() : Optional.of(add(inodes, table));
    }

    /**
     * What the sockets of {@code inodes} carried since the last reading, by this listing,
     * added up: {received, sent} so far.
     */
    synchronized double[] add(Set<Long> inodes, Map<Long, long[]> table) {
        Map<Long, long[]> now = new HashMap<>();
        for (long inode : inodes) {
            long[] bytes = table.get(inode);
            long[] before = last.get(inode);
            if (bytes == null) {
                // held still, but not in this listing (ss's dump can miss a socket
                // while the table changes): counted on from where it was
                if (before != null) {
                    now.put(inode, before);
                }
                continue;
            }
            received += Math.max(0, bytes[0] - (before == null ? 0 : before[0]));
            sent += Math.max(0, bytes[1] - (before == null ? 0 : before[1]));
            now.put(inode, bytes);
        }
        last.clear();
        last.putAll(now);
        return new double[] { received, sent };
    }

    /**
     * The inodes of the sockets these processes hold; null where none of them could be
     * read (gone, or another user's).
     */
    static Set<Long> socketInodes(Collection<Long> pids) {
        Set<Long> inodes = new HashSet<>();
        boolean read = false;
        for (long pid : pids) {
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
                for (Path fd : fds.toList()) {
                    socketInode(fd).ifPresent(inodes::add);
                }
                read = true;
            }
            catch (IOException | RuntimeException gone) {
                // a process that ended, or one this user may not look into
            }
        }
        return read ? inodes : null;
    }

    private static Optional<Long> socketInode(Path fd) {
        try {
            String target = Files.readSymbolicLink(fd).toString();
            if (target.startsWith("socket:[") && target.endsWith("]")) {
                return Optional.of(Long.parseLong(target.substring(8, target.length() - 1)));
            }
        }
        catch (IOException | RuntimeException closed) {
            // closed while listed
        }
        return Optional.empty();
    }

    /** Leaves the shared loop, stopping it with the last. */
    @Override
    public void close() {
        synchronized (SocketTraffic.class) {
            if (closed) {
                return;
            }
            closed = true;
            if (--open == 0) {
                loop.stop(Duration.ofSeconds(2));
                loop = null;
            }
        }
    }

    /** Reads the loop's listings, each ended by {@link #END}, into {@link #listed}. */
    private static void copy(Commands.Child child) {
        StringBuilder listing = new StringBuilder();
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(child.process().getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.equals(END)) {
                    listed = parse(listing.toString());
                    listing.setLength(0);
                }
                else {
                    listing.append(line).append('\n');
                }
            }
        }
        catch (IOException stopped) {
            // the loop was stopped
        }
    }

    /**
     * ss's listing: a line per socket with its {@code ino:}, its tcp_info indented on the
     * next; a byte count of 0 is left out by ss.
     */
    static Map<Long, long[]> parse(String listing) {
        Map<Long, long[]> sockets = new HashMap<>();
        Long inode = null;
        for (String line : listing.split("\n")) {
            if (!line.isEmpty() && !Character.isWhitespace(line.charAt(0))) {
                Matcher m = INODE.matcher(line);
                inode = m.find() ? Long.valueOf(m.group(1)) : null;
            }
            else if (inode != null && line.contains("bytes_")) {
                sockets.put(inode, new long[] { count(RECEIVED, line), count(SENT, line) });
                inode = null;
            }
        }
        return sockets;
    }

    private static long count(Pattern field, String line) {
        Matcher m = field.matcher(line);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

}
