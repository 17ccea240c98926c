package dev.perflab.lab.report;

import java.util.Map;
import java.util.Objects;

import dev.perflab.lab.result.RungResult;

/**
 * What the /proc stats sampler cost: the most CPU it used in any measured rung, so a
 * reader can see the sampler did not move the figures it sampled.
 *
 * @param percent the most, in % of one core, as printed; null when no rung recorded it
 * (docker stats)
 */
public record SamplerCostSection(String percent) implements Section {

    static SamplerCostSection of(RunFacts facts) {
        return new SamplerCostSection(facts.rungs()
            .stream()
            .filter(RungResult::measured)
            .map(RungResult::cpu)
            .filter(Objects::nonNull)
            .map(RungResult.CpuUse::samplerPercent)
            .filter(Objects::nonNull)
            .reduce(Math::max)
            .map(cost -> Cells.format("%.2f", cost))
            .orElse(null));
    }

    @Override
    public Map<String, Object> view() {
        return percent == null ? null : Map.of("percent", percent);
    }
}
