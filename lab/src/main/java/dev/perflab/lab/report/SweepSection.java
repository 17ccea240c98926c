package dev.perflab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.perflab.common.LatencySpec;
import dev.perflab.lab.LabException;
import dev.perflab.lab.result.RungResult;

/**
 * A sweep's req/s per auth client (rows) and auth latency (columns), with the bound a
 * blocked event loop allows at each latency; the same figures as the sweep chart's
 * series. Empty (and no series) unless the run was a sweep.
 */
public record SweepSection(Table table, SweepSeries series) implements Section {

    /**
     * req/s per client at each auth latency (null where a point was skipped or missing),
     * and the blocked-loop bound.
     */
    public record SweepSeries(@JsonProperty("latencies_ms") List<Double> latenciesMs, List<ClientSeries> series,
            List<Double> bound) {
    }

    /**
     * One client's req/s at each auth latency, and next to it the bound its own
     * measurements give at each point: event-loop threads / auth-call time for the
     * blocking client, cores / CPU ms per request for the others.
     */
    public record ClientSeries(String client, List<Double> rps, List<Double> bound) {
    }

    /**
     * A sweep point's axes as the sweep declared them; summaries from before the axes
     * were stored name the client first among the profiles.
     */
    private record SweepPoint(String client, String latency, RungResult result) {
    }

    static SweepSection of(RunFacts facts) {
        if (!facts.info().path("command").asString().equals("sweep")) {
            return new SweepSection(new Table(List.of(), List.of()), null);
        }
        List<SweepPoint> points = facts.rungs().stream().map(r -> {
            Map<String, String> axes = r.rung().axes() == null ? Map.of() : r.rung().axes();
            String client = axes.getOrDefault("client",
                    r.rung().profiles().isEmpty() ? "reactive" : r.rung().profiles().get(0));
            String latency = axes.getOrDefault("auth_latency", r.rung().authLatency());
            return new SweepPoint(client, latency, r);
        }).toList();
        return new SweepSection(table(facts, points), series(facts, points));
    }

    /**
     * The lower and upper bound's mean, in seconds: what one request waits for on
     * average. Null for none.
     */
    static Double latencySeconds(String rung, String latency) {
        if (latency == null) {
            return null;
        }
        try {
            LatencySpec spec = LatencySpec.parse(latency);
            return spec.isNone() ? 0.0 : (spec.minNanos() + spec.maxNanos()) / 2.0 / 1e9;
        }
        catch (IllegalArgumentException ex) {
            throw new LabException("summary.json: rung " + rung + ": " + ex.getMessage());
        }
    }

    private static List<String> latencies(List<SweepPoint> points) {
        return points.stream().map(SweepPoint::latency).distinct().toList();
    }

    private static List<String> clients(List<SweepPoint> points) {
        return points.stream().map(SweepPoint::client).distinct().toList();
    }

    private static Optional<RungResult> at(List<SweepPoint> points, String client, String latency) {
        return points.stream()
            .filter(p -> p.client().equals(client) && Objects.equals(p.latency(), latency))
            .map(SweepPoint::result)
            .findFirst();
    }

    /**
     * req/s per client (rows) and auth latency (columns), then the bound a blocked event
     * loop allows.
     */
    private static Table table(RunFacts facts, List<SweepPoint> points) {
        List<String> latencies = latencies(points);
        List<String> header = new ArrayList<>(List.of("client"));
        latencies.forEach(l -> header.add("auth " + l));
        List<List<String>> rows = new ArrayList<>();
        for (String client : clients(points)) {
            List<String> row = new ArrayList<>(List.of(client));
            latencies.forEach(l -> row
                .add(at(points, client, l).map(r -> r.measured() ? Cells.count(r.throughput().rps()) : "skipped")
                    .orElse("")));
            rows.add(row);
        }
        List<String> bound = new ArrayList<>(List.of("bound, blocked event loop"));
        latencies.forEach(l -> bound.add(Optional.ofNullable(bound(facts, points, l)).map(Cells::count).orElse("-")));
        rows.add(bound);
        return new Table(header, rows);
    }

    private static SweepSeries series(RunFacts facts, List<SweepPoint> points) {
        List<String> latencies = latencies(points);
        List<ClientSeries> series = clients(points).stream()
            .map(client -> new ClientSeries(client,
                    latencies.stream()
                        .map(l -> at(points, client, l).filter(RungResult::measured)
                            .map(r -> r.throughput().rps())
                            .orElse(null))
                        .toList(),
                    latencies.stream()
                        .map(l -> at(points, client, l).filter(RungResult::measured)
                            .map(RungResult::bounds)
                            .map(b -> client.equals("blocking") ? b.eventLoop() : b.cpu())
                            .orElse(null))
                        .toList()))
            .toList();
        return new SweepSeries(latencies.stream()
            .map(l -> Optional.ofNullable(latencySeconds(pointName(points, l), l)).map(s -> s * 1000).orElse(null))
            .toList(), series, latencies.stream().map(l -> bound(facts, points, l)).toList());
    }

    private static String pointName(List<SweepPoint> points, String latency) {
        return points.stream()
            .filter(p -> Objects.equals(p.latency(), latency))
            .findFirst()
            .map(p -> p.result().name())
            .orElse("?");
    }

    /**
     * min(event-loop threads, connections) / auth latency: what a blocked event loop
     * allows at most.
     */
    private static Double bound(RunFacts facts, List<SweepPoint> points, String latency) {
        Double seconds = latencySeconds(pointName(points, latency), latency);
        int loops = facts.rungs()
            .stream()
            .filter(r -> r.mode() != null && r.mode().containsKey("event_loop_threads"))
            .mapToInt(r -> Integer.parseInt(r.mode().get("event_loop_threads")))
            .findFirst()
            .orElse(0);
        int connections = facts.parameters().connectionsOr(0);
        if (seconds == null || seconds <= 0 || loops <= 0) {
            return null;
        }
        return Math.min(loops, connections) / seconds;
    }

    @Override
    public Map<String, Object> view() {
        return Section.tableView(table);
    }
}
