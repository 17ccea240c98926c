package dev.perflab.lab.stats;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A side's NET I/O from its own sockets: ss's listing read by inode, each socket's bytes
 * added up from one reading to the next.
 */
class SocketTrafficTests {

    /**
     * Two lines of ss -tinHe (iproute2 6.1) per socket, without the state column when one
     * state is asked for (the last); a count of 0 is left out.
     */
    private static final String LISTING = """
            ESTAB      0      0               127.0.0.1:44459          127.0.0.1:46686 ino:1436836 sk:1004 cgroup:/ <->
            \t ts sack bbr wscale:10,10 rto:204 rtt:0.02/0.01 ato:40 mss:32768 cwnd:10 bytes_received:100000 segs_out:2 segs_in:5 data_segs_in:3 send 131072000000bps
            ESTAB      0      0               127.0.0.1:46686          127.0.0.1:44459 ino:1436835 sk:1005 cgroup:/ <->
            \t ts sack bbr wscale:10,10 rto:204 rtt:0.022/0.008 mss:47616 cwnd:13 bytes_sent:100000 bytes_acked:100001 segs_out:5 segs_in:3
            0      87              127.0.0.1:59402          127.0.0.1:23722 timer:(on,208ms,0) ino:1436798 sk:4 cgroup:/ <->
            \t ts sack bbr wscale:10,10 rto:208 cwnd:18 bytes_sent:3219 bytes_acked:3133 bytes_received:5760 segs_out:76
            """;

    @Test
    void readsEachSocketsBytesByInode() {
        Map<Long, long[]> sockets = SocketTraffic.parse(LISTING);
        assertThat(sockets).containsOnlyKeys(1436836L, 1436835L, 1436798L);
        assertThat(sockets.get(1436836L)).containsExactly(100000, 0);
        assertThat(sockets.get(1436835L)).as("bytes_sent, not bytes_acked (which counts the FIN)")
            .containsExactly(0, 100000);
        assertThat(sockets.get(1436798L)).containsExactly(5760, 3219);
    }

    @Test
    void addsWhatEachSocketCarriedSinceTheLastReadingOnce() {
        try (SocketTraffic traffic = new SocketTraffic()) {
            assertThat(traffic.add(Set.of(1L, 2L), Map.of(1L, new long[] { 100, 10 }, 2L, new long[] { 50, 5 })))
                .containsExactly(150, 15);
            // socket 2 missing from one listing while still held: not counted again
            // when it is back; socket 3 is new and counts whole; 9 is not this side's
            assertThat(traffic.add(Set.of(1L, 2L, 3L),
                    Map.of(1L, new long[] { 130, 10 }, 3L, new long[] { 7, 7 }, 9L, new long[] { 1000, 1000 })))
                .containsExactly(187, 22);
            assertThat(traffic.add(Set.of(2L, 3L), Map.of(2L, new long[] { 60, 5 }, 3L, new long[] { 7, 9 })))
                .as("socket 1 closed: what it carried stays counted")
                .containsExactly(197, 24);
        }
    }

}
