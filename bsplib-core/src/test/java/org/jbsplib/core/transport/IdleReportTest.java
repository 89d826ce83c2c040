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
    void shouldKeepYieldingInsteadOfParkingWithinTheYieldTimeWhileProcessesFitOnTheCores() {
        final WakeableIdleStrategy yielding = new WakeableIdleStrategy(2, 2, false, Long.MAX_VALUE, () -> false);
        final WakeableIdleStrategy oversubscribed = new WakeableIdleStrategy(4, 2, false, Long.MAX_VALUE, () -> false);
        final WakeableIdleStrategy parking = new WakeableIdleStrategy(2, 2, false, 0, () -> false);
        for (int i = 0; i < 1_000 + 50 + 20; i++) {
            yielding.idle();
            parking.idle();
        }
        for (int i = 0; i < 200 + 20; i++) {
            oversubscribed.idle();
        }
        final Map<String, Long> y = new HashMap<>();
        yielding.report(y::put);
        assertEquals(0L, y.get("idle.parks"), "no park within the yield time: " + y);
        assertEquals(70L, y.get("idle.yields"));
        final Map<String, Long> p = new HashMap<>();
        parking.report(p::put);
        assertEquals(20L, p.get("idle.parks"), "yieldNs=0 parks after 50 yields: " + p);
        final Map<String, Long> o = new HashMap<>();
        oversubscribed.report(o::put);
        assertEquals(20L, o.get("idle.parks"), "more processes than cores: the yield time does not apply: " + o);
        yielding.reset();
        yielding.idle();
        final Map<String, Long> after = new HashMap<>();
        yielding.report(after::put);
        assertEquals(1_001L, after.get("idle.spins"), "a reset starts with spinning again");
    }

    @Test
    void shouldRefuseANegativeYieldTimeNamingIt() {
        final IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> new BspConfig().idleYieldNs(-5).conclude());
        assertTrue(e.getMessage().contains("idleYieldNs=-5"), e.getMessage());
        assertEquals(BspConfig.DEFAULT_IDLE_YIELD_NS, new BspConfig().idleYieldNs());
    }

    /**
     * A wait of about 10 ms (pid 1 sleeps before each sync) while two processes have two cores: the waiter
     * yields through it instead of parking. With the former 1 ms yield time every such wait parked several times,
     * and on the 2-core VM a parked waiter paid the wake-up and was often woken onto its partner's CPU.
     */
    @Test
    void shouldNotParkInWaitsOfAFewMillisecondsWhileTheProcessesFitOnTheCores() {
        final int supersteps = 20;
        final RunResult result = BspRuntime.run(new BspConfig().procs(2).cores(2).threads("platform"), bsp -> {
            for (int i = 0; i < supersteps; i++) {
                if (bsp.pid() == 1) {
                    sleepMillis(10);
                }
                bsp.sync();
            }
        });
        final SyncStats waiter = result.stats().get(0);
        assertTrue(waiter.counter("idle.yields") > 0, "pid 0 waited: " + waiter.counters());
        assertTrue(waiter.counter("idle.parks") <= supersteps / 2, "pid 0 parked " + waiter.counter("idle.parks")
            + " times in " + supersteps + " waits of about 10 ms: " + waiter.counters());
    }

    private static void sleepMillis(final long ms) {
        try {
            Thread.sleep(ms);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
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
