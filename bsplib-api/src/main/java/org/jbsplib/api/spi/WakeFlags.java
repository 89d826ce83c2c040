package org.jbsplib.api.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The wake handshake of a backend whose release no frame announces (a shared-memory word, a hardware model): the
 * run's waiting strategy may park a waiting process until a frame arrives, so a waiter that has polled a while
 * raises its flag, then looks at the release once more (Dekker with the releaser); the process that completes an
 * episode clears every raised flag and sends its owner a wake-up frame. A flag raised too early costs one frame;
 * one raised too late may let the waiter sleep until the strategy's longest park.
 *
 * <p>Threading: one instance per run, shared by its processes; each process raises and lowers only its own flag,
 * any process may wake the others. Each flag sits on its own 128 bytes, so no two share a cache line (or its pair).
 *
 * <pre>{@code
 * if (++misses == WakeFlags.raiseAfter(channel)) {
 *     flags.raise(me);                       // then look at the release again
 * }
 * ...
 * flags.wakeRaised(channel, WAKE, episode);  // by the process whose arrival completed the episode
 * }</pre>
 */
public final class WakeFlags {
    private static final VarHandle FLAG = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs between two processes' flags: 128 bytes. */
    private static final int STRIDE = 16;

    private final long[] flags;
    private final int nprocs;

    /**
     * @param nprocs the processes of the run
     * @throws IllegalArgumentException if {@code nprocs < 1}
     */
    public WakeFlags(final int nprocs) {
        if (nprocs < 1) {
            throw new IllegalArgumentException("nprocs=" + nprocs + " must be at least 1");
        }
        this.nprocs = nprocs;
        this.flags = new long[(nprocs + 1) * STRIDE];
    }

    /**
     * Polls a waiter makes before raising its flag: well before the run's waiting strategy can have reached parking
     * (it spins only while the processes fit the cores, then yields).
     *
     * @param channel the waiter's channel
     * @return the misses after which to raise the flag
     */
    public static int raiseAfter(final BarrierChannel channel) {
        return channel.nprocs() <= channel.cores() ? 512 : 16;
    }

    /** Raises the flag of {@code pid} (a volatile store: read the release again after it). */
    public void raise(final int pid) {
        FLAG.setVolatile(flags, pid * STRIDE, 1L);
    }

    /** Lowers the flag of {@code pid}, once it saw the release (a release store). */
    public void lower(final int pid) {
        FLAG.setRelease(flags, pid * STRIDE, 0L);
    }

    /**
     * Clears every raised flag but the caller's and sends each of their owners a wake-up frame.
     *
     * @param channel the caller's channel
     * @param type    the backend's wake-up frame type
     * @param payload the frame's value (the episode)
     */
    public void wakeRaised(final BarrierChannel channel, final int type, final long payload) {
        final int me = channel.pid();
        for (int q = 0; q < nprocs; q++) {
            if (q != me && (long) FLAG.getVolatile(flags, q * STRIDE) != 0
                && (long) FLAG.getAndSet(flags, q * STRIDE, 0L) != 0) {
                channel.send(q, type, payload);
            }
        }
    }
}
