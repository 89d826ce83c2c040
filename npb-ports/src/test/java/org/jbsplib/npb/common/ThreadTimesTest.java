package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The calling thread's clocks: CPU time that grows with work, and Linux's schedstat line parsed. */
class ThreadTimesTest {
    @Test
    void shouldParseASchedstatLine() {
        assertArrayEquals(new long[] {5992952, 2528833, 5}, ThreadTimes.parse("5992952 2528833 5\n"));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> ThreadTimes.parse("12 x 3"));
        assertTrue(e.getMessage().contains("schedstat=12 x 3"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ThreadTimes.parse("12 3"));
    }

    @Test
    void shouldCountTheCallingThreadsCpuTime() {
        final long before = ThreadTimes.cpuNanos();
        assertTrue(before >= 0, "a platform thread has a CPU clock here: " + before);
        double x = 1;
        final long start = System.nanoTime();
        while (System.nanoTime() - start < 20_000_000L) {
            x = Math.sqrt(x + 1);
        }
        assertTrue(ThreadTimes.cpuNanos() > before, "no CPU time counted for 20 ms of work " + x);
        final long[] sched = ThreadTimes.schedstat();
        assertTrue(sched.length == 3 && (sched[0] > 0 || sched[0] == -1), java.util.Arrays.toString(sched));
    }
}
