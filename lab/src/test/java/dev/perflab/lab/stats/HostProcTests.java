package dev.perflab.lab.stats;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.system.Commands;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reading of another host's /proc (GATEWAY_HOST): the shell command that prints it,
 * run here by sh, reads what this machine's /proc reads, and its output reads back by
 * pid, thread names with spaces and a process that ended included.
 */
class HostProcTests {

    @Test
    void theCommandReadsWhatProcReadsHereEveryThreadBetweenTwoLocalReadings() {
        long self = ProcessHandle.current().pid();
        // above Linux's largest pid_max (2^22): never a process
        long ended = 999_999_999L;
        HostProc.Reading before = HostProc.local(self);
        Commands.Result read = Commands.run(List.of("sh", "-c", HostProc.script(List.of(self, ended))), null,
                Duration.ofSeconds(30));
        HostProc.Reading after = HostProc.local(self);
        assertThat(read.exit()).as(read.output()).isZero();
        Map<Long, HostProc.Reading> parsed = HostProc.parse(read.output());
        assertThat(parsed).as("a process that is not there is left out").containsOnlyKeys(self);
        HostProc.Reading shell = parsed.get(self);
        assertThat(shell.processMs()).isBetween(before.processMs(), after.processMs());
        int common = 0;
        for (Map.Entry<Long, ThreadCpu.Thread> thread : shell.threads().threads().entrySet()) {
            ThreadCpu.Thread first = before.threads().threads().get(thread.getKey());
            ThreadCpu.Thread last = after.threads().threads().get(thread.getKey());
            if (first != null && last != null) {
                common++;
                assertThat(thread.getValue().kind()).isEqualTo(first.kind());
                assertThat(thread.getValue().nanos()).isBetween(first.nanos(), last.nanos());
            }
        }
        assertThat(common).isGreaterThan(5);
    }

    @Test
    void itsOutputReadsBackByPidWithTheThreadsKinds() {
        String output = """
                P 42 42 (java) S 1 42 42 0 -1 4194560 100 0 0 0 150 25 3 4 20 0 30 0 100 1000 100
                T 42 43 1000000 C2 CompilerThre
                T 42 44 2500000 GC Thread#0
                T 42 45 7000000 reactor-http-epoll-1
                T 99 100 5 not a process that was printed
                """;
        HostProc.Reading reading = HostProc.parse(output).get(42L);
        assertThat(reading.processMs()).isEqualTo(1750.0);
        assertThat(reading.threads().threads()).containsOnlyKeys(43L, 44L, 45L);
        ThreadCpu.Spent spent = reading.threads().since(new ThreadCpu.Reading(Map.of()));
        assertThat(spent.jitNanos()).isEqualTo(1_000_000);
        assertThat(spent.gcNanos()).isEqualTo(2_500_000);
        assertThat(spent.otherNanos()).isEqualTo(7_000_000);
    }

}
