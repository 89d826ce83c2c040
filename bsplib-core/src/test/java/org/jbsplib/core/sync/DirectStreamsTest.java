package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.transport.ChaosTransport;
import org.jbsplib.core.transport.ThreadsTransport;
import org.jbsplib.core.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The classic sync's direct streams ({@link ClassicSync#DIRECT_OPTION}): which streams go direct, and that what
 * arrives is the same as in frames, including an hpPut whose source the sender changes right after the sync and a
 * large put, hpPut, get and message in one superstep; each also with split copies of every direct copy of 16 bytes or
 * more ({@code :split}).
 */
@Timeout(60)
class DirectStreamsTest {
    private static final int BIG = 8192; // doubles: 64 KiB, above the default rendezvous limit of 16 KiB
    private static final int SUPERSTEPS = 3;

    /**
     * @param mode a value of {@link ClassicSync#DIRECT_OPTION}, or one followed by {@code :split}: then every direct
     *             copy of at least 16 bytes is split ({@link ClassicSync#SPLIT_OPTION})
     */
    private static BspConfig config(final int procs, final String mode) {
        final String[] parts = mode.split(":");
        final BspConfig c = new BspConfig().procs(procs).option(ClassicSync.DIRECT_OPTION, parts[0]);
        return parts.length > 1 ? c.option(ClassicSync.SPLIT_OPTION, "16") : c;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"auto", "always", "never", "unbuffered", "auto:split", "always:split"})
    void shouldMoveLargeAndSmallStreamsAlikeOnEitherPath(final String mode) {
        final double[][] got = new double[2][];
        final double[][] fetched = new double[2][];
        final int[] messages = new int[2];
        final RunResult result = BspRuntime.run(config(2, mode),
            bsp -> {
                final int me = bsp.pid();
                final int other = 1 - me;
                final double[] area = new double[2 * BIG];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                final double[] src = new double[BIG];
                final double[] into = new double[BIG];
                for (int s = 0; s < SUPERSTEPS; s++) {
                    for (int i = 0; i < BIG; i++) {
                        src[i] = me * 1e6 + s * 1e4 + i;
                        area[BIG + i] = -(me * 1e6 + s * 1e4 + i);
                    }
                    bsp.put(other, src, 0, reg, 0, BIG / 2);
                    bsp.hpPut(other, src, BIG / 2, reg, BIG / 2, BIG / 2);
                    bsp.get(other, reg, BIG, into, 0, BIG);
                    bsp.send(other, new byte[0], new byte[300]);
                    bsp.sync();
                    java.util.Arrays.fill(src, Double.NaN); // hpPut read its source during the sync, not after
                    bsp.commit(reg, 2);
                    messages[me] += bsp.qsize().packets();
                }
                got[me] = area.clone();
                fetched[me] = into.clone();
            });
        for (int me = 0; me < 2; me++) {
            final int other = 1 - me;
            final int last = SUPERSTEPS - 1;
            for (int i = 0; i < BIG; i++) {
                assertEquals(other * 1e6 + last * 1e4 + i, got[me][i], mode + ": pid " + me + " element " + i);
                assertEquals(-(other * 1e6 + last * 1e4 + i), fetched[me][i], mode + ": pid " + me + " got " + i);
            }
            assertEquals(SUPERSTEPS, messages[me], mode + ": messages of pid " + me);
            final long direct = result.stats().get(me).counter("org.directStreams");
            switch (mode) {
                case "never" -> assertEquals(0, direct, "pid " + me + " sent no direct stream");
                // half put, half hpPut and a message: mostly buffered, so in frames
                case "unbuffered" -> assertEquals(0, direct, "unbuffered: pid " + me + " sent its streams in frames");
                default -> assertEquals(SUPERSTEPS, direct, mode + ": pid " + me + " sent its streams direct");
            }
            final long grants = result.stats().get(me).counter("org.grants");
            assertEquals("never".equals(mode) || "unbuffered".equals(mode) ? SUPERSTEPS : 0, grants,
                mode + ": grants of pid " + me);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"auto", "always", "never", "always:split"})
    void shouldReadALargeHpGetStraightFromTheOwnersArea(final String mode) {
        final int n = 1 << 18; // doubles: 2 MiB
        final double[][] fetched = new double[2][];
        final RunResult result = BspRuntime.run(config(2, mode),
            bsp -> {
                final double[] area = new double[n];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                final double[] into = new double[n]; // not registered: written at once
                for (int s = 0; s < SUPERSTEPS; s++) {
                    for (int i = 0; i < n; i++) {
                        area[i] = bsp.pid() * 1e7 + s * 1e6 + i;
                    }
                    if (bsp.pid() == 0) {
                        bsp.hpGet(1, reg, 0, into, 0, n);
                    }
                    bsp.sync();
                    bsp.sync(); // pid 1 changes its area only after pid 0 has its result
                }
                fetched[bsp.pid()] = into;
            });
        for (int i = 0; i < n; i++) {
            assertEquals(1e7 + (SUPERSTEPS - 1) * 1e6 + i, fetched[0][i], mode + ": element " + i);
        }
        final long expected = "never".equals(mode) ? 0 : SUPERSTEPS;
        assertEquals(expected, result.stats().get(0).counter("org.directGets"), mode + ": gets read in one copy");
        assertEquals(0, result.stats().get(0).counter("org.stagedGets"), mode + ": gets copied aside");
        assertEquals(0, result.stats().get(1).counter("org.directStreams"), mode + ": no stream of results");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"auto", "always", "never", "always:split"})
    void shouldCopyAsideMutualHpGetsIntoTheAreasTheyRead(final String mode) {
        final long[][] got = new long[2][];
        final RunResult result = BspRuntime.run(config(2, mode),
            bsp -> {
                final long[] a = new long[BIG];
                final Reg reg = bsp.pushReg(a);
                for (int i = 0; i < BIG; i++) {
                    a[i] = 1000L * bsp.pid() + i;
                }
                bsp.sync();
                bsp.hpGet(1 - bsp.pid(), reg, 0, a, 0, BIG);
                bsp.sync();
                got[bsp.pid()] = a;
            });
        for (int me = 0; me < 2; me++) {
            for (int i = 0; i < BIG; i++) {
                assertEquals(1000L * (1 - me) + i, got[me][i], mode + ": pid " + me + " element " + i);
            }
            // the other process reads this area in the same superstep: the result waits for its turn
            assertEquals(0, result.stats().get(me).counter("org.directGets"), mode + ": pid " + me);
            assertEquals("never".equals(mode) ? 0 : 1, result.stats().get(me).counter("org.stagedGets"),
                mode + ": pid " + me);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"auto", "always", "never", "always:split"})
    void shouldCopyASelfGetOnceIntoAnUnregisteredArray(final String mode) {
        final long[][][] fetched = new long[2][SUPERSTEPS][];
        final RunResult result = BspRuntime.run(config(2, mode),
            bsp -> {
                final int me = bsp.pid();
                final long[] area = new long[BIG];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                for (int s = 0; s < SUPERSTEPS; s++) {
                    for (int i = 0; i < BIG; i++) {
                        area[i] = me * 1_000_000L + s * 10_000L + i;
                    }
                    final long[] into = new long[BIG]; // not registered
                    bsp.get(me, reg, 0, into, 0, BIG);
                    bsp.put(me, new long[] {-1, -1}, 0, reg, 0, 2); // written after the get has read
                    bsp.sync();
                    fetched[me][s] = into;
                }
            });
        for (int me = 0; me < 2; me++) {
            for (int s = 0; s < SUPERSTEPS; s++) {
                for (int i = 0; i < BIG; i++) {
                    assertEquals(me * 1_000_000L + s * 10_000L + i, fetched[me][s][i],
                        mode + ": pid " + me + " superstep " + s + " element " + i);
                }
            }
            assertEquals("never".equals(mode) ? 0 : SUPERSTEPS, result.stats().get(me).counter("org.directGets"),
                mode + ": self-gets of pid " + me + " read in one copy");
            assertEquals(0, result.stats().get(me).counter("org.stagedGets"), mode + ": pid " + me);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"auto", "always", "never", "always:split"})
    void shouldWriteSelfGetResultsInOwnerOrderWithOtherGetsAndPuts(final String mode) {
        final int procs = 3;
        final long[][] gotInto = new long[procs][];
        final long[][] gotArea = new long[procs][];
        BspRuntime.run(config(procs, mode), bsp -> {
            final int me = bsp.pid();
            final long[] area = new long[4];
            final long[] target = new long[4];
            for (int i = 0; i < 4; i++) {
                area[i] = 100L * me + i;
            }
            final Reg reg = bsp.pushReg(area);
            final Reg targetReg = bsp.pushReg(target);
            bsp.sync();
            final long[] into = new long[8]; // not registered: overlapping results from three owners
            for (int owner = 0; owner < procs; owner++) {
                bsp.get(owner, reg, 0, into, 2 * ((owner + me) % procs), 4);
            }
            bsp.get(me, reg, 2, into, 1, 2); // a second self-get, issued last, overlapping the others
            // into a registered area: the put of the next pid lands after the self-get's result, the previous
            // pid's put before it
            bsp.get(me, reg, 0, target, 0, 2);
            bsp.put((me + 1) % procs, new long[] {-10 - me, -20 - me}, 0, targetReg, 0, 2);
            bsp.sync();
            gotInto[me] = into;
            gotArea[me] = target;
        });
        for (int me = 0; me < procs; me++) {
            // writes in ascending owner pid, from one owner in issue order
            final long[] expected = new long[8];
            for (int owner = 0; owner < procs; owner++) {
                final int at = 2 * ((owner + me) % procs);
                for (int i = 0; i < 4; i++) {
                    expected[at + i] = 100L * owner + i;
                }
                if (owner == me) {
                    expected[1] = 100L * me + 2;
                    expected[2] = 100L * me + 3;
                }
            }
            assertArrayEquals(expected, gotInto[me], mode + ": pid " + me);
            final int from = (me + procs - 1) % procs;
            final long[] area = from < me ? new long[] {100L * me, 100L * me + 1, 0, 0}
                : new long[] {-10 - from, -20 - from, 0, 0};
            assertArrayEquals(area, gotArea[me], mode + ": registered destination of pid " + me);
        }
    }

    @Test
    void shouldSendBufferedStreamsInFramesAndHpPutStreamsDirectUnderUnbuffered() {
        final double[][] got = new double[2][];
        final RunResult result = BspRuntime.run(new BspConfig().procs(2)
            .option(ClassicSync.DIRECT_OPTION, "unbuffered"), bsp -> {
                final int me = bsp.pid();
                final int other = 1 - me;
                final double[] area = new double[2 * BIG];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                final double[] src = new double[BIG];
                for (int s = 0; s < SUPERSTEPS; s++) {
                    java.util.Arrays.fill(src, me * 1e6 + s);
                    bsp.put(other, src, 0, reg, 0, BIG); // buffered: in frames
                    bsp.sync();
                    java.util.Arrays.fill(src, me * 1e6 + s + 0.5);
                    bsp.hpPut(other, src, 0, reg, BIG, BIG); // unbuffered: direct
                    bsp.put(other, src, 0, reg, 0, 16); // a little buffered data rides along
                    bsp.sync();
                }
                got[me] = area.clone();
            });
        for (int me = 0; me < 2; me++) {
            final int other = 1 - me;
            final double last = other * 1e6 + SUPERSTEPS - 1 + 0.5;
            assertEquals(last, got[me][0], "pid " + me + ": the small put");
            assertEquals(other * 1e6 + SUPERSTEPS - 1, got[me][BIG - 1], "pid " + me + ": the large put");
            assertEquals(last, got[me][2 * BIG - 1], "pid " + me + ": the hpPut");
            assertEquals(SUPERSTEPS, result.stats().get(me).counter("org.directStreams"),
                "pid " + me + ": only the hpPut streams went direct");
            assertEquals(SUPERSTEPS, result.stats().get(me).counter("org.grants"),
                "pid " + me + ": the put streams waited for a grant, in frames");
        }
    }

    @Test
    void shouldSendSmallStreamsInFramesUnderAuto() {
        final RunResult result = BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final int[] x = new int[4];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            bsp.put(1 - bsp.pid(), new int[] {1, 2, 3, 4}, 0, reg, 0, 4);
            bsp.sync();
        });
        assertEquals(0, result.stats().get(0).counter("org.directStreams"));
        assertEquals(0, result.stats().get(1).counter("org.directStreams"));
    }

    @Test
    void shouldRefuseAnUnknownModeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(
            new BspConfig().procs(2).option(ClassicSync.DIRECT_OPTION, "sometimes"), bsp -> { }));
        assertTrue(e.getMessage().contains("org.direct=sometimes"), e.getMessage());
    }

    @Test
    void shouldAllowDirectCopiesOnlyWhereTheTransportSaysSo() {
        try (Transport threads = new ThreadsTransport(2, 1 << 16, 2)) {
            assertTrue(threads.directCopies());
            try (Transport chaos = new ChaosTransport(threads, 1L)) {
                assertTrue(chaos.directCopies(), "a decorator answers for what it decorates");
            }
        }
        final Transport plain = new Transport() {
            @Override
            public String name() {
                return "plain";
            }

            @Override
            public int nprocs() {
                return 1;
            }

            @Override
            public org.jbsplib.core.transport.Endpoint endpoint(final int pid) {
                throw new UnsupportedOperationException("endpoint: pid=" + pid);
            }

            @Override
            public org.jbsplib.core.transport.RunControl control() {
                throw new UnsupportedOperationException("control");
            }

            @Override
            public void close() {
            }
        };
        assertFalse(plain.directCopies(), "by default a transport frames data");
    }
}
