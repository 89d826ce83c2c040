package org.jbsplib.rbs;

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
import org.jbsplib.core.sync.SplitStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Split copies of the relaxed sync's direct streams ({@link RelaxedSync#SPLIT_OPTION}): a large put or hpPut of a
 * direct stream is copied half by its receiver and half by its sender, which waits for the receiver's DIRECT_DONE
 * anyway; the counters say so on both sides, and what memory holds is what frames give, in relaxed and exchange
 * supersteps, with hpPut sources overwritten right after each sync.
 */
@Timeout(60)
class RelaxedSplitCopiesTest {
    private static final int BIG = 1 << 15; // longs: 256 KiB, above the split size auto sets, 128 KiB
    /** {@link SplitStreams#DEFAULT_BYTES}, set explicitly: {@code auto} would depend on the host's cores. */
    private static final String SPLIT = Long.toString(SplitStreams.DEFAULT_BYTES);
    private static final int SUPERSTEPS = 4;

    private static BspConfig config(final int procs, final String policy, final String split) {
        final BspConfig c = new BspConfig().procs(procs).syncMode("rbs").option(ExchangePolicy.OPTION, policy);
        return split == null ? c : c.option(RelaxedSync.SPLIT_OPTION, split);
    }

    @ParameterizedTest(name = "policy={0}, hp={1}")
    @CsvSource({"never,false", "never,true", "always,false", "always,true", "auto,true"})
    void shouldShareALargePutBetweenReceiverAndSender(final String policy, final boolean hp) {
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(config(2, policy, SPLIT), bsp -> {
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
                if (me == 1) {
                    for (int i = 0; i < BIG; i++) {
                        if (area[i] != s * 1_000_000L + i) {
                            throw new AssertionError("superstep " + s + " element " + i + ": " + area[i]);
                        }
                    }
                }
            }
            got[me] = area;
        });
        assertEquals(SUPERSTEPS, result.stats().get(1).counter("rbs.directStreams")
            + result.stats().get(0).counter("rbs.directStreams"), "direct streams");
        assertEquals(SUPERSTEPS, result.stats().get(1).counter("rbs.splitCopies"), "records the receiver shared");
        assertShared(result, 1, 0, BIG * 8 / 2);
        assertEquals(0, result.stats().get(0).counter("rbs.splitCopies"));
        assertTrue(result.stats().get(1).counters().containsKey("rbs.waitSplitNs"), "the wait is reported");
    }

    /**
     * Both processes put to each other in every superstep, as FT's transposes do: each is receiver and sender at
     * once, so each may find the other's SPLIT while it writes the other's stream.
     */
    @ParameterizedTest(name = "policy={0}")
    @ValueSource(strings = {"never", "always"})
    void shouldShareMutualStreamsAndKeepWhatArrived(final String policy) {
        final RunResult result = BspRuntime.run(config(2, policy, SPLIT), bsp -> {
            final int me = bsp.pid();
            final int other = 1 - me;
            final long[] area = new long[2 * BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] src = new long[2 * BIG];
            for (int s = 0; s < SUPERSTEPS; s++) {
                for (int i = 0; i < 2 * BIG; i++) {
                    src[i] = me * 1_000_000_000L + s * 1_000_000L + i;
                }
                bsp.hpPut(other, src, 0, reg, 0, BIG);
                bsp.put(other, src, BIG, reg, BIG, BIG);
                bsp.sync();
                java.util.Arrays.fill(src, -1); // neither source may change what arrives
                bsp.commit(reg, 2);
                for (int i = 0; i < 2 * BIG; i++) {
                    if (area[i] != other * 1_000_000_000L + s * 1_000_000L + i) {
                        throw new AssertionError(policy + ": pid " + me + " superstep " + s + " element " + i + ": "
                            + area[i]);
                    }
                }
            }
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(2 * SUPERSTEPS, result.stats().get(pid).counter("rbs.splitCopies"), "pid " + pid);
            assertShared(result, pid, 1 - pid, BIG * 8 / 2);
        }
    }

    /**
     * Asserts that each half {@code planner} gave {@code helper} was copied by exactly one of them: by the helper
     * ({@code rbs.splitPartsServed}, its bytes in {@code rbs.splitBytesServed} and the planner's
     * {@code rbs.splitBytesByPartner}) or, when the helper had not started on it, by the planner
     * ({@code rbs.splitTakenBack}). Every half has {@code bytesPerPart} bytes.
     */
    private static void assertShared(final RunResult result, final int planner, final int helper,
        final long bytesPerPart) {
        final long parts = result.stats().get(planner).counter("rbs.splitCopies");
        final long[] sizes = new long[(int) parts];
        java.util.Arrays.fill(sizes, bytesPerPart);
        assertShared(result, planner, helper, sizes);
    }

    /**
     * As {@link #assertShared(RunResult, int, int, long)} for halves of different sizes, {@code partBytes} (one entry
     * per half offered, in any order): which halves the helper served depends on timing, so its bytes must be the sum
     * of some {@code rbs.splitPartsServed} of them.
     */
    private static void assertShared(final RunResult result, final int planner, final int helper,
        final long... partBytes) {
        final long parts = result.stats().get(planner).counter("rbs.splitCopies");
        assertEquals(partBytes.length, parts, "halves offered by pid " + planner);
        final long served = result.stats().get(helper).counter("rbs.splitPartsServed");
        final long takenBack = result.stats().get(planner).counter("rbs.splitTakenBack");
        assertEquals(parts, served + takenBack, "parts: served by pid " + helper + " " + served + ", taken back by pid "
            + planner + " " + takenBack);
        final long bytes = result.stats().get(helper).counter("rbs.splitBytesServed");
        assertEquals(bytes, result.stats().get(planner).counter("rbs.splitBytesByPartner"));
        boolean some = false;
        for (int subset = 0; subset < 1 << partBytes.length && !some; subset++) {
            long sum = 0;
            for (int i = 0; i < partBytes.length; i++) {
                sum += (subset >> i & 1) == 1 ? partBytes[i] : 0;
            }
            some = Integer.bitCount(subset) == served && sum == bytes;
        }
        assertTrue(some, "pid " + helper + " served " + served + " halves of " + bytes + " bytes in all, not a sum of "
            + served + " of " + java.util.Arrays.toString(partBytes));
    }

    @ParameterizedTest(name = "cores={0}")
    @ValueSource(ints = {1, 2})
    void shouldSplitUnderAutoOnlyWhileTheProcessesFitOnTheCores(final int cores) {
        final RunResult result = BspRuntime.run(config(2, "never", null).cores(cores), bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.hpPut(1 - bsp.pid(), new long[BIG], 0, reg, 0, BIG);
            bsp.sync();
            bsp.commit(reg, 1);
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(1, result.stats().get(pid).counter("rbs.directStreams"), "pid " + pid);
            assertEquals(cores >= 2 ? 1 : 0, result.stats().get(pid).counter("rbs.splitCopies"),
                "cores=" + cores + ": pid " + pid);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"0", "off", "unlimited", "paper", "frames"})
    void shouldCopyAloneWhenSplittingIsOff(final String how) {
        final BspConfig config = switch (how) {
            case "paper" -> new BspConfig().procs(2).syncMode("rbs:paper");
            case "frames" -> config(2, "never", "16").option(RelaxedSync.DIRECT_OPTION, "never");
            default -> config(2, "never", how);
        };
        final RunResult result = BspRuntime.run(config, bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.hpPut(1 - bsp.pid(), new long[BIG], 0, reg, 0, BIG);
            bsp.sync();
            bsp.commit(reg, 1);
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(0, result.stats().get(pid).counter("rbs.splitCopies"), how + ": pid " + pid);
            assertEquals(0, result.stats().get(pid).counter("rbs.splitPartsServed"), how + ": pid " + pid);
        }
    }

    @Test
    void shouldRefuseAnInvalidSizeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(
            config(2, "never", "-5"), bsp -> { }));
        assertTrue(e.getMessage().contains("rbs.splitBytes=-5"), e.getMessage());
    }

    @Test
    void shouldSplitOnlyRecordsWhoseSecondHalfNothingElseOfTheStreamWrites() {
        final int n = 64;
        final long[][] got = new long[2][];
        // a small stream goes direct only with rbs.direct=always and no eager streams
        final RunResult result = BspRuntime.run(config(2, "never", "16").option(RelaxedSync.DIRECT_OPTION, "always")
            .eagerLimitBytes(0), bsp -> {
            final long[] area = new long[3 * n];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            if (bsp.pid() == 0) {
                final long[] a = new long[n];
                final long[] b = new long[2 * n];
                java.util.Arrays.fill(a, 7);
                java.util.Arrays.fill(b, 9);
                bsp.put(1, a, 0, reg, 0, n); // shared: nothing else writes [n/2, n)
                bsp.put(1, new long[] {8, 8}, 0, reg, 0, 2); // overlaps the receiver's half of the first
                bsp.hpPut(1, a, 0, reg, n, n); // not shared: the next put overwrites its second half
                bsp.hpPut(1, b, 0, reg, n + n / 2, n / 2 + n); // shared; its first half overwrites the previous
            }
            bsp.sync();
            bsp.commit(reg, bsp.pid() == 1 ? 4 : 0);
            got[bsp.pid()] = area;
        });
        final long[] expected = new long[3 * n];
        java.util.Arrays.fill(expected, 0, n + n / 2, 7);
        java.util.Arrays.fill(expected, n + n / 2, 3 * n, 9);
        expected[0] = 8;
        expected[1] = 8;
        assertArrayEquals(expected, got[1]);
        assertEquals(2, result.stats().get(1).counter("rbs.splitCopies"));
        assertShared(result, 1, 0, n * 8 / 2, (n / 2 + n) * 8 / 2); // the put's half and the second hpPut's
    }

    /**
     * Random puts and hpPuts of random (overlapping) ranges from each source into its own stripe of every process's
     * areas, relaxed or exchange supersteps, in frames and direct with every put of 16 bytes or more split: memory
     * must agree. Different sources never overlap (a relaxed superstep writes them in arrival order).
     */
    @Test
    void shouldAgreeWithFramesOnRandomOverlappingWrites() {
        final long seed = Long.getLong("jbsplib.split.seed", System.nanoTime());
        final Random rnd = new Random(seed);
        final long[] shared = new long[1];
        for (int round = 0; round < 12; round++) {
            final int procs = 2 + rnd.nextInt(3);
            final String policy = rnd.nextBoolean() ? "never" : "always";
            final long programSeed = rnd.nextLong();
            final long[][] framed = runRandom(config(procs, policy, "off").option(RelaxedSync.DIRECT_OPTION,
                "never"), procs, programSeed, new long[1]);
            final long[][] split = runRandom(config(procs, policy, "16").option(RelaxedSync.DIRECT_OPTION,
                "always").eagerLimitBytes(0), procs, programSeed, shared);
            for (int pid = 0; pid < procs; pid++) {
                assertArrayEquals(framed[pid], split[pid], "seed " + seed + " (replay with -Djbsplib.split.seed="
                    + seed + "), round " + round + ", policy " + policy + ", pid " + pid);
            }
        }
        assertTrue(shared[0] > 12, "seed " + seed + ": records shared in all rounds: " + shared[0]);
    }

    /**
     * Five supersteps of random puts and hpPuts; every process draws every source's operations from one seed, so
     * each knows what it receives and commits that. hpPut sources are overwritten right after each sync.
     *
     * @param shared adds the records the processes shared ({@code rbs.splitCopies}) to its element 0
     * @return each process's two areas after the run, back to back
     */
    private static long[][] runRandom(final BspConfig config, final int procs, final long programSeed,
        final long[] shared) {
        final int stripe = 256;
        final int n = stripe * procs;
        final int steps = 5;
        // ops[s][src]: {dst, reg, from, to, len, hp}
        final int[][][][] ops = new int[steps][procs][][];
        final Random r = new Random(programSeed);
        for (int s = 0; s < steps; s++) {
            for (int src = 0; src < procs; src++) {
                final int count = r.nextInt(8);
                ops[s][src] = new int[count][];
                for (int k = 0; k < count; k++) {
                    final int len = 1 + r.nextInt(r.nextBoolean() ? 8 : stripe);
                    ops[s][src][k] = new int[] {r.nextInt(procs), r.nextInt(2), r.nextInt(n - len + 1),
                        src * stripe + r.nextInt(stripe - len + 1), len, r.nextInt(2)};
                }
            }
        }
        final long[][] out = new long[procs][];
        final RunResult result = BspRuntime.run(config, bsp -> {
            final int me = bsp.pid();
            final long[][] areas = {new long[n], new long[n]};
            final Reg[] regs = {bsp.pushReg(areas[0]), bsp.pushReg(areas[1])};
            bsp.sync();
            final long[] source = new long[n];
            for (int s = 0; s < steps; s++) {
                for (int i = 0; i < n; i++) {
                    source[i] = 1_000_000L * me + 1000L * s + i;
                }
                for (final int[] op : ops[s][me]) {
                    if (op[5] == 1) {
                        bsp.hpPut(op[0], source, op[2], regs[op[1]], op[3], op[4]);
                    } else {
                        bsp.put(op[0], source, op[2], regs[op[1]], op[3], op[4]);
                    }
                }
                bsp.sync();
                java.util.Arrays.fill(source, -7); // read during the sync only
                final int[] incoming = new int[2];
                for (int src = 0; src < procs; src++) {
                    for (final int[] op : ops[s][src]) {
                        if (op[0] == me) {
                            incoming[op[1]]++;
                        }
                    }
                }
                bsp.commit(regs[0], incoming[0]);
                bsp.commit(regs[1], incoming[1]);
            }
            final long[] all = new long[2 * n];
            System.arraycopy(areas[0], 0, all, 0, n);
            System.arraycopy(areas[1], 0, all, n, n);
            out[me] = all;
        });
        for (int pid = 0; pid < procs; pid++) {
            shared[0] += result.stats().get(pid).counter("rbs.splitCopies");
        }
        return out;
    }

    /**
     * A failure in the middle: one of the two processes (either: receiver and sender at once) is interrupted at a
     * random moment of a loop of mutual split copies; the run must end promptly with that cause, whichever wait or
     * copy it hit.
     */
    @Test
    void shouldEndTheRunPromptlyWhenAProcessIsInterruptedAmidSplitCopies() throws Exception {
        final long seed = Long.getLong("jbsplib.split.seed", System.nanoTime());
        final Random rnd = new Random(seed);
        for (int round = 0; round < 6; round++) {
            final int victim = round % 2;
            final Thread[] threads = new Thread[2];
            final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(2);
            final long delayMs = 1 + rnd.nextInt(20);
            final Thread interrupter = new Thread(() -> {
                try {
                    started.await();
                    Thread.sleep(delayMs);
                    threads[victim].interrupt();
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            interrupter.start();
            final long t0 = System.nanoTime();
            final BspConfig config = config(2, round < 4 ? "never" : "always", SPLIT);
            final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(config, bsp -> {
                threads[bsp.pid()] = Thread.currentThread();
                final long[] area = new long[BIG];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                started.countDown();
                final long[] src = new long[BIG];
                while (true) {
                    bsp.hpPut(1 - bsp.pid(), src, 0, reg, 0, BIG);
                    bsp.sync();
                    bsp.commit(reg, 1);
                }
            }), "seed " + seed);
            interrupter.join();
            assertEquals(victim, e.pid(), "seed " + seed + ": " + e);
            assertInstanceOf(InterruptedException.class, e.getCause(), "seed " + seed + ": " + e);
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "seed " + seed + ": prompt");
        }
    }
}
