package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Split copies, written once and run against every sync protocol that splits (the classic sync's
 * {@link ClassicSync#SPLIT_OPTION}, the relaxed sync's direct streams through {@link SplitStreams}): a large put or
 * hpPut is copied half by its receiver and half by its sender, the counters say so on both sides (each half copied
 * by exactly one of them), splitting follows its option ({@code auto} only while the processes fit on the cores), a
 * record is split only where no other write of its stream touches its second half, memory holds what frames give,
 * and a process interrupted amid split copies ends the run promptly with that cause. Subclasses name the protocol's
 * counters, its configurations and its variants ({@link #modes()}: e.g. the relaxed sync's exchange policies), and
 * keep the cases only their protocol has.
 *
 * <p>Every program reads received data only after {@code commit(reg, n)} with the exact number of updates, so it is
 * correct under the classic sync (commit checks the count) and the relaxed one (commit waits for it).
 */
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS) // the method sources ask the subclass for its modes
public abstract class SplitCopiesSuite {
    /** Longs: 256 KiB, above the split size {@code auto} sets, 128 KiB. */
    protected static final int BIG = 1 << 15;
    /** {@link SplitStreams#DEFAULT_BYTES}, set explicitly: {@code auto} would depend on the host's cores. */
    protected static final String SPLIT = Long.toString(SplitStreams.DEFAULT_BYTES);
    protected static final int SUPERSTEPS = 4;

    /** @return the prefix of the protocol's counters, e.g. {@code org} for {@code org.splitCopies} */
    protected abstract String prefix();

    /** @return the protocol's variants every scenario runs under (the first where a scenario needs one) */
    protected abstract List<String> modes();

    /**
     * @param split the split option's value, or {@code null} for its default ({@code auto})
     * @return a run of {@code procs} processes under {@code mode} in which large streams go direct
     */
    protected abstract BspConfig config(int procs, String mode, String split);

    /** @return as {@link #config}, with every stream direct whatever its size, so that small puts are split too */
    protected abstract BspConfig directConfig(int procs, String mode, String split);

    /** @return a run of {@code procs} processes under {@code mode} that moves every put in frames (the reference) */
    protected abstract BspConfig framedConfig(int procs, String mode);

    /** @return whether the protocol splits gets too (then the scenarios add large gets) */
    protected abstract boolean splitsGets();

    /** @return the counter of the time the splitter waited for its partner's halves, if the protocol reports one */
    protected abstract java.util.Optional<String> splitWaitCounter();

    /** @return the names of the configurations in which nothing is split ({@link #offConfig}) */
    protected List<String> offNames() {
        return List.of("0", "off", "unlimited");
    }

    /** @return the configuration {@code how} of {@link #offNames()}: by default, that value of the split option */
    protected BspConfig offConfig(final String how) {
        return config(2, modes().get(0), how);
    }

    /** @return {@code name}'s value in {@code pid}'s statistics ({@link #prefix()} added) */
    protected final long counter(final RunResult result, final int pid, final String name) {
        return result.stats().get(pid).counter(prefix() + "." + name);
    }

    /** The arguments of the large-put scenario: every mode, with put and with hpPut. */
    protected final Stream<Arguments> modesAndHp() {
        return modes().stream().flatMap(m -> Stream.of(Arguments.of(m, false), Arguments.of(m, true)));
    }

    /** The arguments of the scenario without splitting: {@link #offNames()}. */
    protected final List<String> offCases() {
        return offNames();
    }

    @ParameterizedTest(name = "mode={0}, hp={1}")
    @MethodSource("modesAndHp")
    void shouldShareALargePutBetweenReceiverAndSender(final String mode, final boolean hp) {
        final RunResult result = BspRuntime.run(config(2, mode, SPLIT), bsp -> {
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
        });
        assertEquals(SUPERSTEPS, counter(result, 1, "directStreams") + counter(result, 0, "directStreams"),
            "direct streams");
        assertEquals(SUPERSTEPS, counter(result, 1, "splitCopies"), "records the receiver shared");
        assertShared(result, 1, 0, BIG * 8 / 2);
        assertEquals(0, counter(result, 0, "splitCopies"));
        splitWaitCounter().ifPresent(name -> assertTrue(result.stats().get(1).counters().containsKey(name),
            "the wait is reported: " + name));
    }

    /**
     * Asserts that each half {@code planner} gave {@code helper} was copied by exactly one of them: by the helper
     * ({@code splitPartsServed}, its bytes in {@code splitBytesServed} and the planner's {@code splitBytesByPartner})
     * or, when the helper had not started on it, by the planner ({@code splitTakenBack}). Every half has
     * {@code bytesPerPart} bytes.
     */
    protected final void assertShared(final RunResult result, final int planner, final int helper,
        final long bytesPerPart) {
        final long[] sizes = new long[(int) counter(result, planner, "splitCopies")];
        java.util.Arrays.fill(sizes, bytesPerPart);
        assertShared(result, planner, helper, sizes);
    }

    /**
     * As {@link #assertShared(RunResult, int, int, long)} for halves of different sizes, {@code partBytes} (one entry
     * per half offered, in any order): which halves the helper served depends on timing, so its bytes must be the sum
     * of some {@code splitPartsServed} of them.
     */
    protected final void assertShared(final RunResult result, final int planner, final int helper,
        final long... partBytes) {
        final long parts = counter(result, planner, "splitCopies");
        assertEquals(partBytes.length, parts, "halves offered by pid " + planner);
        final long served = counter(result, helper, "splitPartsServed");
        final long takenBack = counter(result, planner, "splitTakenBack");
        assertEquals(parts, served + takenBack, "parts: served by pid " + helper + " " + served + ", taken back by pid "
            + planner + " " + takenBack);
        final long bytes = counter(result, helper, "splitBytesServed");
        assertEquals(bytes, counter(result, planner, "splitBytesByPartner"));
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
        final RunResult result = BspRuntime.run(config(2, modes().get(0), null).cores(cores), bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.hpPut(1 - bsp.pid(), new long[BIG], 0, reg, 0, BIG);
            bsp.sync();
            bsp.commit(reg, 1);
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(1, counter(result, pid, "directStreams"), "pid " + pid);
            assertEquals(cores >= 2 ? 1 : 0, counter(result, pid, "splitCopies"), "cores=" + cores + ": pid " + pid);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("offCases")
    void shouldCopyAloneWhenSplittingIsOff(final String how) {
        final boolean gets = splitsGets();
        final RunResult result = BspRuntime.run(offConfig(how), bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            bsp.hpPut(1 - bsp.pid(), new long[BIG], 0, reg, 0, BIG);
            if (gets) {
                bsp.hpGet(1 - bsp.pid(), reg, 0, new long[BIG], 0, BIG);
            }
            bsp.sync();
            bsp.commit(reg, 1);
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(0, counter(result, pid, "splitCopies"), how + ": pid " + pid);
            assertEquals(0, counter(result, pid, "splitPartsServed"), how + ": pid " + pid);
        }
    }

    @Test
    void shouldRefuseAnInvalidSizeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(
            config(2, modes().get(0), "-5"), bsp -> { }));
        assertTrue(e.getMessage().contains(prefix() + ".splitBytes=-5"), e.getMessage());
        assertTrue(e.getMessage().contains(" must be auto (") && e.getMessage().contains("off"),
            "the refusal names the values the option takes: " + e.getMessage());
    }

    @Test
    void shouldNotSplitAPutThatALaterPutOfTheSameStreamOverlaps() {
        final int n = 64;
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(directConfig(2, modes().get(0), "16"), bsp -> {
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
            bsp.commit(reg, bsp.pid() == 1 ? 3 : 0);
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
        assertEquals(0, counter(result, 1, "splitCopies"), "no record may be shared");
    }

    @Test
    void shouldSplitOnlyRecordsWhoseSecondHalfNothingElseOfTheStreamWrites() {
        final int n = 64;
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(directConfig(2, modes().get(0), "16"), bsp -> {
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
        assertEquals(2, counter(result, 1, "splitCopies"));
        assertShared(result, 1, 0, n * 8 / 2, (n / 2 + n) * 8 / 2); // the put's half and the second hpPut's
    }

    /** A random program of one round: each process's memory after the run goes to {@code out[pid]}. */
    @FunctionalInterface
    protected interface RandomProgram {
        BspProgram program(int procs, long programSeed, long[][] out);
    }

    /**
     * Runs {@code rounds} random programs, each on 2 to 4 processes under a random mode, in frames and direct with
     * every put of 16 bytes or more split ({@link #directConfig}): memory must agree, and records must have been
     * shared. The seed is printed on failure; {@code -Djbsplib.split.seed=S} replays it.
     */
    protected final void assertAgreesWithFrames(final int rounds, final RandomProgram program) {
        final long seed = Long.getLong("jbsplib.split.seed", System.nanoTime());
        final Random rnd = new Random(seed);
        long shared = 0;
        for (int round = 0; round < rounds; round++) {
            final int procs = 2 + rnd.nextInt(3);
            final String mode = modes().get(rnd.nextInt(modes().size()));
            final long programSeed = rnd.nextLong();
            final long[][] framed = new long[procs][];
            BspRuntime.run(framedConfig(procs, mode), program.program(procs, programSeed, framed));
            final long[][] split = new long[procs][];
            final RunResult result = BspRuntime.run(directConfig(procs, mode, "16"),
                program.program(procs, programSeed, split));
            for (int pid = 0; pid < procs; pid++) {
                assertArrayEquals(framed[pid], split[pid], "seed " + seed + " (replay with -Djbsplib.split.seed="
                    + seed + "), round " + round + ", mode " + mode + ", pid " + pid);
                shared += counter(result, pid, "splitCopies");
            }
        }
        assertTrue(shared > rounds, "seed " + seed + ": records shared in all " + rounds + " rounds: " + shared);
    }

    /**
     * Random puts and hpPuts of random (overlapping) ranges from each source into its own stripe of every process's
     * areas: memory must agree with frames. Different sources never overlap (a relaxed superstep writes them in
     * arrival order).
     */
    @Test
    void shouldAgreeWithFramesOnRandomOverlappingWrites() {
        assertAgreesWithFrames(12, SplitCopiesSuite::stripes);
    }

    /**
     * Five supersteps of random puts and hpPuts, each source into its own stripe; every process draws every source's
     * operations from one seed, so each knows what it receives and commits that. hpPut sources are overwritten right
     * after each sync. {@code out[pid]}: the process's two areas after the run, back to back.
     */
    private static BspProgram stripes(final int procs, final long programSeed, final long[][] out) {
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
        return bsp -> {
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
        };
    }

    /**
     * A failure in the middle: one of the two processes (either: receiver and sender at once) is interrupted at a
     * random moment of a loop of mutual split copies (with large gets too where the protocol splits them); the run
     * must end promptly with that cause, whichever wait or copy it hit.
     */
    @Test
    void shouldEndTheRunPromptlyWhenAProcessIsInterruptedAmidSplitCopies() throws Exception {
        final long seed = Long.getLong("jbsplib.split.seed", System.nanoTime());
        final Random rnd = new Random(seed);
        final boolean gets = splitsGets();
        for (int round = 0; round < 6; round++) {
            final int victim = round % 2;
            final String mode = modes().get(round / 2 % modes().size());
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
            final BspConfig config = config(2, mode, SPLIT);
            final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(config, bsp -> {
                threads[bsp.pid()] = Thread.currentThread();
                final long[] area = new long[BIG];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                started.countDown();
                final long[] src = new long[BIG];
                final long[] into = new long[BIG];
                while (true) {
                    bsp.hpPut(1 - bsp.pid(), src, 0, reg, 0, BIG);
                    if (gets) {
                        bsp.hpGet(1 - bsp.pid(), reg, 0, into, 0, BIG);
                    }
                    bsp.sync();
                    bsp.commit(reg, 1);
                }
            }), "seed " + seed + ", mode " + mode);
            interrupter.join();
            assertEquals(victim, e.pid(), "seed " + seed + ", mode " + mode + ": " + e);
            assertInstanceOf(InterruptedException.class, e.getCause(), "seed " + seed + ", mode " + mode + ": " + e);
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "seed " + seed + ": prompt");
        }
    }
}
