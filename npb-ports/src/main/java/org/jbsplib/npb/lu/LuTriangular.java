package org.jbsplib.npb.lu;

/**
 * The block triangular solves of LU, NPB's {@code blts.f} and {@code buts.f}: the forward and backward
 * substitution of one k-plane of rsd, each point's blocks built by {@link LuJacobians} just before its use and its
 * 5×5 diagonal system solved in place.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process. A plane's ghost rows and columns of rsd must hold
 * the upstream neighbours' values (see {@link LuExchange#receiveLower}) before the plane is solved.
 *
 * <pre>{@code
 * LuTriangular tri = new LuTriangular(block, new LuJacobians(block));
 * tri.blts(k);   // lower sweep of plane k
 * tri.buts(k);   // upper sweep of plane k
 * }</pre>
 */
final class LuTriangular extends LuBlock {
    private final LuJacobians jac;
    private final double[] ma;
    private final double[] mb;
    private final double[] mc;
    private final double[] md;

    /**
     * @param block the process's block, whose rsd this part solves for
     * @param jac   the Jacobians of the same block
     */
    LuTriangular(final LuBlock block, final LuJacobians jac) {
        super(block);
        this.jac = jac;
        ma = jac.ma;
        mb = jac.mb;
        mc = jac.mc;
        md = jac.md;
    }

    /**
     * jacld and the forward substitution of plane k, (i, j) ascending:
     * rsd = D^-1 (rsd - omega (A rsd[k-1] + B rsd[j-1] + C rsd[i-1])).
     */
    void blts(final int k) {
        for (int j = jst; j <= jend; j++) {
            for (int i = ist; i <= iend; i++) {
                lowerPoint(at(i, j, k));
            }
        }
    }

    // The point kernels read the neighbours' and the point's own values of rsd into locals before writing any of
    // them: the JIT cannot tell that the stores to rsd[p ..] do not change rsd[pk ..], so with array reads inside
    // the products it reloaded them after every store. The arithmetic and its order are NPB's, term by term.

    private void lowerPoint(final int p) {
        jac.jacld(p);
        final double[] v = rsd;
        final double[] ma = this.ma;
        final double[] mb = this.mb;
        final double[] mc = this.mc;
        final double omega = this.omega;
        final int pk = p - planeStride;
        final int pj = p - rowStride;
        final int pi = p - 5;
        final double k0 = v[pk];
        final double k1 = v[pk + 1];
        final double k2 = v[pk + 2];
        final double k3 = v[pk + 3];
        final double k4 = v[pk + 4];
        final double j0 = v[pj];
        final double j1 = v[pj + 1];
        final double j2 = v[pj + 2];
        final double j3 = v[pj + 3];
        final double j4 = v[pj + 4];
        final double i0 = v[pi];
        final double i1 = v[pi + 1];
        final double i2 = v[pi + 2];
        final double i3 = v[pi + 3];
        final double i4 = v[pi + 4];
        double r0 = v[p];
        double r1 = v[p + 1];
        double r2 = v[p + 2];
        double r3 = v[p + 3];
        double r4 = v[p + 4];
        r0 = r0 - omega * row(ma, 0, k0, k1, k2, k3, k4);
        r1 = r1 - omega * row(ma, 5, k0, k1, k2, k3, k4);
        r2 = r2 - omega * row(ma, 10, k0, k1, k2, k3, k4);
        r3 = r3 - omega * row(ma, 15, k0, k1, k2, k3, k4);
        r4 = r4 - omega * row(ma, 20, k0, k1, k2, k3, k4);
        r0 = r0 - omega * rows(mb, mc, 0, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        r1 = r1 - omega * rows(mb, mc, 5, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        r2 = r2 - omega * rows(mb, mc, 10, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        r3 = r3 - omega * rows(mb, mc, 15, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        r4 = r4 - omega * rows(mb, mc, 20, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        // the diagonal solve, its results into rsd[p ..]: NPB's Gaussian elimination without pivoting. The diagonal
        // block is zero above its diagonal and in rows 1..3 off the first column (see LuJacobians), so the
        // elimination reduces to these operations; the skipped terms are exact zeros, so every result is bitwise
        // what the full elimination gives.
        final double[] d = md;
        final double t00 = d[0];
        final double t11 = d[6];
        final double t22 = d[12];
        final double t33 = d[18];
        final double t44 = d[24];
        final double inv0 = 1.0 / t00;
        r1 = r1 - r0 * (inv0 * d[5]);
        r2 = r2 - r0 * (inv0 * d[10]);
        r3 = r3 - r0 * (inv0 * d[15]);
        r4 = r4 - r0 * (inv0 * d[20]);
        r4 = r4 - r1 * ((1.0 / t11) * d[21]);
        r4 = r4 - r2 * ((1.0 / t22) * d[22]);
        r4 = r4 - r3 * ((1.0 / t33) * d[23]);
        v[p] = r0 / t00;
        v[p + 1] = r1 / t11;
        v[p + 2] = r2 / t22;
        v[p + 3] = r3 / t33;
        v[p + 4] = r4 / t44;
    }

    /**
     * jacu and the backward substitution of plane k, (i, j) descending:
     * rsd -= D^-1 omega (C rsd[k+1] + B rsd[j+1] + A rsd[i+1]).
     */
    void buts(final int k) {
        for (int j = jend; j >= jst; j--) {
            for (int i = iend; i >= ist; i--) {
                upperPoint(at(i, j, k));
            }
        }
    }

    private void upperPoint(final int p) {
        jac.jacu(p);
        final double[] v = rsd;
        final double[] ma = this.ma;
        final double[] mb = this.mb;
        final double[] mc = this.mc;
        final double omega = this.omega;
        final int pk = p + planeStride;
        final int pj = p + rowStride;
        final int pi = p + 5;
        final double k0 = v[pk];
        final double k1 = v[pk + 1];
        final double k2 = v[pk + 2];
        final double k3 = v[pk + 3];
        final double k4 = v[pk + 4];
        final double j0 = v[pj];
        final double j1 = v[pj + 1];
        final double j2 = v[pj + 2];
        final double j3 = v[pj + 3];
        final double j4 = v[pj + 4];
        final double i0 = v[pi];
        final double i1 = v[pi + 1];
        final double i2 = v[pi + 2];
        final double i3 = v[pi + 3];
        final double i4 = v[pi + 4];
        double t0 = omega * row(mc, 0, k0, k1, k2, k3, k4);
        double t1 = omega * row(mc, 5, k0, k1, k2, k3, k4);
        double t2 = omega * row(mc, 10, k0, k1, k2, k3, k4);
        double t3 = omega * row(mc, 15, k0, k1, k2, k3, k4);
        double t4 = omega * row(mc, 20, k0, k1, k2, k3, k4);
        t0 = t0 + omega * rows(mb, ma, 0, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        t1 = t1 + omega * rows(mb, ma, 5, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        t2 = t2 + omega * rows(mb, ma, 10, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        t3 = t3 + omega * rows(mb, ma, 15, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        t4 = t4 + omega * rows(mb, ma, 20, j0, i0, j1, i1, j2, i2, j3, i3, j4, i4);
        // the diagonal solve as in lowerPoint, rsd[p ..] minus its results
        final double[] d = md;
        final double t00 = d[0];
        final double t11 = d[6];
        final double t22 = d[12];
        final double t33 = d[18];
        final double t44 = d[24];
        final double inv0 = 1.0 / t00;
        t1 = t1 - t0 * (inv0 * d[5]);
        t2 = t2 - t0 * (inv0 * d[10]);
        t3 = t3 - t0 * (inv0 * d[15]);
        t4 = t4 - t0 * (inv0 * d[20]);
        t4 = t4 - t1 * ((1.0 / t11) * d[21]);
        t4 = t4 - t2 * ((1.0 / t22) * d[22]);
        t4 = t4 - t3 * ((1.0 / t33) * d[23]);
        v[p] = v[p] - t0 / t00;
        v[p + 1] = v[p + 1] - t1 / t11;
        v[p + 2] = v[p + 2] - t2 / t22;
        v[p + 3] = v[p + 3] - t3 / t33;
        v[p + 4] = v[p + 4] - t4 / t44;
    }

    /** @return row r of a block times x: a[r] x0 + .. + a[r + 4] x4, summed left to right as NPB does */
    private static double row(final double[] a, final int r, final double x0, final double x1, final double x2,
                              final double x3, final double x4) {
        return a[r] * x0 + a[r + 1] * x1 + a[r + 2] * x2 + a[r + 3] * x3 + a[r + 4] * x4;
    }

    /** @return row r of two blocks times y and x, their terms interleaved as NPB sums them (b y0 + a x0 + b y1 ..) */
    private static double rows(final double[] b, final double[] a, final int r, final double y0, final double x0,
                               final double y1, final double x1, final double y2, final double x2, final double y3,
                               final double x3, final double y4, final double x4) {
        return b[r] * y0 + a[r] * x0 + b[r + 1] * y1 + a[r + 1] * x1 + b[r + 2] * y2 + a[r + 2] * x2
            + b[r + 3] * y3 + a[r + 3] * x3 + b[r + 4] * y4 + a[r + 4] * x4;
    }
}
