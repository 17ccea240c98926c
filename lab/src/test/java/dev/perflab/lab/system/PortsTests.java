package dev.perflab.lab.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * Who holds a port the lab needs: a listener of this user by pid and command line;
 * another user's, whose sockets this user cannot look into, by the user the kernel lists
 * it under; and a connection that the kernel gave the port as its local port (the lab's
 * ports lie inside Linux's ephemeral range), open or closed in TIME_WAIT. Real sockets on
 * the loopback.
 */
class PortsTests {

    private static final String SELF = "pid " + ProcessHandle.current().pid() + " (";

    /** A listener is no connection about to end: not waited for. */
    @Test
    void aListenerOfThisUserIsNamedByPidAndCommandLineAtOnce() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = socket.getLocalPort();
            assertThat(Ports.holder(port)).startsWith(SELF).contains("java");
            assertTimeoutPreemptively(Duration.ofMinutes(1),
                    () -> assertThatThrownBy(() -> Ports.requireFree(port, "gateway", Duration.ofDays(1)))
                        .hasMessageStartingWith("port " + port + " for gateway is already in use by " + SELF));
        }
    }

    @Test
    void anotherUsersListenerIsNamedByItsUser() {
        List<String> passwd = List.of("root:x:0:0:root:/root:/bin/bash", "bob:x:1001:1001::/home/bob:/bin/sh");
        assertThat(Ports.unseenOwner(Set.of("1001"), passwd)).startsWith("a process of user bob (uid 1001)")
            .contains("another user's lab run")
            .contains("the run lock is each user's own");
        assertThat(Ports.unseenOwner(Set.of("4242"), passwd)).startsWith("a process of user ? (uid 4242)");
    }

    /**
     * Seen on 80e13b2: make up failed "port 38071 ... is already in use by no listener
     * found", and no socket held it minutes later: an outgoing connection had it as its
     * local port.
     */
    @Test
    void anOutgoingConnectionsLocalPortIsNamedWithItsProcess() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            int port = client.getLocalPort();
            assertThat(Ports.free(port)).isFalse();
            assertThatThrownBy(() -> Ports.requireFree(port, "gateway", Duration.ZERO)).isInstanceOf(LabException.class)
                .hasMessageStartingWith("port " + port + " for gateway is already in use by an outgoing connection's "
                        + "local port (ESTABLISHED to port " + server.getLocalPort() + ") of " + SELF);
        }
    }

    /**
     * The side that closes first keeps the port in TIME_WAIT, owned by no process, for 60
     * s: said so, not "nothing found".
     */
    @Test
    void aClosedConnectionsPortInTimeWaitIsSaidSo() throws IOException {
        int port;
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            port = client.getLocalPort();
            client.close();
        }
        assertThat(Ports.free(port)).as("TIME_WAIT keeps the port").isFalse();
        // FIN_WAIT2 until the peer's FIN has been handled, then TIME_WAIT: no process
        // either way
        assertThat(Ports.holder(port)).matches("an outgoing connection's local port \\((FIN_WAIT2|TIME_WAIT) to port "
                + "\\d+: closed, and the kernel keeps it up to 60 s; run again in a minute\\)");
    }

    /** A connection that ends within the grace frees the port, and the start goes on. */
    @Test
    void aPortThatIsReleasedWithinTheGraceIsWaitedFor() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket accepted = server.accept()) {
            int port = client.getLocalPort();
            // an abortive close (RST) leaves no TIME_WAIT behind
            client.setSoLinger(true, 0);
            CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> {
                try {
                    client.close();
                }
                catch (IOException ex) {
                    throw new IllegalStateException(ex);
                }
            }, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
            assertThat(Ports.free(port)).isFalse();
            Ports.requireFree(port, "gateway", Ports.GRACE);
            closed.join();
            assertThat(Ports.free(port)).isTrue();
        }
    }

}
