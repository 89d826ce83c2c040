package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The inbox (per-sender FIFOs merged by a tournament) against one priority queue over all frames. */
class InboxTest {
    private static final Comparator<Frame> ORDER = Comparator.<Frame>comparingLong(f -> f.arrival)
        .thenComparingLong(f -> f.sent).thenComparingInt(f -> f.src).thenComparingLong(f -> f.seq);

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 17, 32})
    void shouldTakeFramesInTheOrderOfOnePriorityQueue(final int n) {
        final long seed = 7L * n;
        final SplittableRandom random = new SplittableRandom(seed);
        final Inbox inbox = new Inbox(n);
        final PriorityQueue<Frame> reference = new PriorityQueue<>(ORDER);
        final long[] sent = new long[n];
        final long[] arrival = new long[n];
        final long[] seq = new long[n];
        for (int step = 0; step < 20_000; step++) {
            if (random.nextInt(3) > 0) {
                final int src = random.nextInt(n);
                // a sender's frames never go back in (arrival, send start); small steps make many ties across senders
                sent[src] += random.nextInt(3);
                arrival[src] = Math.max(arrival[src], sent[src] + random.nextInt(4));
                final Frame f = new Frame();
                f.src = src;
                f.sent = sent[src];
                f.arrival = arrival[src];
                f.seq = seq[src]++;
                inbox.add(f);
                reference.add(f);
            } else {
                assertEquals(reference.poll(), inbox.poll(), "frame taken at step " + step + ", seed " + seed);
            }
            final Frame first = reference.peek();
            assertEquals(first, inbox.peek(), "first frame after step " + step + ", seed " + seed);
            assertEquals(first == null ? MinTree.NONE : first.arrival, inbox.firstArrival(),
                "first arrival after step " + step + ", seed " + seed);
            assertEquals(reference.isEmpty(), inbox.isEmpty(), "empty after step " + step + ", seed " + seed);
        }
        while (!reference.isEmpty()) {
            assertEquals(reference.poll(), inbox.poll(), "frame taken while emptying, seed " + seed);
        }
        assertNull(inbox.poll());
        assertTrue(inbox.isEmpty());
    }

    @Test
    void shouldRefuseAFrameThatPrecedesItsSendersPreviousOne() {
        final Inbox inbox = new Inbox(2);
        final Frame a = new Frame();
        a.src = 1;
        a.arrival = 100;
        a.sent = 50;
        inbox.add(a);
        final Frame b = new Frame();
        b.src = 1;
        b.arrival = 99;
        b.sent = 60;
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> inbox.add(b));
        assertTrue(e.getMessage().contains("pid 1 arriving at 99 ns"), e.getMessage());
    }
}
