package org.jbsplib.vtime;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * A frame in flight on the virtual machine: its payload and the virtual quantities that order it. Owned by the
 * kernel (its lock guards it); reused through the machine's pool.
 */
final class Frame {
    int src;
    int type;
    int length;
    /** Virtual time the frame arrives at its receiver, ns. */
    long arrival;
    /** Virtual time the send started, ns. */
    long sent;
    /** The sender's own count of its sends before this one. */
    long seq;
    /** The next frame of the same sender in the receiver's {@link Inbox}. */
    Frame next;
    final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);

    void ensure(final int length) {
        if (buffer.capacity() < length) {
            buffer.wrap(new byte[Math.max(length, 2 * buffer.capacity())]);
        }
    }
}
