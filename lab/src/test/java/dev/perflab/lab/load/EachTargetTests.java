package dev.perflab.lab.load;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How the agents of a pair share its rate: every agent sends both sides the same number
 * of requests per second, so both are offered the same schedule by every agent.
 */
class EachTargetTests {

    @Test
    void eachAgentTakesItsShareOfEverySidesRate() {
        assertThat(EachTarget.rates(200, 2, 0)).containsExactly(200);
        assertThat(EachTarget.rates(200, 2, 2)).containsExactly(100, 100);
        // 101 a side: 51 and 50 from the two agents, each to both sides
        assertThat(EachTarget.rates(202, 2, 2)).containsExactly(102, 100);
        assertThat(EachTarget.rates(300, 2, 3)).containsExactly(100, 100, 100);
    }

    @Test
    void theClosedLoopHasNoRateToShare() {
        assertThatThrownBy(() -> EachTarget.rates(0, 2, 2)).isInstanceOf(LabException.class)
            .hasMessageStartingWith("load agents offer an open-model rate");
    }

}
