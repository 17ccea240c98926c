package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.perflab.lab.result.RungResult;
import dev.perflab.lab.verdict.Estimate;
import dev.perflab.lab.verdict.JvmCost;
import dev.perflab.lab.verdict.Window;

/**
 * Two report sections from what the JVMs say of themselves: the costs each JVM counted
 * per request (bytes allocated with their interval, young collections, JIT compilation
 * per sub-window, context switches), and what each rung's gateway ran on (JDK, collector,
 * Netty's allocator and transport, the rung's own JVM options). Empty, and so left out of
 * the report, for a run that recorded none of it: an older results folder re-renders as
 * it did.
 */
final class JvmSections {

    private JvmSections() {
    }

    /**
     * What each JVM counted per request, as its own section with its partials
     * (templates/section/jvm-costs).
     */
    record Costs(Table table) implements Section {

        static Costs of(RunFacts facts) {
            return new Costs(costs(facts.rungs()));
        }

        @Override
        public java.util.Map<String, Object> view() {
            return Section.tableView(table);
        }
    }

    /**
     * What each rung's gateway ran on, as its own section with its partials
     * (templates/section/runtimes).
     */
    record Runtimes(Table table) implements Section {

        static Runtimes of(RunFacts facts) {
            return new Runtimes(runtime(facts.rungs()));
        }

        @Override
        public java.util.Map<String, Object> view() {
            return Section.tableView(table);
        }
    }

    /**
     * Per measured rung with JVM counters: the gateway's (or else the backend's) costs
     * per request.
     */
    static Table costs(List<RungResult> rungs) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : rungs) {
            if (!r.measured() || r.windows() == null || r.windows().stream().noneMatch(w -> w.jvm() != null)) {
                continue;
            }
            String jvm = r.windows().stream().anyMatch(w -> w.jvm() != null && w.jvm().containsKey("gateway"))
                    ? "gateway" : "business-service";
            Estimate bytes = r.intervals() == null || r.intervals().bytesPerRequest() == null ? null
                    : r.intervals().bytesPerRequest().get(jvm);
            List<JvmCost> costs = r.windows()
                .stream()
                .map(Window::jvm)
                .filter(m -> m != null && m.containsKey(jvm))
                .map(m -> m.get(jvm))
                .toList();
            long young = costs.stream().mapToLong(c -> c.youngGcs() == null ? 0 : c.youngGcs()).sum();
            double jit = costs.stream()
                .filter(c -> c.jitMs() != null)
                .mapToLong(JvmCost::jitMs)
                .average()
                .orElse(Double.NaN);
            double switches = costs.stream()
                .filter(c -> c.switchesPerRequest() != null)
                .mapToDouble(JvmCost::switchesPerRequest)
                .average()
                .orElse(Double.NaN);
            rows.add(List.of(r.name(), jvm, bytes == null ? "" : String.format(Locale.ROOT, "%,.0f", bytes.mean()),
                    bytes == null || !bytes.hasInterval() ? ""
                            : String.format(Locale.ROOT, "[%,.0f to %,.0f]", bytes.low(), bytes.high()),
                    Long.toString(young), Double.isNaN(jit) ? "" : String.format(Locale.ROOT, "%,.0f", jit),
                    Double.isNaN(switches) ? "" : String.format(Locale.ROOT, "%.2f", switches)));
        }
        return new Table(List.of("rung", "JVM", "bytes allocated per request", "95 % interval", "young collections",
                "JIT compilation, ms per sub-window", "context switches per request"), rows);
    }

    /**
     * Per gateway rung whose gateway reported its runtime: JDK, collector, Netty
     * allocator and transport, and the rung's JVM options.
     */
    static Table runtime(List<RungResult> rungs) {
        List<List<String>> rows = new ArrayList<>();
        for (RungResult r : rungs) {
            Map<String, String> mode = r.mode();
            if (mode == null || !mode.containsKey("jdk")) {
                continue;
            }
            rows.add(List.of(r.name(), mode.get("jdk"), mode.getOrDefault("gc", ""), mode.getOrDefault("allocator", ""),
                    mode.getOrDefault("transport", ""), r.rung().javaOpts() == null ? "" : r.rung().javaOpts()));
        }
        return new Table(List.of("rung", "JDK", "collector", "Netty allocator", "transport", "the rung's JVM options"),
                rows);
    }

}
