package org.jbsplib.npb.common;

import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;

/**
 * The median of repeated measurements and their range (min–max), as the repeat reports print them.
 *
 * <pre>{@code
 * Spread s = Spread.of(new double[] {1.3, 1.1, 1.2});   // median 1.2, min 1.1, max 1.3
 * s.text("%.3f");                                        // "1.200 (1.100–1.300)"
 * }</pre>
 *
 * @param median the median (the mean of the two middle values for an even count)
 * @param min    the smallest value
 * @param max    the largest value
 * @param count  how many values
 */
public record Spread(double median, double min, double max, int count) {

    /**
     * @param values the measurements, at least one, none NaN
     * @return their median and range
     * @throws IllegalArgumentException when {@code values} is empty or holds NaN
     */
    public static Spread of(final double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("spread: values.length=0, need at least one value");
        }
        final double[] v = values.clone();
        Arrays.sort(v);
        if (Double.isNaN(v[v.length - 1])) {
            throw new IllegalArgumentException("spread: values=" + Arrays.toString(values) + " hold NaN");
        }
        final int mid = v.length / 2;
        final double median = v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
        return new Spread(median, v[0], v[v.length - 1], v.length);
    }

    /** @return {@link #of(double[])} of the boxed values */
    public static Spread of(final Collection<Double> values) {
        return of(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** @return the range relative to the median, (max - min) / median; 0 when the median is 0 */
    public double relativeRange() {
        return median == 0 ? 0 : (max - min) / median;
    }

    /**
     * @param pattern a {@link String#format} pattern for one number, e.g. {@code "%.3f"}
     * @return {@code "median (min–max)"}, or just the median for a single value
     */
    public String text(final String pattern) {
        final String m = String.format(Locale.ROOT, pattern, median);
        return count == 1 ? m : m + " (" + String.format(Locale.ROOT, pattern, min) + "–"
            + String.format(Locale.ROOT, pattern, max) + ")";
    }
}
