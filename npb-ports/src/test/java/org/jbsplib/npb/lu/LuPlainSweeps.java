package org.jbsplib.npb.lu;

/**
 * LU's block Jacobians and triangular solves as they were before the point kernels read their neighbours' values
 * of rsd into locals (main at 8ecee93, {@code LuJacobians} and {@code LuTriangular} joined, unchanged otherwise):
 * the plain form that {@link LuSweepsTest} holds the production kernels to, bit for bit.
 */
final class LuPlainSweeps extends LuBlock {
    private final double[] tv = new double[5];

    /** The block from the k neighbour (lower sweep) or the i neighbour (upper sweep). */
    final double[] ma = new double[25];
    /** The block from the j neighbour. */
    final double[] mb = new double[25];
    /** The block from the i neighbour (lower sweep) or the k neighbour (upper sweep). */
    final double[] mc = new double[25];
    /** The diagonal block. */
    final double[] md = new double[25];
    /** dt * 2 * (tx1 * dx[m] + ty1 * dy[m] + tz1 * dz[m]), the constant part of the diagonal block. */
    private final double[] diagConst = new double[5];

    /** @param block the process's block, whose u the Jacobians are taken of */
    LuPlainSweeps(final LuBlock block) {
        super(block);
        for (int m = 0; m < 5; m++) {
            diagConst[m] = dt * 2.0 * (tx1 * dx[m] + ty1 * dy[m] + tz1 * dz[m]);
        }
    }

    /**
     * The block matrices of the lower sweep at point (i, j, k): md (diagonal), ma (from k-1), mb (j-1), mc (i-1).
     * An off-diagonal block is the flux Jacobian of the neighbour along its direction times e (-dt*t2 below the
     * diagonal, +dt*t2 above), minus v = dt*t1 times the viscous Jacobian and the second-difference
     * coefficients; blockX/Y/Z are that one formula written out per direction (the normal momentum u2, u3, u4).
     * NPB builds the blocks of a whole plane before its sweep; building each point's just before its use keeps
     * them in the L1 cache and computes the same values.
     */
    void jacld(final int p) {
        diagonal(0, p);
        blockZ(ma, 0, u, p - planeStride, -dt * tz2, dt * tz1, dz);
        blockY(mb, 0, u, p - rowStride, -dt * ty2, dt * ty1, dy);
        blockX(mc, 0, u, p - 5, -dt * tx2, dt * tx1, dx);
    }

    /** The block matrices of the upper sweep at point p: md (diagonal), ma (from i+1), mb (j+1), mc (k+1). */
    void jacu(final int p) {
        diagonal(0, p);
        blockX(ma, 0, u, p + 5, dt * tx2, dt * tx1, dx);
        blockY(mb, 0, u, p + rowStride, dt * ty2, dt * ty1, dy);
        blockZ(mc, 0, u, p + planeStride, dt * tz2, dt * tz1, dz);
    }

    /** The diagonal block at point p into md[o ..]: identity plus the implicit viscous and dissipation terms. */
    private void diagonal(final int o, final int p) {
        final double[] d = md;
        final double tmp1 = 1.0 / u[p];
        final double tmp2 = tmp1 * tmp1;
        final double tmp3 = tmp1 * tmp2;
        final double u2 = u[p + 1];
        final double u3 = u[p + 2];
        final double u4 = u[p + 3];
        final double u5 = u[p + 4];
        final double dt2 = dt * 2.0;
        final double k4 = R43 * C34 - C1345;
        final double k1 = C34 - C1345;
        final double[] s = diagConst;
        d[o] = 1.0 + s[0];
        d[o + 1] = 0.0;
        d[o + 2] = 0.0;
        d[o + 3] = 0.0;
        d[o + 4] = 0.0;
        d[o + 5] = dt2 * (tx1 * (-R43 * C34 * tmp2 * u2) + ty1 * (-C34 * tmp2 * u2) + tz1 * (-C34 * tmp2 * u2));
        d[o + 6] = 1.0 + dt2 * (tx1 * R43 * C34 * tmp1 + ty1 * C34 * tmp1 + tz1 * C34 * tmp1) + s[1];
        d[o + 7] = 0.0;
        d[o + 8] = 0.0;
        d[o + 9] = 0.0;
        d[o + 10] = dt2 * (tx1 * (-C34 * tmp2 * u3) + ty1 * (-R43 * C34 * tmp2 * u3) + tz1 * (-C34 * tmp2 * u3));
        d[o + 11] = 0.0;
        d[o + 12] = 1.0 + dt2 * (tx1 * C34 * tmp1 + ty1 * R43 * C34 * tmp1 + tz1 * C34 * tmp1) + s[2];
        d[o + 13] = 0.0;
        d[o + 14] = 0.0;
        d[o + 15] = dt2 * (tx1 * (-C34 * tmp2 * u4) + ty1 * (-C34 * tmp2 * u4) + tz1 * (-R43 * C34 * tmp2 * u4));
        d[o + 16] = 0.0;
        d[o + 17] = 0.0;
        d[o + 18] = 1.0 + dt2 * (tx1 * C34 * tmp1 + ty1 * C34 * tmp1 + tz1 * R43 * C34 * tmp1) + s[3];
        d[o + 19] = 0.0;
        d[o + 20] = dt2 * (tx1 * (-k4 * tmp3 * (u2 * u2) - k1 * tmp3 * (u3 * u3) - k1 * tmp3 * (u4 * u4)
            - C1345 * tmp2 * u5)
            + ty1 * (-k1 * tmp3 * (u2 * u2) - k4 * tmp3 * (u3 * u3) - k1 * tmp3 * (u4 * u4) - C1345 * tmp2 * u5)
            + tz1 * (-k1 * tmp3 * (u2 * u2) - k1 * tmp3 * (u3 * u3) - k4 * tmp3 * (u4 * u4) - C1345 * tmp2 * u5));
        d[o + 21] = dt2 * (tx1 * k4 * tmp2 * u2 + ty1 * k1 * tmp2 * u2 + tz1 * k1 * tmp2 * u2);
        d[o + 22] = dt2 * (tx1 * k1 * tmp2 * u3 + ty1 * k4 * tmp2 * u3 + tz1 * k1 * tmp2 * u3);
        d[o + 23] = dt2 * (tx1 * k1 * tmp2 * u4 + ty1 * k1 * tmp2 * u4 + tz1 * k4 * tmp2 * u4);
        d[o + 24] = 1.0 + dt2 * (tx1 * C1345 * tmp1 + ty1 * C1345 * tmp1 + tz1 * C1345 * tmp1) + s[4];
    }

    /** The x-direction (i) neighbour's block into {@code mat[o ..]} (see the comment of jacld). */
    private static void blockX(final double[] mat, final int o, final double[] u, final int q, final double e,
                             final double v, final double[] dd) {
        final double tmp1 = 1.0 / u[q];
        final double tmp2 = tmp1 * tmp1;
        final double tmp3 = tmp1 * tmp2;
        final double u2 = u[q + 1];
        final double u3 = u[q + 2];
        final double u4 = u[q + 3];
        final double u5 = u[q + 4];
        final double un = u2;
        final double sq = u2 * u2 + u3 * u3 + u4 * u4;
        final double k4 = R43 * C34 - C1345;
        final double k1 = C34 - C1345;
        final double dd0 = dd[0];
        final double dd1 = dd[1];
        final double dd2 = dd[2];
        final double dd3 = dd[3];
        final double dd4 = dd[4];
        mat[o + 0] = -v * dd0;
        mat[o + 1] = e;
        mat[o + 2] = 0.0;
        mat[o + 3] = 0.0;
        mat[o + 4] = 0.0;
        mat[o + 5] = e * (-(un * tmp1) * (un * tmp1) + 0.50 * C2 * (sq * tmp2)) - v * (-R43 * C34 * tmp2 * un);
        mat[o + 6] = e * ((2.0 - C2) * (un * tmp1)) - v * (R43 * C34 * tmp1) - v * dd1;
        mat[o + 7] = e * (-C2 * (u3 * tmp1));
        mat[o + 8] = e * (-C2 * (u4 * tmp1));
        mat[o + 9] = e * C2;
        mat[o + 10] = e * (-(un * u3) * tmp2) - v * (-C34 * tmp2 * u3);
        mat[o + 11] = e * (u3 * tmp1);
        mat[o + 12] = e * (un * tmp1) - v * (C34 * tmp1) - v * dd2;
        mat[o + 13] = 0.0;
        mat[o + 14] = 0.0;
        mat[o + 15] = e * (-(un * u4) * tmp2) - v * (-C34 * tmp2 * u4);
        mat[o + 16] = e * (u4 * tmp1);
        mat[o + 17] = 0.0;
        mat[o + 18] = e * (un * tmp1) - v * (C34 * tmp1) - v * dd3;
        mat[o + 19] = 0.0;
        mat[o + 20] = e * ((C2 * sq * tmp2 - C1 * (u5 * tmp1)) * (un * tmp1))
            - v * (-k4 * tmp3 * (u2 * u2) - k1 * tmp3 * (u3 * u3) - k1 * tmp3 * (u4 * u4) - C1345 * tmp2 * u5);
        mat[o + 21] = e * (C1 * (u5 * tmp1) - 0.50 * C2 * ((sq + 2.0 * un * un) * tmp2)) - v * k4 * tmp2 * un;
        mat[o + 22] = e * (-C2 * (u3 * un) * tmp2) - v * k1 * tmp2 * u3;
        mat[o + 23] = e * (-C2 * (u4 * un) * tmp2) - v * k1 * tmp2 * u4;
        mat[o + 24] = e * (C1 * (un * tmp1)) - v * C1345 * tmp1 - v * dd4;
    }

    /** The y-direction (j) neighbour's block into {@code mat[o ..]} (see the comment of jacld). */
    private static void blockY(final double[] mat, final int o, final double[] u, final int q, final double e,
                             final double v, final double[] dd) {
        final double tmp1 = 1.0 / u[q];
        final double tmp2 = tmp1 * tmp1;
        final double tmp3 = tmp1 * tmp2;
        final double u2 = u[q + 1];
        final double u3 = u[q + 2];
        final double u4 = u[q + 3];
        final double u5 = u[q + 4];
        final double un = u3;
        final double sq = u2 * u2 + u3 * u3 + u4 * u4;
        final double k4 = R43 * C34 - C1345;
        final double k1 = C34 - C1345;
        final double dd0 = dd[0];
        final double dd1 = dd[1];
        final double dd2 = dd[2];
        final double dd3 = dd[3];
        final double dd4 = dd[4];
        mat[o + 0] = -v * dd0;
        mat[o + 1] = 0.0;
        mat[o + 2] = e;
        mat[o + 3] = 0.0;
        mat[o + 4] = 0.0;
        mat[o + 5] = e * (-(un * u2) * tmp2) - v * (-C34 * tmp2 * u2);
        mat[o + 6] = e * (un * tmp1) - v * (C34 * tmp1) - v * dd1;
        mat[o + 7] = e * (u2 * tmp1);
        mat[o + 8] = 0.0;
        mat[o + 9] = 0.0;
        mat[o + 10] = e * (-(un * tmp1) * (un * tmp1) + 0.50 * C2 * (sq * tmp2)) - v * (-R43 * C34 * tmp2 * un);
        mat[o + 11] = e * (-C2 * (u2 * tmp1));
        mat[o + 12] = e * ((2.0 - C2) * (un * tmp1)) - v * (R43 * C34 * tmp1) - v * dd2;
        mat[o + 13] = e * (-C2 * (u4 * tmp1));
        mat[o + 14] = e * C2;
        mat[o + 15] = e * (-(un * u4) * tmp2) - v * (-C34 * tmp2 * u4);
        mat[o + 16] = 0.0;
        mat[o + 17] = e * (u4 * tmp1);
        mat[o + 18] = e * (un * tmp1) - v * (C34 * tmp1) - v * dd3;
        mat[o + 19] = 0.0;
        mat[o + 20] = e * ((C2 * sq * tmp2 - C1 * (u5 * tmp1)) * (un * tmp1))
            - v * (-k1 * tmp3 * (u2 * u2) - k4 * tmp3 * (u3 * u3) - k1 * tmp3 * (u4 * u4) - C1345 * tmp2 * u5);
        mat[o + 21] = e * (-C2 * (u2 * un) * tmp2) - v * k1 * tmp2 * u2;
        mat[o + 22] = e * (C1 * (u5 * tmp1) - 0.50 * C2 * ((sq + 2.0 * un * un) * tmp2)) - v * k4 * tmp2 * un;
        mat[o + 23] = e * (-C2 * (u4 * un) * tmp2) - v * k1 * tmp2 * u4;
        mat[o + 24] = e * (C1 * (un * tmp1)) - v * C1345 * tmp1 - v * dd4;
    }

    /** The z-direction (k) neighbour's block into {@code mat[o ..]} (see the comment of jacld). */
    private static void blockZ(final double[] mat, final int o, final double[] u, final int q, final double e,
                             final double v, final double[] dd) {
        final double tmp1 = 1.0 / u[q];
        final double tmp2 = tmp1 * tmp1;
        final double tmp3 = tmp1 * tmp2;
        final double u2 = u[q + 1];
        final double u3 = u[q + 2];
        final double u4 = u[q + 3];
        final double u5 = u[q + 4];
        final double un = u4;
        final double sq = u2 * u2 + u3 * u3 + u4 * u4;
        final double k4 = R43 * C34 - C1345;
        final double k1 = C34 - C1345;
        final double dd0 = dd[0];
        final double dd1 = dd[1];
        final double dd2 = dd[2];
        final double dd3 = dd[3];
        final double dd4 = dd[4];
        mat[o + 0] = -v * dd0;
        mat[o + 1] = 0.0;
        mat[o + 2] = 0.0;
        mat[o + 3] = e;
        mat[o + 4] = 0.0;
        mat[o + 5] = e * (-(un * u2) * tmp2) - v * (-C34 * tmp2 * u2);
        mat[o + 6] = e * (un * tmp1) - v * (C34 * tmp1) - v * dd1;
        mat[o + 7] = 0.0;
        mat[o + 8] = e * (u2 * tmp1);
        mat[o + 9] = 0.0;
        mat[o + 10] = e * (-(un * u3) * tmp2) - v * (-C34 * tmp2 * u3);
        mat[o + 11] = 0.0;
        mat[o + 12] = e * (un * tmp1) - v * (C34 * tmp1) - v * dd2;
        mat[o + 13] = e * (u3 * tmp1);
        mat[o + 14] = 0.0;
        mat[o + 15] = e * (-(un * tmp1) * (un * tmp1) + 0.50 * C2 * (sq * tmp2)) - v * (-R43 * C34 * tmp2 * un);
        mat[o + 16] = e * (-C2 * (u2 * tmp1));
        mat[o + 17] = e * (-C2 * (u3 * tmp1));
        mat[o + 18] = e * ((2.0 - C2) * (un * tmp1)) - v * (R43 * C34 * tmp1) - v * dd3;
        mat[o + 19] = e * C2;
        mat[o + 20] = e * ((C2 * sq * tmp2 - C1 * (u5 * tmp1)) * (un * tmp1))
            - v * (-k1 * tmp3 * (u2 * u2) - k1 * tmp3 * (u3 * u3) - k4 * tmp3 * (u4 * u4) - C1345 * tmp2 * u5);
        mat[o + 21] = e * (-C2 * (u2 * un) * tmp2) - v * k1 * tmp2 * u2;
        mat[o + 22] = e * (-C2 * (u3 * un) * tmp2) - v * k1 * tmp2 * u3;
        mat[o + 23] = e * (C1 * (u5 * tmp1) - 0.50 * C2 * ((sq + 2.0 * un * un) * tmp2)) - v * k4 * tmp2 * un;
        mat[o + 24] = e * (C1 * (un * tmp1)) - v * C1345 * tmp1 - v * dd4;
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
        jacld(p);
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
        jacu(p);
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
