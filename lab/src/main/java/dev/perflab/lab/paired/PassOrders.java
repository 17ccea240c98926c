package dev.perflab.lab.paired;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Each pass's order of start, of ports and of the round-robin schedule, chosen with the
 * plan's seed, so that no rung or side is always first. A ladder rotates one shuffled
 * order of its rungs pass by pass (over as many passes as rungs each comes first once). A
 * pair keeps its balanced design: in each of the three orders A comes first in half the
 * passes (one more for an odd count), the three shuffled apart, so that starting, binding
 * or sending first is not tied to one side nor to the other two orders; a rotation of two
 * would swap all three in lockstep, pass by pass.
 */
final class PassOrders {

    private final List<List<String>> bases;

    /** For a pair: per order, whether A comes first in each pass; null for a ladder. */
    private final List<List<Boolean>> aFirst;

    private PassOrders(List<List<String>> bases, List<List<Boolean>> aFirst) {
        this.bases = bases;
        this.aFirst = aFirst;
    }

    static PassOrders of(LineupPlan plan) {
        Random random = new Random(plan.seed());
        List<List<String>> bases = new ArrayList<>();
        List<String> names = plan.entrants().stream().map(LineupPlan.Entrant::name).toList();
        if (plan.pair()) {
            // as make compare drew them before it ran on the lineup: ports, starts,
            // schedule
            List<Boolean> ports = balanced(plan.passes(), random);
            List<Boolean> starts = balanced(plan.passes(), random);
            List<Boolean> schedule = balanced(plan.passes(), random);
            return new PassOrders(List.of(names, names, names), List.of(starts, ports, schedule));
        }
        for (int order = 0; order < 3; order++) {
            List<String> shuffled = new ArrayList<>(names);
            Collections.shuffle(shuffled, random);
            bases.add(shuffled);
        }
        return new PassOrders(bases, null);
    }

    /** Pass {@code pass}'s (1-based) order of start. */
    List<String> start(int pass) {
        return order(0, pass);
    }

    /** Pass {@code pass}'s order of ports: the i-th rung takes the i-th port. */
    List<String> ports(int pass) {
        return order(1, pass);
    }

    /** Pass {@code pass}'s round-robin schedule. */
    List<String> schedule(int pass) {
        return order(2, pass);
    }

    private List<String> order(int which, int pass) {
        List<String> base = bases.get(which);
        if (aFirst == null) {
            return rotated(base, pass);
        }
        List<Boolean> first = aFirst.get(which);
        // a pass beyond the plan's (the planner's) takes the plan's orders again
        return first.get((pass - 1) % first.size()) ? base : List.of(base.get(1), base.get(0));
    }

    /**
     * Pass {@code pass}'s order (1-based) of the rungs: {@code base} rotated by pass - 1,
     * so that over as many passes as rungs each rung comes first once.
     */
    static List<String> rotated(List<String> base, int pass) {
        List<String> order = new ArrayList<>(base);
        Collections.rotate(order, -((pass - 1) % Math.max(1, base.size())));
        return order;
    }

    /**
     * {@code count} booleans, true in half of them (the odd one decided by the seed),
     * shuffled.
     */
    static List<Boolean> balanced(int count, Random random) {
        List<Boolean> values = new ArrayList<>();
        boolean odd = random.nextBoolean();
        for (int i = 0; i < count; i++) {
            values.add(i < count / 2 || (i == count - 1 && count % 2 == 1 && odd));
        }
        Collections.shuffle(values, random);
        return values;
    }

}
