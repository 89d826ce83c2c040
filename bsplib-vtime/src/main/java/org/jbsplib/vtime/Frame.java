package org.jbsplib.vtime;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * A frame in flight on the virtual machine: its payload (the frame is the buffer that holds it, from index 0) and
 * the virtual quantities that order it. Owned by the kernel (its lock or the sequential kernel's baton guards it;
 * with several processes running at once, a frame pushed for a running receiver belongs to that receiver once it
 * takes it in); reused through the machine's pool (with several processes running at once, its sender's own pool).
 */
final class Frame extends UnsafeBuffer {
    // One object with its buffer's fields rather than a frame that refers to a separate buffer: a sender writing a
    // frame and a receiver taking it touch one object and its byte array, not three (the pooled frames of org's count
    // exchange are cold by the time they are taken: 31 per process and superstep at P = 32).
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

    Frame() {
        super(new byte[64]);
    }

    /** Makes the payload hold at least {@code length} bytes (the bytes held before are not kept). */
    void ensure(final int length) {
        if (capacity() < length) {
            wrap(new byte[Math.max(length, 2 * capacity())]);
        }
    }
}
