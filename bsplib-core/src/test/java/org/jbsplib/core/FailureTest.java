package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** All-or-none failure: one process's exception, abort or hang ends the whole run promptly with the first cause. */
@Timeout(30)
class FailureTest {

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 4, 32})
    void shouldEndTheRunWhenOneProcessThrows(final int p) {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(p), bsp -> {
                bsp.sync();
                bsp.sync();
                if (bsp.pid() == p - 1) {
                    throw new IllegalStateException("boom in " + bsp.pid());
                }
                bsp.sync(); // the others wait here and must leave
                bsp.sync();
            }));
        assertEquals(p - 1, e.pid());
        assertEquals(2, e.superstep());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(e.getMessage().contains("boom in " + (p - 1)), e.getMessage());
    }

    @Test
    void shouldEndTheRunOnAbortWithTheMessage() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(3), bsp -> {
                if (bsp.pid() == 1) {
                    throw bsp.abort("no convergence");
                }
                bsp.sync();
            }));
        assertEquals(1, e.pid());
        assertEquals(0, e.superstep());
        assertTrue(e.getMessage().contains("abort: no convergence"), e.getMessage());
        assertNull(e.getCause());
    }

    @Test
    void shouldTurnAHangIntoAnAbortNamingThePidsThatDidNotArrive() {
        final long t0 = System.nanoTime();
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(4).syncTimeoutNs(TimeUnit.MILLISECONDS.toNanos(300)), bsp -> {
                if (bsp.pid() == 2) {
                    final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait(); // a process that never reaches sync in time
                    }
                }
                bsp.sync();
            }));
        assertInstanceOf(BspTimeoutException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("pids that had not arrived at sync: [2]"),
            e.getCause().getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "prompt");
    }

    @Test
    void shouldAbortWhenAProcessEndsWhileOthersWaitInSync() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(3), bsp -> {
                if (bsp.pid() != 0) {
                    bsp.sync();
                }
            }));
        assertTrue(e.getMessage().contains("pid 0 ended its program"), e.getMessage());
    }

    @Test
    void shouldLeaveWaitsPromptlyWhenOthersAreParked() {
        // 64 processes on 2 cores, most parked in sync, when one fails
        final long t0 = System.nanoTime();
        assertThrows(BspAbortException.class, () -> BspRuntime.run(new BspConfig().procs(64), bsp -> {
            for (int i = 0; i < 10; i++) {
                bsp.sync();
            }
            if (bsp.pid() == 17) {
                final long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                throw new ArithmeticException("late failure");
            }
            bsp.sync();
        }));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "prompt");
    }

    @Test
    void shouldReportTheFirstCauseOnly() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(4), bsp -> {
                if (bsp.pid() == 0) {
                    throw new IllegalArgumentException("first");
                }
                bsp.sync();
                throw new IllegalArgumentException("second from " + bsp.pid());
            }));
        assertEquals(0, e.pid());
        assertTrue(e.getMessage().contains("first"), e.getMessage());
    }
}
