package org.jbsplib.core.transport;

import org.agrona.MutableDirectBuffer;

/**
 * The frames of one {@link Endpoint#offerBatch} call, by index: each frame's destination, and its payload written
 * straight into the buffer the transport gives. A protocol that sends one frame to each of many processes at once
 * (the classic sync's COUNT frames) hands the whole set over in one call, so that a transport may take its lock and
 * update its bookkeeping once for all of them and skip the copy from the caller's buffer.
 *
 * <p>Threading: called back on the sending process's thread, inside {@code offerBatch}; {@link #write} must not
 * call the endpoint.
 *
 * <pre>{@code
 * int next = endpoint.offerBatch(Wire.COUNT, length, batch, 0, n, scratch); // n when all went
 * }</pre>
 */
public interface FrameBatch {
    /**
     * @param index the frame's index in the batch
     * @return the pid the frame goes to
     */
    int destination(int index);

    /**
     * Writes the frame's payload, the batch's {@code length} bytes, into {@code buffer} from {@code offset}.
     *
     * @param index  the frame's index in the batch
     * @param buffer where the payload goes (the transport's frame, or the caller's scratch buffer)
     * @param offset where in {@code buffer} it starts
     */
    void write(int index, MutableDirectBuffer buffer, int offset);
}
