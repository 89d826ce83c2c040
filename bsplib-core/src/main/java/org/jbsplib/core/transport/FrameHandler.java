package org.jbsplib.core.transport;

import org.agrona.DirectBuffer;

/**
 * Receives frames polled from an endpoint's inbox. The buffer region is valid only during the call.
 */
@FunctionalInterface
public interface FrameHandler {
    /**
     * @param srcPid the sending process
     * @param type   the frame type, 1..{@link Endpoint#MAX_TYPE}
     * @param buffer the frame's bytes
     * @param offset where they start in {@code buffer}
     * @param length how many there are
     */
    void onFrame(int srcPid, int type, DirectBuffer buffer, int offset, int length);
}
