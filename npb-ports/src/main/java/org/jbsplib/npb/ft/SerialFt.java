package org.jbsplib.npb.ft;

/**
 * The serial twin of the BSP FT kernel: the same benchmark written plainly, as the reference the parallel kernel
 * is checked against (besides the official values). It keeps the whole grid in one interleaved array
 * ({@code [z][y][x]}, x fastest), transforms one line at a time with a textbook radix-2 FFT (bit reversal, then
 * in-place butterflies), and evolves with NPB's exponent table {@code ex[m] = exp(-4 alpha pi^2 m)} indexed by
 * {@code t * (kx^2 + ky^2 + kz^2)}. Nothing is shared with the parallel kernel's FFT or layouts.
 *
 * <p>Slow by design (meant for classes S and W in tests); not thread-safe.
 * <pre>{@code
 * double[][] sums = new SerialFt(FtClass.of(VerificationData.load(), 'S')).run();
 * }</pre>
 */
public final class SerialFt {
    private final FtClass c;

    /** @param c the problem class */
    public SerialFt(final FtClass c) {
        this.c = c;
    }

    /** @return the checksum of every iteration, {@code [t-1][0]} real and {@code [t-1][1]} imaginary part */
    public double[][] run() {
        final int nx = c.nx();
        final int ny = c.ny();
        final int nz = c.nz();
        final int points = Math.toIntExact(c.points());
        final double[] u0 = new double[2 * points];
        Randlc.vranlc(2 * points, Randlc.SEED, Randlc.A, u0, 0);
        fft3(u0, LineFft.FORWARD);

        final int maxIndex = (nx / 2) * (nx / 2) + (ny / 2) * (ny / 2) + (nz / 2) * (nz / 2);
        final double[] ex = new double[c.niter() * maxIndex + 1];
        final double ap = -4 * c.alpha() * Math.PI * Math.PI;
        for (int m = 0; m < ex.length; m++) {
            ex[m] = Math.exp(ap * m);
        }
        final double[] u1 = new double[2 * points];
        final double[][] sums = new double[c.niter()][];
        for (int t = 1; t <= c.niter(); t++) {
            for (int z = 0; z < nz; z++) {
                for (int y = 0; y < ny; y++) {
                    for (int x = 0; x < nx; x++) {
                        final int g = (z * ny + y) * nx + x;
                        final double f = ex[t * (sq(x, nx) + sq(y, ny) + sq(z, nz))];
                        u1[2 * g] = u0[2 * g] * f;
                        u1[2 * g + 1] = u0[2 * g + 1] * f;
                    }
                }
            }
            fft3(u1, LineFft.INVERSE);
            sums[t - 1] = checksum(u1);
        }
        return sums;
    }

    /** @return the square of the signed frequency of index {@code i} on an axis of length {@code n} */
    static int sq(final int i, final int n) {
        final int k = (i + n / 2) % n - n / 2;
        return k * k;
    }

    private double[] checksum(final double[] u) {
        double re = 0;
        double im = 0;
        for (int j = 1; j <= 1024; j++) {
            final int g = ((5 * j % c.nz()) * c.ny() + 3 * j % c.ny()) * c.nx() + j % c.nx();
            re += u[2 * g];
            im += u[2 * g + 1];
        }
        return new double[] {re / c.points(), im / c.points()};
    }

    private void fft3(final double[] u, final int sign) {
        final int nx = c.nx();
        final int ny = c.ny();
        final int nz = c.nz();
        final double[] line = new double[2 * Math.max(nx, Math.max(ny, nz))];
        for (int z = 0; z < nz; z++) {
            for (int y = 0; y < ny; y++) {
                line(u, (z * ny + y) * nx, 1, nx, sign, line);
            }
        }
        for (int z = 0; z < nz; z++) {
            for (int x = 0; x < nx; x++) {
                line(u, z * ny * nx + x, nx, ny, sign, line);
            }
        }
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                line(u, y * nx + x, nx * ny, nz, sign, line);
            }
        }
    }

    private static void line(final double[] u, final int start, final int stride, final int n, final int sign,
                             final double[] line) {
        for (int i = 0; i < n; i++) {
            line[2 * i] = u[2 * (start + i * stride)];
            line[2 * i + 1] = u[2 * (start + i * stride) + 1];
        }
        radix2(line, n, sign);
        for (int i = 0; i < n; i++) {
            u[2 * (start + i * stride)] = line[2 * i];
            u[2 * (start + i * stride) + 1] = line[2 * i + 1];
        }
    }

    /** In-place FFT of an interleaved line: {@code X[m] = sum_r x[r] exp(sign 2 pi i r m / n)}. */
    static void radix2(final double[] a, final int n, final int sign) {
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                double t = a[2 * i];
                a[2 * i] = a[2 * j];
                a[2 * j] = t;
                t = a[2 * i + 1];
                a[2 * i + 1] = a[2 * j + 1];
                a[2 * j + 1] = t;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            final int half = len / 2;
            for (int k = 0; k < half; k++) {
                final double angle = 2 * Math.PI * k / len;
                final double wr = Math.cos(angle);
                final double wi = sign * Math.sin(angle);
                for (int s = 0; s < n; s += len) {
                    final int p = 2 * (s + k);
                    final int q = 2 * (s + k + half);
                    final double br = a[q] * wr - a[q + 1] * wi;
                    final double bi = a[q] * wi + a[q + 1] * wr;
                    a[q] = a[p] - br;
                    a[q + 1] = a[p + 1] - bi;
                    a[p] += br;
                    a[p + 1] += bi;
                }
            }
        }
    }
}
