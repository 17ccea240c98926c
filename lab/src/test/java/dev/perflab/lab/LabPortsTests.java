package dev.perflab.lab;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LabPortsTests {

    @Test
    void aHeldPortFailsNamingItsOwnersPidAndCommandLine() throws IOException {
        long pid = ProcessHandle.current().pid();
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = listener.getLocalPort();
            assertThat(LabPorts.held(List.of(port))).singleElement()
                .asString()
                .startsWith("port " + port + " is held by pid " + pid + " (")
                .contains(ProcessHandle.current().info().command().orElseThrow());
            assertThatThrownBy(() -> LabPorts.requireFree(List.of(port))).isInstanceOf(AssertionError.class)
                .hasMessageContaining("port " + port + " is held by pid " + pid);
            listener.close();
            assertThat(LabPorts.held(List.of(port))).isEmpty();
        }
    }

}
