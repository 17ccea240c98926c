package dev.perflab.gateway.netty;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EventLoopsTests {

    @Test
    void coresMeansOneEventLoopPerCore() {
        assertThat(EventLoops.parse("cores", 2)).contains(2);
        assertThat(EventLoops.parse(" CORES ", 8)).contains(8);
    }

    @Test
    void aNumberIsTakenAsIs() {
        assertThat(EventLoops.parse("3", 2)).contains(3);
        assertThat(EventLoops.parse("1", 2)).contains(1);
    }

    @Test
    void nothingElseIsAccepted() {
        assertThat(EventLoops.parse("0", 2)).isEmpty();
        assertThat(EventLoops.parse("-1", 2)).isEmpty();
        assertThat(EventLoops.parse("257", 2)).isEmpty();
        assertThat(EventLoops.parse("two", 2)).isEmpty();
    }

}
