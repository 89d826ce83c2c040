package org.jbsplib.core.transport;

/**
 * The fields of one process's endpoint on the {@link ThreadsTransport}, after 128 bytes of padding; the endpoint
 * adds the padding after them (class-hierarchy padding: the JVM lays out a superclass's fields first). Confined to
 * the process's thread.
 */
abstract class EndpointFields extends EndpointPad {
    final int pid;
    final Quiescence quiescence;
    FrameHandler handler;

    EndpointFields(final int pid, final Quiescence quiescence) {
        this.pid = pid;
        this.quiescence = quiescence;
    }
}

/** Padding before a process's endpoint fields: a full 128-byte line pair. */
abstract class EndpointPad {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    // fills the gap after a 12-byte object header, where the JVM would otherwise place a subclass's int or reference
    int gap;
}
