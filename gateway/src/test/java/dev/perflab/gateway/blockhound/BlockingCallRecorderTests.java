package dev.perflab.gateway.blockhound;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs in a JVM of its own (surefire's reuseForks=false): BlockHound is not installed
 * when it starts.
 */
class BlockingCallRecorderTests {

    @Test
    void theProbeIsReportedOnlyOnceBlockHoundIsInstalledAndIsNotCounted() {
        BlockingCallRecorder recorder = BlockingCallRecorder.get();
        assertThat(recorder.installed()).isFalse();
        assertThat(recorder.probe()).as("without BlockHound nothing reports the probe's sleep").isFalse();

        assertThat(BlockingCallRecorder.install()).isEmpty();

        assertThat(recorder.caughtProbe()).isTrue();
        assertThat(recorder.probe()).isTrue();
        assertThat(recorder.total()).as("the probe is not one of the gateway's blocking calls").isZero();
    }

    @Test
    void threadPoolsAreNamedWithoutTheirNumber() {
        assertThat(BlockingCallRecorder.poolOf("reactor-http-epoll-3")).isEqualTo("reactor-http-epoll");
        assertThat(BlockingCallRecorder.poolOf("boundedElastic-12")).isEqualTo("boundedElastic");
    }

}
