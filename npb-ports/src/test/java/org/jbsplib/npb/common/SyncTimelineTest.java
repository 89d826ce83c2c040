package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The split of each superstep's sync time into waiting for the last process and the protocol's own time. */
class SyncTimelineTest {
    private static final long LATE_NS = 200_000_000L;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldCountTheWaitForALateProcessAsWaitingNotOverhead() {
        final SyncTimeline line = new SyncTimeline(2);
        BspRuntime.run(new BspConfig().procs(2).threads("platform"), bsp -> {
            final int pid = bsp.pid();
            bsp.sync(); // before the recording: not counted
            line.start(pid);
            for (int s = 0; s < 3; s++) {
                if (pid == 1) {
                    LockSupport.parkNanos(LATE_NS); // pid 0 waits for pid 1 in every superstep
                }
                line.enterSync(pid);
                bsp.sync();
                line.leaveSync(pid);
            }
            line.stop(pid);
            bsp.sync();
        });
        final Map<String, Object> split = line.summary();
        assertEquals(3, split.get("supersteps"));
        final double[] wait = (double[]) split.get("wait_seconds");
        final double[] overhead = (double[]) split.get("overhead_seconds");
        assertTrue(wait[0] >= 1.5 * LATE_NS / 1e9, "pid 0 waited for the late pid 1: " + split);
        assertTrue(wait[1] < wait[0] && overhead[0] < wait[0], "the late pid 1 waited for no one: " + split);
        @SuppressWarnings("unchecked")
        final Map<String, Double> total = (Map<String, Double>) split.get("sync_us");
        assertTrue(total.get("p99") >= 0.5 * LATE_NS / 1e3, "pid 0's syncs lasted about 200 ms: " + split);
        final double[] floor = (double[]) split.get("floor_seconds");
        assertTrue(floor[0] >= 0 && floor[1] >= 0, "pid 1 computed nothing, it slept: " + split);
    }

    @Test
    void shouldSummarizeNothingAtOneProcessOrBeforeASuperstep() {
        final SyncTimeline one = new SyncTimeline(1);
        one.start(0);
        one.enterSync(0);
        one.leaveSync(0);
        assertTrue(one.summary().isEmpty());
        assertTrue(new SyncTimeline(2).summary().isEmpty());
    }

    @Test
    void shouldGrowPastItsFirstArraysAndForgetEarlierSectionsAtStart() {
        final SyncTimeline line = new SyncTimeline(2);
        for (int pid = 0; pid < 2; pid++) {
            line.start(pid);
            line.enterSync(pid);
            line.leaveSync(pid);
            line.stop(pid);
            line.start(pid);
            for (int s = 0; s < 10_000; s++) {
                line.enterSync(pid);
                line.leaveSync(pid);
                line.enterCommit(pid);
                line.leaveCommit(pid);
            }
            line.stop(pid);
            line.enterSync(pid); // after stop: not recorded
            line.leaveSync(pid);
        }
        assertEquals(10_000, line.summary().get("supersteps"));
    }

    @Test
    void shouldGiveTheMedianAndTailOfADistribution() {
        final Map<String, Double> d = SyncTimeline.distribution(new double[] {5, 1, 4, 2, 3});
        assertEquals(3.0, d.get("median"));
        assertEquals(1.0, d.get("p10"));
        assertEquals(5.0, d.get("p99"));
        assertEquals(3.0, d.get("mean"));
    }

    /**
     * Each process's counters (superstep count, recording flag, commit start), which it writes every superstep and
     * reads inside the intervals it times, lie a cache line apart from the other processes' and from the array's
     * header: two processes' entries on one line would add a cross-core transfer to the sync time it measures.
     */
    @Test
    void shouldKeepEachProcesssCountersACacheLineFromTheOthers() {
        for (final int bytes : new int[] {1, Integer.BYTES, Long.BYTES}) {
            assertTrue(SyncTimeline.at(0, bytes) * bytes >= 128, "pid 0's entry of " + bytes + "-byte elements at byte "
                + SyncTimeline.at(0, bytes) * bytes + " of the array");
            for (int pid = 1; pid < 4; pid++) {
                final int apart = (SyncTimeline.at(pid, bytes) - SyncTimeline.at(pid - 1, bytes)) * bytes;
                assertTrue(apart >= 128, "entries of pids " + (pid - 1) + " and " + pid + " of " + bytes
                    + "-byte elements " + apart + " bytes apart");
            }
        }
    }
}
