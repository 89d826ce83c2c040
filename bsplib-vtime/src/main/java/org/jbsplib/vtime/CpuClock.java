package org.jbsplib.vtime;

import java.util.Locale;

/**
 * How the virtual machine charges the computation a process does between library calls.
 *
 * <p>Measured on the development host (2 cores, Java 25): {@link System#nanoTime()} costs about 27 ns a call and
 * the thread's CPU time about 1.4 µs (a system call). Elapsed time counts whatever else the host runs meanwhile
 * (on a loaded host a run's computation, and with it every virtual time, grew several-fold); the thread's CPU time
 * does not, so {@link #AUTO}, the default, takes the thread's CPU time wherever it can be read.
 */
public enum CpuClock {
    /** Elapsed {@link System#nanoTime()} between leaving the library and entering it again. */
    ELAPSED,
    /**
     * The CPU time of the operating-system thread running the process: a platform thread's own, or a virtual
     * thread's carrier's (Java 22+ on 64-bit Linux), about 1.4 µs a reading; never more than the elapsed time.
     */
    THREAD,
    /** No measurement: a fixed cost per superstep ({@code stepCost}), for deterministic studies. */
    FIXED,
    /**
     * {@link #THREAD} where the thread CPU time of the run's threads can be read (platform threads on any JVM that
     * measures it; virtual threads on Java 22+ on 64-bit Linux), else {@link #ELAPSED} with a warning on standard
     * error (the default of every preset).
     */
    AUTO;

    /**
     * @param value {@code elapsed}, {@code thread}, {@code fixed} or {@code auto}, any case
     * @return the clock
     * @throws IllegalArgumentException naming the value
     */
    public static CpuClock parse(final String value) {
        for (final CpuClock c : values()) {
            if (c.name().equalsIgnoreCase(value.trim())) {
                return c;
            }
        }
        throw new IllegalArgumentException("cpu=" + value + " is not a compute clock (known: auto, thread, elapsed, fixed)");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
