package dev.perflab.lab;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A missing optional tool skips a test with its reason outside CI and fails it under
 * CI=true.
 */
class OptionalToolsTests {

    @Test
    void aPresentToolIsAvailableInAndOutsideCi() {
        assertThat(OptionalTools.available(true, "unused", false)).isTrue();
        assertThat(OptionalTools.available(true, "unused", true)).isTrue();
    }

    @Test
    void outsideCiAMissingToolIsReportedAsUnavailable() {
        assertThat(OptionalTools.available(false, "example-tool is not installed: sudo apt-get install example-tool",
                false))
            .isFalse();
    }

    @Test
    void underCiAMissingToolFailsTheTestWithItsReason() {
        assertThatThrownBy(() -> OptionalTools.available(false,
                "example-tool is not installed: sudo apt-get install example-tool", true))
            .isInstanceOf(AssertionError.class)
            .isNotInstanceOf(TestAbortedException.class)
            .hasMessageStartingWith("example-tool is not installed: sudo apt-get install example-tool")
            .hasMessageContaining("CI=true");
    }

    @Test
    void needStopsTheTestWithTheReasonASkipOutsideCiAFailureUnderIt() {
        Class<? extends Throwable> expected = "true".equals(System.getenv("CI")) ? AssertionError.class
                : TestAbortedException.class;
        assertThatThrownBy(() -> OptionalTools.need(false, "example-tool is missing (package example)"))
            .isInstanceOf(expected)
            .hasMessageContaining("example-tool is missing (package example)");
    }

}
