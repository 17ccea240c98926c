package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perflab.lab.result.RungResult;

/**
 * One row per profiled rung: the profiler's verdict on the event-loop threads (with JFR's
 * count of socket reads on them when it has one), the largest groups of samples and what
 * profiling cost.
 *
 * @param profiler the profiler and its window as run.json describes them
 */
public record HotspotsSection(Table table, String profiler) implements Section {

    /** How many sample groups the table names per rung. */
    private static final int GROUPS = 4;

    static HotspotsSection of(RunFacts facts) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : facts.rungs()) {
            RungResult.ProfileSummary profile = r.profile();
            if (profile == null || profile.hotspot() == null) {
                continue;
            }
            String groups = profile.hotspotShares() == null ? ""
                    : String.join(", ",
                            profile.hotspotShares()
                                .entrySet()
                                .stream()
                                .limit(GROUPS)
                                .map(e -> Cells.format("%s %.0f %%", e.getKey(), e.getValue() * 100))
                                .toList());
            RungResult.ProfilerCost cost = profile.cost();
            rows.add(List.of(r.name(), profile.profiler() == null ? "" : profile.profiler(), verdict(profile), groups,
                    cost == null ? ""
                            : Cells.format("%,.0f / %,.0f = %.2f", cost.rpsWith(), cost.rpsWithout(), cost.ratio())));
        }
        return new HotspotsSection(
                new Table(List.of("rung", "profiler", "verdict (event-loop threads)", "largest groups",
                        "profiler cost: req/s with / without"), rows),
                java.util.Objects.requireNonNullElse(facts.parameters().profiler(), ""));
    }

    private static String verdict(RungResult.ProfileSummary profile) {
        if (profile.evidence() != null && profile.evidence().get("event_loop_socket_reads") instanceof Number reads) {
            return profile.hotspot()
                    + Cells.format("; JFR: %,d socket reads on the event loop, %,.0f ms", reads.longValue(),
                            ((Number) profile.evidence().getOrDefault("event_loop_socket_read_ms", 0)).doubleValue());
        }
        return profile.hotspot();
    }

    @Override
    public Map<String, Object> view() {
        if (table.isEmpty()) {
            return null;
        }
        Map<String, Object> view = new LinkedHashMap<>(table.view());
        view.put("profiler", profiler);
        return view;
    }
}
