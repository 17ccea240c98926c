package dev.perflab.lab;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DurationsTests {

    @Test
    void readsSecondsMinutesAndHours() {
        assertThat(Durations.parse("60s")).isEqualTo(Duration.ofSeconds(60));
        assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("90")).isEqualTo(Duration.ofSeconds(90));
    }

    @Test
    void writesWhatItReads() {
        assertThat(Durations.format(Duration.ofSeconds(300))).isEqualTo("5m");
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
    }

    @Test
    void nothingLongerThanADayOverflowsOrGetsThrough() {
        assertThat(Durations.parse("24h")).isEqualTo(Duration.ofHours(24));
        assertThat(Durations.parse("86400")).isEqualTo(Duration.ofHours(24));
        for (String long_ : new String[] { "25h", "1441m", "86401", "9999999999999999h", "99999999999999999999999s" }) {
            assertThatThrownBy(() -> Durations.parse(long_)).as(long_)
                .isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessage("'" + long_ + "' is longer than the lab takes: at most 24h");
        }
    }

    @Test
    void anythingElseSaysWhatADurationLooksLike() {
        for (String bad : new String[] { "abc", "1.5s", "-5s", "10 ms", "" }) {
            assertThatThrownBy(() -> Durations.parse(bad)).isInstanceOf(CommandLine.TypeConversionException.class)
                .hasMessageContaining("such as 30s, 5m, 1h");
        }
    }

}
