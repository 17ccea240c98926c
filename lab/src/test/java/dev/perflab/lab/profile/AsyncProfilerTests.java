package dev.perflab.lab.profile;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class AsyncProfilerTests {

    @Test
    void perfEventsAreRefusedToUsersOnlyAboveParanoidTwo() {
        assertThat(AsyncProfiler.perfEventsRefused(Optional.of(3), false)).get()
            .asString()
            .contains("kernel.perf_event_paranoid is 3")
            .contains("ctimer")
            .contains("sysctl kernel.perf_event_paranoid=1");
        assertThat(AsyncProfiler.perfEventsRefused(Optional.of(3), true)).isEmpty();
        assertThat(AsyncProfiler.perfEventsRefused(Optional.of(2), false)).isEmpty();
        assertThat(AsyncProfiler.perfEventsRefused(Optional.empty(), false)).isEmpty();
    }

    @Test
    void timerEnginesSampleEveryMillisecondAndCountingEventsEveryOccurrence() {
        assertThat(AsyncProfiler.startOptions("ctimer")).isEqualTo("start,event=ctimer,interval=1ms,threads");
        assertThat(AsyncProfiler.startOptions("cpu")).isEqualTo("start,event=cpu,interval=1ms,threads");
        assertThat(AsyncProfiler.startOptions("lock")).isEqualTo("start,event=lock,lock=0,threads");
        assertThat(AsyncProfiler.startOptions("alloc")).isEqualTo("start,event=alloc,alloc=0,threads");
    }

}
