package org.jbsplib.examples;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.collectives.Collectives;

/**
 * BSP radix-2 FFT of length n = 2<sup>m</sup> by the transpose (four-step) method: with n = n1 n2, the input
 * x[j1 n2 + j2] is distributed by blocks of j2 (n2/P' per process); each process does n2/P radix-2 FFTs of length
 * n1, multiplies by the twiddle factors &omega;<sub>n</sub><sup>j2 k1</sup>, one {@link Collectives#allToAllv}
 * transposes to blocks of k1, and n1/P radix-2 FFTs of length n2 give X[k1 + n1 k2]. The data superstep is an
 * h-relation of 2n/P doubles (the all-to-all's count superstep comes first). P' = the largest power of two &le; P
 * processes hold data (the others take part in the collective with nothing), and n &ge; P'<sup>2</sup>. Checked
 * against a sequential radix-2 FFT of the whole vector (error at most 1e-9 n).
 */
public final class FftExample extends CheckedExample {
    private volatile double maxError;

    /**
     * @param out where pid 0 prints
     * @param n   the length, a power of two
     * @throws IllegalArgumentException if n is not a power of two
     */
    public FftExample(final PrintStream out, final int n) {
        super("fft", out, n);
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("fft: --n=" + n + " must be a power of two");
        }
    }

    /**
     * @param n the length, a power of two
     * @param p the number of processes
     * @throws IllegalArgumentException unless n &ge; P'<sup>2</sup> (P' the largest power of two &le; p), naming both
     */
    static void checkSize(final int n, final int p) {
        final int pw = Integer.highestOneBit(Math.max(1, p));
        if ((long) n < (long) pw * pw) {
            throw new IllegalArgumentException("fft: --n=" + n + " must be at least P'^2 = " + (long) pw * pw
                + " (P' = " + pw + ", the largest power of two <= P = " + p + ")");
        }
    }

    static double re(final int j) {
        return uniform(7, 2L * j) * 2 - 1;
    }

    static double im(final int j) {
        return uniform(7, 2L * j + 1) * 2 - 1;
    }

    @Override
    protected int compute(final Bsp bsp, final Collectives coll) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int m = Integer.numberOfTrailingZeros(n);
        final int n1 = 1 << ((m + 1) / 2);
        final int n2 = n / n1;
        final int pw = Integer.highestOneBit(p); // the processes that hold data: a power of two
        checkSize(n, p);
        final boolean active = me < pw;
        final int c1 = active ? n1 / pw : 0;
        final int c2 = active ? n2 / pw : 0;
        // rows j2 of my block, each a contiguous complex vector over j1
        final double[] a = new double[2 * c2 * n1];
        for (int jl = 0; jl < c2; jl++) {
            final int j2 = me * c2 + jl;
            for (int j1 = 0; j1 < n1; j1++) {
                a[2 * (jl * n1 + j1)] = re(j1 * n2 + j2);
                a[2 * (jl * n1 + j1) + 1] = im(j1 * n2 + j2);
            }
        }
        final double[] w1 = twiddles(n1);
        final int blk = 2 * c1 * c2;
        final double[] send = new double[pw * blk];
        for (int jl = 0; jl < c2; jl++) {
            fft(a, 2 * jl * n1, n1, w1);
            final int j2 = me * c2 + jl;
            for (int k1 = 0; k1 < n1; k1++) {
                final double ang = -2 * Math.PI * ((long) j2 * k1 % n) / n;
                final double c = Math.cos(ang);
                final double s = Math.sin(ang);
                final int at = 2 * (jl * n1 + k1);
                final double xr = a[at];
                final double xi = a[at + 1];
                final int q = k1 / c1;
                final int to = q * blk + 2 * ((k1 % c1) * c2 + jl);
                send[to] = xr * c - xi * s;
                send[to + 1] = xr * s + xi * c;
            }
        }
        final int[] counts = new int[p];
        for (int q = 0; q < pw; q++) {
            counts[q] = blk;
        }
        final double[] recv = coll.allToAllv(send, 0, counts, null);
        final double[] b = new double[2 * c1 * n2];
        for (int s = 0; s < pw && active; s++) {
            for (int kl = 0; kl < c1; kl++) {
                System.arraycopy(recv, s * blk + 2 * kl * c2, b, 2 * (kl * n2 + s * c2), 2 * c2);
            }
        }
        final double[] w2 = twiddles(n2);
        for (int kl = 0; kl < c1; kl++) {
            fft(b, 2 * kl * n2, n2, w2);
        }
        // the sequential FFT of the whole vector
        final double[] x = new double[2 * n];
        for (int j = 0; j < n; j++) {
            x[2 * j] = re(j);
            x[2 * j + 1] = im(j);
        }
        fft(x, 0, n, twiddles(n));
        int bad = 0;
        double err = 0;
        for (int kl = 0; kl < c1; kl++) {
            final int k1 = me * c1 + kl;
            for (int k2 = 0; k2 < n2; k2++) {
                final int k = k1 + n1 * k2;
                final double e = Math.hypot(b[2 * (kl * n2 + k2)] - x[2 * k], b[2 * (kl * n2 + k2) + 1] - x[2 * k + 1]);
                err = Math.max(err, e);
                bad += e <= 1e-9 * n ? 0 : 1;
            }
        }
        final double maxErr = coll.allReduceDouble(err, Math::max);
        if (me == 0) {
            maxError = maxErr;
            result.put("max_error", maxErr);
        }
        return bad;
    }

    /** @return w[2k], w[2k+1] = cos, sin of -2 pi k / len, k &lt; len / 2 */
    static double[] twiddles(final int len) {
        final double[] w = new double[Math.max(2, len)];
        for (int k = 0; k < len / 2; k++) {
            w[2 * k] = Math.cos(-2 * Math.PI * k / len);
            w[2 * k + 1] = Math.sin(-2 * Math.PI * k / len);
        }
        return w;
    }

    /** In-place iterative radix-2 FFT of the complex vector a[off, off + 2 len) (interleaved re, im). */
    static void fft(final double[] a, final int off, final int len, final double[] w) {
        for (int i = 1, j = 0; i < len; i++) {
            int bit = len >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                swap(a, off + 2 * i, off + 2 * j);
                swap(a, off + 2 * i + 1, off + 2 * j + 1);
            }
        }
        for (int h = 1; h < len; h <<= 1) {
            final int step = len / (2 * h);
            for (int start = 0; start < len; start += 2 * h) {
                for (int k = 0; k < h; k++) {
                    final double wr = w[2 * k * step];
                    final double wi = w[2 * k * step + 1];
                    final int u = off + 2 * (start + k);
                    final int v = off + 2 * (start + k + h);
                    final double tr = a[v] * wr - a[v + 1] * wi;
                    final double ti = a[v] * wi + a[v + 1] * wr;
                    a[v] = a[u] - tr;
                    a[v + 1] = a[u + 1] - ti;
                    a[u] += tr;
                    a[u + 1] += ti;
                }
            }
        }
    }

    private static void swap(final double[] a, final int i, final int j) {
        final double t = a[i];
        a[i] = a[j];
        a[j] = t;
    }

    @Override
    protected String summary() {
        return String.format("max error %.2e", maxError);
    }
}
