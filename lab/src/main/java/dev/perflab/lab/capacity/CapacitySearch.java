package dev.perflab.lab.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * Finds the highest offered rate whose step meets the SLO. Given rates are measured as
 * they are; otherwise the search starts at a fraction of the closed loop's rate, climbs
 * in geometric steps until a step fails, then bisects between the last step that met the
 * SLO and the first that did not. A start that already fails halves the rate until a step
 * meets it or the rate is too low to matter.
 */
public final class CapacitySearch {

    static final double START_FRACTION = 0.25;
    static final double GROWTH = 1.5;
    static final int BISECTIONS = 3;
    static final int MAX_CLIMB = 12;
    static final double LOWEST_RPS = 10;

    private CapacitySearch() {
    }

    /**
     * How many steps one rung takes, for the duration printed before a run: the given
     * rates, one step each; a search, its first step, one to five climbs (the last one
     * missing the objective) and the bisections, which holds for a capacity from a 32nd
     * of the closed loop's rate (the halvings down) to 1.9 times it.
     */
    public record Steps(int least, int most) {

        public static Steps of(List<Double> rates) {
            return rates.isEmpty() ? new Steps(1 + 1 + BISECTIONS, 1 + 5 + BISECTIONS)
                    : new Steps(rates.size(), rates.size());
        }

    }

    /**
     * The points measured, in the order they were, and the capacity (0 when no step met
     * the SLO).
     */
    public record Result(double rpsAtSlo, List<Point> points) {

        /** The points by offered rate, for the latency-versus-rate chart. */
        public List<Point> byRate() {
            return points.stream().sorted(Comparator.comparingDouble(Point::offeredRps)).toList();
        }
    }

    public static Result fixed(List<Double> rates, Slo slo, DoubleFunction<Point> step) {
        List<Point> points = new ArrayList<>();
        double best = 0;
        for (double rate : rates) {
            Point point = step.apply(rate);
            points.add(point);
            if (slo.metBy(point)) {
                best = Math.max(best, rate);
            }
        }
        return new Result(best, points);
    }

    /**
     * The rate a search starts from: a quarter of the closed loop's, and at least the
     * lowest rate that matters.
     */
    public static double start(double closedLoopRps) {
        return Math.max(LOWEST_RPS, Math.round(closedLoopRps * START_FRACTION));
    }

    public static Result search(double closedLoopRps, Slo slo, DoubleFunction<Point> step) {
        List<Point> points = new ArrayList<>();
        double rate = start(closedLoopRps);
        Point first = measure(rate, step, points);
        double met;
        double failed;
        if (slo.metBy(first)) {
            met = rate;
            failed = Double.NaN;
            for (int i = 0; i < MAX_CLIMB && Double.isNaN(failed); i++) {
                rate = Math.round(rate * GROWTH);
                if (slo.metBy(measure(rate, step, points))) {
                    met = rate;
                }
                else {
                    failed = rate;
                }
            }
        }
        else {
            failed = rate;
            met = 0;
            while (met == 0 && rate / 2 >= LOWEST_RPS) {
                rate = Math.round(rate / 2);
                if (slo.metBy(measure(rate, step, points))) {
                    met = rate;
                }
                else {
                    failed = rate;
                }
            }
        }
        for (int i = 0; i < BISECTIONS && met > 0 && !Double.isNaN(failed); i++) {
            double middle = Math.round((met + failed) / 2);
            if (middle <= met || middle >= failed) {
                break;
            }
            if (slo.metBy(measure(middle, step, points))) {
                met = middle;
            }
            else {
                failed = middle;
            }
        }
        return new Result(met, points);
    }

    private static Point measure(double rate, DoubleFunction<Point> step, List<Point> points) {
        Point point = step.apply(rate);
        points.add(point);
        return point;
    }

}
