package org.jbsplib.core.barrier;

import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.WakeFlags;

/**
 * The fields of one process's {@link ShmBarrier}, after 128 bytes of padding ({@link ShmBarrierPad}); the subclass
 * adds the padding after them (class-hierarchy padding: the JVM lays out a superclass's fields first).
 */
abstract class ShmBarrierFields extends ShmBarrierPad {
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

/** Padding before a process's {@link ShmBarrier} fields: a full 128-byte line pair. */
abstract class ShmBarrierPad {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    // fills the gap after a 12-byte object header, where the JVM would otherwise place a subclass's int or reference
    int gap;
}
