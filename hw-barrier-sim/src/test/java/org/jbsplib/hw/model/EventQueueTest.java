package org.jbsplib.hw.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

class EventQueueTest {
    @Test
    void shouldPollInTimeOrderAndKeepInsertionOrderForTies() {
        final long seed = 42;
        final Random random = new Random(seed);
        final EventQueue q = new EventQueue(2);
        for (int i = 0; i < 500; i++) {
            q.add(random.nextInt(50), 0, i, 0, 0);
        }
        long lastTime = -1;
        int lastIndex = -1;
        for (int i = 0; i < 500; i++) {
            q.poll();
            assertTrue(q.time() >= lastTime, "seed=" + seed);
            if (q.time() == lastTime) {
                assertTrue(q.a() > lastIndex, "seed=" + seed + ": ties must keep insertion order");
            }
            lastTime = q.time();
            lastIndex = q.a();
        }
        assertTrue(q.isEmpty());
        assertEquals(500, q.processed());
    }
}
