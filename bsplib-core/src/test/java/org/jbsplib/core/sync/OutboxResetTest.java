package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link Outbox#reset()} between supersteps, also for an outbox that nothing was added to since its last reset (a
 * process keeps the outbox of every pid it ever addressed and resets them all at every superstep): the next
 * superstep's stream holds exactly that superstep's records, and no count carries over.
 */
class OutboxResetTest {
    private static byte[] bytes(final int n, final int first) {
        final byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (first + i);
        }
        return b;
    }

    /** Streams the whole of {@code out} into one frame and returns its length. */
    private static int streamAll(final Outbox out, final UnsafeBuffer frame) {
        final int n = out.writeNextFrame(frame, 0, frame.capacity());
        assertTrue(out.streamDone(), "one frame holds the stream");
        return n;
    }

    @Test
    void shouldStreamOnlyTheNewRecordsAfterIdleSupersteps() {
        final Outbox out = new Outbox();
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[1024]);
        out.addPut(1, 0, bytes(16, 0), 0, 16);
        assertEquals(Wire.REC_HEADER + 16, streamAll(out, frame));
        out.reset();
        for (int idle = 0; idle < 3; idle++) {
            // a superstep that adds nothing: the protocol still asks whether the stream is done (which moves the
            // cursor past the empty sections) and resets the outbox at its end
            assertFalse(out.hasRecords());
            assertTrue(out.streamDone());
            assertEquals(0, out.nextFrameLength(1024));
            out.reset();
        }
        out.addPut(2, 64, bytes(8, 100), 0, 8);
        assertTrue(out.hasRecords());
        assertFalse(out.streamDone(), "the new put is still to be streamed");
        assertEquals(Wire.REC_HEADER + 8, out.nextFrameLength(1024));
        assertEquals(Wire.REC_HEADER + 8, streamAll(out, frame));
        assertEquals(2, frame.getInt(Wire.REC_ID), "the new put's slot");
        assertEquals(64, frame.getLong(Wire.REC_OFFSET), "the new put's offset");
        assertEquals(8, frame.getInt(Wire.REC_LENGTH));
        for (int i = 0; i < 8; i++) {
            assertEquals((byte) (100 + i), frame.getByte(Wire.REC_HEADER + i), "byte " + i + " of the new put");
        }
    }

    @Test
    void shouldClearAGetRequestAndEveryCount() {
        final Outbox out = new Outbox();
        out.addGetRequest(7, 3, 0, 24);
        assertEquals(1, out.getRequestCount());
        out.reset();
        assertEquals(0, out.getRequestCount(), "a get request alone is something added: the reset clears it");
        assertEquals(0, out.getRequestBytes());
        out.addHpPut(1, 0, bytes(32, 0), 0, 32);
        out.addReply(4, bytes(16, 0), 0, 16);
        out.reset();
        out.reset(); // again, with nothing added in between
        assertEquals(0, out.putRecords());
        assertEquals(0, out.putAndMessageBytes());
        assertEquals(0, out.hpPutBytes());
        assertEquals(0, out.replyRecords());
        assertEquals(0, out.replyBytes());
        assertEquals(0, out.putSectionBytes());
        assertFalse(out.hasRecords());
        assertTrue(out.streamDone());
    }
}
