package dev.perflab.lab.trend;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.verdict.Quantity;
import dev.perflab.lab.verdict.PairedRatio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Which commits make trend COMMITS= names: a step beyond noise and its floor, not one
 * inside its noise, not one beyond noise but too small to act on, never a commit that
 * runs its parent's jar; and each commit against the first, pass by pass.
 */
class CommitTrendTests {

    private static PairedRatio passes(double... ratios) {
        return PairedRatio.of(java.util.Arrays.stream(ratios).boxed().toList(), Quantity.COST);
    }

    private static final PairedRatio SAME = passes(1.000, 1.010, 0.992, 1.004);

    @Test
    void aStepBeyondNoiseAndItsFloorNamesItsCommitAndNoOtherDoes() {
        CommitTrend.Step quiet = new CommitTrend.Step("aaaaaaa1", "a comment", null, passes(1.012, 0.985, 1.006, 0.995),
                SAME);
        CommitTrend.Step docs = new CommitTrend.Step("bbbbbbb2", "docs", "aaaaaaa1", null, null);
        CommitTrend.Step burn = new CommitTrend.Step("ccccccc3", "burn 25 us", null, passes(1.051, 1.062, 1.043, 1.055),
                passes(1.001, 0.999, 1.002, 1.000));
        CommitTrend.Step small = new CommitTrend.Step("ddddddd4", "a certain 1 %", null,
                passes(1.010, 1.011, 1.009, 1.010), SAME);
        CommitTrend.Step allocates = new CommitTrend.Step("eeeeeee5", "8 KB more", null,
                passes(1.004, 0.996, 1.010, 1.001), passes(1.085, 1.087, 1.084, 1.086));
        CommitTrend trend = new CommitTrend(List.of(quiet, docs, burn, small, allocates));
        assertThat(small.cpu().low()).as("the 1 %% step is beyond noise").isGreaterThan(1.0);
        assertThat(trend.changePoints()).containsExactly(burn, allocates);
        assertThat(burn.cpuChanged()).isTrue();
        assertThat(burn.bytesChanged()).isFalse();
        assertThat(allocates.bytesChanged()).isTrue();
        assertThat(allocates.cpuChanged()).isFalse();
        assertThat(CommitTrend.describe(docs)).isEqualTo("same gateway sources as aaaaaaa: not measured");
        String md = trend.markdown("HEAD~5..HEAD", "0000000f", "the first", "results/x");
        assertThat(md).contains("Change points: `ccccccc` (CPU), `eeeeeee` (bytes)")
            .contains("| `bbbbbbb` | docs | same sources as `aaaaaaa` |")
            .contains("| **CPU** |");
    }

    @Test
    void eachCommitAgainstTheFirstIsTheProductOfTheStepsPassByPass() {
        CommitTrend.Step one = new CommitTrend.Step("a", "", null, passes(1.00, 1.02, 0.98, 1.00), SAME);
        CommitTrend.Step docs = new CommitTrend.Step("b", "", "a", null, null);
        CommitTrend.Step burn = new CommitTrend.Step("c", "", null, passes(1.05, 1.05, 1.05, 1.05), SAME);
        List<PairedRatio> cpu = new CommitTrend(List.of(one, docs, burn)).cumulative(true);
        assertThat(cpu.get(0).perPass()).containsExactly(1.00, 1.02, 0.98, 1.00);
        assertThat(cpu.get(1)).as("the same jar as its parent: the parent's figure").isEqualTo(cpu.get(0));
        assertThat(cpu.get(2).perPass()).containsExactly(1.05, 1.071, 1.029, 1.05);
        assertThat(cpu.get(2).ratio()).isCloseTo(1.05, within(0.001));
        CommitTrend.Step unmeasured = new CommitTrend.Step("d", "", null, null, null);
        assertThat(new CommitTrend(List.of(one, unmeasured, burn)).cumulative(true)).as("a gap breaks the product")
            .containsExactly(cpu.get(0), null, null);
    }

}
