package org.jbsplib.core.affinity;

import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.util.NativeCalls;

/**
 * Reads and sets the CPU affinity mask of the calling operating-system thread.
 *
 * <p>On Java 22 and newer on 64-bit Linux this class calls {@code sched_getaffinity(0, ...)} and
 * {@code sched_setaffinity(0, ...)} (pid 0: the calling thread) through the foreign-function API, reached by
 * reflection since the project compiles for Java 17; elsewhere {@link #unavailableReason()} says why it cannot, and
 * every other method throws. A mask is a {@code long[]} of {@value #WORDS} words, bit {@code c} set when CPU
 * {@code c} is allowed (the kernel's {@code cpu_set_t} of 1,024 CPUs).
 *
 * <pre>{@code
 * if (CpuAffinity.unavailableReason() == null) {
 *     try (CpuAffinity.Pin pin = CpuAffinity.pinCurrentThread(1)) {
 *         ... // runs on CPU 1 only
 *     }       // the thread's previous mask again
 * }
 * }</pre>
 *
 * <p>Threading: every method acts on the thread that calls it; a {@link Pin} must be closed by the thread that made
 * it. A virtual thread has no mask of its own (it would pin its carrier): the runtime never pins one.
 */
public final class CpuAffinity {
    /** Words of a mask: {@code cpu_set_t} holds 1,024 CPUs. */
    public static final int WORDS = 16;
    private static final int MASK_BYTES = WORDS * Long.BYTES;
    /** {@code sched_getaffinity(pid_t, size_t, cpu_set_t*)} with the pointer as a 64-bit integer, or null. */
    private static final MethodHandle GET;
    /** {@code sched_setaffinity(pid_t, size_t, const cpu_set_t*)} likewise, or null. */
    private static final MethodHandle SET;
    /** Why {@link #GET} and {@link #SET} are null, or null. */
    private static final String UNAVAILABLE;

    static {
        String reason = NativeCalls.unsupportedHere("sched_setaffinity");
        MethodHandle get = null;
        MethodHandle set = null;
        if (reason == null) {
            try {
                get = NativeCalls.linkIntFunction("sched_getaffinity", int.class, long.class, long.class);
                set = NativeCalls.linkIntFunction("sched_setaffinity", int.class, long.class, long.class);
                reason = verify(get);
            } catch (final ReflectiveOperationException | RuntimeException e) {
                reason = "linking sched_getaffinity/sched_setaffinity failed: " + e;
            }
        }
        GET = reason == null ? get : null;
        SET = reason == null ? set : null;
        UNAVAILABLE = reason;
    }

    private CpuAffinity() {
    }

    /** @return {@code null} if this JVM and system can read and set thread affinity, else why not */
    public static String unavailableReason() {
        return UNAVAILABLE;
    }

    /**
     * @return the calling thread's affinity mask ({@value #WORDS} words)
     * @throws IllegalStateException if affinity is unavailable or the call fails
     */
    public static long[] current() {
        requireAvailable();
        final UnsafeBuffer buffer = buffer();
        final int rc = call(GET, buffer, "sched_getaffinity");
        if (rc != 0) {
            throw new IllegalStateException("sched_getaffinity(0, " + MASK_BYTES + ") returned " + rc);
        }
        final long[] mask = new long[WORDS];
        for (int w = 0; w < WORDS; w++) {
            mask[w] = buffer.getLong(w * Long.BYTES);
        }
        return mask;
    }

    /**
     * Sets the calling thread's affinity mask.
     *
     * @param mask {@value #WORDS} words with at least one bit set
     * @throws IllegalArgumentException if the mask has another length or no CPU
     * @throws IllegalStateException    if affinity is unavailable or the kernel refuses the mask
     */
    public static void set(final long[] mask) {
        if (mask == null || mask.length != WORDS || cpus(mask).length == 0) {
            throw new IllegalArgumentException("mask=" + (mask == null ? null : Arrays.toString(cpus(mask)))
                + " must be " + WORDS + " words naming at least one CPU");
        }
        requireAvailable();
        final UnsafeBuffer buffer = buffer();
        for (int w = 0; w < WORDS; w++) {
            buffer.putLong(w * Long.BYTES, mask[w]);
        }
        final int rc = call(SET, buffer, "sched_setaffinity");
        if (rc != 0) {
            throw new IllegalStateException("sched_setaffinity(0, CPUs " + Arrays.toString(cpus(mask))
                + ") returned " + rc);
        }
    }

    /**
     * Pins the calling thread to one CPU and remembers its previous mask.
     *
     * @param cpu the CPU's number, {@code 0 <= cpu < 64 × }{@value #WORDS}
     * @return the pin, whose {@link Pin#close()} restores the previous mask
     * @throws IllegalArgumentException if {@code cpu} is out of range
     * @throws IllegalStateException    if affinity is unavailable or the kernel refuses the CPU
     */
    public static Pin pinCurrentThread(final int cpu) {
        final long[] previous = current();
        set(single(cpu));
        return new Pin(Thread.currentThread(), cpu, previous);
    }

    /**
     * @param cpu a CPU number, {@code 0 <= cpu < 64 × }{@value #WORDS}
     * @return the mask holding that CPU only
     */
    public static long[] single(final int cpu) {
        if (cpu < 0 || cpu >= WORDS * Long.SIZE) {
            throw new IllegalArgumentException("cpu=" + cpu + " must be in 0.." + (WORDS * Long.SIZE - 1));
        }
        final long[] mask = new long[WORDS];
        mask[cpu >>> 6] = 1L << (cpu & 63);
        return mask;
    }

    /** @return the CPUs a mask allows, ascending (empty for null) */
    public static int[] cpus(final long[] mask) {
        if (mask == null) {
            return new int[0];
        }
        int n = 0;
        for (final long word : mask) {
            n += Long.bitCount(word);
        }
        final int[] cpus = new int[n];
        int k = 0;
        for (int w = 0; w < mask.length; w++) {
            for (long bits = mask[w]; bits != 0; bits &= bits - 1) {
                cpus[k++] = w * Long.SIZE + Long.numberOfTrailingZeros(bits);
            }
        }
        return cpus;
    }

    /**
     * A thread pinned to one CPU by {@link #pinCurrentThread(int)}; closing it gives the thread its previous mask.
     */
    public static final class Pin implements AutoCloseable {
        private final Thread thread;
        private final int cpu;
        private final long[] previous;
        private boolean closed;

        private Pin(final Thread thread, final int cpu, final long[] previous) {
            this.thread = thread;
            this.cpu = cpu;
            this.previous = previous;
        }

        /** @return the CPU the thread is pinned to */
        public int cpu() {
            return cpu;
        }

        /** @return the CPUs the thread was allowed before it was pinned */
        public int[] previousCpus() {
            return cpus(previous);
        }

        /**
         * Restores the thread's previous mask; a second close does nothing.
         *
         * @throws IllegalStateException if called by another thread than the pinned one
         */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            if (Thread.currentThread() != thread) {
                throw new IllegalStateException("Pin.close: thread " + Thread.currentThread().getName()
                    + " cannot restore the mask of thread " + thread.getName());
            }
            closed = true;
            set(previous);
        }
    }

    private static void requireAvailable() {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException("thread affinity is unavailable: " + UNAVAILABLE);
        }
    }

    private static UnsafeBuffer buffer() {
        return new UnsafeBuffer(ByteBuffer.allocateDirect(MASK_BYTES).order(ByteOrder.nativeOrder()));
    }

    private static int call(final MethodHandle handle, final UnsafeBuffer buffer, final String name) {
        try {
            return (int) handle.invokeExact(0, (long) MASK_BYTES, buffer.addressOffset());
        } catch (final Throwable t) {
            throw new IllegalStateException(name + " failed", t);
        }
    }

    // ------------------------------------------------------------------ checking the linked calls

    /** @return null if the calling thread's mask reads back with at least one CPU, else what went wrong */
    private static String verify(final MethodHandle get) {
        final UnsafeBuffer buffer = buffer();
        final int rc = call(get, buffer, "sched_getaffinity");
        if (rc != 0) {
            return "sched_getaffinity(0, " + MASK_BYTES + ") returned " + rc;
        }
        for (int w = 0; w < WORDS; w++) {
            if (buffer.getLong(w * Long.BYTES) != 0) {
                return null;
            }
        }
        return "sched_getaffinity returned an empty mask";
    }
}
