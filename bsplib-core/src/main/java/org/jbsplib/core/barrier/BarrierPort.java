package org.jbsplib.core.barrier;

import java.util.function.BooleanSupplier;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;

/**
 * One process's handle on the run's barrier: split-phase {@link #arrive()} and {@link #await()}, delivery of the
 * barrier frames the process polls ({@link #onFrame}), and the process's barrier figures. Confined to the
 * process's thread.
 *
 * <pre>{@code
 * port.arrive();
 * work();
 * port.await();
 * }</pre>
 *
 * <p>Memory consistency effects: actions of a process before {@code arrive()} of episode n happen-before actions of
 * any process of the same JVM after its {@code await()} (or {@code isReleased()} returning {@code true}) of
 * episode n.
 */
public final class BarrierPort {
    private final BarrierSpec spec;
    private final Barrier barrier;
    private final EndpointBarrierChannel channel;
    private final BooleanSupplier released;

    BarrierPort(final BarrierSpec spec, final Barrier barrier, final EndpointBarrierChannel channel) {
        this.spec = spec;
        this.barrier = barrier;
        this.channel = channel;
        this.released = barrier::isReleased;
    }

    /** The first frame type of the transport that belongs to barrier backends: backend type t travels as this + t. */
    public static final int FIRST_FRAME_TYPE = 16;
    /** The frame types barrier backends have, from {@link #FIRST_FRAME_TYPE}. */
    public static final int FRAME_TYPES = 16;

    /** @return whether frame {@code type} of the transport belongs to the barrier */
    public static boolean isBarrierFrame(final int type) {
        return type >= FIRST_FRAME_TYPE && type < FIRST_FRAME_TYPE + FRAME_TYPES;
    }

    /** @return the backend's spec */
    public BarrierSpec spec() {
        return spec;
    }

    /** @return the backend's barrier of this process */
    public Barrier barrier() {
        return barrier;
    }

    /** Notify: this process reached the next episode. */
    public void arrive() {
        barrier.arrive();
    }

    /** @return whether the current episode is released, without blocking */
    public boolean isReleased() {
        return barrier.isReleased();
    }

    /**
     * Polls the inbox once (delivering frames) and tests for the release, without waiting: for callers that run
     * their own waiting loop (benchmarks, work between arrive and wait).
     *
     * @return whether the current episode is released
     * @throws org.jbsplib.api.BspAbortException if any process failed
     */
    public boolean progress() {
        channel.pollOnce();
        return barrier.isReleased();
    }

    /** Waits until the current episode is released (polling the inbox, checking failure and timeout). */
    public void await() {
        channel.await(released);
    }

    /** A full barrier: {@link #arrive()} then {@link #await()}. */
    public void sync() {
        barrier.arrive();
        channel.await(released);
    }

    /** Delivers a polled frame of transport type {@code type} (see {@link #isBarrierFrame}) to the barrier. */
    public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
        final int length) {
        barrier.onFrame(srcPid, type - FIRST_FRAME_TYPE, buffer, offset, length);
    }

    /** @return episodes this process arrived at */
    public long episodes() {
        return barrier.episode();
    }

    /** @return barrier frames this process sent */
    public long framesSent() {
        return channel.framesSent;
    }

    /** @return the sum of the modelled latencies reported by the backend, in ns */
    public long modelledNs() {
        return channel.modelledNs;
    }

    /** @return the sum of the modelled message counts reported by the backend */
    public long modelledMessages() {
        return channel.modelledMessages;
    }

    /** Closes the backend's barrier. */
    public void close() {
        barrier.close();
    }
}
