package dev.perflab.lab.paired;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import dev.perflab.lab.LabException;

/**
 * The two gateways' ports of each pass, free and outside the range the kernel lends to
 * outgoing connections.
 */
final class FreePorts {

    private FreePorts() {
    }

    /**
     * Free loopback ports, held open together while chosen so that no two are the same,
     * from below the kernel's ephemeral range: a port from inside it can be taken between
     * passes as the local port of any outgoing connection (vegeta's, the gateways'), and
     * then a gateway cannot bind it.
     */
    static int[] below(int count) {
        int ephemeralLow = ephemeralLow();
        int low = Math.max(1024, ephemeralLow / 2);
        Set<Integer> tried = new HashSet<>();
        List<ServerSocket> held = new ArrayList<>();
        int[] ports = new int[count];
        try {
            for (int i = 0; i < count; i++) {
                while (true) {
                    if (tried.size() >= ephemeralLow - low) {
                        throw new LabException("no free loopback port between " + low + " and " + (ephemeralLow - 1));
                    }
                    int candidate = low + ThreadLocalRandom.current().nextInt(ephemeralLow - low);
                    if (!tried.add(candidate) || LAB_PORTS.contains(candidate)) {
                        continue;
                    }
                    ServerSocket socket = new ServerSocket();
                    try {
                        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), candidate));
                    }
                    catch (IOException busy) {
                        socket.close();
                        continue;
                    }
                    held.add(socket);
                    ports[i] = candidate;
                    break;
                }
            }
            return ports;
        }
        catch (IOException ex) {
            throw new LabException("cannot find " + count + " free loopback ports: " + ex.getMessage(), ex);
        }
        finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                }
                catch (IOException ex) {
                    // closing a listening socket that was never used fails only if it was
                    // closed already
                }
            }
        }
    }

    /** The ports the other commands' apps and tests use: never handed to a pair. */
    private static final Set<Integer> LAB_PORTS = Set.of(29071, 29072, 29073, 38071, 38072, 38073, 38074, 38849);

    /**
     * The lowest port the kernel hands to outgoing connections
     * (/proc/sys/net/ipv4/ip_local_port_range; 32768 where unreadable).
     */
    static int ephemeralLow() {
        try {
            // readAllLines: on this kernel readString of a /proc/sys file returned its
            // first byte only
            String[] range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .get(0)
                .trim()
                .split("\\s+");
            return Math.max(2048, Integer.parseInt(range[0]));
        }
        catch (IOException | RuntimeException ex) {
            return 32768;
        }
    }

}
