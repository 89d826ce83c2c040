package org.jbsplib.vtime;

import java.util.Locale;

/**
 * How the virtual machine charges the computation a process does between library calls.
 *
 * <p>Measured on the development host (2 cores, Java 25): {@link System#nanoTime()} costs about 27 ns a call and
 * {@code ThreadMXBean.getCurrentThreadCpuTime()} about 1.6 µs (a system call), and the latter returns -1 on a
 * virtual thread. Since the kernel runs one process at a time, the elapsed time between two library calls is that
 * process's computation up to JIT, GC and other load on the host, so {@link #ELAPSED} is the default.
 */
public enum CpuClock {
    /** Elapsed {@link System#nanoTime()} between leaving the library and entering it again (the default). */
    ELAPSED,
    /** The thread's CPU time ({@code ThreadMXBean}); platform threads only, about 1.6 µs a reading. */
    THREAD,
    /** No measurement: a fixed cost per superstep ({@code stepCost}), for deterministic studies. */
    FIXED;

    /**
     * @param value {@code elapsed}, {@code thread} or {@code fixed}, any case
     * @return the clock
     * @throws IllegalArgumentException naming the value
     */
    public static CpuClock parse(final String value) {
        for (final CpuClock c : values()) {
            if (c.name().equalsIgnoreCase(value.trim())) {
                return c;
            }
        }
        throw new IllegalArgumentException("cpu=" + value + " is not a compute clock (known: elapsed, thread, fixed)");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
