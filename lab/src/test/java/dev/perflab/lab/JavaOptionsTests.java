package dev.perflab.lab;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JavaOptionsTests {

    @Test
    void optionsAreSplitOnSpacesAndTabs() {
        assertThat(JavaOptions.split(" -Xms1g\t-Xmx1g  -Dlab.burn.micros=40 ", "JAVA_OPTS")).containsExactly("-Xms1g",
                "-Xmx1g", "-Dlab.burn.micros=40");
        assertThat(JavaOptions.split("  ", "JAVA_OPTS")).isEmpty();
        assertThat(JavaOptions.split(null, "JAVA_OPTS")).isEqualTo(List.of());
    }

    /**
     * The JVM starts without a shell: -Dx="a b" reached it as -Dx="a and b", silently
     * (issue 37).
     */
    @Test
    void aQuoteOrALineBreakIsOneLineNamingTheKnob() {
        assertThatThrownBy(() -> JavaOptions.split("-Dx=\"a b\"", "GATEWAY_JAVA_OPTS")).isInstanceOf(LabException.class)
            .hasMessageStartingWith("GATEWAY_JAVA_OPTS takes JVM options separated by spaces, without quotes")
            .hasMessageEndingWith("not -Dx=\"a b\"");
        assertThatThrownBy(() -> JavaOptions.split("-Dx='a'", "B_JAVA_OPTS"))
            .hasMessageStartingWith("B_JAVA_OPTS takes JVM options");
        assertThatThrownBy(() -> JavaOptions.split("-Xmx1g\n-Dy=1", "JAVA_OPTS"))
            .hasMessage("JAVA_OPTS must be one line of JVM options without control characters");
    }

}
