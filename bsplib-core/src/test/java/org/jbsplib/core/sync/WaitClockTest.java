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
 * The classic sync's waits read the clock at every {@link ClassicSync#CLOCK_STEPS}-th idle step, not at each: an
 * empty sync whose wait ends within a few spins reads no clock beyond its phase timings.
 */
@Timeout(60)
class WaitClockTest {
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
}
