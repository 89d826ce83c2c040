package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** One poll with no limit delivers every frame committed before it, also when they straddle the ring's wrap. */
class ThreadsTransportPollTest {
    private static final int RING = 4096;
    private static final int FRAME = 100;

    @Test
    void shouldDeliverFramesOnBothSidesOfTheWrapInOnePoll() {
        final ThreadsTransport transport = new ThreadsTransport(2, RING, 2);
        try {
            final Endpoint sender = transport.endpoint(1);
            final Endpoint receiver = transport.endpoint(0);
            final UnsafeBuffer payload = new UnsafeBuffer(new byte[FRAME]);
            final List<Integer> seen = new ArrayList<>();
            final FrameHandler handler = (src, type, buffer, offset, length) -> seen.add(buffer.getInt(offset));
            // Move the ring's head close to its end, then leave it empty.
            int next = 0;
            for (int i = 0; i < 30; i++) {
                payload.putInt(0, next++);
                assertTrue(sender.offer(0, 1, payload, 0, FRAME));
            }
            assertEquals(30, receiver.poll(handler, Integer.MAX_VALUE));
            seen.clear();
            // These frames fill the rest of the ring and go on at its start.
            final int first = next;
            for (int i = 0; i < 20; i++) {
                payload.putInt(0, next++);
                assertTrue(sender.offer(0, 1, payload, 0, FRAME), "frame " + i + " must fit");
            }
            final int delivered = receiver.poll(handler, Integer.MAX_VALUE);
            assertEquals(20, delivered, "one unlimited poll must deliver every committed frame, got " + seen);
            for (int i = 0; i < 20; i++) {
                assertEquals(first + i, seen.get(i), "sender order");
            }
        } finally {
            transport.close();
        }
    }

    @Test
    void shouldDrainPastTheWrapWhenAnEarlierPollStoppedJustBeforeIt() {
        final ThreadsTransport transport = new ThreadsTransport(2, RING, 2);
        try {
            final Endpoint receiver = twentyFramesAcrossTheWrap(transport);
            final FrameHandler ignore = (src, type, buffer, offset, length) -> { };
            // 108-byte records take 112 bytes: 6 fit before the wrap, then the ring pads its last 64 bytes
            assertEquals(6, receiver.poll(ignore, 6));
            assertEquals(14, receiver.poll(ignore, Integer.MAX_VALUE),
                "a drain that starts at the padding must deliver the frames after the wrap");
        } finally {
            transport.close();
        }
    }

    @Test
    void shouldStopAtTheLimitAcrossTheWrap() {
        final ThreadsTransport transport = new ThreadsTransport(2, RING, 2);
        try {
            final Endpoint receiver = twentyFramesAcrossTheWrap(transport);
            final FrameHandler ignore = (src, type, buffer, offset, length) -> { };
            assertEquals(12, receiver.poll(ignore, 12));
            assertEquals(8, receiver.poll(ignore, Integer.MAX_VALUE));
        } finally {
            transport.close();
        }
    }

    /** Sends and drains 30 frames, then sends 20 that wrap the ring; returns their receiver. */
    private static Endpoint twentyFramesAcrossTheWrap(final ThreadsTransport transport) {
        final Endpoint sender = transport.endpoint(1);
        final Endpoint receiver = transport.endpoint(0);
        final UnsafeBuffer payload = new UnsafeBuffer(new byte[FRAME]);
        for (int i = 0; i < 30; i++) {
            assertTrue(sender.offer(0, 1, payload, 0, FRAME));
        }
        assertEquals(30, receiver.poll((src, type, buffer, offset, length) -> { }, Integer.MAX_VALUE));
        for (int i = 0; i < 20; i++) {
            assertTrue(sender.offer(0, 1, payload, 0, FRAME));
        }
        return receiver;
    }
}
