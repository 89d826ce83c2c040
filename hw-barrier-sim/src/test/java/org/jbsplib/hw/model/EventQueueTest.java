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

    @Test
    void shouldCountPolledEventsOnItsThreadWhenItRunsEmptyOrIsCleared() {
        final long before = EventQueue.polledOnThisThread();
        final EventQueue q = new EventQueue(4);
        for (int i = 0; i < 10; i++) {
            q.add(i, 0, 0, 0, 0);
        }
        for (int i = 0; i < 9; i++) {
            q.poll();
        }
        assertEquals(before, EventQueue.polledOnThisThread(), "counted only once the run ends");
        q.poll();
        assertEquals(before + 10, EventQueue.polledOnThisThread(), "the queue ran empty");
        q.add(1, 0, 0, 0, 0);
        q.add(2, 0, 0, 0, 0);
        q.poll();
        q.clear();
        assertEquals(before + 11, EventQueue.polledOnThisThread(), "cleared with one event polled");
        q.clear();
        assertEquals(before + 11, EventQueue.polledOnThisThread(), "nothing is counted twice");
    }
}
