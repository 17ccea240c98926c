package dev.perflab.lab.paired;

/** Figures as lab.json and pair.json write them. */
final class Numbers {

    private Numbers() {
    }

    /** {@code value} to {@code digits} decimals; NaN and infinities as they are. */
    static double round(double value, int digits) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        double scale = Math.pow(10, digits);
        return Math.round(value * scale) / scale;
    }

}
