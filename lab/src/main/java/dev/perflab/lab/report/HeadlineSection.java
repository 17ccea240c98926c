package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.Ratio;
import dev.perflab.lab.verdict.StepVerdict;

/**
 * The report's answer first, for a ladder: the cheapest gateway rung by the gateway's CPU
 * per request and the fastest by req/s, each against the ladder's first gateway rung
 * (blocking in the default ladder) and against nginx, as a ratio with its 95 % interval
 * and verdict, the same statistic as a step's ({@link StepVerdict}) between two rungs
 * that are not neighbours. A gateway that caches auth answers (profile auth-cache) is
 * held against an nginx rung that caches them too (nginx-cached), never against one that
 * asks auth-service every time. For CPU per request the words are cheaper and costlier,
 * for req/s faster and slower. With one pass it says that the intervals do not cover a
 * restart. A rung whose errors were more than {@link StepVerdict#MAX_FAILURE_SHARE} of
 * its answers is neither a candidate nor a reference.
 *
 * @param lines one sentence each, plain text
 * @param onePass whether the run had one pass of each rung
 */
public record HeadlineSection(List<String> lines, boolean onePass) implements Section {

    static HeadlineSection of(RunFacts facts) {
        if (!facts.info().path("command").asString("").equals("lab")) {
            return new HeadlineSection(List.of(), false);
        }
        List<RungResult> gateways = facts.rungs()
            .stream()
            .filter(r -> r.measured() && r.target().equals("gateway") && r.windows() != null && r.intervals() != null
                    && RungResult.failures(r) == null)
            .toList();
        List<RungResult> nginxes = facts.rungs()
            .stream()
            .filter(r -> r.measured() && r.target().equals("nginx") && r.windows() != null
                    && RungResult.failures(r) == null)
            .toList();
        if (gateways.isEmpty() || (gateways.size() < 2 && nginxes.isEmpty())) {
            return new HeadlineSection(List.of(), false);
        }
        RungResult first = gateways.get(0);
        List<String> lines = new ArrayList<>();
        gateways.stream()
            .filter(r -> cpu(r) != null)
            .min(Comparator.comparingDouble(r -> cpu(r).mean()))
            .ifPresent(
                    cheapest -> lines.add(Cells.format("Cheapest gateway rung: %s, %.3f ms of gateway CPU per request",
                            cheapest.name(), cpu(cheapest).mean())
                            + against(cheapest, first, nginxFor(cheapest, nginxes), HeadlineSection::cpuWords)));
        gateways.stream()
            .filter(r -> r.throughput() != null && r.throughput().rps() != null)
            .max(Comparator.comparingDouble(r -> r.throughput().rps()))
            .ifPresent(fastest -> lines.add(Cells.format("Fastest gateway rung: %s, %s req/s", fastest.name(),
                    Cells.count(fastest.throughput().rps()))
                    + against(fastest, first, nginxFor(fastest, nginxes), HeadlineSection::rpsWords)));
        boolean onePass = facts.parameters().onePass();
        return new HeadlineSection(lines, onePass);
    }

    /**
     * The nginx rung a gateway rung is held against: the first that caches auth answers
     * as the gateway does or does not; none when the ladder has no such nginx.
     */
    static Optional<RungResult> nginxFor(RungResult gateway, List<RungResult> nginxes) {
        return nginxes.stream().filter(nginx -> cachesAuth(nginx) == cachesAuth(gateway)).findFirst();
    }

    private static boolean cachesAuth(RungResult rung) {
        return rung.rung().profiles().contains("auth-cache");
    }

    /** "; against blocking 0.45 × [0.41, 0.49], cheaper; against nginx ...". */
    private static String against(RungResult rung, RungResult first, Optional<RungResult> nginx,
            Function<StepVerdict, String> words) {
        StringBuilder text = new StringBuilder();
        for (RungResult reference : nginx.isPresent() ? List.of(first, nginx.get()) : List.of(first)) {
            if (reference == rung) {
                continue;
            }
            StepVerdict step = StepVerdict.of(reference.name(), reference.windows(), rung.windows());
            String said = step == null ? null : words.apply(step);
            if (said != null) {
                text.append("; against ").append(reference.name()).append(' ').append(said);
            }
        }
        return text.append('.').toString();
    }

    private static String cpuWords(StepVerdict step) {
        return words(step.proxyCpuPerRequest());
    }

    private static String rpsWords(StepVerdict step) {
        return words(step.rps());
    }

    /** "0.45 × [0.41, 0.49], cheaper": the verdict in its metric's words. */
    static String words(Ratio ratio) {
        if (ratio == null) {
            return null;
        }
        if (ratio.low() == null) {
            return Cells.format("%.2f × (one window: no interval)", ratio.ratio());
        }
        String verdict = ratio.verdict() == null ? "within one start, no verdict" : ratio.verdict().words();
        return Cells.format("%.2f × [%.2f to %.2f], %s", ratio.ratio(), ratio.low(), ratio.high(), verdict);
    }

    private static Estimate cpu(RungResult rung) {
        return Cells.proxyCpu(rung.intervals());
    }

    @Override
    public Map<String, Object> view() {
        if (lines.isEmpty()) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("lines", lines);
        view.put("onePass", onePass);
        return view;
    }
}
