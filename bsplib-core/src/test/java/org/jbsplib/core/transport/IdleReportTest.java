package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The waiting strategy's counts reach the run's statistics, so that a run shows where its waits went. */
@Timeout(60)
class IdleReportTest {
    @Test
    void shouldCountEveryStepOfTheWaitingStrategy() {
        final WakeableIdleStrategy idler = new WakeableIdleStrategy(2, 2, () -> false);
        for (int i = 0; i < 1_000 + 50 + 2; i++) {
            idler.idle();
        }
        final Map<String, Long> counts = new HashMap<>();
        idler.report(counts::put);
        assertEquals(1_000L, counts.get("idle.spins"));
        assertEquals(50L, counts.get("idle.yields"));
        assertEquals(2L, counts.get("idle.parks"));
        assertTrue(counts.get("idle.parkedNs") > 0, "parked time " + counts.get("idle.parkedNs"));
    }

    @Test
    void shouldReportTheWaitsOfEachProcessInItsStatistics() {
        final RunResult result = BspRuntime.run(new BspConfig().procs(2), bsp -> {
            for (int i = 0; i < 200; i++) {
                bsp.sync();
            }
        });
        long steps = 0;
        for (int pid = 0; pid < 2; pid++) {
            final SyncStats s = result.stats().get(pid);
            for (final String name : new String[] {"idle.spins", "idle.yields", "idle.parks", "idle.parkedNs"}) {
                assertTrue(s.counters().containsKey(name), "pid " + pid + " reports " + name + ": " + s.counters());
            }
            steps += s.counter("idle.spins") + s.counter("idle.yields") + s.counter("idle.parks");
        }
        assertTrue(steps > 0, "200 syncs of 2 processes waited at least once");
    }
}
