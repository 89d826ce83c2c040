package org.jbsplib.core.barrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * At P = 2 the {@code shm} barrier's episodes are two stores into the processes' own arrival slots, not atomic adds
 * on the shared count-and-generation word (whose serialized read-modify-writes cost a second line transfer per
 * episode whenever the arrivals interleave badly); above P = 2 the word stays.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ShmBarrierPairTest {
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    private static final int EPISODES = 500;

    private static ShmBarrier.State state(final BarrierGroup group) {
        return ((ShmBarrier) group.port(0).barrier()).state;
    }

    @Test
    void shouldSyncTwoProcessesWithTheirArrivalSlotsAndNeverTouchTheWord() throws Exception {
        try (BarrierGroup g = new BarrierGroup("shm", 2, 2, TIMEOUT_NS)) {
            BarrierConformanceSuite.runAll(g, (pid, port) -> {
                for (int e = 0; e < EPISODES; e++) {
                    port.sync();
                }
            });
            final ShmBarrier.State state = state(g);
            assertEquals(0L, state.word(), "the count-and-generation word after " + EPISODES + " episodes at P = 2");
            for (int pid = 0; pid < 2; pid++) {
                assertEquals(EPISODES, state.arrived[ShmBarrier.State.slot(pid)], "arrival slot of pid " + pid);
                assertEquals(EPISODES, g.port(pid).episodes(), "episodes of pid " + pid);
            }
        }
    }

    @Test
    void shouldKeepTheWordAboveTwoProcesses() throws Exception {
        try (BarrierGroup g = new BarrierGroup("shm", 3, 2, TIMEOUT_NS)) {
            BarrierConformanceSuite.runAll(g, (pid, port) -> {
                for (int e = 0; e < EPISODES; e++) {
                    port.sync();
                }
            });
            final ShmBarrier.State state = state(g);
            assertNull(state.arrived, "arrival slots at P = 3");
            assertNotEquals(0L, state.word(), "the word at P = 3 after " + EPISODES + " episodes");
        }
    }
}
