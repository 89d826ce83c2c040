package org.jbsplib.hw.model;

/**
 * Models keep time as {@code long} picoseconds relative to the first arrival of an episode, so sub-nanosecond
 * costs (a 700 MHz cycle) add up without rounding drift and absolute {@code nanoTime} values never overflow.
 */
public final class Time {
    public static final long PS_PER_NS = 1000L;

    private Time() {
    }

    /** @return {@code ns} rounded to whole picoseconds */
    public static long ps(final double ns) {
        return Math.round(ns * PS_PER_NS);
    }

    /** @return picoseconds rounded up to whole nanoseconds, so a release is never modelled early */
    public static long ceilNs(final long ps) {
        return Math.floorDiv(ps + PS_PER_NS - 1, PS_PER_NS);
    }

    /** @return the earliest arrival, the origin of an episode's picosecond clock */
    public static long origin(final long[] arrivalNs) {
        long min = Long.MAX_VALUE;
        for (long a : arrivalNs) {
            min = Math.min(min, a);
        }
        return min;
    }

    /** @return {@code arrivalNs[i] - originNs} in picoseconds */
    public static long relPs(final long arrivalNs, final long originNs) {
        return (arrivalNs - originNs) * PS_PER_NS;
    }
}
