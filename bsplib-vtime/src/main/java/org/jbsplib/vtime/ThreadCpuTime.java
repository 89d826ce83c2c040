package org.jbsplib.vtime;

import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicBoolean;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.ThreadKind;
import org.jbsplib.core.util.NativeCalls;

/**
 * Reads the CPU time of the operating-system thread that runs the caller: the clock of {@link CpuClock#THREAD}.
 *
 * <p>On a platform thread that is the thread's own CPU time. A virtual thread has none of its own, and
 * {@link ThreadMXBean#getCurrentThreadCpuTime()} returns -1 on it; but while a virtual thread computes it stays
 * mounted on one carrier thread, and the virtual machine runs one process at a time, so the carrier's CPU time over
 * an interval in which the process does not block is the process's computation. On Java 22 and newer on 64-bit
 * Linux this class reads it with {@code clock_gettime(CLOCK_THREAD_CPUTIME_ID)} through the foreign-function API
 * (reached by reflection: the project compiles for Java 17); elsewhere it uses the {@link ThreadMXBean}, which
 * serves platform threads only. Either costs a system call, about 1.4 µs on the development host (Java 25); the native
 * clock skips it while the thread has not left the CPU since its last system call ({@link SwitchWatch}: the reading is
 * then that call's value plus the elapsed time since: what a system call would read, less its own cost), 40-60 ns a
 * reading.
 *
 * <p>Unlike elapsed time, thread CPU time does not grow while the host runs something else, so a virtual-time run
 * charges the same computation on a loaded host as on a quiet one.
 *
 * <p>Threading: one instance per process; {@link #now()} is called only by that process's thread.
 */
final class ThreadCpuTime {
    /** {@code CLOCK_THREAD_CPUTIME_ID} of Linux's {@code <time.h>}. */
    private static final int CLOCK_THREAD_CPUTIME_ID = 3;
    /** {@code clock_gettime(int, struct timespec*)} with the pointer passed as a 64-bit integer, or null. */
    private static final MethodHandle CLOCK_GETTIME;
    /** Why {@link #CLOCK_GETTIME} is null, or null. */
    private static final String NATIVE_UNAVAILABLE;

    static {
        String reason = NativeCalls.unsupportedHere("clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
        MethodHandle handle = null;
        if (reason == null) {
            try {
                handle = NativeCalls.linkIntFunction("clock_gettime", int.class, long.class);
                reason = verify(handle);
            } catch (final ReflectiveOperationException | RuntimeException e) {
                reason = String.valueOf(e);
            }
        }
        CLOCK_GETTIME = reason == null ? handle : null;
        NATIVE_UNAVAILABLE = reason;
    }

    private static final AtomicBoolean WARNED = new AtomicBoolean();

    /** Whether the native clock's readings skip the system call while the thread stays on the CPU. */
    private static final boolean WATCH = CLOCK_GETTIME != null && SwitchWatch.unavailableReason() == null;

    /** The native clock's {@code struct timespec} (the buffer keeps its direct memory alive), or null. */
    private final UnsafeBuffer view;
    private final long address;
    private final ThreadMXBean bean;
    /** The carrier of the last reading (with the switch watch). */
    private SwitchWatch.Carrier carrier;
    /** {@code pthread_self()} of the carrier of the last reading (with the switch watch), 0 if not known. */
    private long lastThread;
    private long systemCalls;

    private ThreadCpuTime(final boolean useNative) {
        if (useNative) {
            this.view = new UnsafeBuffer(ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder()));
            this.address = view.addressOffset();
            this.bean = null;
        } else {
            this.view = null;
            this.address = 0;
            this.bean = ManagementFactory.getThreadMXBean();
        }
    }

    /**
     * @param kind the kind of thread the processes run on ({@link ThreadKind#PLATFORM} or {@link ThreadKind#VIRTUAL})
     * @return {@code null} if the CPU time of such threads can be read on this JVM and host, else why not
     */
    static String unavailableReason(final ThreadKind kind) {
        if (CLOCK_GETTIME != null) {
            return null;
        }
        if (kind == ThreadKind.VIRTUAL) {
            return "virtual threads have no CPU time of their own and their carrier's cannot be read here ("
                + NATIVE_UNAVAILABLE + ")";
        }
        final ThreadMXBean b = ManagementFactory.getThreadMXBean();
        if (!b.isCurrentThreadCpuTimeSupported()) {
            return "this JVM does not measure thread CPU time (ThreadMXBean)";
        }
        return null;
    }

    /**
     * Says once per JVM, on standard error, that {@code cpu=auto} fell back to elapsed time and why.
     *
     * @param reason why the thread CPU time cannot be read
     */
    static void warnElapsed(final String reason) {
        if (WARNED.compareAndSet(false, true)) {
            System.err.println("virtual machine: cpu=auto charges elapsed time, so host load counts as computation: "
                + reason + "; use Java 22+ on 64-bit Linux or --threads platform for load-independent virtual times");
        }
    }

    /** @return whether the native clock (which also serves virtual threads) is in use on this JVM */
    static boolean nativeClock() {
        return CLOCK_GETTIME != null;
    }

    /**
     * @param kind the kind of thread the processes run on
     * @return a reader for one process
     * @throws IllegalStateException if {@link #unavailableReason} is not null
     */
    static ThreadCpuTime create(final ThreadKind kind) {
        final String reason = unavailableReason(kind);
        if (reason != null) {
            throw new IllegalStateException("thread CPU time cannot be read: " + reason);
        }
        return new ThreadCpuTime(CLOCK_GETTIME != null);
    }

    /** @return the CPU time of the operating-system thread running the caller, ns; -1 if it cannot be read */
    long now() {
        if (bean != null) {
            systemCalls++;
            return bean.getCurrentThreadCpuTime();
        }
        if (!WATCH) {
            systemCalls++;
            return read(CLOCK_GETTIME, address, view);
        }
        // the thread has not left the CPU since the last system call on it: its CPU time grew by the elapsed time
        final long thread = SwitchWatch.self();
        lastThread = thread;
        SwitchWatch.Carrier c = carrier;
        if (c == null || c.thread() != thread) {
            c = SwitchWatch.carrier(thread);
            carrier = c;
        }
        final long wall = System.nanoTime();
        if (c.valid && c.armed()) {
            return c.cpuNs + (wall - c.wallNs);
        }
        c.arm();
        final long cpu = read(CLOCK_GETTIME, address, view);
        c.wallNs = System.nanoTime();
        c.cpuNs = cpu;
        c.valid = cpu >= 0;
        systemCalls++;
        return cpu;
    }

    /** @return the CPU time of the calling thread by a system call every time, ns; -1 if it cannot be read */
    long readSystemCall() {
        return bean != null ? bean.getCurrentThreadCpuTime() : read(CLOCK_GETTIME, address, view);
    }

    /**
     * @return {@code pthread_self()} of the operating-system thread that ran the last {@link #now()}, with the switch
     *         watch; 0 without it (not known)
     */
    long lastThread() {
        return lastThread;
    }

    /** @return how many system calls {@link #now()} made so far (the other readings came from the switch watch) */
    long systemCalls() {
        return systemCalls;
    }

    /** @return whether {@link #now()} skips the system call while the thread has not left the CPU */
    static boolean switchWatch() {
        return WATCH;
    }

    /**
     * @return {@code clock_gettime(CLOCK_THREAD_CPUTIME_ID)} through {@code handle} into the timespec at
     *         {@code address} (viewed by {@code view}), ns; -1 if the call fails
     */
    private static long read(final MethodHandle handle, final long address, final UnsafeBuffer view) {
        final int rc;
        try {
            rc = (int) handle.invokeExact(CLOCK_THREAD_CPUTIME_ID, address);
        } catch (final Throwable t) {
            throw new IllegalStateException("clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed", t);
        }
        return rc != 0 ? -1 : view.getLong(0) * 1_000_000_000L + view.getLong(8);
    }

    // ------------------------------------------------------------------ checking the linked calls

    /** @return null if the clock answers twice and does not run backwards, else what it returned */
    private static String verify(final MethodHandle handle) {
        final UnsafeBuffer view = new UnsafeBuffer(ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder()));
        final long first = read(handle, view.addressOffset(), view);
        final long second = read(handle, view.addressOffset(), view);
        return first >= 0 && second >= first ? null
            : "clock_gettime(CLOCK_THREAD_CPUTIME_ID) returned " + first + " and " + second + " ns";
    }
}
