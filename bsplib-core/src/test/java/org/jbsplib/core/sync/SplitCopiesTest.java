package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Random;

import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Split copies of the classic sync ({@link ClassicSync#SPLIT_OPTION}): the shared scenarios ({@link SplitCopiesSuite})
 * with every large stream direct ({@code org.direct=always}), and what only the classic sync does: a large get is
 * copied half by the getter and half by the owner, gets before puts, overlapping writes of several sources in pid
 * order, and a split put copied whole by its receiver while the sender is busy with a stream it may not share.
 */
class SplitCopiesTest extends SplitCopiesSuite {
    @Override
    protected String prefix() {
        return "org";
    }

    @Override
    protected List<String> modes() {
        return List.of("classic");
    }

    @Override
    protected BspConfig config(final int procs, final String mode, final String split) {
        final BspConfig c = new BspConfig().procs(procs).option(ClassicSync.DIRECT_OPTION, "always");
        return split == null ? c : c.option(ClassicSync.SPLIT_OPTION, split);
    }

    @Override
    protected BspConfig directConfig(final int procs, final String mode, final String split) {
        return config(procs, mode, split);
    }

    @Override
    protected BspConfig framedConfig(final int procs, final String mode) {
        return new BspConfig().procs(procs).option(ClassicSync.DIRECT_OPTION, "never");
    }

    @Override
    protected boolean splitsGets() {
        return true;
    }

    @Override
    protected Optional<String> splitWaitCounter() {
        return Optional.empty(); // the classic sync has no counter of its own for that wait
    }

    @ParameterizedTest(name = "hp={0}")
    @ValueSource(booleans = {false, true})
    void shouldShareALargeGetBetweenGetterAndOwner(final boolean hp) {
        final long[] fetched = new long[BIG];
        final RunResult result = BspRuntime.run(config(2, "classic", SPLIT), bsp -> {
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
        assertEquals(SUPERSTEPS, counter(result, 0, "splitCopies"), "gets the getter shared");
        assertShared(result, 0, 1, BIG * 8 / 2);
        assertEquals(SUPERSTEPS, counter(result, 0, "directGets"));
    }

    @Test
    void shouldCopyTheWholePutWhileTheSenderIsBusyElsewhere() {
        // pid 1 sends pid 2 a put it may share, while it writes a large stream from pid 0 that it may not share
        // (its two puts overlap), so pid 2 often finds its part unclaimed and takes it back
        final int busy = 1 << 21; // longs: 16 MiB
        final long[][] got = new long[3][];
        final RunResult result = BspRuntime.run(config(3, "classic", SPLIT), bsp -> {
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
        assertEquals(SUPERSTEPS, counter(result, 2, "splitCopies"));
        assertShared(result, 2, 1, BIG * 8 / 2);
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 5})
    void shouldWriteOverlappingPutsFromSeveralSourcesInPidOrder(final int procs) {
        final int n = 4096;
        final long[][] got = new long[procs][];
        final long[][] fetched = new long[procs][];
        final RunResult result = BspRuntime.run(config(procs, "classic", "64"), bsp -> {
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
            shared += counter(result, me, "splitCopies");
        }
        assertTrue(shared >= procs, "P=" + procs + ": records and gets shared: " + shared);
    }

    /**
     * Random puts, hpPuts and gets of random ranges, the sources' ranges overlapping (the classic sync writes them in
     * pid order): memory and get results must agree with frames.
     */
    @Test
    void shouldAgreeWithFramesOnRandomOverlappingWritesAndGets() {
        assertAgreesWithFrames(20, SplitCopiesTest::withGets);
    }

    /**
     * A random program of puts, hpPuts and gets of random ranges into two areas and a fresh array, five supersteps;
     * hpPut sources are overwritten right after each sync. {@code out[pid]}: the process's areas and get destination
     * after the run, back to back.
     */
    private static BspProgram withGets(final int procs, final long programSeed, final long[][] out) {
        final int n = 512;
        return bsp -> {
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
        };
    }
}
