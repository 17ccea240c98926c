package dev.perflab.lab.paired;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.perflab.lab.Durations;
import dev.perflab.lab.LabException;

/** A paired pass's measured time cut into its windows. */
public final class PassWindows {

    private PassWindows() {
    }

    /**
     * DURATION split into SUBWINDOW parts; a remainder shorter than a second joins the
     * last part.
     */
    public static List<Duration> split(Duration duration, Duration subwindow) {
        if (duration.toMillis() < 1000 || subwindow.toMillis() < 1000) {
            throw new LabException("DURATION and SUBWINDOW must be at least 1s each, not " + Durations.format(duration)
                    + " and " + Durations.format(subwindow));
        }
        long count = duration.toMillis() / subwindow.toMillis();
        if (count > LineupPlan.MAX_WINDOWS) {
            throw new LabException(
                    "DURATION=" + Durations.format(duration) + " in SUBWINDOW=" + Durations.format(subwindow)
                            + " parts makes " + count + " windows per pass; at most " + LineupPlan.MAX_WINDOWS);
        }
        List<Duration> parts = new ArrayList<>();
        Duration left = duration;
        while (left.compareTo(subwindow) >= 0) {
            parts.add(subwindow);
            left = left.minus(subwindow);
        }
        if (parts.isEmpty()) {
            parts.add(left);
        }
        else if (!left.isZero()) {
            int last = parts.size() - 1;
            if (left.toMillis() < 1000) {
                parts.set(last, parts.get(last).plus(left));
            }
            else {
                parts.add(left);
            }
        }
        return parts;
    }

}
