package dev.perflab.common;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LatencySpecTests {

    @Test
    void fixedDurationsInEveryUnit() {
        assertThat(LatencySpec.parse("1ms").minNanos()).isEqualTo(1_000_000);
        assertThat(LatencySpec.parse("250us").maxNanos()).isEqualTo(250_000);
        assertThat(LatencySpec.parse("1.5ms").minNanos()).isEqualTo(1_500_000);
        assertThat(LatencySpec.parse("2s").minNanos()).isEqualTo(2_000_000_000L);
        assertThat(LatencySpec.parse(" 0 ").isNone()).isTrue();
    }

    @Test
    void nanosecondsAndUpperCaseUnitsReadAsTheirUnit() {
        assertThat(LatencySpec.parse("500ns").minNanos()).isEqualTo(500);
        assertThat(LatencySpec.parse("1MS").minNanos()).isEqualTo(1_000_000);
        assertThat(LatencySpec.parse("0.5MS-2Ms").maxNanos()).isEqualTo(2_000_000);
    }

    @Test
    void rangeDrawsWithinItsBounds() {
        LatencySpec range = LatencySpec.parse("0.5ms-2ms");
        assertThat(range.minNanos()).isEqualTo(500_000);
        assertThat(range.maxNanos()).isEqualTo(2_000_000);
        for (int i = 0; i < 1000; i++) {
            assertThat(range.nextNanos()).isBetween(500_000L, 2_000_000L);
        }
    }

    @Test
    void badInputIsRefusedWithAMessageThatShowsTheForm() {
        assertThatIllegalArgumentException().isThrownBy(() -> LatencySpec.parse("abc"))
            .withMessageContaining("0.5ms-2ms");
        assertThatIllegalArgumentException().isThrownBy(() -> LatencySpec.parse("5"))
            .withMessageContaining("not a duration");
        assertThatIllegalArgumentException().isThrownBy(() -> LatencySpec.parse("2ms-1ms"))
            .withMessageContaining("upper bound");
        assertThatIllegalArgumentException().isThrownBy(() -> LatencySpec.parse("1ms-2ms-3ms"));
        assertThatIllegalArgumentException().isThrownBy(() -> LatencySpec.parse("61s")).withMessageContaining("60s");
    }

}
