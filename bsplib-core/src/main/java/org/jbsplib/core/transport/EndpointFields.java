package org.jbsplib.core.transport;

/**
 * The fields of one process's endpoint on the {@link ThreadsTransport}, after 128 bytes of padding; the endpoint
 * adds the padding after them (class-hierarchy padding: the JVM lays out a superclass's fields first). Confined to
 * the process's thread.
 */
abstract class EndpointFields extends LinePadBefore {
    final int pid;
    final Quiescence quiescence;
    FrameHandler handler;

    EndpointFields(final int pid, final Quiescence quiescence) {
        this.pid = pid;
        this.quiescence = quiescence;
    }
}
