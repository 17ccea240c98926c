package dev.perflab.lab.run;

import java.time.Duration;

import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FaultScheduleTests {

    @Test
    void stepsAreOffsetsWithLatencyAndOrErrorRateSeparatedBySpacesOrCommas() {
        FaultSchedule schedule = FaultSchedule
            .parse(" 20s:latency=20ms, 40s:latency=1ms&errorRate=0.05 1m:errorRate=0 ");
        assertThat(schedule.steps()).containsExactly(new FaultSchedule.Step(Duration.ofSeconds(20), "latency=20ms"),
                new FaultSchedule.Step(Duration.ofSeconds(40), "latency=1ms&errorRate=0.05"),
                new FaultSchedule.Step(Duration.ofMinutes(1), "errorRate=0"));
        assertThat(schedule).hasToString("20s:latency=20ms 40s:latency=1ms&errorRate=0.05 1m:errorRate=0");
        assertThat(FaultSchedule.parse("").isEmpty()).isTrue();
        assertThat(FaultSchedule.parse(null).isEmpty()).isTrue();
    }

    @Test
    void anythingElseIsRefusedWithTheFormToUse() {
        assertThatThrownBy(() -> FaultSchedule.parse("latency=20ms")).isInstanceOf(LabException.class)
            .hasMessageContaining("FAULTS entry 'latency=20ms' must look like 20s:latency=20ms");
        assertThatThrownBy(() -> FaultSchedule.parse("20s:delay=5ms")).isInstanceOf(LabException.class)
            .hasMessageContaining("'20s:delay=5ms'");
        assertThatThrownBy(() -> FaultSchedule.parse("20s:latency=20ms 10s:latency=1ms"))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("offsets must increase");
    }

    @Test
    void everyStepMustFallInsideTheMeasuredWindow() {
        FaultSchedule schedule = FaultSchedule.parse("20s:latency=20ms 60s:latency=1ms");
        assertThatThrownBy(() -> schedule.checkWithin(Duration.ofSeconds(60))).isInstanceOf(LabException.class)
            .hasMessage("FAULTS offset 1m is not inside DURATION=1m: use offsets below the measured window's length");
        schedule.checkWithin(Duration.ofSeconds(61));
    }

}
