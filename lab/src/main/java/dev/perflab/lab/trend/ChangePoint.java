package dev.perflab.lab.trend;

/**
 * Where a series moved: the first point of its new level, the commit before it (the range
 * in which the change came in), and the size of the change.
 *
 * @param index the first point after the change, in the series' order
 * @param commitBefore the commit of the point before it
 * @param commit the commit of the first point after it
 * @param changePercent the new level against the old, in % ({@code +5.0}: 5 % higher)
 * @param meanBefore the mean of the points before it, within Otava's window
 * @param meanAfter the mean of the points after it, within the window
 * @param pvalue the t-test's p-value for the split
 */
public record ChangePoint(int index, String commitBefore, String commit, double changePercent, double meanBefore,
        double meanAfter, double pvalue) {
}
