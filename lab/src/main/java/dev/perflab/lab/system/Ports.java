package dev.perflab.lab.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.perflab.lab.LabException;

/**
 * The loopback ports the lab's services listen on: whether one is free, a short wait for
 * one that is not, and who holds it. The lab's ports 38071-38074 lie inside Linux's
 * default ephemeral range (32768-60999), so not only a listener holds one: any outgoing
 * connection may have been given it as its local port, and after that connection closes
 * the kernel keeps the port in TIME_WAIT for 60 s.
 */
public final class Ports {

    /** How long a busy port is waited for before the start fails. */
    static final Duration GRACE = Duration.ofSeconds(5);

    private static final Duration POLL = Duration.ofMillis(100);

    /** The states of /proc/net/tcp (include/net/tcp_states.h). */
    private static final Map<String, String> STATES = Map.ofEntries(Map.entry("01", "ESTABLISHED"),
            Map.entry("02", "SYN_SENT"), Map.entry("03", "SYN_RECV"), Map.entry("04", "FIN_WAIT1"),
            Map.entry("05", "FIN_WAIT2"), Map.entry("06", "TIME_WAIT"), Map.entry("07", "CLOSE"),
            Map.entry("08", "CLOSE_WAIT"), Map.entry("09", "LAST_ACK"), Map.entry("0A", "LISTEN"),
            Map.entry("0B", "CLOSING"));

    /** One line of /proc/net/tcp{,6} whose local port is the port asked about. */
    record Socket(String state, int remotePort, String uid, String inode) {

        boolean listens() {
            return state.equals("LISTEN");
        }
    }

    private Ports() {
    }

    /** Whether a service could listen on this loopback port now. */
    public static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        }
        catch (IOException ex) {
            return false;
        }
    }

    /**
     * Returns once {@code port} is free, waiting up to {@link #GRACE} for a connection
     * that holds it to end; else, or at once for a listener, fails naming what holds it.
     */
    public static void requireFree(int port, String what) {
        requireFree(port, what, GRACE);
    }

    static void requireFree(int port, String what, Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        while (!free(port)) {
            if (System.nanoTime() - deadline >= 0 || sockets(port).stream().anyMatch(Socket::listens)) {
                throw new LabException("port " + port + " for " + what + " is already in use by " + holder(port)
                        + ": stop it (a lab started with make up stops with make down)");
            }
            try {
                Thread.sleep(POLL.toMillis());
            }
            catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new LabException("interrupted while waiting for port " + port + " to be free");
            }
        }
    }

    /**
     * What holds a TCP port, from /proc/net/tcp{,6} and the sockets in /proc/[pid]/fd: a
     * listener, "pid N (command line)"; else a connection that has it as its local port,
     * named so, with its state and process; or why that cannot be told (no /proc, another
     * user's process).
     */
    public static String holder(int port) {
        List<Socket> sockets = sockets(port);
        List<Socket> listeners = sockets.stream().filter(Socket::listens).toList();
        if (!listeners.isEmpty()) {
            return process(listeners);
        }
        if (sockets.isEmpty()) {
            return "nothing found in /proc/net/tcp (not Linux, or it just closed)";
        }
        String states = sockets.stream()
            .map(socket -> socket.state() + " to port " + socket.remotePort())
            .distinct()
            .collect(Collectors.joining(", "));
        List<Socket> open = sockets.stream().filter(socket -> !socket.inode().equals("0")).toList();
        if (open.isEmpty()) {
            return "an outgoing connection's local port (" + states
                    + ": closed, and the kernel keeps it up to 60 s; run again in a minute)";
        }
        return "an outgoing connection's local port (" + states + ") of " + process(open);
    }

    static List<Socket> sockets(int port) {
        List<Socket> sockets = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table)).stream().skip(1).toList()) {
                    String[] fields = line.trim().split("\\s+");
                    if (port(fields[1]) == port) {
                        sockets.add(new Socket(STATES.getOrDefault(fields[3], fields[3]), port(fields[2]), fields[7],
                                fields[9]));
                    }
                }
            }
            catch (IOException | RuntimeException noTable) {
                // no IPv6, or no /proc at all (macOS)
            }
        }
        return sockets;
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1), 16);
    }

    /**
     * The process that has one of these sockets open, "pid N (command line)", or the
     * users the kernel lists them under when this user cannot look into it.
     */
    private static String process(List<Socket> sockets) {
        Set<String> inodes = sockets.stream()
            .map(socket -> "socket:[" + socket.inode() + "]")
            .collect(Collectors.toSet());
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            for (Path process : processes.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                Optional<String> found = holding(process, inodes);
                if (found.isPresent()) {
                    return found.get();
                }
            }
        }
        catch (IOException ex) {
            return "/proc unreadable: " + ex.getMessage();
        }
        List<String> passwd;
        try {
            passwd = Files.readAllLines(Path.of("/etc/passwd"));
        }
        catch (IOException | UncheckedIOException ex) {
            passwd = List.of();
        }
        return unseenOwner(sockets.stream().map(Socket::uid).collect(Collectors.toCollection(TreeSet::new)), passwd);
    }

    private static Optional<String> holding(Path process, Set<String> inodes) {
        try (Stream<Path> fds = Files.list(process.resolve("fd"))) {
            boolean holds = fds.anyMatch(fd -> {
                try {
                    return inodes.contains(Files.readSymbolicLink(fd).toString());
                }
                catch (IOException gone) {
                    return false;
                }
            });
            if (!holds) {
                return Optional.empty();
            }
            long pid = Long.parseLong(process.getFileName().toString());
            String command = ProcessHandle.of(pid)
                .flatMap(h -> h.info().commandLine())
                .orElse("command line unreadable");
            return Optional.of("pid " + pid + " (" + command + ")");
        }
        catch (IOException | UncheckedIOException notOurs) {
            // another user's process, or one that just ended
            return Optional.empty();
        }
    }

    /**
     * A socket whose process this user cannot look into, named by the user the kernel
     * lists it under: another user's lab run does not meet this user's run lock, only its
     * ports.
     */
    static String unseenOwner(Set<String> uids, List<String> passwd) {
        List<String> users = uids.stream().map(uid -> {
            String name = passwd.stream()
                .map(line -> line.split(":"))
                .filter(fields -> fields.length > 2 && fields[2].equals(uid))
                .map(fields -> fields[0])
                .findFirst()
                .orElse("?");
            return "user " + name + " (uid " + uid + ")";
        }).toList();
        return "a process of " + String.join(", ", users)
                + " that this user cannot look into (another user's lab run or make up? the run lock is each user's own)";
    }

}
