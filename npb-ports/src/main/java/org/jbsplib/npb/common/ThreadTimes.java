package org.jbsplib.npb.common;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's own clocks, read at the edges of a timed section or a phase to tell computing from waiting
 * for a CPU: its CPU time ({@link ThreadMXBean#getCurrentThreadCpuTime()}) and, on Linux, the scheduler's account in
 * {@code /proc/thread-self/schedstat} (nanoseconds run on a CPU, nanoseconds runnable but waiting in a run queue,
 * time slices). A phase whose wall time exceeds its CPU time waited: in a sync, in a page fault, or for a CPU that
 * another thread held (the run-queue wait says which).
 *
 * <p>Stateless; every method reads the calling thread's clocks. A clock the platform lacks reads -1 (the CPU time
 * of a virtual thread, schedstat outside Linux).
 * <pre>{@code
 * long cpu0 = ThreadTimes.cpuNanos();
 * long[] sched0 = ThreadTimes.schedstat();
 * work();
 * long cpu = ThreadTimes.cpuNanos() - cpu0;   // check for -1 first
 * }</pre>
 */
public final class ThreadTimes {
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
    private static final ThreadMXBean BEAN = bean();

    private ThreadTimes() {
    }

    /** @return the calling thread's CPU time in nanoseconds, or -1 where the JVM cannot give it */
    public static long cpuNanos() {
        return BEAN == null ? -1 : BEAN.getCurrentThreadCpuTime(); // -1 on a virtual thread
    }

    /**
     * @return the bytes the calling thread has allocated on the heap so far (HotSpot's
     *     {@code com.sun.management.ThreadMXBean}), or -1 where the JVM cannot say (a virtual thread, another JVM)
     */
    public static long allocatedBytes() {
        if (BEAN instanceof com.sun.management.ThreadMXBean hs && hs.isThreadAllocatedMemorySupported()
            && hs.isThreadAllocatedMemoryEnabled() && cpuNanos() >= 0) {
            return hs.getCurrentThreadAllocatedBytes();
        }
        return -1;
    }

    /**
     * @return the calling thread's {@code schedstat}: {@code {run ns, run-queue wait ns, time slices}}, or
     *     {@code {-1, -1, -1}} where the file cannot be read (not Linux, a kernel without it, a virtual thread)
     */
    public static long[] schedstat() {
        if (cpuNanos() < 0) {
            return new long[] {-1, -1, -1}; // a virtual thread: the file would be its carrier's
        }
        try {
            return parse(Files.readString(SCHEDSTAT));
        } catch (final IOException | RuntimeException e) {
            return new long[] {-1, -1, -1};
        }
    }

    /**
     * @param line the contents of a {@code schedstat} file, three numbers separated by blanks
     * @return the three numbers
     * @throws IllegalArgumentException naming the line if it does not hold three numbers
     */
    static long[] parse(final String line) {
        final String[] f = line.trim().split("\\s+");
        if (f.length < 3) {
            throw new IllegalArgumentException("schedstat=" + line.trim() + " does not hold three numbers");
        }
        try {
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])};
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("schedstat=" + line.trim() + " does not hold three numbers", e);
        }
    }

    private static ThreadMXBean bean() {
        final ThreadMXBean b = ManagementFactory.getThreadMXBean();
        if (!b.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        if (!b.isThreadCpuTimeEnabled()) {
            b.setThreadCpuTimeEnabled(true);
        }
        return b;
    }
}
