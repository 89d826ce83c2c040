package org.jbsplib.core.barrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.IntStream;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance suite every barrier backend passes: subclass it and name the backend's spec (hw-barrier-sim
 * reuses it through bsplib-core's test-jar). Runs P processes as threads of a {@link BarrierGroup} on the in-JVM
 * transport; the default run uses small episode counts, the 10,000-episode sweep over P = 1..33 is
 * {@code @Tag("slow")}. Randomness is seeded; a failure message carries the seed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public abstract class BarrierConformanceSuite {
    /** The P values of the default run: small, non-powers of two included, and 33 (oversubscribed). */
    protected static final int[] QUICK_PROCS = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long SEED = Long.getLong("jbsplib.seed", 0x5eedL);

    /** @return the backend spec under test, e.g. {@code tree:fanout=2} */
    protected abstract String barrierSpec();

    /** @return the cores the waiting strategy assumes (the machine's by default) */
    protected int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    static IntStream quickProcs() {
        return IntStream.of(QUICK_PROCS);
    }

    static IntStream allProcs() {
        return IntStream.rangeClosed(1, 33);
    }

    static IntStream multiProcs() {
        return IntStream.of(2, 3, 5, 8);
    }

    /** The body of one process. */
    @FunctionalInterface
    protected interface ProcessBody {
        void run(int pid, BarrierPort port) throws Exception;
    }

    /**
     * Runs {@code body} on P threads of {@code group}; the first error fails the group (so nobody hangs) and is
     * rethrown.
     */
    protected static void runAll(final BarrierGroup group, final ProcessBody body) throws Exception {
        final int p = group.nprocs();
        final AtomicReferenceArray<Throwable> errors = new AtomicReferenceArray<>(p);
        final Thread[] threads = new Thread[p];
        for (int i = 0; i < p; i++) {
            final int pid = i;
            threads[i] = new Thread(() -> {
                try {
                    body.run(pid, group.port(pid));
                } catch (final Throwable t) {
                    errors.set(pid, t);
                    group.fail(pid, "test process failed: " + t, t);
                }
            }, "barrier-test-" + i);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        for (final Thread t : threads) {
            t.join();
        }
        Throwable first = null;
        for (int i = 0; i < p; i++) {
            final Throwable t = errors.get(i);
            // The process that failed first carries the cause; the others carry the abort it caused.
            final boolean moreSpecific = first instanceof BspAbortException && !(t instanceof BspAbortException);
            if (t != null && (first == null || moreSpecific)) {
                first = t;
            }
        }
        if (first instanceof Exception e) {
            throw e;
        } else if (first instanceof Error e) {
            throw e;
        }
    }

    private BarrierGroup group(final int p) {
        return new BarrierGroup(barrierSpec(), p, cores(), TIMEOUT_NS);
    }

    /** Delays a process by a random amount of busy work, without sleeping. */
    private static void randomDelay(final SplittableRandom random, final int maxSpins) {
        final int kind = random.nextInt(8);
        if (kind == 0) {
            Thread.yield();
        } else if (kind == 1) {
            final int spins = random.nextInt(maxSpins + 1);
            for (int s = 0; s < spins; s++) {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Every process counts its arrival at episode e before {@code arrive()}, and after the wait checks that all P
     * arrivals of episode e were counted: a process released early sees fewer.
     */
    protected void checkNobodyLeavesEarly(final int p, final int episodes, final long seed) throws Exception {
        final AtomicIntegerArray arrivals = new AtomicIntegerArray(episodes);
        try (BarrierGroup g = group(p)) {
            runAll(g, (pid, port) -> {
                final SplittableRandom random = new SplittableRandom(seed * 31 + pid);
                for (int e = 0; e < episodes; e++) {
                    randomDelay(random, 2_000);
                    arrivals.incrementAndGet(e);
                    port.arrive();
                    port.await();
                    final int seen = arrivals.get(e);
                    if (seen != p) {
                        throw new AssertionError(barrierSpec() + ": pid " + pid + " left episode " + e + " with "
                            + seen + " of " + p + " arrivals (seed " + seed + ")");
                    }
                }
            });
            for (int pid = 0; pid < p; pid++) {
                assertEquals(episodes, g.port(pid).episodes(), "episodes of pid " + pid);
            }
        }
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("quickProcs")
    void shouldReleaseNobodyBeforeAllArrived(final int p) throws Exception {
        checkNobodyLeavesEarly(p, p > 16 ? 150 : 400, SEED + p);
    }

    @Tag("slow")
    @ParameterizedTest(name = "P={0}")
    @MethodSource("allProcs")
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void shouldReleaseNobodyBeforeAllArrivedOver10000Episodes(final int p) throws Exception {
        checkNobodyLeavesEarly(p, 10_000, SEED * 7 + p);
    }

    /**
     * Split phase: each process publishes its episode number (a plain write), arrives, does work that polls the
     * barrier, then waits; after the wait every process's number must be this episode or the next (plain reads:
     * this also checks the barrier's memory consistency effects).
     */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("quickProcs")
    void shouldKeepSplitPhaseCorrectWithWorkBetweenArriveAndWait(final int p) throws Exception {
        final int episodes = p > 16 ? 100 : 300;
        final long[] published = new long[p * 16];
        final long seed = SEED ^ p;
        try (BarrierGroup g = group(p)) {
            runAll(g, (pid, port) -> {
                final SplittableRandom random = new SplittableRandom(seed + pid);
                long checksum = 0;
                for (int e = 1; e <= episodes; e++) {
                    published[pid * 16] = e;
                    port.arrive();
                    final int work = random.nextInt(64);
                    for (int w = 0; w < work; w++) {
                        checksum += w * (long) e;
                        if ((w & 7) == 0) {
                            port.progress();
                        }
                    }
                    port.await();
                    for (int q = 0; q < p; q++) {
                        final long v = published[q * 16];
                        if (v != e && v != e + 1) {
                            throw new AssertionError(barrierSpec() + ": after episode " + e + " pid " + pid
                                + " sees pid " + q + " at " + v + " (seed " + seed + ")");
                        }
                    }
                }
                assertTrue(checksum >= 0);
            });
        }
    }

    /**
     * Split phase, deterministically: while the last process holds back, the others arrive and poll; none may see
     * its episode released.
     */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("multiProcs")
    void shouldNotReleaseWhileOneProcessHasNotArrived(final int p) throws Exception {
        final AtomicInteger polled = new AtomicInteger();
        final AtomicInteger early = new AtomicInteger();
        try (BarrierGroup g = group(p)) {
            runAll(g, (pid, port) -> {
                for (int e = 0; e < 20; e++) {
                    if (pid == p - 1) {
                        while (polled.get() < (e + 1) * (p - 1)) {
                            g.control().checkFailure();
                            Thread.yield();
                        }
                        port.arrive();
                    } else {
                        port.arrive();
                        for (int i = 0; i < 200; i++) {
                            if (port.progress()) {
                                early.incrementAndGet();
                            }
                        }
                        polled.incrementAndGet();
                    }
                    port.await();
                }
            });
        }
        assertEquals(0, early.get(), barrierSpec() + ": episodes released before the last process arrived");
    }

    /** A failure of one process makes every other leave its wait with the same abort: nobody hangs. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("multiProcs")
    void shouldBreakTheBarrierForAllWhenOneProcessFails(final int p) {
        final AtomicReferenceArray<Throwable> seen = new AtomicReferenceArray<>(p);
        final BspAbortException thrown = org.junit.jupiter.api.Assertions.assertThrows(BspAbortException.class, () -> {
            try (BarrierGroup g = group(p)) {
                runAll(g, (pid, port) -> {
                    try {
                        for (int e = 0; e < 50; e++) {
                            if (pid == p - 1 && e == 25) {
                                throw g.fail(pid, "injected failure", null);
                            }
                            port.sync();
                        }
                    } catch (final BspAbortException ex) {
                        seen.set(pid, ex);
                        throw ex;
                    }
                });
            }
        });
        assertTrue(thrown.getMessage().contains("injected failure"), thrown.getMessage());
        for (int pid = 0; pid < p; pid++) {
            assertNotNull(seen.get(pid), "pid " + pid + " did not see the failure");
            assertTrue(seen.get(pid).getMessage().contains("injected failure"), seen.get(pid).getMessage());
        }
    }

    /** A process that never arrives makes the others time out (with a diagnostic), not hang. */
    @Test
    void shouldTimeOutWhenOneProcessNeverArrives() {
        final int p = 3;
        try (BarrierGroup g = new BarrierGroup(barrierSpec(), p, cores(), TimeUnit.MILLISECONDS.toNanos(300))) {
            final BspAbortException e = org.junit.jupiter.api.Assertions.assertThrows(BspAbortException.class,
                () -> runAll(g, (pid, port) -> {
                    if (pid != 0) {
                        port.sync();
                        port.sync();
                    }
                }));
            assertInstanceOf(BspTimeoutException.class, e.getCause(), e.toString());
        }
    }

    /** The classic sync runs on the backend: data moved by put and BSMP arrive as in any sync. */
    @ParameterizedTest(name = "P={0}")
    @MethodSource("multiProcs")
    void shouldRunTheClassicSyncOnTheBackend(final int p) {
        final int supersteps = 30;
        final AtomicIntegerArray bad = new AtomicIntegerArray(p);
        final var result = BspRuntime.run(new BspConfig().procs(p).barrier(barrierSpec())
            .syncTimeoutNs(TimeUnit.SECONDS.toNanos(60)), bsp -> {
                final int[] in = new int[bsp.nprocs()];
                final Reg reg = bsp.pushReg(in);
                bsp.sync();
                for (int s = 1; s <= supersteps; s++) {
                    for (int d = 0; d < bsp.nprocs(); d++) {
                        bsp.put(d, new int[] {s * 1000 + bsp.pid()}, 0, reg, bsp.pid(), 1);
                    }
                    bsp.sync();
                    for (int q = 0; q < bsp.nprocs(); q++) {
                        if (in[q] != s * 1000 + q) {
                            bad.incrementAndGet(bsp.pid());
                        }
                    }
                }
            });
        for (int pid = 0; pid < p; pid++) {
            assertEquals(0, bad.get(pid), "wrong values seen by pid " + pid);
            assertEquals(supersteps + 1, result.stats().get(pid).counter("barrier.episodes"), "episodes of " + pid);
        }
    }
}
