package dev.perflab.lab.load;

import java.io.StringReader;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.perflab.lab.Captured;
import dev.perflab.lab.LabException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * vegeta 12.13.0's results as {@code vegeta encode -to=json} printed them, captured with
 * the report vegeta printed for the same attack: against nginx (100/s for 1 s, with the
 * lab's bearer token), against a 503, a closed port and a 200 in turn (30/s), and with
 * one worker against 50 ms answers (100/s for 2 s, so vegeta itself fell behind its
 * schedule).
 */
class VegetaResultsTests {

    @Test
    void countsEveryRequestOfARealAttackFromItsIntendedSendTime() {
        String report = Captured.read("vegeta-nginx-report.txt");
        VegetaResults.Parsed parsed = parse("vegeta-nginx.jsonl", 100);
        assertThat(parsed.requests()).isEqualTo(100)
            .isEqualTo(reported(report, "Requests\\s+\\[total, rate, throughput\\]\\s+(\\d+)"));
        assertThat(parsed.errors()).isZero();
        assertThat(parsed.histogram().getTotalCount()).isEqualTo(100);
        // the busy machine held vegeta's pacer back by up to 95 ms here; that wait is
        // part of each latency
        double lateMs = parsed.maxLatenessMicros() / 1000.0;
        assertThat(lateMs).isBetween(90.0, 100.0);
        assertThat(parsed.latency().percentile("50")).isBetween(reportedMs(report, 2), reportedMs(report, 2) + 2);
        assertThat(parsed.latency().max()).isBetween(reportedMs(report, 6), reportedMs(report, 6) + lateMs);
        assertThat(parsed.latency().max()).isGreaterThan(lateMs);
        assertThat(parsed.sentRps()).isCloseTo(100, within(2.0));
        assertThat(parsed.achievedRps()).isCloseTo(100, within(2.0));
    }

    @Test
    void aStatusOutsideTwoAndThreeHundredAndARefusedConnectionAreErrors() {
        // vegeta's report of this attack: status codes 0 (refused) ×10, 200 ×10, 503 ×10
        VegetaResults.Parsed parsed = parse("vegeta-errors.jsonl", 30);
        assertThat(parsed.requests()).isEqualTo(30);
        assertThat(parsed.errors()).isEqualTo(20);
        assertThat(parsed.socketErrors()).as("the refused ones, status 0").isEqualTo(10);
        assertThat(parsed.achievedRps()).isLessThan(parsed.sentRps() / 2);
    }

    @Test
    void aLateSendCountsItsLatenessSoACappedGeneratorCannotHideAStall() {
        String report = Captured.read("vegeta-one-worker-report.txt");
        VegetaResults.Parsed parsed = parse("vegeta-one-worker.jsonl", 100);
        double vegetasP99 = reportedMs(report, 5);
        // one worker and 50 ms answers: vegeta sent 21 of the 200 requests due in 2 s,
        // each later than the last
        assertThat(parsed.requests()).isEqualTo(21);
        assertThat(parsed.sentRps()).isLessThan(20);
        assertThat(vegetasP99).isLessThan(200);
        assertThat(parsed.maxLatenessMicros()).isGreaterThan(1_500_000);
        assertThat(parsed.latency().percentile("99")).isGreaterThan(parsed.maxLatenessMicros() / 1000.0)
            .isGreaterThan(8 * vegetasP99);
    }

    @Test
    void noResultsIsAnEmptyWindowNotAFailure() {
        VegetaResults.Parsed parsed = VegetaResults.parse(new StringReader(""), 100);
        assertThat(parsed.requests()).isZero();
        assertThat(parsed.achievedRps()).isZero();
        assertThat(parsed.latency().percentile("99")).isZero();
    }

    @Test
    void aLineThatIsNotVegetasJsonIsAClearError() {
        String good = Captured.read("vegeta-nginx.jsonl").lines().findFirst().orElseThrow();
        assertThatThrownBy(() -> VegetaResults
            .parse(new StringReader(good + "\n1663838479000000000,200,674861,0,0,,,,1,GET,x,\n"), 100))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("line 2")
            .hasMessageContaining("vegeta encode -to=json");
        assertThatThrownBy(() -> VegetaResults.parse(new StringReader(good.replace("2026-", "26-")), 100))
            .isInstanceOf(LabException.class)
            .hasMessageContaining("unreadable timestamp");
    }

    private static VegetaResults.Parsed parse(String captured, int rate) {
        return VegetaResults.parse(new StringReader(Captured.read(captured)), rate);
    }

    private static long reported(String report, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(report);
        assertThat(matcher.find()).as(regex).isTrue();
        return Long.parseLong(matcher.group(1));
    }

    /**
     * One latency of vegeta's "Latencies [min, mean, 50, 90, 95, 99, max]" line, in ms.
     */
    private static double reportedMs(String report, int index) {
        Matcher line = Pattern.compile("Latencies\\s+\\[[^]]+\\]\\s+(.+)").matcher(report);
        assertThat(line.find()).isTrue();
        String value = line.group(1).split(",\\s*")[index].strip();
        Matcher number = Pattern.compile("([0-9.]+)(µs|ms|s)").matcher(value);
        assertThat(number.matches()).as(value).isTrue();
        double scale = switch (number.group(2)) {
            case "µs" -> 0.001;
            case "s" -> 1000;
            default -> 1;
        };
        return Double.parseDouble(number.group(1)) * scale;
    }

    @Test
    void aRoundRobinAttackOnTwoTargetsIsSplitByUrlOnTheirSharedSchedule() {
        // 4 req/s: request n is due 250 ms x (n + 1) after the start; A's go out on time,
        // B's 100 ms late
        String lines = line(0, "2026-11-23T10:00:00.250Z", 2_000_000, 200, "http://127.0.0.1:1/a")
                + line(1, "2026-11-23T10:00:00.600Z", 3_000_000, 200, "http://127.0.0.1:2/b")
                + line(2, "2026-11-23T10:00:00.750Z", 2_000_000, 200, "http://127.0.0.1:1/a")
                + line(3, "2026-11-23T10:00:01.100Z", 3_000_000, 503, "http://127.0.0.1:2/b");
        var byUrl = VegetaResults.parseByUrl(new StringReader(lines), 4);
        assertThat(byUrl.keySet()).containsExactly("http://127.0.0.1:1/a", "http://127.0.0.1:2/b");
        VegetaResults.Parsed a = byUrl.get("http://127.0.0.1:1/a");
        VegetaResults.Parsed b = byUrl.get("http://127.0.0.1:2/b");
        assertThat(a.requests()).isEqualTo(2);
        assertThat(a.errors()).isZero();
        assertThat(a.latency().max()).isEqualTo(2.0);
        assertThat(b.requests()).isEqualTo(2);
        assertThat(b.errors()).isEqualTo(1);
        assertThat(b.maxLatenessMicros()).isEqualTo(100_000);
        assertThat(b.latency().percentile("50")).as("100 ms late plus 3 ms answered").isCloseTo(103.0, within(0.2));
        assertThat(VegetaResults.parse(new StringReader(lines), 4).requests()).as("all of it as one").isEqualTo(4);
    }

    @Test
    void theClosedLoopHasNoScheduleSoEachLatencyCountsFromItsOwnSend() {
        // rate 0: each worker sends when its last answer came; a request sent 500 ms
        // after
        // the first is not late, it was not due before
        String lines = line(0, "2026-11-23T10:00:00.000Z", 2_000_000, 200, "http://127.0.0.1:1/a")
                + line(1, "2026-11-23T10:00:00.500Z", 3_000_000, 200, "http://127.0.0.1:2/b")
                + line(2, "2026-11-23T10:00:01.000Z", 4_000_000, 200, "http://127.0.0.1:1/a");
        var byUrl = VegetaResults.parseByUrl(new StringReader(lines), 0);
        VegetaResults.Parsed a = byUrl.get("http://127.0.0.1:1/a");
        VegetaResults.Parsed b = byUrl.get("http://127.0.0.1:2/b");
        assertThat(a.requests()).isEqualTo(2);
        assertThat(a.maxLatenessMicros()).isZero();
        assertThat(a.latency().max()).isCloseTo(4.0, within(0.01));
        assertThat(b.latency().percentile("50")).isCloseTo(3.0, within(0.01));
        assertThat(a.windowMicros()).as("from the first send to the last answer").isEqualTo(1_004_000);
    }

    @Test
    void resultsWithoutAUrlCannotBeSplit() {
        String noUrl = "{\"seq\":0,\"code\":200,\"timestamp\":\"2026-11-23T10:00:00.250Z\",\"latency\":1000,\"error\":\"\"}\n";
        assertThatThrownBy(() -> VegetaResults.parseByUrl(new StringReader(noUrl), 4)).isInstanceOf(LabException.class)
            .hasMessageContaining("name no URL per request");
    }

    private static String line(long seq, String timestamp, long latencyNanos, int code, String url) {
        return "{\"seq\":" + seq + ",\"code\":" + code + ",\"timestamp\":\"" + timestamp + "\",\"latency\":"
                + latencyNanos + ",\"error\":\"\",\"url\":\"" + url + "\"}\n";
    }

}
