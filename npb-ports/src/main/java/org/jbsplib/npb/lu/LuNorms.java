package org.jbsplib.npb.lu;

/**
 * The norms of LU, NPB's {@code l2norm.f}, {@code error.f} and {@code pintgr.f}: the RMS norms of the residual, the
 * sums of the squared errors against the exact solution, and the surface integral of the pressure, each process's
 * share of them; the reductions over processes go through {@link LuExchange}.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process; {@link #l2norm} and {@link #pintgr} are
 * collective.
 *
 * <pre>{@code
 * LuNorms norms = new LuNorms(block, exact, exchange);
 * norms.l2norm(block.rsd, rsdnm);
 * }</pre>
 */
final class LuNorms extends LuBlock {
    private final LuExact exact;
    private final LuExchange exchange;
    private final double[] partial = new double[LuExchange.GATHER];

    /**
     * @param block    the process's block
     * @param exact    the exact solution, for the errors
     * @param exchange the reductions and ghost exchanges of the same process
     */
    LuNorms(final LuBlock block, final LuExact exact, final LuExchange exchange) {
        super(block);
        this.exact = exact;
        this.exchange = exchange;
    }

    /** The RMS norms of v over the interior of the global grid; one reduction superstep. */
    void l2norm(final double[] v, final double[] sum) {
        final double[] part = partial;
        java.util.Arrays.fill(part, 0.0);
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                for (int i = ist; i <= iend; i++) {
                    final int p = at(i, j, k);
                    for (int m = 0; m < 5; m++) {
                        part[m] = part[m] + v[p + m] * v[p + m];
                    }
                }
            }
        }
        exchange.allReduce(part);
        final double cells = (double) (nx0 - 2) * (ny0 - 2) * (nz - 2);
        for (int m = 0; m < 5; m++) {
            sum[m] = Math.sqrt(part[m] / cells);
        }
    }

    /** Adds this process's sums of the squared errors of u against the exact solution to part[0 .. 5). */
    void errorSums(final double[] part) {
        final double[] e = new double[5];
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                for (int i = ist; i <= iend; i++) {
                    exact.exact(gi(i), gj(j), k, e, 0);
                    final int p = at(i, j, k);
                    for (int m = 0; m < 5; m++) {
                        final double d = e[m] - u[p + m];
                        part[m] = part[m] + d * d;
                    }
                }
            }
        }
    }

    /** @return the pressure at point offset p of u */
    private double pressure(final int p) {
        return C2 * (u[p + 4] - 0.50 * (u[p + 1] * u[p + 1] + u[p + 2] * u[p + 2] + u[p + 3] * u[p + 3]) / u[p]);
    }

    /**
     * NPB's surface integral: trapezoidal sums of the pressure over three pairs of planes, into part[5 .. 8).
     * A cell needs the corner values one point further south and east, brought by
     * {@link LuExchange#surfaceGhosts}. Collective: two supersteps.
     */
    void pintgr(final double[] part) {
        final int ii1 = 1;
        final int ii2 = nx0 - 2;
        final int ji1 = 1;
        final int ji2 = ny0 - 3;
        final int ki1 = 2;
        final int ki2 = nz - 2;
        final int nk = ki2 - ki1 + 1;
        final int w1 = nyl + 1;
        // phi over (i, j) at k = ki1 / ki2, over (i, k) at j = ji1 / ji2, over (j, k) at i = ii1 / ii2,
        // local indices 0-based with one extra (ghost) point south or east
        final double[] a1 = new double[(nxl + 1) * w1];
        final double[] a2 = new double[(nxl + 1) * w1];
        final double[] b1 = new double[(nxl + 1) * nk];
        final double[] b2 = new double[(nxl + 1) * nk];
        final double[] c1 = new double[(nyl + 1) * nk];
        final double[] c2 = new double[(nyl + 1) * nk];
        for (int i = 0; i < nxl; i++) {
            final int gi = dec.i0() + i;
            for (int j = 0; j < nyl; j++) {
                final int gj = dec.j0() + j;
                if (gi >= ii1 && gi <= ii2 && gj >= ji1 && gj <= ji2) {
                    a1[i * w1 + j] = pressure(at(i + G, j + G, ki1));
                    a2[i * w1 + j] = pressure(at(i + G, j + G, ki2));
                }
            }
            for (int k = ki1; k <= ki2; k++) {
                if (gi >= ii1 && gi <= ii2 && ji1 >= dec.j0() && ji1 < dec.j0() + nyl) {
                    b1[i * nk + k - ki1] = pressure(at(i + G, ji1 - dec.j0() + G, k));
                }
                if (gi >= ii1 && gi <= ii2 && ji2 >= dec.j0() && ji2 < dec.j0() + nyl) {
                    b2[i * nk + k - ki1] = pressure(at(i + G, ji2 - dec.j0() + G, k));
                }
            }
        }
        for (int j = 0; j < nyl; j++) {
            final int gj = dec.j0() + j;
            for (int k = ki1; k <= ki2; k++) {
                if (gj >= ji1 && gj <= ji2 && ii1 >= dec.i0() && ii1 < dec.i0() + nxl) {
                    c1[j * nk + k - ki1] = pressure(at(ii1 - dec.i0() + G, j + G, k));
                }
                if (gj >= ji1 && gj <= ji2 && ii2 >= dec.i0() && ii2 < dec.i0() + nxl) {
                    c2[j * nk + k - ki1] = pressure(at(ii2 - dec.i0() + G, j + G, k));
                }
            }
        }
        exchange.surfaceGhosts(a1, a2, b1, b2, c1, c2, nk);
        double f1 = 0.0;
        double f2 = 0.0;
        double f3 = 0.0;
        for (int i = 0; i < nxl; i++) {
            final int gi = dec.i0() + i;
            if (gi < ii1 || gi > ii2 - 1) {
                continue;
            }
            for (int j = 0; j < nyl; j++) {
                final int gj = dec.j0() + j;
                if (gj >= ji1 && gj <= ji2 - 1) {
                    f1 = f1 + corners(a1, i, j, w1) + corners(a2, i, j, w1);
                }
            }
            for (int k = 0; k < nk - 1; k++) {
                f2 = f2 + corners(b1, i, k, nk) + corners(b2, i, k, nk);
            }
        }
        for (int j = 0; j < nyl; j++) {
            final int gj = dec.j0() + j;
            if (gj >= ji1 && gj <= ji2 - 1) {
                for (int k = 0; k < nk - 1; k++) {
                    f3 = f3 + corners(c1, j, k, nk) + corners(c2, j, k, nk);
                }
            }
        }
        part[5] = f1;
        part[6] = f2;
        part[7] = f3;
    }

    /** @return the sum of phi at the four corners of the cell whose first corner is (r, c) */
    private static double corners(final double[] phi, final int r, final int c, final int width) {
        final int p = r * width + c;
        return phi[p] + phi[p + width] + phi[p + 1] + phi[p + width + 1];
    }
}
