package dev.perflab.lab.paired;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import dev.perflab.lab.run.WarmUp;
import dev.perflab.lab.stats.JvmCounters;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

/**
 * One side's reading (a window or a duet's totals) as pair.json and lab.json write it:
 * its requests, CPU and latency, the CPU split where it was read, and what its JVM
 * counted (nothing for nginx). Figures rounded as the files have always had them.
 *
 * @param gcCpuMs the GC threads' CPU; null (left out) where it was not read
 * @param cpuMsTicks the process's CPU from its clock ticks; null (left out) where the
 * split was read from the cgroup or not at all
 * @param cpuMsCgroup the process's CPU from its cgroup; null (left out) otherwise
 * @param jvm what the JVM counted, written in line; null (nothing written) for nginx
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SideJson(long requests, long errors, double cpuMs, double cpuMsPerRequest,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double gcCpuMs,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double cpuMsTicks,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double cpuMsCgroup, double p50Ms, double p99Ms,
        @JsonUnwrapped Jvm jvm) {

    /**
     * What a side's JVM counted over the reading.
     *
     * @param voluntaryContextSwitches null where the kernel did not say
     * @param bytesPerRequestByThread bytes per answered request by thread group, most
     * first; a group with no bytes left out
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Jvm(long allocatedBytes, double bytesPerRequest, long youngGcs, long gcs, long gcMs, long jitMs,
            Long voluntaryContextSwitches, Long involuntaryContextSwitches,
            Map<String, Double> bytesPerRequestByThread) {

        static Jvm of(SideWindow side) {
            JvmCounters.Reading jvm = side.jvm();
            long answered = side.answered();
            Map<String, Double> byThread = new LinkedHashMap<>();
            jvm.bytesByThread()
                .entrySet()
                .stream()
                .filter(group -> group.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(group -> byThread.put(group.getKey(),
                        answered == 0 ? null : Numbers.round((double) group.getValue() / answered, 1)));
            return new Jvm(jvm.allocatedBytes(), Numbers.round(side.bytesPerRequest(), 1), jvm.youngCollections(),
                    jvm.collections(), jvm.gcMillis(), jvm.jitMillis(),
                    jvm.voluntarySwitches() < 0 ? null : jvm.voluntarySwitches(),
                    jvm.involuntarySwitches() < 0 ? null : jvm.involuntarySwitches(), byThread);
        }

    }

    static SideJson of(SideWindow side) {
        CpuSplit split = side.split();
        Double process = Double.isNaN(split.processMs()) ? null : Numbers.round(split.processMs(), 1);
        return new SideJson(side.requests(), side.errors(), Numbers.round(side.cpuMs(), 1),
                Numbers.round(side.cpuMsPerRequest(), 4),
                Double.isNaN(split.gcMs()) ? null : Numbers.round(split.gcMs(), 3),
                CpuSplit.CGROUP.equals(split.processKey()) ? null : process,
                CpuSplit.CGROUP.equals(split.processKey()) ? process : null, side.p50Ms(), side.p99Ms(),
                side.jvm() == null ? null : Jvm.of(side));
    }

    /**
     * A warm-up as pair.json and lab.json record it: its time, parts and load, and why it
     * ended.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record WarmUpJson(double tookS, int parts, String load, String ended) {

        static WarmUpJson of(WarmUp.Result warmup) {
            return new WarmUpJson(Math.round(warmup.took().toMillis() / 100.0) / 10.0, warmup.parts(),
                    warmup.load().id(), warmup.quiet() ? "the JIT went quiet in both gateways"
                            : "WARMUP ran out before the JIT went quiet");
        }

    }

}
