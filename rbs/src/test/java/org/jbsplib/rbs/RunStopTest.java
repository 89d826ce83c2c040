package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspDeadlockException;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How runs stop under both syncs: a failure stops every process at its next sync or commit even in relaxed
 * supersteps that wait for no one; deadlocks are detected instead of waiting for a timeout; the whole-run
 * deadline; the interrupt policy.
 */
@Timeout(60)
class RunStopTest {

    /** Syncs each process would make after pid 0's failure was recorded, were it not stopped. */
    private static final int AFTER = 2_000;

    /** rbs with relaxed supersteps only and rendezvous streams (a producer waits for its consumer's ack). */
    private static BspConfig relaxed(final int p) {
        return new BspConfig().procs(p).syncMode("rbs").option(ExchangePolicy.OPTION, "never").eagerLimitBytes(0);
    }

    @ParameterizedTest(name = "{0} P={1}")
    @CsvSource({"org,4", "rbs,4", "org,32", "rbs,32", "rbs,128"})
    void shouldStopEveryProcessAtItsNextSyncAfterAFailure(final String sync, final int p) {
        final AtomicReference<Thread> failing = new AtomicReference<>();
        final AtomicInteger finished = new AtomicInteger();
        final AtomicInteger left = new AtomicInteger();
        final AtomicIntegerArray syncsAfter = new AtomicIntegerArray(p);
        final BspConfig config = "rbs".equals(sync) ? relaxed(p) : new BspConfig().procs(p).syncMode(sync);
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(config, bsp -> {
                final int[] x = new int[1];
                bsp.pushReg(x);
                bsp.sync();
                left.incrementAndGet();
                if (bsp.pid() == 0) {
                    // every process must have returned from the first sync before the failure: a process still in
                    // its exit (waiting for a frame of that sync) would be stopped there, making no sync after it
                    while (left.get() < p) {
                        Thread.yield();
                    }
                    failing.set(Thread.currentThread());
                    throw new IllegalStateException("boom");
                }
                // wait until pid 0's thread has ended: the runtime recorded its failure before that (happens-before
                // through the thread's termination), so the very next sync must stop this process
                while (failing.get() == null || failing.get().isAlive()) {
                    Thread.yield(); // let pid 0 run, also when the processes are virtual threads
                }
                // supersteps with no communication: under rbs their sync waits for no one
                for (int i = 0; i < AFTER; i++) {
                    syncsAfter.incrementAndGet(bsp.pid());
                    bsp.sync();
                }
                finished.incrementAndGet();
            }));
        assertEquals(0, e.pid(), e.getMessage());
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals(0, finished.get(), "processes that ran to the end after pid 0 failed");
        for (int q = 1; q < p; q++) {
            assertEquals(1, syncsAfter.get(q), "pid " + q + " made " + syncsAfter.get(q) + " syncs after the failure");
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {4, 16})
    void shouldStopRelaxedSuperstepsOnVirtualThreadsToo(final int p) {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 21,
            "virtual threads need Java 21+; this JVM is " + Runtime.version());
        // processes that run supersteps waiting for no one must not keep their carrier threads for ever: pid 0,
        // which fails, has to run too (one core, so every process shares it)
        final AtomicInteger finished = new AtomicInteger();
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            relaxed(p).threads("virtual").cores(1), bsp -> {
                final int[] x = new int[1];
                bsp.pushReg(x);
                bsp.sync();
                final long failAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(50);
                for (int i = 0; i < 50_000_000; i++) {
                    if (bsp.pid() == 0 && System.nanoTime() >= failAt) {
                        throw new IllegalStateException("boom");
                    }
                    bsp.sync();
                }
                finished.incrementAndGet();
            }));
        assertEquals(0, e.pid(), e.getMessage());
        assertEquals(0, finished.get());
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {3, 8})
    void shouldDetectACommitThatCanNeverCompleteAndSayWhoWaitsForWhat(final int p) {
        final long t0 = System.nanoTime();
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            relaxed(p), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                bsp.put((bsp.pid() + 1) % bsp.nprocs(), new int[] {bsp.pid()}, 0, reg, 0, 1);
                bsp.sync();
                bsp.commit(reg, bsp.pid() == 1 ? 5 : 1); // pid 1 waits for 5 puts; 1 comes
                if (bsp.pid() != 1) {
                    bsp.put(1, new int[] {bsp.pid()}, 0, reg, 0, 1); // pid 1, in commit, never acknowledges it
                }
                bsp.sync();
            }));
        final BspDeadlockException d = assertInstanceOf(BspDeadlockException.class, e.getCause(), e.toString());
        assertEquals(-1, e.pid());
        final String m = d.getMessage();
        assertTrue(m.startsWith("deadlock: "), m);
        assertTrue(m.contains("pid 1 in commit(reg#0(int[][1]), n=5) of superstep 2: 1 of 5 updates of superstep 1 "
            + "received"), m);
        final String others = p == 3 ? "pids 0, 2" : "pids 0, 2-7";
        assertTrue(m.contains(others + " in sync of superstep 2 (relaxed), waiting for pid(s) 1 to acknowledge its "
            + "request"), m);
        assertTrue(e.getMessage().contains(m), "the run's message carries the diagnosis: " + e.getMessage());
        // detected long before any timeout could (there is none by default)
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(20), "prompt");
    }

    @Test
    void shouldGroupTheProcessesThatWaitForTheSame() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            relaxed(6), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                bsp.sync(); // a relaxed superstep without puts
                bsp.commit(reg, 1); // nobody put
            }));
        final String m = assertInstanceOf(BspDeadlockException.class, e.getCause(), e.toString()).getMessage();
        assertTrue(m.contains("pids 0-5 in commit(reg#0(int[][1]), n=1) of superstep 2: 0 of 1 updates of superstep"
            + " 1 received"), m);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"org", "rbs"})
    void shouldNotTakeALongComputationForADeadlock(final String sync) {
        final AtomicInteger done = new AtomicInteger();
        BspRuntime.run(new BspConfig().procs(4).syncMode(sync), bsp -> {
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            if (bsp.pid() == 2) {
                final long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1_500);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait(); // computing, outside the library: the others wait for it
                }
            }
            bsp.put((bsp.pid() + 1) % bsp.nprocs(), new int[] {1}, 0, reg, 0, 1);
            bsp.sync();
            bsp.commit(reg, 1);
            done.incrementAndGet();
        });
        assertEquals(4, done.get());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"org", "rbs"})
    void shouldAbortARunawayRunAtItsDeadline(final String sync) {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(3).syncMode(sync).deadlineNs(TimeUnit.MILLISECONDS.toNanos(300)), bsp -> {
                for (;;) {
                    bsp.sync(); // never ends
                }
            }));
        assertEquals(-1, e.pid());
        assertInstanceOf(BspTimeoutException.class, e.getCause());
        assertTrue(e.getMessage().contains("exceeded its deadline of 0.300 s"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"org", "rbs"})
    void shouldAbortTheRunWhenAProcessIsInterruptedWhileItWaits(final String sync) {
        final AtomicReference<Thread> waiter = new AtomicReference<>();
        final AtomicBoolean interrupted = new AtomicBoolean();
        final Thread interrupter = new Thread(() -> {
            // interrupt pid 0 once it is parked in its wait in sync (pid 1 computes meanwhile, until then)
            Thread t;
            while ((t = waiter.get()) == null || t.getState() != Thread.State.TIMED_WAITING) {
                Thread.yield();
            }
            t.interrupt();
            interrupted.set(true);
        });
        interrupter.setDaemon(true);
        interrupter.start();
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(2).syncMode(sync), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                if (bsp.pid() == 0) {
                    waiter.set(Thread.currentThread());
                    bsp.commit(reg, 0);
                    bsp.sync(); // waits for pid 1, which waits for ever
                } else {
                    bsp.commit(reg, 0);
                    // computing while pid 0 waits, until it has been interrupted and has ended (at most 30 s): a
                    // fixed second was not always enough for pid 0 to park on a loaded host, and a sync right after
                    // the interrupt could complete pid 0's sync before it saw the interrupt; either way the run
                    // then ended normally
                    while (!interrupted.get()) {
                        Thread.onSpinWait();
                    }
                    final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                    while (waiter.get().isAlive() && System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    bsp.sync();
                }
            }));
        assertEquals(0, e.pid(), e.getMessage());
        assertTrue(e.getMessage().contains("interrupted while waiting in sync of superstep 1"), e.getMessage());
        assertInstanceOf(InterruptedException.class, e.getCause());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"org", "rbs"})
    void shouldAbortTheRunWhenAnInterruptedProcessCallsSync(final String sync) {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(2).syncMode(sync), bsp -> {
                bsp.sync();
                if (bsp.pid() == 1) {
                    Thread.currentThread().interrupt();
                }
                bsp.sync();
            }));
        assertEquals(1, e.pid(), e.getMessage());
        assertTrue(e.getMessage().contains("interrupted: sync was called with the interrupt status of the thread set"),
            e.getMessage());
        assertInstanceOf(InterruptedException.class, e.getCause());
    }
}
