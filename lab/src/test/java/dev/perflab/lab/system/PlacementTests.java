package dev.perflab.lab.system;

import org.junit.jupiter.api.Test;

import dev.perflab.lab.LabException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlacementTests {

    @Test
    void onTwoCoresGeneratorAndSystemShareAndTheReportSaysSo() {
        Placement placement = Placement.decide("auto", 2, true);
        assertThat(placement.pinned()).isFalse();
        assertThat(placement.generatorPrefix()).isEmpty();
        assertThat(placement.describe()).isEqualTo(
                "load generator and system share the 2 cores (PIN=auto pins only on 4 cores or more, with taskset)");
    }

    @Test
    void onEightCoresTheGeneratorGetsAQuarter() {
        Placement placement = Placement.decide("auto", 8, true);
        assertThat(placement.generatorPrefix()).containsExactly("taskset", "-c", "6-7");
        assertThat(placement.appPrefix()).containsExactly("taskset", "-c", "0-5");
        assertThat(placement.describe()).startsWith("load generator on cores 6-7, the apps on cores 0-5");
    }

    @Test
    void thePinnedGeneratorRunsUnderTaskset() {
        Placement placement = Placement.decide("auto", 8, true);
        java.util.List<String> wrk = new dev.perflab.lab.load.WrkGenerator(java.nio.file.Path.of("wrk/summary.lua"),
                new dev.perflab.lab.load.WrkGenerator.Load(2, 4, java.time.Duration.ofSeconds(10)),
                placement.generatorPrefix())
            .command(new dev.perflab.lab.load.WrkGenerator.Load(2, 4, java.time.Duration.ofSeconds(10)),
                    java.time.Duration.ofSeconds(5), "http://127.0.0.1:1/");
        assertThat(wrk).startsWith("taskset", "-c", "6-7", "wrk");
        java.util.List<String> shared = new dev.perflab.lab.load.WrkGenerator(java.nio.file.Path.of("wrk/summary.lua"),
                new dev.perflab.lab.load.WrkGenerator.Load(2, 4, java.time.Duration.ofSeconds(10)),
                Placement.decide("auto", 2, true).generatorPrefix())
            .command(new dev.perflab.lab.load.WrkGenerator.Load(2, 4, java.time.Duration.ofSeconds(10)),
                    java.time.Duration.ofSeconds(5), "http://127.0.0.1:1/");
        assertThat(shared.get(0)).isEqualTo("wrk");
    }

    @Test
    void onFourCoresTheGeneratorGetsOne() {
        Placement placement = Placement.decide("auto", 4, true);
        assertThat(placement.generatorPrefix()).containsExactly("taskset", "-c", "3");
        assertThat(placement.appPrefix()).containsExactly("taskset", "-c", "0-2");
    }

    @Test
    void offOrNoTasksetShares() {
        assertThat(Placement.decide("off", 16, true).pinned()).isFalse();
        assertThat(Placement.decide("off", 16, true).describe()).contains("PIN=off");
        assertThat(Placement.decide("auto", 16, false).pinned()).isFalse();
    }

    @Test
    void anythingElseIsOneLine() {
        assertThatThrownBy(() -> Placement.decide("yes", 8, true)).isInstanceOf(LabException.class)
            .hasMessage("PIN must be auto or off, not 'yes'");
    }

}
