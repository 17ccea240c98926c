package dev.perflab.lab.verdict;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * What a plan resolves, said before it runs (issue 53): two passes of make compare read
 * 1.188 × [0.899, 1.570] for a known burn and passed FAIL_ON=5% without a word.
 */
class ResolutionTests {

    @Test
    void theHalfWidthIsTheTIntervalOfThePassesAtTheSpread() {
        // t(3) = 3.182: exp(3.182 × 0.031 / √4) - 1
        assertThat(Resolution.halfWidth(4, 0.031)).isCloseTo(Math.exp(3.1824 * 0.031 / 2) - 1, within(1e-4));
        // t(1) = 12.706: two passes resolve about ±32 %
        assertThat(Resolution.halfWidth(2, 0.031)).isCloseTo(0.321, within(0.002));
        assertThat(Resolution.halfWidth(10, 0.031)).isLessThan(Resolution.halfWidth(9, 0.031));
    }

    @Test
    void aPlanTooCoarseForItsGateSaysSoAndNamesThePassesThatResolveIt() {
        String line = Resolution.line(2, 0.05, "5%");
        assertThat(line).startsWith("Resolution: 2 passes tell a step apart to about ±32.1 % (95 % interval")
            .contains("FAIL_ON=5% asks for ±5.0 %, finer than that: a step costlier by 5% can pass unseen; PASSES=");
        int enough = Integer.parseInt(line.replaceAll(".*PASSES=(\\d+) or more.*", "$1"));
        assertThat(Resolution.halfWidth(enough, Resolution.WIDEST_PER_PASS_SD)).isLessThanOrEqualTo(0.05);
        assertThat(Resolution.halfWidth(enough - 1, Resolution.WIDEST_PER_PASS_SD)).isGreaterThan(0.05);
    }

    @Test
    void aPlanFineEnoughForItsGateOrWithoutOneSaysOnlyWhatItResolves() {
        assertThat(Resolution.line(10, 0.05, "5%")).doesNotContain("FAIL_ON");
        assertThat(Resolution.line(4, Double.NaN, "")).doesNotContain("FAIL_ON").contains("4 passes");
    }

}
