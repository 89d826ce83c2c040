package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The relaxed sync's direct streams ({@link RelaxedSync#DIRECT_OPTION}): which streams go direct, and that what
 * arrives is the same as in frames, in exchange and relaxed supersteps, including an hpPut whose source the sender
 * changes right after the sync.
 */
@Timeout(60)
class RelaxedDirectStreamsTest {
    private static final int BIG = 8192; // doubles: 64 KiB, above the default eager limit of 16 KiB
    private static final int SUPERSTEPS = 4;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"auto", "always", "never"})
    void shouldMoveLargeStreamsAlikeOnEitherPath(final String mode) {
        final double[][] got = new double[2][];
        final RunResult result = BspRuntime.run(new BspConfig().procs(2).syncMode("rbs")
            .option(RelaxedSync.DIRECT_OPTION, mode), bsp -> {
                final int me = bsp.pid();
                final int other = 1 - me;
                final double[] area = new double[BIG];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                final double[] src = new double[BIG];
                for (int s = 0; s < SUPERSTEPS; s++) {
                    for (int i = 0; i < BIG; i++) {
                        src[i] = me * 1e6 + s * 1e4 + i;
                    }
                    bsp.put(other, src, 0, reg, 0, BIG / 2);
                    bsp.hpPut(other, src, BIG / 2, reg, BIG / 2, BIG / 2);
                    bsp.sync();
                    java.util.Arrays.fill(src, Double.NaN); // hpPut read its source before the sync returned
                    bsp.commit(reg, 2);
                    for (int i = 0; i < BIG; i++) {
                        if (area[i] != other * 1e6 + s * 1e4 + i) {
                            throw new AssertionError(mode + ": pid " + me + " superstep " + s + " element " + i
                                + " is " + area[i]);
                        }
                    }
                }
                got[me] = area.clone();
            });
        for (int me = 0; me < 2; me++) {
            final long direct = result.stats().get(me).counter("rbs.directStreams");
            assertEquals("never".equals(mode) ? 0 : SUPERSTEPS, direct, mode + ": direct streams of pid " + me);
            assertTrue(result.stats().get(me).counter("rbs.relaxedSupersteps") > 0, "relaxed supersteps ran");
            assertTrue(result.stats().get(me).counter("rbs.exchangeSupersteps") > 1, "exchange supersteps ran");
            assertEquals(1 * 1e6 * (1 - me) + (SUPERSTEPS - 1) * 1e4, got[me][0], mode);
        }
    }

    @Test
    void shouldSendStreamsUpToTheEagerLimitInFramesUnderAuto() {
        final RunResult result = BspRuntime.run(new BspConfig().procs(2).syncMode("rbs"), bsp -> {
            final int[] x = new int[4];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int s = 0; s < 3; s++) {
                bsp.put(1 - bsp.pid(), new int[] {1, 2, 3, 4}, 0, reg, 0, 4);
                bsp.sync();
                bsp.commit(reg, 1);
            }
        });
        assertEquals(0, result.stats().get(0).counter("rbs.directStreams"));
        assertEquals(0, result.stats().get(1).counter("rbs.directStreams"));
    }

    @Test
    void shouldRefuseAnUnknownModeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(
            new BspConfig().procs(2).syncMode("rbs").option(RelaxedSync.DIRECT_OPTION, "sometimes"), bsp -> { }));
        assertTrue(e.getMessage().contains("rbs.direct=sometimes"), e.getMessage());
    }
}
