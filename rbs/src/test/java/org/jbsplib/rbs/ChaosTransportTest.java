package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.transport.ChaosTransport;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.ThreadsTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class ChaosTransportTest {

    @Test
    void shouldKeepFifoPerPairButReorderAcrossSenders() {
        final int p = 4;
        final int perSender = 2000;
        final ChaosTransport t = new ChaosTransport(new ThreadsTransport(p, 1 << 20, 2), 99);
        final UnsafeBuffer b = new UnsafeBuffer(new byte[8]);
        // senders 1..3 write interleaved, one frame each in turn
        for (int i = 0; i < perSender; i++) {
            for (int s = 1; s < p; s++) {
                b.putInt(0, s);
                b.putInt(4, i);
                assertTrue(t.endpoint(s).offer(0, 40, b, 0, 8));
            }
        }
        final int[] next = new int[p];
        final int[] received = new int[1];
        final Endpoint e = t.endpoint(0);
        final long deadline = System.nanoTime() + 20_000_000_000L;
        while (received[0] < perSender * (p - 1)) {
            e.poll((src, type, buf, off, len) -> {
                assertEquals(40, type);
                assertEquals(src, buf.getInt(off));
                assertEquals(next[src], buf.getInt(off + 4), "FIFO from pid " + src);
                next[src]++;
                received[0]++;
            }, 16);
            assertTrue(System.nanoTime() < deadline, "frames held back for good: " + received[0]);
            Thread.onSpinWait();
        }
        assertTrue(t.reorderedFrames(0) > perSender / 10, "reordered " + t.reorderedFrames(0));
        t.close();
    }

    @Test
    void shouldDrainEverythingOnAnUnlimitedPoll() {
        final ChaosTransport t = new ChaosTransport(new ThreadsTransport(2, 1 << 16, 2), 5);
        final UnsafeBuffer b = new UnsafeBuffer(new byte[4]);
        for (int i = 0; i < 100; i++) {
            assertTrue(t.endpoint(1).offer(0, 33, b, 0, 4));
        }
        assertEquals(100, t.endpoint(0).poll((src, type, buf, off, len) -> { }, Integer.MAX_VALUE));
    }

    @Test
    void shouldLeaveFramesInTheInnerInboxSoThatItCanFillUp() {
        // a receiver that polls one frame at a time must not empty a 4 KiB inbox behind the sender's back
        final ChaosTransport t = new ChaosTransport(new ThreadsTransport(2, 4096, 2), 11);
        final UnsafeBuffer b = new UnsafeBuffer(new byte[8]);
        int first = 0;
        while (t.endpoint(1).offer(0, 33, b, 0, 8)) {
            first++;
        }
        assertTrue(first > 2 * ChaosTransport.MAX_HELD_FRAMES, "the inbox holds " + first + " frames");
        final int delivered = t.endpoint(0).poll((src, type, buf, off, len) -> { }, 1);
        int second = 0;
        while (t.endpoint(1).offer(0, 33, b, 0, 8)) {
            second++;
        }
        assertTrue(second <= ChaosTransport.MAX_HELD_FRAMES, "after one poll of one frame, room for " + second
            + " frames of " + first + ": the chaos endpoint took at most " + ChaosTransport.MAX_HELD_FRAMES);
        int total = delivered;
        for (int n = 1; n > 0; total += n) { // one read of the ring stops where it wraps: read until empty
            n = t.endpoint(0).poll((src, type, buf, off, len) -> { }, Integer.MAX_VALUE);
        }
        assertEquals(first + second, total, "every frame is still delivered");
    }

    @Test
    void shouldRejectANegativeSeed() {
        final ThreadsTransport inner = new ThreadsTransport(2, 1 << 16, 2);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new ChaosTransport(inner, -3));
        assertTrue(e.getMessage().contains("seed=-3"), e.getMessage());
    }
}
