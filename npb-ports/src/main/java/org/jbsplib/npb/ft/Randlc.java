package org.jbsplib.npb.ft;

/**
 * NPB's linear congruential generator {@code x(k+1) = a * x(k) mod 2^46}, whose numbers are {@code x(k) * 2^-46}
 * in (0, 1).
 *
 * <p>NPB computes it in double precision by splitting the operands into 23-bit halves; the arithmetic is exact
 * there and here, so the streams are identical. Here the state is a {@code long}: the low 64 bits of a product
 * are exact in two's complement, and 2^46 divides 2^64, so masking the wrapped product gives the residue.
 *
 * <p>Stateless and thread-safe.
 * <pre>{@code
 * long x = Randlc.SEED;
 * double r = Randlc.unit(x = Randlc.next(x, Randlc.A));   // what NPB's randlc(x, a) returns
 * x = Randlc.vranlc(n, x, Randlc.A, y, 0);                 // y[0..n) = the next n numbers
 * }</pre>
 */
public final class Randlc {
    /** NPB FT's seed. */
    public static final long SEED = 314_159_265L;
    /** The multiplier 5^13. */
    public static final long A = 1_220_703_125L;

    private static final long MASK46 = (1L << 46) - 1;
    private static final double TWO_M46 = 0x1.0p-46;

    private Randlc() {
    }

    /** @return {@code a * x mod 2^46}, for {@code 0 <= a, x < 2^46} */
    public static long next(final long x, final long a) {
        return (a * x) & MASK46;
    }

    /** @return the number in (0, 1) that state {@code x} stands for, {@code x * 2^-46} */
    public static double unit(final long x) {
        return x * TWO_M46;
    }

    /**
     * NPB's {@code randlc}: advances the state one step.
     *
     * @param state a one-element array holding the state, updated in place
     * @param a     the multiplier
     * @return the new state as a number in (0, 1)
     */
    public static double randlc(final long[] state, final long a) {
        state[0] = next(state[0], a);
        return unit(state[0]);
    }

    /**
     * NPB's {@code vranlc}: writes the next {@code n} numbers of the stream into {@code y[offset ..]}.
     *
     * @return the state after the last number written
     */
    public static long vranlc(final int n, final long x, final long a, final double[] y, final int offset) {
        if (n < 0 || offset < 0 || offset + n > y.length) {
            throw new IllegalArgumentException("vranlc: n=" + n + " at offset=" + offset + " exceeds length="
                + y.length);
        }
        long s = x;
        for (int i = 0; i < n; i++) {
            s = (a * s) & MASK46;
            y[offset + i] = s * TWO_M46;
        }
        return s;
    }

    /**
     * @return {@code a^exponent mod 2^46}: the multiplier that jumps the stream {@code exponent} steps ahead
     * @throws IllegalArgumentException if {@code exponent < 0}
     */
    public static long pow(final long a, final long exponent) {
        if (exponent < 0) {
            throw new IllegalArgumentException("pow: exponent=" + exponent + " must be >= 0");
        }
        long result = 1;
        long base = a & MASK46;
        long e = exponent;
        while (e != 0) {
            if ((e & 1) != 0) {
                result = (result * base) & MASK46;
            }
            base = (base * base) & MASK46;
            e >>>= 1;
        }
        return result;
    }
}
