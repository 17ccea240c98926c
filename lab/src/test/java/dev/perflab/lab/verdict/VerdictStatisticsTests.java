package dev.perflab.lab.verdict;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class VerdictStatisticsTests {

    @Test
    void anEstimateIsStudentsIntervalAroundTheMean() {
        // mean 10, sample sd 1, n 4: half width t(0.975, 3) x 1 / 2 = 3.1824 / 2
        Estimate estimate = Estimate.of(List.of(9.0, 10.0, 11.0, 10.0 + 0.0));
        double sd = Math.sqrt(2.0 / 3);
        assertThat(estimate.mean()).isEqualTo(10.0);
        assertThat(estimate.high() - estimate.mean()).isCloseTo(3.18245 * sd / 2, within(1e-3));
        assertThat(estimate.halfWidthPercent()).isCloseTo(3.18245 * sd / 2 / 10 * 100, within(1e-2));
        assertThat(estimate.n()).isEqualTo(4);
    }

    @Test
    void oneValueHasNoInterval() {
        Estimate estimate = Estimate.of(List.of(2500.0));
        assertThat(estimate.hasInterval()).isFalse();
        assertThat(estimate.halfWidthPercent()).isNull();
    }

    @Test
    void aClearGainIsFasterAClearLossSlowerAndAnOverlapNoDifference() {
        List<Double> before = List.of(1000.0, 1020.0, 990.0, 1010.0, 1005.0, 995.0);
        List<Double> faster = List.of(1500.0, 1480.0, 1520.0, 1510.0, 1490.0, 1505.0);
        List<Double> same = List.of(1010.0, 990.0, 1030.0, 985.0, 1000.0, 1002.0);
        Ratio up = Ratio.of(before, faster, Quantity.RATE);
        assertThat(up.verdict()).isEqualTo(Verdict.FASTER);
        assertThat(up.ratio()).isCloseTo(1.5, within(0.01));
        assertThat(up.low()).isLessThan(up.ratio());
        assertThat(up.high()).isGreaterThan(up.ratio());
        assertThat(Ratio.of(faster, before, Quantity.RATE).verdict()).isEqualTo(Verdict.SLOWER);
        assertThat(Ratio.of(before, same, Quantity.RATE).verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
    }

    @Test
    void forACostLessIsCheaper() {
        List<Double> before = List.of(0.40, 0.41, 0.39, 0.40);
        List<Double> cheaper = List.of(0.30, 0.31, 0.29, 0.30);
        assertThat(Ratio.of(before, cheaper, Quantity.COST).verdict()).isEqualTo(Verdict.CHEAPER);
        assertThat(Ratio.of(cheaper, before, Quantity.COST).verdict()).isEqualTo(Verdict.COSTLIER);
    }

    @Test
    void noiseAsWideAsTheStepIsNoDifference() {
        // a 10 % step inside +-15 % noise with three values a side: the interval
        // straddles 1
        Ratio ratio = Ratio.of(List.of(850.0, 1000.0, 1150.0), List.of(935.0, 1100.0, 1265.0), Quantity.RATE);
        assertThat(ratio.ratio()).isCloseTo(1.1, within(0.01));
        assertThat(ratio.verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(ratio.describe()).endsWith("no difference beyond noise");
    }

    @Test
    void oneWindowASideGivesARatioWithoutAVerdict() {
        Ratio ratio = Ratio.of(List.of(1000.0), List.of(2000.0), Quantity.RATE);
        assertThat(ratio.ratio()).isEqualTo(2.0);
        assertThat(ratio.verdict()).isNull();
        assertThat(ratio.describe()).contains("no interval");
    }

    @Test
    void withOnePassTheUnitsAreItsSubWindowsAndTheIntervalSaysSo() {
        List<Window> windows = List.of(window(1, 1000, 0.40), window(1, 1100, 0.38), window(1, 1050, 0.39));
        Intervals intervals = Intervals.of(windows);
        assertThat(intervals.covers()).startsWith("within one run only: 3 sub-windows");
        assertThat(intervals.rps().n()).isEqualTo(3);
        assertThat(intervals.rps().mean()).isEqualTo(1050.0);
        assertThat(intervals.cpuMsPerRequest().get("gateway").n()).isEqualTo(3);
    }

    @Test
    void withPassesTheUnitsAreThePassMeans() {
        List<Window> windows = List.of(window(1, 1000, 0.4), window(1, 1200, 0.4), window(2, 900, 0.5),
                window(2, 1100, 0.5), window(3, 1000, 0.45), window(3, 1000, 0.45));
        Intervals intervals = Intervals.of(windows);
        assertThat(intervals.covers()).startsWith("between 3 passes, each restarting the apps");
        assertThat(intervals.rps().values()).containsExactly(1100.0, 1000.0, 1000.0);
        assertThat(Intervals.of(windows, false).covers()).as("RUNTIME=remote: the passes did not restart anything")
            .startsWith("between 3 passes, of a system the lab did not start, so not across restarts");
        assertThat(intervals.cpuMsPerRequest().get("gateway").values()).containsExactly(0.4, 0.5, 0.45);
    }

    @Test
    void aStepComparesReqPerSecondAndTheProxysCpuPerRequest() {
        List<Window> gateway = List.of(window(1, 1000, 0.40), window(2, 1010, 0.41), window(3, 990, 0.39),
                window(4, 1005, 0.40));
        List<Window> nginx = List.of(nginx(1, 3000, 0.10), nginx(2, 3050, 0.11), nginx(3, 2990, 0.10),
                nginx(4, 3010, 0.10));
        StepVerdict step = StepVerdict.of("loop-pools", gateway, nginx);
        assertThat(step.against()).isEqualTo("loop-pools");
        assertThat(step.rps().verdict()).isEqualTo(Verdict.FASTER);
        assertThat(step.proxyCpuPerRequest().verdict()).isEqualTo(Verdict.CHEAPER);
        assertThat(step.proxyCpuPerRequest().ratio()).isCloseTo(0.255, within(0.01));
        assertThat(step.noVerdict()).isNull();
    }

    /**
     * The same figures as the windows of one start each (PASSES=1): the ratios and their
     * intervals stay, said to be within one start, and no metric gets a verdict, since
     * the windows of one start vary less than restarts do.
     */
    @Test
    void aStepOverTheWindowsOfOneStartHasIntervalsButNoVerdict() {
        List<Window> gateway = List.of(window(1, 1000, 0.40), window(1, 1010, 0.41), window(1, 990, 0.39),
                window(1, 1005, 0.40));
        List<Window> nginx = List.of(nginx(1, 3000, 0.10), nginx(1, 3050, 0.11), nginx(1, 2990, 0.10),
                nginx(1, 3010, 0.10));
        StepVerdict step = StepVerdict.of("loop-pools", gateway, nginx);
        assertThat(step.rps().low()).isNotNull().isGreaterThan(1.0);
        assertThat(step.rps().verdict()).isNull();
        assertThat(step.proxyCpuPerRequest().verdict()).isNull();
        assertThat(step.carriedBy()).isNull();
        assertThat(step.noVerdict()).isEqualTo(StepVerdict.ONE_START);
        assertThat(step.rps().describe()).endsWith("within one start, no verdict");
        List<Window> passes = List.of(nginx(1, 3000, 0.10), nginx(2, 3050, 0.11), nginx(3, 2990, 0.10));
        assertThat(StepVerdict.of("loop-pools", gateway, passes).noVerdict()).as("one side of one start is enough")
            .isEqualTo(StepVerdict.ONE_START);
        StepVerdict atRate = StepVerdict.of("loop-pools", gateway, nginx).withAtRate(passes, passes);
        assertThat(atRate.proxyCpuAtRate().verdict()).isNull();
        assertThat(atRate.noVerdict()).isEqualTo(StepVerdict.ONE_START);
    }

    @Test
    void aStepThatOnlyAllocatesMoreIsCarriedByBytesPerRequestWhereCpuAndReqPerSecondCannotTell() {
        // request logging on a busy machine: CPU and req/s inside their noise, 6 % more
        // bytes in every window
        List<Window> before = List.of(counted(1, 1000, 0.40, 95_000), counted(2, 1150, 0.36, 95_100),
                counted(3, 900, 0.44, 94_950), counted(4, 1050, 0.39, 95_050));
        List<Window> after = List.of(counted(1, 980, 0.42, 100_700), counted(2, 1120, 0.37, 100_800),
                counted(3, 920, 0.41, 100_650), counted(4, 1060, 0.43, 100_750));
        StepVerdict step = StepVerdict.of("log-async", before, after);
        assertThat(step.rps().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(step.proxyCpuPerRequest().verdict()).isEqualTo(Verdict.NO_DIFFERENCE);
        assertThat(step.gatewayBytesPerRequest().verdict()).isEqualTo(Verdict.MORE);
        assertThat(step.gatewayBytesPerRequest().ratio()).isCloseTo(1.06, within(0.005));
        assertThat(step.carriedBy()).containsExactly("gateway_bytes_per_request");
        assertThat(StepVerdict.of("same", before, before).carriedBy()).as("nothing resolved").isEmpty();
        assertThat(Intervals.of(after).bytesPerRequest().get("gateway").n()).isEqualTo(4);
    }

    private static Window counted(int pass, double rps, double gatewayCpu, double gatewayBytes) {
        return new Window(pass, rps, 5.0, Map.of("gateway", gatewayCpu),
                Map.of("gateway", new JvmCost(gatewayBytes, 0L, 0L, 0L, null)));
    }

    private static Window window(int pass, double rps, double gatewayCpu) {
        return new Window(pass, rps, 5.0, Map.of("gateway", gatewayCpu, "auth-service", 0.1));
    }

    private static Window nginx(int pass, double rps, double nginxCpu) {
        return new Window(pass, rps, 2.0, Map.of("nginx", nginxCpu, "auth-service", 0.1));
    }

}
