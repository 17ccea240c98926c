package dev.perflab.lab.load;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.Captured;
import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class WrkOutputTests {

    @Test
    void readsTheSummaryOfARealGatewayRun() {
        WrkResult result = WrkOutput.parse(Captured.read("wrk-gateway-reactive.txt"));
        assertThat(result.requests()).isEqualTo(961);
        assertThat(result.durationMicros()).isEqualTo(5_024_763);
        assertThat(result.bytes()).isEqualTo(173_155);
        assertThat(result.errors().total()).isZero();
        assertThat(result.latency().percentile("50")).isEqualTo(47.511);
        assertThat(result.latency().percentile("99.99")).isEqualTo(179.587);
        assertThat(result.latency().max()).isEqualTo(179.587);
    }

    @Test
    void requestsPerSecondAgreesWithWrksOwnReportLineInTheSameOutput() {
        for (String file : new String[] { "wrk-gateway-reactive.txt", "wrk-nginx.txt" }) {
            String output = Captured.read(file);
            Matcher line = Pattern.compile("Requests/sec:\\s+([0-9.]+)").matcher(output);
            assertThat(line.find()).isTrue();
            assertThat(WrkOutput.parse(output).requestsPerSecond()).as(file)
                .isCloseTo(Double.parseDouble(line.group(1)), within(0.01));
        }
    }

    @Test
    void latencyPercentilesAgreeWithWrksLatencyDistribution() {
        String output = Captured.read("wrk-nginx.txt");
        WrkResult result = WrkOutput.parse(output);
        Matcher p99 = Pattern.compile("99%\\s+([0-9.]+)(us|ms|s)").matcher(output);
        assertThat(p99.find()).isTrue();
        double wrkMs = Double.parseDouble(p99.group(1)) * switch (p99.group(2)) {
            case "us" -> 0.001;
            case "s" -> 1000;
            default -> 1;
        };
        assertThat(result.latency().percentile("99")).isCloseTo(wrkMs, within(0.01));
    }

    @Test
    void outputWithoutTheSummaryNamesTheScript() {
        assertThatThrownBy(() -> WrkOutput.parse(Captured.read("wrk-connect-errors.txt")))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("wrk/summary.lua")
            .hasMessageContaining("unable to connect");
    }

    @Test
    void brokenSummaryIsAClearError() {
        assertThatThrownBy(() -> WrkOutput.parse("Running 1s test\n" + WrkOutput.MARKER + "\n{\"requests\": }"))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("not the JSON summary.lua writes");
    }

}
