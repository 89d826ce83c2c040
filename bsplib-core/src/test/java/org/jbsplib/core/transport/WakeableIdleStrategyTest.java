package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The waiting strategy's steps, seen through the one call it makes only when it is about to park (whether work
 * arrived meanwhile): with work pending it never parks, so the test runs no timed wait.
 */
@Timeout(30)
class WakeableIdleStrategyTest {
    private final AtomicInteger parkChecks = new AtomicInteger();

    private IdleStrategy strategy(final int nprocs, final int cores, final boolean virtualThreads) {
        return new WakeableIdleStrategy(nprocs, cores, virtualThreads, () -> {
            parkChecks.incrementAndGet();
            return true;
        });
    }

    @Test
    void shouldSpinThenYieldBeforeParkingWhenTheProcessesFitTheCores() {
        final IdleStrategy idle = strategy(2, 2, false);
        for (int i = 0; i < 1_000 + 50; i++) {
            idle.idle();
        }
        assertEquals(0, parkChecks.get(), "1,000 spins and 50 yields before the first park");
        idle.idle();
        assertEquals(1, parkChecks.get(), "parks after the spins and yields");
    }

    @Test
    void shouldShortenTheSpinAfterWaitsThatOutlastedItAndRestoreItAfterWaitsItCaught() {
        final WakeableIdleStrategy idle = new WakeableIdleStrategy(2, 2, false, () -> true);
        final int min = WakeableIdleStrategy.MIN_SPINS;
        final int[] expected = {1_000, 500, 250, 125, 62, min, min};
        for (final int spinPhase : expected) {
            final long before = spins(idle);
            for (int i = 0; i < 1_001; i++) { // at most 1,000 spins, then a yield: the wait outlasts the spin phase
                idle.idle();
            }
            idle.reset();
            assertEquals(spinPhase, spins(idle) - before, "a wait whose partner did not answer while it spun");
        }
        final int[] restored = {100, 200, 400, 800, 1_000};
        for (final int spinPhase : restored) {
            for (int i = 0; i < 10; i++) { // answered while spinning
                idle.idle();
            }
            idle.reset();
            final long before = spins(idle);
            for (int i = 0; i < 1_001; i++) {
                idle.idle();
            }
            idle.reset();
            assertEquals(spinPhase, spins(idle) - before, "after a wait answered within its spins");
            for (int i = 0; i < 10; i++) {
                idle.idle();
            }
            idle.reset(); // answered again: undoes the halving of the probe above
        }
    }

    private static long spins(final WakeableIdleStrategy idle) {
        final long[] spins = new long[1];
        idle.report((name, value) -> {
            if ("idle.spins".equals(name)) {
                spins[0] = value;
            }
        });
        return spins[0];
    }

    @Test
    void shouldOnlyYieldBeforeParkingWhenOversubscribed() {
        final IdleStrategy idle = strategy(8, 2, false);
        for (int i = 0; i < 200; i++) {
            idle.idle();
        }
        assertEquals(0, parkChecks.get(), "200 yields and no spin at P=8 on 2 cores");
        idle.idle();
        assertEquals(1, parkChecks.get());
    }

    @Test
    void shouldParkAtOnceOnAVirtualThread() {
        final IdleStrategy idle = strategy(2, 2, true);
        idle.idle();
        assertEquals(1, parkChecks.get(), "a virtual thread neither spins nor yields");
    }

    @Test
    void shouldResetAfterWorkAsAnAgronaIdleStrategy() {
        final IdleStrategy idle = strategy(8, 2, false);
        for (int i = 0; i < 201; i++) {
            idle.idle(0);
        }
        assertEquals(1, parkChecks.get());
        idle.idle(3);
        for (int i = 0; i < 200; i++) {
            idle.idle(0);
        }
        assertEquals(1, parkChecks.get(), "work reset the strategy: yielding again before parking");
        assertEquals("wakeable", idle.alias());
    }
}
