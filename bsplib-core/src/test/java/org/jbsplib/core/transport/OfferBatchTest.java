package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link Endpoint#offerBatch}'s default, as the threads transport runs it: the frames one by one, each written into
 * the scratch buffer and offered from it, in index order, stopping at the first whose destination's inbox is full.
 */
class OfferBatchTest {
    private static final int FRAME = 100;

    /** Frame i goes to pid 1 + i % 3 and carries i in its first int and its last byte. */
    private static final FrameBatch BATCH = new FrameBatch() {
        @Override
        public int destination(final int index) {
            return 1 + index % 3;
        }

        @Override
        public void write(final int index, final MutableDirectBuffer buffer, final int offset) {
            buffer.putInt(offset, index);
            buffer.putByte(offset + FRAME - 1, (byte) index);
        }
    };

    @Test
    void shouldOfferEachFrameOfTheBatchInIndexOrder() {
        final ThreadsTransport transport = new ThreadsTransport(4, 1 << 16, 2);
        try {
            final Endpoint sender = transport.endpoint(0);
            assertEquals(9, sender.offerBatch(7, FRAME, BATCH, 2, 9, new UnsafeBuffer(new byte[FRAME])));
            for (int pid = 1; pid < 4; pid++) {
                final List<String> seen = new ArrayList<>();
                transport.endpoint(pid).poll((src, type, buffer, offset, length) -> seen.add(src + ":" + type + ":"
                    + length + ":" + buffer.getInt(offset) + ":" + buffer.getByte(offset + FRAME - 1)),
                    Integer.MAX_VALUE);
                final List<String> expected = new ArrayList<>();
                for (int i = 2; i < 9; i++) {
                    if (1 + i % 3 == pid) {
                        expected.add("0:7:" + FRAME + ":" + i + ":" + i);
                    }
                }
                assertEquals(expected, seen, "frames of pid " + pid);
            }
        } finally {
            transport.close();
        }
    }

    @Test
    void shouldStopAtTheFirstFrameWhoseInboxIsFull() {
        final ThreadsTransport transport = new ThreadsTransport(4, 4096, 2);
        try {
            final Endpoint sender = transport.endpoint(0);
            final UnsafeBuffer scratch = new UnsafeBuffer(new byte[FRAME]);
            int fit = 0;
            while (sender.offer(2, 7, scratch, 0, FRAME)) {
                fit++; // pid 2's inbox is full now; pids 1 and 3 have room
            }
            // frame 0 goes to pid 1, frame 1 to pid 2, whose inbox is full
            assertEquals(1, sender.offerBatch(7, FRAME, BATCH, 0, 6, scratch),
                "the index of the frame to the full inbox");
            final int[] got = new int[4];
            for (int pid = 1; pid < 4; pid++) {
                final int p = pid;
                transport.endpoint(pid).poll((src, type, buffer, offset, length) -> got[p]++, Integer.MAX_VALUE);
            }
            assertEquals(1, got[1], "pid 1 got frame 0");
            assertEquals(fit, got[2], "pid 2 got only the frames that filled it");
            assertEquals(0, got[3], "no frame after the one that found no room was sent");
        } finally {
            transport.close();
        }
    }
}
