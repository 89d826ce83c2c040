package org.jbsplib.npb.ft;

/**
 * Complex FFTs of length {@code n} (a power of two) on a block of up to {@link #lanes()} lines at once.
 *
 * <p>The block is held split (real and imaginary parts apart) and transposed, element {@code i} of line {@code l}
 * at index {@code i * stride + l} (the stride is the lines per block unless padded, see
 * {@link #LineFft(int, int, int)}), so every butterfly runs a stride-1 loop over the lines with one twiddle factor:
 * the loop HotSpot compiles best. Callers gather lines into {@link #re()}/{@link #im()}, call
 * {@link #transform(int, int)}, and read the result from {@link #resultRe()}/{@link #resultIm()}.
 *
 * <p>Computes {@code X[m] = sum_r x[r] exp(sign * 2 pi i r m / n)}, unnormalized, in natural order.
 * Not thread-safe: one instance per process and line length.
 * <pre>{@code
 * LineFft fft = new LineFft(256, 16);
 * // fill fft.re(), fft.im() with up to 16 lines
 * fft.transform(LineFft.FORWARD, 16);
 * double x0 = fft.resultRe()[0];
 * }</pre>
 */
public final class LineFft {
    /** Sign of the exponent of the forward transform. */
    public static final int FORWARD = -1;
    /** Sign of the exponent of the inverse (unnormalized) transform. */
    public static final int INVERSE = 1;

    private final int n;
    private final int lanes;
    private final int stride;
    private final double[] re0;
    private final double[] im0;
    private final double[] re1;
    private final double[] im1;
    // Implementation notes: a Stockham autosort FFT (no bit reversal; ping-pong between two buffers), one radix-2
    // stage first when log2(n) is odd, then radix-4 stages. Stage s combines sub-transforms of length span[s];
    // its twiddles exp(2 pi i r k / (4 span)), r = 1..3, k < span, sit at cos/sin[twOffset[s] + 3k + r - 1].
    private final int[] span;
    private final int[] radix;
    private final int[] twOffset;
    private final double[] cos;
    private final double[] sin;

    /**
     * @param n     the line length, a power of two {@code >= 1}
     * @param lanes the most lines per block, {@code >= 1}; also the row stride
     */
    public LineFft(final int n, final int lanes) {
        this(n, lanes, lanes);
    }

    /**
     * @param n      the line length, a power of two {@code >= 1}
     * @param lanes  the most lines per block, {@code >= 1}
     * @param stride the distance between element i and i+1 of a line, {@code >= lanes}: a stride that is not a
     *               power of two keeps a butterfly's eight operands, {@code n/4 * stride} apart, out of the same
     *               cache sets; the result does not depend on it
     */
    public LineFft(final int n, final int lanes, final int stride) {
        if (n < 1 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("LineFft: n=" + n + " must be a power of two");
        }
        if (lanes < 1 || stride < lanes || (long) n * stride > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("LineFft: lanes=" + lanes + ", stride=" + stride + " must be 1 <= lanes"
                + " <= stride and n*stride fit an int");
        }
        this.n = n;
        this.lanes = lanes;
        this.stride = stride;
        re0 = new double[n * stride];
        im0 = new double[n * stride];
        re1 = new double[n * stride];
        im1 = new double[n * stride];
        final int log2 = Integer.numberOfTrailingZeros(n);
        final int stages = (log2 + 1) / 2;
        span = new int[stages];
        radix = new int[stages];
        twOffset = new int[stages];
        int ns = 1;
        int tw = 0;
        for (int s = 0; s < stages; s++) {
            radix[s] = (s == 0 && (log2 & 1) == 1) ? 2 : 4;
            span[s] = ns;
            twOffset[s] = tw;
            if (radix[s] == 4) {
                tw += 3 * ns;
            }
            ns *= radix[s];
        }
        cos = new double[tw];
        sin = new double[tw];
        for (int s = 0; s < stages; s++) {
            if (radix[s] != 4) {
                continue;
            }
            for (int k = 0; k < span[s]; k++) {
                for (int r = 1; r <= 3; r++) {
                    final double angle = 2 * Math.PI * r * k / (4.0 * span[s]);
                    cos[twOffset[s] + 3 * k + r - 1] = Math.cos(angle);
                    sin[twOffset[s] + 3 * k + r - 1] = Math.sin(angle);
                }
            }
        }
    }

    /** @return the line length */
    public int n() {
        return n;
    }

    /** @return the most lines per block */
    public int lanes() {
        return lanes;
    }

    /** @return the distance between consecutive elements of a line in the block, {@code >= lanes()} */
    public int stride() {
        return stride;
    }

    /** @return the real parts of the input block, element i of line l at {@code i * stride() + l} */
    public double[] re() {
        return re0;
    }

    /** @return the imaginary parts of the input block */
    public double[] im() {
        return im0;
    }

    /** @return the real parts of the result of the last {@link #transform}, same layout as the input */
    public double[] resultRe() {
        return (span.length & 1) == 0 ? re0 : re1;
    }

    /** @return the imaginary parts of the result of the last {@link #transform} */
    public double[] resultIm() {
        return (span.length & 1) == 0 ? im0 : im1;
    }

    /**
     * Transforms lines {@code 0 .. count-1} of the input block; the input is overwritten.
     *
     * @param sign  {@link #FORWARD} or {@link #INVERSE}
     * @param count lines to transform, {@code 1 .. lanes()}
     */
    public void transform(final int sign, final int count) {
        if (sign != FORWARD && sign != INVERSE) {
            throw new IllegalArgumentException("transform: sign=" + sign + " must be -1 or 1");
        }
        if (count < 1 || count > lanes) {
            throw new IllegalArgumentException("transform: count=" + count + " must be in 1.." + lanes);
        }
        double[] xr = re0;
        double[] xi = im0;
        double[] yr = re1;
        double[] yi = im1;
        for (int s = 0; s < span.length; s++) {
            if (radix[s] == 2) {
                radix2First(xr, xi, yr, yi, count);
            } else if (span[s] == 1) {
                radix4First(xr, xi, yr, yi, count, sign);
            } else {
                radix4(xr, xi, yr, yi, count, sign, span[s], twOffset[s]);
            }
            final double[] tr = xr;
            final double[] ti = xi;
            xr = yr;
            xi = yi;
            yr = tr;
            yi = ti;
        }
    }

    private void radix2First(final double[] xr, final double[] xi, final double[] yr, final double[] yi,
                             final int count) {
        final int halfL = (n / 2) * stride;
        for (int j = 0; j < n / 2; j++) {
            final int in = j * stride;
            final int out = 2 * j * stride;
            for (int l = 0; l < count; l++) {
                final double ar = xr[in + l];
                final double ai = xi[in + l];
                final double br = xr[in + halfL + l];
                final double bi = xi[in + halfL + l];
                yr[out + l] = ar + br;
                yi[out + l] = ai + bi;
                yr[out + stride + l] = ar - br;
                yi[out + stride + l] = ai - bi;
            }
        }
    }

    private void radix4First(final double[] xr, final double[] xi, final double[] yr, final double[] yi,
                             final int count, final int sign) {
        final int q = n / 4;
        final int qL = q * stride;
        for (int j = 0; j < q; j++) {
            butterfly4(xr, xi, yr, yi, count, sign, j * stride, qL, 4 * j * stride, stride,
                1, 0, 1, 0, 1, 0);
        }
    }

    private void radix4(final double[] xr, final double[] xi, final double[] yr, final double[] yi, final int count,
                        final int sign, final int ns, final int tw) {
        final int q = n / 4;
        final int qL = q * stride;
        final int nsL = ns * stride;
        for (int j = 0; j < q; j++) {
            final int k = j & (ns - 1);
            final int t = tw + 3 * k;
            butterfly4(xr, xi, yr, yi, count, sign, j * stride, qL, ((j - k) * 4 + k) * stride, nsL,
                cos[t], sign * sin[t], cos[t + 1], sign * sin[t + 1], cos[t + 2], sign * sin[t + 2]);
        }
    }

    private static void butterfly4(final double[] xr, final double[] xi, final double[] yr, final double[] yi,
                                   final int count, final int sign, final int in, final int inStep, final int out,
                                   final int outStep, final double w1r, final double w1i, final double w2r,
                                   final double w2i, final double w3r, final double w3i) {
        final double s = sign;
        for (int l = 0; l < count; l++) {
            final int a = in + l;
            final double a0r = xr[a];
            final double a0i = xi[a];
            final double a1r = xr[a + inStep];
            final double a1i = xi[a + inStep];
            final double a2r = xr[a + 2 * inStep];
            final double a2i = xi[a + 2 * inStep];
            final double a3r = xr[a + 3 * inStep];
            final double a3i = xi[a + 3 * inStep];
            final double b1r = a1r * w1r - a1i * w1i;
            final double b1i = a1r * w1i + a1i * w1r;
            final double b2r = a2r * w2r - a2i * w2i;
            final double b2i = a2r * w2i + a2i * w2r;
            final double b3r = a3r * w3r - a3i * w3i;
            final double b3i = a3r * w3i + a3i * w3r;
            final double t0r = a0r + b2r;
            final double t0i = a0i + b2i;
            final double t1r = a0r - b2r;
            final double t1i = a0i - b2i;
            final double t2r = b1r + b3r;
            final double t2i = b1i + b3i;
            // (b1 - b3) times the quarter turn sign*i
            final double t3r = -s * (b1i - b3i);
            final double t3i = s * (b1r - b3r);
            final int o = out + l;
            yr[o] = t0r + t2r;
            yi[o] = t0i + t2i;
            yr[o + outStep] = t1r + t3r;
            yi[o + outStep] = t1i + t3i;
            yr[o + 2 * outStep] = t0r - t2r;
            yi[o + 2 * outStep] = t0i - t2i;
            yr[o + 3 * outStep] = t1r - t3r;
            yi[o + 3 * outStep] = t1i - t3i;
        }
    }
}
