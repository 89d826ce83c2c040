package org.jbsplib.vtime;

import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.util.NativeCalls;

/**
 * Tells, without a system call, whether the operating-system thread running the caller has left the CPU (preempted,
 * blocked, migrated) or taken a signal since it last armed the watch, so that its CPU time over that interval equals
 * the elapsed time and {@link ThreadCpuTime} can skip the system call of {@code clock_gettime}.
 *
 * <p>It uses the restartable-sequences area ({@code struct rseq}) that glibc 2.35+ registers for every thread on
 * Linux 4.18+: arming stores the address of an empty critical-section descriptor in the thread's {@code rseq_cs}
 * field; the kernel, on its way back to user space after any of those events, looks at that field, finds the thread
 * outside the (empty) section and clears it. A field still armed means none of them happened. The watch is used only
 * where a self-check passes (64-bit x86 Linux, Java 22+, glibc exporting {@code __rseq_offset}, the field cleared
 * after a sleep); {@code -Dbsplib.vtime.switchWatch=false} turns it off.
 *
 * <pre>{@code
 * SwitchWatch.Carrier c = SwitchWatch.carrier();   // the OS thread running the caller
 * c.arm(); long cpu = ...; long wall = System.nanoTime();
 * if (c.unswitched()) { long cpuNow = cpu + System.nanoTime() - wall; } // same CPU time as a clock_gettime
 * }</pre>
 *
 * <p>Threading: a {@link Carrier} is used only by code running on its operating-system thread.
 */
final class SwitchWatch {
    // Implementation notes.
    // The kernel checks a descriptor's fields and the 4-byte signature just before its abort address against the
    // one glibc registered (RSEQ_SIG, 0x53053053 on x86-64) whenever it looks at rseq_cs, and kills the process with
    // SIGSEGV if they are wrong: the descriptor is version 0, flags 0, an empty section (post_commit_offset 0) and an
    // abort address right after the signature, all in memory this class keeps. It is never executed: the section is
    // empty, so the kernel never aborts into it.

    /** The system property that turns the watch off ({@code false}). */
    static final String PROP = "bsplib.vtime.switchWatch";
    private static final int RSEQ_SIG_X86_64 = 0x53053053;
    /** Offset of {@code rseq_cs} in {@code struct rseq}. */
    private static final int RSEQ_CS = 8;

    private static final MethodHandle PTHREAD_SELF;
    private static final long RSEQ_OFFSET;
    /** The descriptor's memory (kept alive) and its address. */
    private static final ByteBuffer MEMORY;
    private static final long DESCRIPTOR;
    private static final String UNAVAILABLE;
    private static volatile Carrier[] carriers = new Carrier[0];

    static {
        String reason = NativeCalls.unsupportedHere("the rseq switch watch");
        MethodHandle self = null;
        long offset = 0;
        ByteBuffer memory = null;
        long descriptor = 0;
        if (reason == null && !"amd64".equals(System.getProperty("os.arch"))) {
            reason = "its signature is known for x86-64 only";
        }
        if (reason == null && "false".equals(System.getProperty(PROP))) {
            reason = "-D" + PROP + "=false";
        }
        if (reason == null) {
            try {
                self = NativeCalls.linkLongFunction("pthread_self");
                offset = new UnsafeBuffer(NativeCalls.symbolAddress("__rseq_offset"), 8).getLong(0);
                final int size = new UnsafeBuffer(NativeCalls.symbolAddress("__rseq_size"), 4).getInt(0);
                if (size < 20) { // the original ABI: cpu_id_start, cpu_id, rseq_cs, flags
                    reason = "glibc registered no rseq area (__rseq_size=" + size + ")";
                }
            } catch (final ReflectiveOperationException | RuntimeException e) {
                reason = String.valueOf(e);
            }
        }
        if (reason == null) {
            memory = ByteBuffer.allocateDirect(256);
            final UnsafeBuffer view = new UnsafeBuffer(memory);
            final long base = (view.addressOffset() + 63) & ~63L;
            final int at = (int) (base - view.addressOffset());
            view.putInt(at, 0); // version
            view.putInt(at + 4, 0); // flags
            view.putLong(at + 8, base + 96); // start_ip
            view.putLong(at + 16, 0); // post_commit_offset: an empty section
            view.putLong(at + 24, base + 68); // abort_ip, right after the signature
            view.putInt(at + 64, RSEQ_SIG_X86_64);
            descriptor = base;
        }
        PTHREAD_SELF = self;
        RSEQ_OFFSET = offset;
        MEMORY = memory;
        DESCRIPTOR = descriptor;
        UNAVAILABLE = reason;
    }

    private SwitchWatch() {
    }

    /** @return null if the watch works on this JVM and host, else why not */
    static String unavailableReason() {
        return Checked.REASON;
    }

    /** The self-check, run once, outside this class's initialization (its thread uses this class). */
    private static final class Checked {
        static final String REASON = UNAVAILABLE == null ? selfCheck() : UNAVAILABLE;
    }

    /** @return the carrier (operating-system thread) running the caller; only when {@link #unavailableReason} is null */
    static Carrier carrier() {
        return carrier(self());
    }

    /** @return {@code pthread_self()} of the operating-system thread running the caller */
    static long self() {
        try {
            return (long) PTHREAD_SELF.invokeExact();
        } catch (final Throwable t) {
            throw new IllegalStateException("pthread_self failed", t);
        }
    }

    /** @return the carrier whose {@code pthread_self()} is {@code thread}, created on first use */
    static Carrier carrier(final long thread) {
        for (final Carrier c : carriers) {
            if (c.thread == thread) {
                return c;
            }
        }
        synchronized (SwitchWatch.class) {
            for (final Carrier c : carriers) {
                if (c.thread == thread) {
                    return c;
                }
            }
            final Carrier c = new Carrier(thread);
            final Carrier[] grown = java.util.Arrays.copyOf(carriers, carriers.length + 1);
            grown[grown.length - 1] = c;
            carriers = grown;
            return c;
        }
    }

    /**
     * Arms the watch on a new platform thread, checks that it stays armed while the thread runs and is cleared by a
     * sleep, three times.
     *
     * @return null if so, else what went wrong
     */
    private static String selfCheck() {
        final String[] result = {"the self-check did not finish"};
        final Thread t = new Thread(() -> {
            try {
                final Carrier c = carrier();
                for (int i = 0; i < 3; i++) {
                    c.arm();
                    if (!c.armed()) {
                        result[0] = "rseq_cs did not keep the descriptor";
                        return;
                    }
                    Thread.sleep(2);
                    if (c.armed()) {
                        result[0] = "the kernel did not clear rseq_cs after a sleep";
                        return;
                    }
                }
                result[0] = null;
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                result[0] = "interrupted";
            } catch (final RuntimeException e) {
                result[0] = String.valueOf(e);
            }
        }, "jbsplib-switch-watch-check");
        t.setDaemon(true);
        t.start();
        try {
            t.join(10_000);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return result[0];
    }

    /**
     * One operating-system thread's watch and the last CPU time read on it, with the elapsed time of that reading.
     * Used only by code running on that thread.
     */
    static final class Carrier {
        private final long thread;
        private final UnsafeBuffer rseq;
        /** CPU time of the thread at the last system call, ns, and {@link System#nanoTime()} just after it. */
        long cpuNs;
        long wallNs;
        /** Whether {@link #cpuNs} holds a reading taken after the last {@link #arm()}. */
        boolean valid;

        Carrier(final long thread) {
            this.thread = thread;
            this.rseq = new UnsafeBuffer(thread + RSEQ_OFFSET, 32);
        }

        /** @return the operating-system thread's {@code pthread_self()} */
        long thread() {
            return thread;
        }

        /** Arms the watch: from now on {@link #armed()} is false once the thread has left the CPU. */
        void arm() {
            rseq.putLongVolatile(RSEQ_CS, DESCRIPTOR);
        }

        /** @return whether the thread has not left the CPU (nor taken a signal) since {@link #arm()} */
        boolean armed() {
            return rseq.getLongVolatile(RSEQ_CS) == DESCRIPTOR;
        }
    }
}
