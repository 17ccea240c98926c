package dev.perflab.lab.system;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who holds a port the lab needs: this user's process by pid and command line; another
 * user's, whose sockets this user cannot look into, by the user the kernel lists it
 * under.
 */
class PortOwnerTests {

    @Test
    void aListenerOfThisUserIsNamedByPidAndCommandLine() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(ServiceLauncher.portOwner(socket.getLocalPort()))
                .startsWith("pid " + ProcessHandle.current().pid() + " (")
                .contains("java");
        }
    }

    @Test
    void anotherUsersListenerIsNamedByItsUser() {
        List<String> passwd = List.of("root:x:0:0:root:/root:/bin/bash", "bob:x:1001:1001::/home/bob:/bin/sh");
        assertThat(ServiceLauncher.unseenOwner(Set.of("1001"), passwd)).startsWith("a process of user bob (uid 1001)")
            .contains("another user's lab run")
            .contains("the run lock is each user's own");
        assertThat(ServiceLauncher.unseenOwner(Set.of("4242"), passwd)).startsWith("a process of user ? (uid 4242)");
    }

}
