package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;

import org.junit.jupiter.api.Test;

class RandlcTest {
    private static final BigInteger MOD = BigInteger.ONE.shiftLeft(46);

    /** The definition: x(k) = a^k * seed mod 2^46, computed with arbitrary-precision integers. */
    private static long reference(final long seed, final long a, final long k) {
        return BigInteger.valueOf(a).modPow(BigInteger.valueOf(k), MOD).multiply(BigInteger.valueOf(seed)).mod(MOD)
            .longValueExact();
    }

    @Test
    void shouldFollowTheDefinitionForTheFirstSteps() {
        final long[] state = {Randlc.SEED};
        for (int k = 1; k <= 1000; k++) {
            final double r = Randlc.randlc(state, Randlc.A);
            assertEquals(reference(Randlc.SEED, Randlc.A, k), state[0], "state after step " + k);
            assertEquals(reference(Randlc.SEED, Randlc.A, k) / Math.pow(2, 46), r, 0.0, "number " + k);
        }
        // first step by hand: 314159265 * 1220703125 = 383495196533203125, mod 2^46
        assertEquals(383_495_196_533_203_125L % (1L << 46), Randlc.next(Randlc.SEED, Randlc.A));
    }

    @Test
    void shouldJumpAheadLikeStepping() {
        for (final long k : new long[] {0, 1, 2, 7, 1 << 20, 2L * 512 * 512 * 512, (1L << 40) + 12345}) {
            assertEquals(BigInteger.valueOf(Randlc.A).modPow(BigInteger.valueOf(k), MOD).longValueExact(),
                Randlc.pow(Randlc.A, k), "a^" + k);
        }
        long x = Randlc.SEED;
        for (int k = 0; k < 4096; k++) {
            x = Randlc.next(x, Randlc.A);
        }
        assertEquals(x, Randlc.next(Randlc.SEED, Randlc.pow(Randlc.A, 4096)));
    }

    @Test
    void shouldFillVectorsWithTheSameStreamAsRandlc() {
        final double[] y = new double[70];
        final long end = Randlc.vranlc(64, Randlc.SEED, Randlc.A, y, 3);
        final long[] state = {Randlc.SEED};
        final double[] expected = new double[70];
        for (int i = 0; i < 64; i++) {
            expected[3 + i] = Randlc.randlc(state, Randlc.A);
        }
        assertArrayEquals(expected, y, 0.0);
        assertEquals(state[0], end);
        for (final double v : y) {
            assertEquals(true, v >= 0 && v < 1, "in [0, 1): " + v);
        }
    }

    @Test
    void shouldRejectBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> Randlc.pow(Randlc.A, -1));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Randlc.vranlc(10, 1, Randlc.A, new double[8], 0));
        assertEquals(true, e.getMessage().contains("n=10"), e.getMessage());
    }
}
