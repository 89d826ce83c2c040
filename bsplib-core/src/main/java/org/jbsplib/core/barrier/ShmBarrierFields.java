package org.jbsplib.core.barrier;

import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.WakeFlags;

/**
 * The fields of one process's {@link ShmBarrier}, after 128 bytes of padding ({@link LinePadBefore}); the subclass
 * adds the padding after them (class-hierarchy padding: the JVM lays out a superclass's fields first).
 */
abstract class ShmBarrierFields extends LinePadBefore {
    final BarrierChannel channel;
    final ShmBarrier.State state;
    final int me;
    final int nprocs;
    final int parkAfter;
    long episode;
    long generation;
    boolean released = true;
    boolean flagged;
    int misses;

    ShmBarrierFields(final BarrierChannel channel, final ShmBarrier.State state) {
        this.channel = channel;
        this.me = channel.pid();
        this.nprocs = channel.nprocs();
        this.state = state;
        // No frame announces a shared-memory release: see WakeFlags for the handshake that wakes a parked waiter.
        this.parkAfter = WakeFlags.raiseAfter(channel);
    }
}
