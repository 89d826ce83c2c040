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
    private final double[] tv = new double[5];

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
                lowerPoint(i, j, k);
            }
        }
    }

    private void lowerPoint(final int i, final int j, final int k) {
        final int o = 0;
        final int p = at(i, j, k);
        jac.jacld(p);
        final int pk = p - planeStride;
        final int pj = p - rowStride;
        final int pi = p - 5;
        final double[] v = rsd;
        final double[] ma = this.ma;
        final double[] mb = this.mb;
        final double[] mc = this.mc;
        final double omega = this.omega;
        for (int m = 0; m < 5; m++) {
            final int r = o + m * 5;
            v[p + m] = v[p + m] - omega * (ma[r] * v[pk] + ma[r + 1] * v[pk + 1] + ma[r + 2] * v[pk + 2]
                + ma[r + 3] * v[pk + 3] + ma[r + 4] * v[pk + 4]);
        }
        for (int m = 0; m < 5; m++) {
            final int r = o + m * 5;
            v[p + m] = v[p + m] - omega * (mb[r] * v[pj] + mc[r] * v[pi]
                + mb[r + 1] * v[pj + 1] + mc[r + 1] * v[pi + 1]
                + mb[r + 2] * v[pj + 2] + mc[r + 2] * v[pi + 2]
                + mb[r + 3] * v[pj + 3] + mc[r + 3] * v[pi + 3]
                + mb[r + 4] * v[pj + 4] + mc[r + 4] * v[pi + 4]);
        }
        solve(o, v, p);
    }

    /**
     * jacu and the backward substitution of plane k, (i, j) descending:
     * rsd -= D^-1 omega (C rsd[k+1] + B rsd[j+1] + A rsd[i+1]).
     */
    void buts(final int k) {
        for (int j = jend; j >= jst; j--) {
            for (int i = iend; i >= ist; i--) {
                upperPoint(i, j, k);
            }
        }
    }

    private void upperPoint(final int i, final int j, final int k) {
        final int o = 0;
        final int p = at(i, j, k);
        jac.jacu(p);
        final int pk = p + planeStride;
        final int pj = p + rowStride;
        final int pi = p + 5;
        final double[] v = rsd;
        final double[] t = tv;
        final double[] ma = this.ma;
        final double[] mb = this.mb;
        final double[] mc = this.mc;
        final double omega = this.omega;
        for (int m = 0; m < 5; m++) {
            final int r = o + m * 5;
            t[m] = omega * (mc[r] * v[pk] + mc[r + 1] * v[pk + 1] + mc[r + 2] * v[pk + 2]
                + mc[r + 3] * v[pk + 3] + mc[r + 4] * v[pk + 4]);
        }
        for (int m = 0; m < 5; m++) {
            final int r = o + m * 5;
            t[m] = t[m] + omega * (mb[r] * v[pj] + ma[r] * v[pi]
                + mb[r + 1] * v[pj + 1] + ma[r + 1] * v[pi + 1]
                + mb[r + 2] * v[pj + 2] + ma[r + 2] * v[pi + 2]
                + mb[r + 3] * v[pj + 3] + ma[r + 3] * v[pi + 3]
                + mb[r + 4] * v[pj + 4] + ma[r + 4] * v[pi + 4]);
        }
        solve(o, t, 0);
        for (int m = 0; m < 5; m++) {
            v[p + m] = v[p + m] - t[m];
        }
    }

    /**
     * Solves md[o ..] x = b in place in {@code b[p .. p + 5)}: NPB's Gaussian elimination without pivoting.
     * The diagonal block is zero above its diagonal and in rows 1..3 off the first column (see {@link LuJacobians}),
     * so the elimination reduces to these operations; the skipped terms are exact zeros, so every result is
     * bitwise what the full elimination gives.
     */
    private void solve(final int o, final double[] b, final int p) {
        final double[] d = md;
        final double t00 = d[o];
        final double t11 = d[o + 6];
        final double t22 = d[o + 12];
        final double t33 = d[o + 18];
        final double t44 = d[o + 24];
        double b0 = b[p];
        double b1 = b[p + 1];
        double b2 = b[p + 2];
        double b3 = b[p + 3];
        double b4 = b[p + 4];
        final double inv0 = 1.0 / t00;
        b1 = b1 - b0 * (inv0 * d[o + 5]);
        b2 = b2 - b0 * (inv0 * d[o + 10]);
        b3 = b3 - b0 * (inv0 * d[o + 15]);
        b4 = b4 - b0 * (inv0 * d[o + 20]);
        b4 = b4 - b1 * ((1.0 / t11) * d[o + 21]);
        b4 = b4 - b2 * ((1.0 / t22) * d[o + 22]);
        b4 = b4 - b3 * ((1.0 / t33) * d[o + 23]);
        b[p + 4] = b4 / t44;
        b[p + 3] = b3 / t33;
        b[p + 2] = b2 / t22;
        b[p + 1] = b1 / t11;
        b[p] = b0 / t00;
    }
}
