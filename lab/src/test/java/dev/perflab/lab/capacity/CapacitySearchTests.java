package dev.perflab.lab.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CapacitySearchTests {

    /**
     * A system that keeps p99 at 5 ms up to its knee and then queues: the hockey stick.
     */
    private static DoubleFunction<Point> hockeyStick(double knee, List<Double> offered) {
        return rate -> {
            offered.add(rate);
            double p99 = rate <= knee ? 5 : 5 + (rate - knee) * 2;
            return new Point(rate, rate, Math.round(rate * 10), 1, 2, p99, p99 * 2, p99 * 3, 0, List.of(p99), null,
                    null);
        };
    }

    @Test
    void theSearchClimbsPastTheKneeThenBisectsBackToIt() {
        List<Double> offered = new ArrayList<>();
        CapacitySearch.Result result = CapacitySearch.search(2000, Slo.parse("p99:10ms"), hockeyStick(1200, offered));
        // p99 <= 10 ms up to 1,202.5 req/s: the answer lies between the last met and the
        // first failed step
        assertThat(result.rpsAtSlo()).isBetween(1050.0, 1202.5);
        assertThat(offered.get(0)).isEqualTo(500.0);
        assertThat(result.points()).anyMatch(p -> p.p99Ms() > 10).anyMatch(p -> p.p99Ms() <= 10);
        assertThat(result.byRate()).isSortedAccordingTo((a, b) -> Double.compare(a.offeredRps(), b.offeredRps()));
    }

    @Test
    void aStartThatFailsHalvesTheRate() {
        List<Double> offered = new ArrayList<>();
        CapacitySearch.Result result = CapacitySearch.search(2000, Slo.parse("p99:10ms"), hockeyStick(100, offered));
        assertThat(offered).startsWith(500.0, 250.0, 125.0, 63.0);
        assertThat(result.rpsAtSlo()).isBetween(63.0, 102.5);
    }

    @Test
    void theStepsASearchTakesAreTheOnesItsDurationCounts() {
        CapacitySearch.Steps steps = CapacitySearch.Steps.of(List.of());
        for (double knee : new double[] { 2000 / 30.0, 400, 700, 1000, 1800, 2400, 3700 }) {
            List<Double> offered = new ArrayList<>();
            CapacitySearch.search(2000, Slo.parse("p99:10ms"), hockeyStick(knee, offered));
            assertThat(offered).as("steps for a knee at %.0f req/s", knee).hasSizeBetween(steps.least(), steps.most());
        }
        assertThat(CapacitySearch.Steps.of(List.of(500.0, 1000.0))).isEqualTo(new CapacitySearch.Steps(2, 2));
    }

    @Test
    void fixedRatesAreMeasuredAsGiven() {
        List<Double> offered = new ArrayList<>();
        CapacitySearch.Result result = CapacitySearch.fixed(List.of(500.0, 1000.0, 2000.0), Slo.parse("p99:10ms"),
                hockeyStick(1200, offered));
        assertThat(offered).containsExactly(500.0, 1000.0, 2000.0);
        assertThat(result.rpsAtSlo()).isEqualTo(1000.0);
    }

    @Test
    void errorsOrARateTheGeneratorCouldNotOfferMissTheSlo() {
        Slo slo = Slo.parse("p99:10ms");
        assertThat(slo.metBy(new Point(1000, 1000, 10000, 1, 2, 5, 8, 9, 10, List.of(), null, null))).isTrue();
        assertThat(slo.metBy(new Point(1000, 1000, 10000, 1, 2, 5, 8, 9, 11, List.of(), null, null)))
            .as("0.11 % errors")
            .isFalse();
        assertThat(slo.metBy(new Point(1000, 970, 9700, 1, 2, 5, 8, 9, 0, List.of(), null, null))).as("97 % achieved")
            .isFalse();
        assertThat(slo.metBy(new Point(1000, 1000, 10000, 1, 2, 10.5, 11, 12, 0, List.of(), null, null))).isFalse();
    }

    @Test
    void sloTakesAPercentileAndALatency() {
        assertThat(Slo.parse("p99:10ms")).isEqualTo(new Slo(99, 10, "p99:10ms"));
        assertThat(Slo.parse("p99.9:500us").limitMs()).isEqualTo(0.5);
        assertThat(Slo.parse("P99:1s").limitMs()).isEqualTo(1000);
        assertThatThrownBy(() -> Slo.parse("99:10ms")).isInstanceOf(LabException.class)
            .hasMessageStartingWith("SLO must be");
        assertThatThrownBy(() -> Slo.parse("p99:ten")).isInstanceOf(LabException.class).hasMessageContaining("p99:ten");
        assertThatThrownBy(() -> Slo.parse("p99:0ms")).isInstanceOf(LabException.class)
            .hasMessageContaining("above zero");
    }

}
