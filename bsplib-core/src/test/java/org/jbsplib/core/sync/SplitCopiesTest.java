package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Split copies ({@link ClassicSync#SPLIT_OPTION}): a large direct put, hpPut or get is copied half by each of the two
 * processes it concerns, the counters say so on both sides, and what memory holds afterwards is what the framed path
 * gives: overlapping writes in pid order, an hpPut's source read before the sender leaves the sync, gets before puts.
 */
@Timeout(60)
class SplitCopiesTest {
    private static final int BIG = 1 << 15; // longs: 256 KiB, above the split size auto sets, 128 KiB
    /** {@link ClassicSync#DEFAULT_SPLIT_BYTES}, set explicitly: {@code auto} would depend on the host's cores. */
    private static final String SPLIT = Long.toString(ClassicSync.DEFAULT_SPLIT_BYTES);
    private static final int SUPERSTEPS = 3;

    private static BspConfig config(final int procs, final String split) {
        final BspConfig c = new BspConfig().procs(procs).option(ClassicSync.DIRECT_OPTION, "always");
        return split == null ? c : c.option(ClassicSync.SPLIT_OPTION, split);
    }

    @ParameterizedTest(name = "hp={0}")
    @ValueSource(booleans = {false, true})
    void shouldShareALargePutBetweenReceiverAndSender(final boolean hp) {
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(config(2, SPLIT), bsp -> {
            final int me = bsp.pid();
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] src = new long[BIG];
            for (int s = 0; s < SUPERSTEPS; s++) {
                for (int i = 0; i < BIG; i++) {
                    src[i] = me * 1_000_000_000L + s * 1_000_000L + i;
                }
                if (me == 0) {
                    if (hp) {
                        bsp.hpPut(1, src, 0, reg, 0, BIG);
                    } else {
                        bsp.put(1, src, 0, reg, 0, BIG);
                    }
                }
                bsp.sync();
                java.util.Arrays.fill(src, -1); // an hpPut's source is read during the sync only
                bsp.commit(reg, me == 1 ? 1 : 0);
            }
            got[me] = area;
        });
        for (int i = 0; i < BIG; i++) {
            assertEquals((SUPERSTEPS - 1) * 1_000_000L + i, got[1][i], "element " + i);
        }
        assertEquals(SUPERSTEPS, result.stats().get(1).counter("org.splitCopies"), "records the receiver shared");
        assertShared(result, 1, 0, BIG * 8 / 2);
        assertEquals(0, result.stats().get(0).counter("org.splitCopies"));
    }

    @ParameterizedTest(name = "hp={0}")
    @ValueSource(booleans = {false, true})
    void shouldShareALargeGetBetweenGetterAndOwner(final boolean hp) {
        final long[] fetched = new long[BIG];
        final RunResult result = BspRuntime.run(config(2, SPLIT), bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            for (int s = 0; s < SUPERSTEPS; s++) {
                for (int i = 0; i < BIG; i++) {
                    area[i] = bsp.pid() * 1_000_000_000L + s * 1_000_000L + i;
                }
                if (bsp.pid() == 0) {
                    if (hp) {
                        bsp.hpGet(1, reg, 0, fetched, 0, BIG);
                    } else {
                        bsp.get(1, reg, 0, fetched, 0, BIG);
                    }
                }
                bsp.sync();
                bsp.sync(); // pid 1 changes its area only after pid 0 has its result
                if (bsp.pid() == 0) {
                    for (int i = 0; i < BIG; i++) {
                        if (fetched[i] != 1_000_000_000L + s * 1_000_000L + i) {
                            throw new AssertionError("superstep " + s + " element " + i + ": " + fetched[i]);
                        }
                    }
                }
            }
        });
        assertEquals(SUPERSTEPS, result.stats().get(0).counter("org.splitCopies"), "gets the getter shared");
        assertShared(result, 0, 1, BIG * 8 / 2);
        assertEquals(SUPERSTEPS, result.stats().get(0).counter("org.directGets"));
    }

    /**
     * Asserts that each part {@code planner} gave {@code helper} was copied by exactly one of them: by the helper
     * ({@code org.splitPartsServed}, its bytes in {@code org.splitBytesServed} and the planner's
     * {@code org.splitBytesByPartner}) or, when the helper had not started on it, by the planner
     * ({@code org.splitTakenBack}).
     */
    private static void assertShared(final RunResult result, final int planner, final int helper,
        final long bytesPerPart) {
        final long parts = result.stats().get(planner).counter("org.splitCopies");
        final long served = result.stats().get(helper).counter("org.splitPartsServed");
        final long takenBack = result.stats().get(planner).counter("org.splitTakenBack");
        assertEquals(parts, served + takenBack, "parts: served by pid " + helper + " " + served + ", taken back by pid "
            + planner + " " + takenBack);
        assertEquals(served * bytesPerPart, result.stats().get(helper).counter("org.splitBytesServed"));
        assertEquals(served * bytesPerPart, result.stats().get(planner).counter("org.splitBytesByPartner"));
    }

    @Test
    void shouldCopyTheWholePutWhileTheSenderIsBusyElsewhere() {
        // pid 1 sends pid 2 a put it may share, while it writes a large stream from pid 0 that it may not share
        // (its two puts overlap), so pid 2 often finds its part unclaimed and takes it back
        final int busy = 1 << 21; // longs: 16 MiB
        final long[][] got = new long[3][];
        final RunResult result = BspRuntime.run(config(3, SPLIT), bsp -> {
            final int me = bsp.pid();
            final long[] area = new long[busy];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] src = new long[busy];
            for (int s = 0; s < SUPERSTEPS; s++) {
                java.util.Arrays.fill(src, 10L * me + s);
                if (me == 0) {
                    bsp.hpPut(1, src, 0, reg, 0, busy);
                    bsp.hpPut(1, src, 0, reg, 8, busy - 8);
                } else if (me == 1) {
                    bsp.hpPut(2, src, 0, reg, 0, BIG);
                }
                bsp.sync();
                java.util.Arrays.fill(src, -1);
            }
            got[me] = java.util.Arrays.copyOf(area, BIG + 1);
        });
        for (int i = 0; i < BIG; i++) {
            assertEquals(10L + SUPERSTEPS - 1, got[2][i], "pid 2 element " + i);
            assertEquals(SUPERSTEPS - 1, got[1][i], "pid 1 element " + i);
        }
        assertEquals(0, got[2][BIG], "pid 2 beyond the put");
        assertEquals(SUPERSTEPS, result.stats().get(2).counter("org.splitCopies"));
        assertShared(result, 2, 1, BIG * 8 / 2);
    }

    @ParameterizedTest(name = "cores={0}")
    @ValueSource(ints = {1, 2})
    void shouldSplitUnderAutoOnlyWhileTheProcessesFitOnTheCores(final int cores) {
        final RunResult result = BspRuntime.run(new BspConfig().procs(2).cores(cores), bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.hpPut(1 - bsp.pid(), new long[BIG], 0, reg, 0, BIG);
            bsp.sync();
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(cores >= 2 ? 1 : 0, result.stats().get(pid).counter("org.splitCopies"),
                "cores=" + cores + ": pid " + pid);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "off", "unlimited"})
    void shouldCopyAloneWhenSplittingIsOff(final String split) {
        final RunResult result = BspRuntime.run(config(2, split), bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.hpPut(1 - bsp.pid(), new long[BIG], 0, reg, 0, BIG);
            bsp.hpGet(1 - bsp.pid(), reg, 0, new long[BIG], 0, BIG);
            bsp.sync();
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(0, result.stats().get(pid).counter("org.splitCopies"), split + ": pid " + pid);
            assertEquals(0, result.stats().get(pid).counter("org.splitPartsServed"), split + ": pid " + pid);
        }
    }

    @Test
    void shouldRefuseAnInvalidSizeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(
            config(2, "-5"), bsp -> { }));
        assertTrue(e.getMessage().contains("org.splitBytes=-5"), e.getMessage());
    }

    @Test
    void shouldNotSplitAPutThatALaterPutOfTheSameStreamOverlaps() {
        final int n = 64;
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(config(2, "16"), bsp -> {
            final long[] area = new long[n];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            if (bsp.pid() == 0) {
                final long[] a = new long[n];
                final long[] b = new long[n];
                java.util.Arrays.fill(a, 1);
                java.util.Arrays.fill(b, 2);
                bsp.put(1, a, 0, reg, 0, n); // its second half is overlapped by the next put: not split
                bsp.hpPut(1, b, 0, reg, n - 4, 4);
                bsp.put(1, b, 0, reg, 0, 2); // overlaps the first half only (the receiver's part)
            }
            bsp.sync();
            got[bsp.pid()] = area;
        });
        final long[] expected = new long[n];
        java.util.Arrays.fill(expected, 1);
        expected[0] = 2;
        expected[1] = 2;
        for (int i = n - 4; i < n; i++) {
            expected[i] = 2;
        }
        assertArrayEquals(expected, got[1]);
        // the first put's second half is overlapped, the hpPut's and the last put's two halves each by the first put
        assertEquals(0, result.stats().get(1).counter("org.splitCopies"), "no record may be shared");
    }

    @Test
    void shouldSplitOnlyRecordsWhoseSecondHalfNothingElseWrites() {
        final int n = 64;
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(config(2, "16"), bsp -> {
            final long[] area = new long[2 * n];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            if (bsp.pid() == 0) {
                final long[] a = new long[n];
                java.util.Arrays.fill(a, 7);
                bsp.put(1, a, 0, reg, 0, n); // shared: nothing else writes [n/2, n)
                bsp.put(1, new long[] {8, 8}, 0, reg, 0, 2); // overlaps the receiver's half of the first
                bsp.hpPut(1, a, 0, reg, n, n); // shared
            }
            bsp.sync();
            bsp.commit(reg, bsp.pid() == 1 ? 3 : 0);
            got[bsp.pid()] = area;
        });
        final long[] expected = new long[2 * n];
        java.util.Arrays.fill(expected, 7);
        expected[0] = 8;
        expected[1] = 8;
        assertArrayEquals(expected, got[1]);
        assertEquals(2, result.stats().get(1).counter("org.splitCopies"));
        assertShared(result, 1, 0, n * 8 / 2);
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 5})
    void shouldWriteOverlappingPutsFromSeveralSourcesInPidOrder(final int procs) {
        final int n = 4096;
        final long[][] got = new long[procs][];
        final long[][] fetched = new long[procs][];
        final RunResult result = BspRuntime.run(config(procs, "64"), bsp -> {
            final int me = bsp.pid();
            final long[] area = new long[n];
            final long[] own = new long[n];
            for (int i = 0; i < n; i++) {
                own[i] = me * 100_000L + i;
            }
            final Reg reg = bsp.pushReg(area);
            final Reg ownReg = bsp.pushReg(own);
            bsp.sync();
            // every process writes every other's area, each source a range shifted by its pid, so that the
            // ranges of different sources overlap; the highest pid must win each element it writes
            for (int d = 0; d < procs; d++) {
                final long[] src = new long[n];
                java.util.Arrays.fill(src, 1000L * me + d);
                final int from = 128 * me;
                if (me % 2 == 0) {
                    bsp.put(d, src, 0, reg, from, n - from);
                } else {
                    bsp.hpPut(d, src, 0, reg, from, n - from);
                }
            }
            // and gets the whole own area of the next process into the upper half of a fresh array
            final long[] into = new long[2 * n];
            bsp.get((me + 1) % procs, ownReg, 0, into, n, n);
            bsp.sync();
            got[me] = area;
            fetched[me] = into;
        });
        for (int me = 0; me < procs; me++) {
            for (int i = 0; i < n; i++) {
                final int writer = Math.min(procs - 1, i / 128);
                assertEquals(1000L * writer + me, got[me][i], "P=" + procs + ": pid " + me + " element " + i);
                assertEquals(((me + 1) % procs) * 100_000L + i, fetched[me][n + i], "pid " + me + " got " + i);
            }
        }
        long shared = 0;
        for (int me = 0; me < procs; me++) {
            shared += result.stats().get(me).counter("org.splitCopies");
        }
        assertTrue(shared >= procs, "P=" + procs + ": records and gets shared: " + shared);
    }

    @Test
    void shouldAgreeWithFramesOnRandomOverlappingWrites() {
        final long seed = Long.getLong("jbsplib.split.seed", System.nanoTime());
        final Random rnd = new Random(seed);
        final long[] shared = new long[1];
        for (int round = 0; round < 20; round++) {
            final int procs = 2 + rnd.nextInt(3);
            final long programSeed = rnd.nextLong();
            final long[][] framed = runRandom(new BspConfig().procs(procs).option(ClassicSync.DIRECT_OPTION, "never"),
                procs, programSeed, new long[1]);
            final long[][] split = runRandom(config(procs, "16"), procs, programSeed, shared);
            for (int pid = 0; pid < procs; pid++) {
                assertArrayEquals(framed[pid], split[pid], "seed " + seed + " (replay with -Djbsplib.split.seed="
                    + seed + "), round " + round + ", pid " + pid);
            }
        }
        assertTrue(shared[0] > 20, "seed " + seed + ": records and gets shared in all rounds: " + shared[0]);
    }

    /**
     * A random program of puts, hpPuts and gets of random ranges into two areas and a fresh array, five supersteps;
     * hpPut sources are overwritten right after each sync.
     *
     * @param shared adds the records and gets the processes shared ({@code org.splitCopies}) to its element 0
     * @return each process's areas and get destination after the run, back to back
     */
    private static long[][] runRandom(final BspConfig config, final int procs, final long programSeed,
        final long[] shared) {
        final int n = 512;
        final long[][] out = new long[procs][];
        final RunResult result = BspRuntime.run(config, bsp -> {
            final int me = bsp.pid();
            final Random r = new Random(programSeed * 31 + me);
            final long[] a = new long[n];
            final long[] b = new long[n];
            final long[] into = new long[n];
            final Reg ra = bsp.pushReg(a);
            final Reg rb = bsp.pushReg(b);
            bsp.sync();
            final long[] hpSource = new long[n];
            for (int s = 0; s < 5; s++) {
                for (int i = 0; i < n; i++) {
                    hpSource[i] = 1_000_000L * me + 1000L * s + i;
                    a[i] += me + s;
                }
                final int ops = r.nextInt(12);
                for (int k = 0; k < ops; k++) {
                    final int peer = r.nextInt(procs);
                    final Reg reg = r.nextBoolean() ? ra : rb;
                    final int len = 1 + r.nextInt(r.nextBoolean() ? 8 : n);
                    final int to = r.nextInt(n - len + 1);
                    final int from = r.nextInt(n - len + 1);
                    switch (r.nextInt(3)) {
                        case 0 -> bsp.put(peer, hpSource, from, reg, to, len);
                        case 1 -> bsp.hpPut(peer, hpSource, from, reg, to, len);
                        default -> bsp.get(peer, reg, from, r.nextBoolean() ? into : b, to, len);
                    }
                }
                bsp.sync();
                java.util.Arrays.fill(hpSource, -7); // read during the sync only
            }
            final long[] all = new long[3 * n];
            System.arraycopy(a, 0, all, 0, n);
            System.arraycopy(b, 0, all, n, n);
            System.arraycopy(into, 0, all, 2 * n, n);
            out[me] = all;
        });
        for (int pid = 0; pid < procs; pid++) {
            shared[0] += result.stats().get(pid).counter("org.splitCopies");
        }
        return out;
    }

    @Test
    void shouldEndTheRunPromptlyWhenAProcessIsInterruptedAmidSplitCopies() throws Exception {
        final long seed = Long.getLong("jbsplib.split.seed", System.nanoTime());
        final Random rnd = new Random(seed);
        for (int round = 0; round < 5; round++) {
            final Thread[] threads = new Thread[2];
            final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
            final Thread interrupter = new Thread(() -> {
                try {
                    started.await();
                    Thread.sleep(1 + rnd.nextInt(20));
                    threads[1].interrupt();
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            interrupter.start();
            final long t0 = System.nanoTime();
            final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(config(2, SPLIT),
                bsp -> {
                    threads[bsp.pid()] = Thread.currentThread();
                    final long[] area = new long[BIG];
                    final Reg reg = bsp.pushReg(area);
                    bsp.sync();
                    if (bsp.pid() == 1) {
                        started.countDown();
                    }
                    final long[] src = new long[BIG];
                    final long[] into = new long[BIG];
                    while (true) {
                        bsp.hpPut(1 - bsp.pid(), src, 0, reg, 0, BIG);
                        bsp.hpGet(1 - bsp.pid(), reg, 0, into, 0, BIG);
                        bsp.sync();
                    }
                }), "seed " + seed);
            interrupter.join();
            assertEquals(1, e.pid(), "seed " + seed + ": " + e);
            assertInstanceOf(InterruptedException.class, e.getCause(), "seed " + seed + ": " + e);
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "seed " + seed + ": prompt");
        }
    }
}
