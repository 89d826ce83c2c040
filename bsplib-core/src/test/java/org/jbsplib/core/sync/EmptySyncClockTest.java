package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The clock readings of an empty sync: its waits read the clock at every {@link ClassicSync#CLOCK_STEPS}-th idle
 * step, not at each, and a silent superstep (nothing sent, nothing received) is timed by two readings, its end
 * ending phase 1 (T_comm stays 0, T_sync = T_barrier).
 */
@Timeout(60)
class EmptySyncClockTest {
    private static final int SYNCS = 2_000;

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3})
    void shouldReadTheClockOncePerClockStepsIdleSteps(final int p) {
        final RunResult result = BspRuntime.run(new BspConfig().procs(p), bsp -> {
            for (int i = 0; i < SYNCS; i++) {
                bsp.sync();
            }
        });
        for (int pid = 0; pid < p; pid++) {
            final SyncStats stats = result.stats().get(pid);
            assertTrue(stats.counters().containsKey("org.waitIdleSteps"), "pid " + pid + " counts its idle steps: "
                + stats.counters());
            final long steps = stats.counter("org.waitIdleSteps");
            assertEquals(steps / ClassicSync.CLOCK_STEPS, stats.counter("org.waitClockReads"),
                "clock readings of pid " + pid + " in " + steps + " idle steps");
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3})
    void shouldTimeASilentSuperstepAsPhaseOneOnly(final int p) {
        final RunResult result = BspRuntime.run(new BspConfig().procs(p), bsp -> {
            for (int i = 0; i < SYNCS; i++) {
                bsp.sync();
            }
        });
        for (int pid = 0; pid < p; pid++) {
            final SyncStats stats = result.stats().get(pid);
            assertEquals(SYNCS, stats.syncs(), "syncs of pid " + pid);
            assertEquals(0, stats.commNs(), "T_comm of pid " + pid + " after " + SYNCS + " silent supersteps");
            assertEquals(stats.syncNs(), stats.barrierNs(), "T_sync and T_barrier of pid " + pid);
            assertTrue(stats.syncNs() > 0, "T_sync of pid " + pid + ": " + stats.syncNs());
        }
    }
}
