package org.jbsplib.npb.common;

import org.jbsplib.core.BspConfig;

/**
 * Options of the NPB ports carried in {@link BspConfig#options()} (so that {@link NpbKernel#run} keeps its
 * signature), and the copy of a configuration that a kernel needs for an untimed warm-up run.
 */
public final class NpbOptions {
    /**
     * Untimed warm-up runs before the measured one (JIT compilation): a count, or {@value Warmup#AUTO} (the default)
     * until the JIT is quiet ({@link Warmup}).
     */
    public static final String WARMUP = "npb.warmup";
    /** Default of {@link #WARMUP}. */
    public static final String DEFAULT_WARMUP = Warmup.AUTO;
    /** What {@link #warmup} returns for {@value Warmup#AUTO}. */
    public static final int WARMUP_AUTO = -1;

    private NpbOptions() {
    }

    /**
     * @return the {@link #WARMUP} option of {@code config}, validated: the runs, or {@link #WARMUP_AUTO}
     * @throws IllegalArgumentException naming the option and its value unless it is {@value Warmup#AUTO} or 0..100
     */
    public static int warmup(final BspConfig config) {
        final String v = config.options().getOrDefault(WARMUP, DEFAULT_WARMUP).trim();
        return Warmup.AUTO.equals(v) ? WARMUP_AUTO : intOption(config, WARMUP, 0, 0, 100);
    }

    /**
     * @return option {@code key} of {@code config} as an int in {@code min .. max}, or {@code def} when absent
     * @throws IllegalArgumentException naming the option and its value otherwise
     */
    public static int intOption(final BspConfig config, final String key, final int def, final int min,
                                final int max) {
        final String v = config.options().get(key);
        if (v == null) {
            return def;
        }
        final int value;
        try {
            value = Integer.parseInt(v.trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + v + " is not an integer");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(key + "=" + v + " must be in " + min + ".." + max);
        }
        return value;
    }

    /** @return a fresh, not concluded configuration with every setting of {@code config} */
    public static BspConfig copy(final BspConfig config) {
        final BspConfig copy = new BspConfig().procs(config.procs()).syncMode(config.syncMode())
            .barrier(config.barrier()).transport(config.transport()).syncTimeoutNs(config.syncTimeoutNs())
            .deadlineNs(config.deadlineNs()).deadlockDetection(config.deadlockDetection()).threads(config.threads())
            .pin(config.pin())
            .ringCapacityBytes(config.ringCapacityBytes()).eagerLimitBytes(config.eagerLimitBytes())
            .chaosSeed(config.chaosSeed()).cores(config.cores()).machine(config.machine());
        config.options().forEach(copy::option);
        return copy;
    }
}
