package org.jbsplib.npb.lu;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.npb.common.TimedSection;

/**
 * One process of the NAS LU benchmark: the SSOR solver of the 5-equation system on this process's block of the
 * x–y plane (all of z), with the communication of the NPB MPI version written as BSP supersteps of puts.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process. With {@code bsp == null} it is the serial twin:
 * a 1×1 process grid whose supersteps do nothing, used as the check of the parallel runs.
 *
 * <p><b>Supersteps.</b> Each superstep's received data is read only after {@link Bsp#commit} of its buffer, right
 * after the sync that ends the superstep of the puts, so the same code is correct under the classic and the
 * relaxed sync. The lower (blts) and upper (buts) sweeps take {@link LuDecomposition#stages} supersteps each:
 * in stage s a process handles the k-plane {@code s - depth}, where depth is its distance from the wavefront's
 * corner, after reading what its upstream neighbours put in stage s - 1.
 *
 * <pre>{@code
 * LuProcess p = new LuProcess(LuClass.of('S'), LuDecomposition.of(1, 0, 12, 12), null, null);
 * p.benchmark();
 * boolean ok = p.verified();
 * }</pre>
 */
final class LuProcess {
    // Arrays hold a block of (nx + 4) x (ny + 4) x nz points, two ghost layers in i and j, with the five
    // unknowns of a point adjacent and i the next fastest index: element m of point (i, j, k) is
    // ((k * nyg + j) * nxg + i) * 5 + m. Local i from G to G + nx - 1 is owned, and so is j likewise.
    // Block matrices of a k-plane hold 25 elements per (i, j) point, row-major: (row m, column n) at m * 5 + n.

    private static final double C1 = 1.40;
    private static final double C2 = 0.40;
    private static final double C3 = 1.00e-01;
    private static final double C4 = 1.00;
    private static final double C5 = 1.40;
    private static final double R43 = 4.0 / 3.0;
    private static final double C34 = C3 * C4;
    private static final double C1345 = C1 * C3 * C4 * C5;
    private static final int G = 2;
    /** Width of a process's entry in the gather buffer of the reductions. */
    private static final int GATHER = 9;

    private final LuClass cls;
    private final LuDecomposition dec;
    private final Bsp bsp;
    private final PrintStream progress;

    private final int nx0;
    private final int ny0;
    private final int nz;
    private final int nxl;
    private final int nyl;
    private final int nxg;
    private final int nyg;
    private final int rowStride;
    private final int planeStride;
    private final int iLo;
    private final int iHi;
    private final int jLo;
    private final int jHi;
    private final int ist;
    private final int iend;
    private final int jst;
    private final int jend;

    final double[] u;
    final double[] rsd;
    final double[] frct;
    private final double[] flux;
    private final double[] ma;
    private final double[] mb;
    private final double[] mc;
    private final double[] md;
    private final double[] tv = new double[5];
    private final double[] velCur;
    private final double[] velPrev;

    private final double dxi;
    private final double deta;
    private final double dzeta;
    private final double tx1;
    private final double tx2;
    private final double tx3;
    private final double ty1;
    private final double ty2;
    private final double ty3;
    private final double tz1;
    private final double tz2;
    private final double tz3;
    private final double[] dx = {0.75, 0.75, 0.75, 0.75, 0.75};
    private final double[] dy = {0.75, 0.75, 0.75, 0.75, 0.75};
    private final double[] dz = {1.00, 1.00, 1.00, 1.00, 1.00};
    private final double dssp;
    private final double[] ce = {
        2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3,
        1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5,
        2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4,
        2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3,
        5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2,
    };
    private final double dt;
    private final double omega;
    /** dt * 2 * (tx1 * dx[m] + ty1 * dy[m] + tz1 * dz[m]), the constant part of the diagonal block. */
    private final double[] diagConst = new double[5];

    // communication buffers; registered in this order by every process
    private final double[] recvN;
    private final double[] recvS;
    private final double[] recvW;
    private final double[] recvE;
    private final double[] haloN;
    private final double[] haloS;
    private final double[] haloW;
    private final double[] haloE;
    private final double[] pintS;
    private final double[] pintE;
    private final double[] gather;
    private final double[] send;
    private Reg regN;
    private Reg regS;
    private Reg regW;
    private Reg regE;
    private Reg regHaloN;
    private Reg regHaloS;
    private Reg regHaloW;
    private Reg regHaloE;
    private Reg regPintS;
    private Reg regPintE;
    private Reg regGather;

    private final double[] partial = new double[GATHER];
    private long syncs;
    private final double[] rsdnm = new double[5];
    private final double[] delunm = new double[5];
    private final double[] errnm = new double[5];
    private double frc;
    private double seconds;
    private int steps;
    private TimedSection section;

    /**
     * @param cls      the benchmark class
     * @param dec      this process's block; must match {@code bsp}'s pid and nprocs
     * @param bsp      the process's BSP context, or {@code null} for the serial twin (P = 1)
     * @param progress where process 0 prints the time steps, or {@code null}
     */
    LuProcess(final LuClass cls, final LuDecomposition dec, final Bsp bsp, final PrintStream progress) {
        if (bsp == null ? dec.nprocs() != 1 : bsp.nprocs() != dec.nprocs() || bsp.pid() != dec.pid()) {
            throw new IllegalArgumentException("decomposition " + dec + " does not match bsp "
                + (bsp == null ? "null (serial twin needs P=1)" : "pid=" + bsp.pid() + " nprocs=" + bsp.nprocs()));
        }
        this.cls = cls;
        this.dec = dec;
        this.bsp = bsp;
        this.progress = dec.pid() == 0 ? progress : null;
        nx0 = cls.nx();
        ny0 = cls.ny();
        nz = cls.nz();
        nxl = dec.nx();
        nyl = dec.ny();
        nxg = nxl + 2 * G;
        nyg = nyl + 2 * G;
        rowStride = nxg * 5;
        planeStride = nyg * rowStride;
        iLo = G;
        iHi = G + nxl - 1;
        jLo = G;
        jHi = G + nyl - 1;
        ist = dec.north() < 0 ? iLo + 1 : iLo;
        iend = dec.south() < 0 ? iHi - 1 : iHi;
        jst = dec.west() < 0 ? jLo + 1 : jLo;
        jend = dec.east() < 0 ? jHi - 1 : jHi;

        final int n = planeStride * nz;
        u = new double[n];
        rsd = new double[n];
        frct = new double[n];
        flux = new double[n];
        ma = new double[25];
        mb = new double[25];
        mc = new double[25];
        md = new double[25];
        velCur = new double[planeStride];
        velPrev = new double[planeStride];

        dxi = 1.0 / (nx0 - 1);
        deta = 1.0 / (ny0 - 1);
        dzeta = 1.0 / (nz - 1);
        tx1 = 1.0 / (dxi * dxi);
        tx2 = 1.0 / (2.0 * dxi);
        tx3 = 1.0 / dxi;
        ty1 = 1.0 / (deta * deta);
        ty2 = 1.0 / (2.0 * deta);
        ty3 = 1.0 / deta;
        tz1 = 1.0 / (dzeta * dzeta);
        tz2 = 1.0 / (2.0 * dzeta);
        tz3 = 1.0 / dzeta;
        dssp = Math.max(dx[0], Math.max(dy[0], dz[0])) / 4.0;
        dt = cls.dt();
        omega = cls.omega();
        for (int m = 0; m < 5; m++) {
            diagConst[m] = dt * 2.0 * (tx1 * dx[m] + ty1 * dy[m] + tz1 * dz[m]);
        }

        recvN = new double[5 * nyl];
        recvS = new double[5 * nyl];
        recvW = new double[5 * nxl];
        recvE = new double[5 * nxl];
        haloN = new double[2 * 5 * nyl * nz];
        haloS = new double[2 * 5 * nyl * nz];
        haloW = new double[2 * 5 * nxl * nz];
        haloE = new double[2 * 5 * nxl * nz];
        pintS = new double[2 * (nyl + 1) + 2 * nz];
        pintE = new double[2 * nxl + 2 * nz];
        gather = new double[GATHER * dec.nprocs()];
        send = new double[Math.max(Math.max(haloN.length, haloW.length), Math.max(pintS.length, pintE.length))];
    }

    // ================================================================== driver

    /** Records the synchronization statistics of the timed SSOR iterations in {@code s} (BSP runs only). */
    void timedBy(final TimedSection s) {
        if (bsp == null) {
            throw new IllegalStateException("the serial twin has no BSP statistics");
        }
        section = s;
    }

    /**
     * Runs the benchmark as NPB does: set up, one warm-up SSOR iteration, reset, the timed SSOR iterations, then
     * the error norms and the surface integral. Collective: every process of the run calls it.
     */
    void benchmark() {
        register();
        setbv();
        setiv();
        erhs();
        ssor(1);
        setbv();
        setiv();
        ssor(cls.itmax());
        finish();
    }

    private void register() {
        if (bsp != null) {
            regN = bsp.pushReg(recvN);
            regS = bsp.pushReg(recvS);
            regW = bsp.pushReg(recvW);
            regE = bsp.pushReg(recvE);
            regHaloN = bsp.pushReg(haloN);
            regHaloS = bsp.pushReg(haloS);
            regHaloW = bsp.pushReg(haloW);
            regHaloE = bsp.pushReg(haloE);
            regPintS = bsp.pushReg(pintS);
            regPintE = bsp.pushReg(pintE);
            regGather = bsp.pushReg(gather);
        }
        sync();
    }

    /** @return the residual norms after the last SSOR iteration (NPB's xcr) */
    double[] rsdnm() {
        return rsdnm.clone();
    }

    /** @return the error norms against the exact solution (NPB's xce) */
    double[] errnm() {
        return errnm.clone();
    }

    /** @return the surface integral (NPB's xci) */
    double frc() {
        return frc;
    }

    /** @return the time of the SSOR iterations, the maximum over processes, in seconds */
    double seconds() {
        return seconds;
    }

    /** @return the SSOR iterations done by the timed run */
    int steps() {
        return steps;
    }

    /** @return the syncs this process has called */
    long syncs() {
        return syncs;
    }

    /** @return whether xcr, xce and xci are within epsilon of the official values */
    boolean verified() {
        return Math.abs(dt - cls.dt()) <= cls.epsilon() && cls.verify(rsdnm, errnm, frc);
    }

    int at(final int i, final int j, final int k) {
        return ((k * nyg + j) * nxg + i) * 5;
    }

    private int gi(final int i) {
        return dec.i0() + i - G;
    }

    private int gj(final int j) {
        return dec.j0() + j - G;
    }

    // ================================================================== exact solution, boundary, initial values

    /** Writes the exact solution at global point (gi, gj, k) into {@code out[off .. off + 5)}. */
    void exact(final int gi, final int gj, final int k, final double[] out, final int off) {
        final double xi = (double) gi / (nx0 - 1);
        final double eta = (double) gj / (ny0 - 1);
        final double zeta = (double) k / (nz - 1);
        for (int m = 0; m < 5; m++) {
            final int c = m * 13;
            out[off + m] = ce[c]
                + ce[c + 1] * xi + ce[c + 2] * eta + ce[c + 3] * zeta
                + ce[c + 4] * xi * xi + ce[c + 5] * eta * eta + ce[c + 6] * zeta * zeta
                + ce[c + 7] * xi * xi * xi + ce[c + 8] * eta * eta * eta + ce[c + 9] * zeta * zeta * zeta
                + ce[c + 10] * xi * xi * xi * xi + ce[c + 11] * eta * eta * eta * eta
                + ce[c + 12] * zeta * zeta * zeta * zeta;
        }
    }

    /** Sets u on the six faces of the global domain (those this block touches) to the exact solution. */
    void setbv() {
        for (int j = jLo; j <= jHi; j++) {
            for (int i = iLo; i <= iHi; i++) {
                exact(gi(i), gj(j), 0, u, at(i, j, 0));
                exact(gi(i), gj(j), nz - 1, u, at(i, j, nz - 1));
            }
        }
        for (int k = 0; k < nz; k++) {
            for (int i = iLo; i <= iHi; i++) {
                if (dec.west() < 0) {
                    exact(gi(i), 0, k, u, at(i, jLo, k));
                }
                if (dec.east() < 0) {
                    exact(gi(i), ny0 - 1, k, u, at(i, jHi, k));
                }
            }
            for (int j = jLo; j <= jHi; j++) {
                if (dec.north() < 0) {
                    exact(0, gj(j), k, u, at(iLo, j, k));
                }
                if (dec.south() < 0) {
                    exact(nx0 - 1, gj(j), k, u, at(iHi, j, k));
                }
            }
        }
    }

    /** Sets the interior of u by transfinite interpolation of the boundary values. */
    void setiv() {
        final double[] e = new double[30];
        for (int k = 1; k < nz - 1; k++) {
            final double zeta = (double) k / (nz - 1);
            for (int j = jLo; j <= jHi; j++) {
                final int gj = gj(j);
                if (gj == 0 || gj == ny0 - 1) {
                    continue;
                }
                final double eta = (double) gj / (ny0 - 1);
                for (int i = iLo; i <= iHi; i++) {
                    final int gi = gi(i);
                    if (gi == 0 || gi == nx0 - 1) {
                        continue;
                    }
                    final double xi = (double) gi / (nx0 - 1);
                    exact(0, gj, k, e, 0);
                    exact(nx0 - 1, gj, k, e, 5);
                    exact(gi, 0, k, e, 10);
                    exact(gi, ny0 - 1, k, e, 15);
                    exact(gi, gj, 0, e, 20);
                    exact(gi, gj, nz - 1, e, 25);
                    final int p = at(i, j, k);
                    for (int m = 0; m < 5; m++) {
                        final double pxi = (1.0 - xi) * e[m] + xi * e[5 + m];
                        final double peta = (1.0 - eta) * e[10 + m] + eta * e[15 + m];
                        final double pzeta = (1.0 - zeta) * e[20 + m] + zeta * e[25 + m];
                        u[p + m] = pxi + peta + pzeta - pxi * peta - peta * pzeta - pzeta * pxi + pxi * peta * pzeta;
                    }
                }
            }
        }
    }

    /** Computes the forcing term frct from the exact solution (which it leaves in rsd). */
    void erhs() {
        java.util.Arrays.fill(frct, 0.0);
        for (int k = 0; k < nz; k++) {
            for (int j = jLo; j <= jHi; j++) {
                for (int i = iLo; i <= iHi; i++) {
                    exact(gi(i), gj(j), k, rsd, at(i, j, k));
                }
            }
        }
        exchangeHalo(rsd);
        residual(rsd, frct);
    }

    /** rsd = -frct plus the flux differences, viscous terms and dissipation of u; exchanges u's ghosts first. */
    void rhs() {
        for (int k = 0; k < nz; k++) {
            for (int j = jLo; j <= jHi; j++) {
                final int p = at(iLo, j, k);
                for (int q = p; q < p + 5 * nxl; q++) {
                    rsd[q] = -frct[q];
                }
            }
        }
        exchangeHalo(u);
        residual(u, rsd);
    }

    // ================================================================== residual: flux differences

    /** Adds to {@code out} the x, y and z flux differences, viscous terms and 4th-order dissipation of w. */
    private void residual(final double[] w, final double[] out) {
        for (int k = 1; k < nz - 1; k++) {
            xEuler(w, out, k);
            xViscous(w, out, k);
            xDissipation(w, out, k);
            yEuler(w, out, k);
            yViscous(w, out, k);
            yDissipation(w, out, k);
        }
        zEuler(w, out);
        zViscous(w, out);
        zDissipation(w, out);
    }

    private void xEuler(final double[] w, final double[] out, final int k) {
        final int l1 = dec.north() < 0 ? iLo : iLo - 1;
        final int l2 = dec.south() < 0 ? iHi : iHi + 1;
        for (int j = jst; j <= jend; j++) {
            final int base = at(0, j, k);
            for (int i = l1; i <= l2; i++) {
                final int p = base + i * 5;
                final double u1 = w[p];
                final double u2 = w[p + 1];
                final double u3 = w[p + 2];
                final double u4 = w[p + 3];
                final double u5 = w[p + 4];
                final double u21 = u2 / u1;
                final double q = 0.50 * (u2 * u2 + u3 * u3 + u4 * u4) / u1;
                flux[p] = u2;
                flux[p + 1] = u2 * u21 + C2 * (u5 - q);
                flux[p + 2] = u3 * u21;
                flux[p + 3] = u4 * u21;
                flux[p + 4] = (C1 * u5 - C2 * q) * u21;
            }
            final int from = base + ist * 5;
            final int to = base + iend * 5 + 5;
            for (int p = from; p < to; p++) {
                out[p] = out[p] - tx2 * (flux[p + 5] - flux[p - 5]);
            }
        }
    }

    private void xViscous(final double[] w, final double[] out, final int k) {
        final int l2 = dec.south() < 0 ? iHi : iHi + 1;
        final int plane = k * planeStride;
        final double f2 = R43 * tx3;
        for (int j = jst; j <= jend; j++) {
            velocities(w, k, j, j, ist - 1, l2, velCur);
            for (int i = ist; i <= l2; i++) {
                final int p = at(i, j, k);
                viscousFlux(p, velCur, p - plane, p - plane - 5, 1, f2, tx3, tx3, tx3);
            }
            for (int i = ist; i <= iend; i++) {
                viscousUpdate(w, out, at(i, j, k), 5, tx1, tx3, dx);
            }
        }
    }

    private void xDissipation(final double[] w, final double[] out, final int k) {
        // the full stencil on the points 3 .. nx0-4 of the row, the one-sided ones point by point
        final int iA = Math.max(ist, 3 - dec.i0() + G);
        final int iB = Math.min(iend, nx0 - 4 - dec.i0() + G);
        for (int j = jst; j <= jend; j++) {
            for (int i = ist; i < iA && i <= iend; i++) {
                dissipateRow(w, out, at(i, j, k), at(i, j, k) + 5, 5, gi(i), nx0);
            }
            if (iA <= iB) {
                dissipateRow(w, out, at(iA, j, k), at(iB, j, k) + 5, 5, 3, nx0);
            }
            for (int i = Math.max(iB + 1, iA); i <= iend; i++) {
                dissipateRow(w, out, at(i, j, k), at(i, j, k) + 5, 5, gi(i), nx0);
            }
        }
    }

    private void yEuler(final double[] w, final double[] out, final int k) {
        final int l1 = dec.west() < 0 ? jLo : jLo - 1;
        final int l2 = dec.east() < 0 ? jHi : jHi + 1;
        for (int j = l1; j <= l2; j++) {
            final int base = at(0, j, k);
            for (int i = ist; i <= iend; i++) {
                final int p = base + i * 5;
                final double u1 = w[p];
                final double u2 = w[p + 1];
                final double u3 = w[p + 2];
                final double u4 = w[p + 3];
                final double u5 = w[p + 4];
                final double u31 = u3 / u1;
                final double q = 0.50 * (u2 * u2 + u3 * u3 + u4 * u4) / u1;
                flux[p] = u3;
                flux[p + 1] = u2 * u31;
                flux[p + 2] = u3 * u31 + C2 * (u5 - q);
                flux[p + 3] = u4 * u31;
                flux[p + 4] = (C1 * u5 - C2 * q) * u31;
            }
        }
        for (int j = jst; j <= jend; j++) {
            final int from = at(ist, j, k);
            final int to = at(iend, j, k) + 5;
            for (int p = from; p < to; p++) {
                out[p] = out[p] - ty2 * (flux[p + rowStride] - flux[p - rowStride]);
            }
        }
    }

    private void yViscous(final double[] w, final double[] out, final int k) {
        final int l2 = dec.east() < 0 ? jHi : jHi + 1;
        final int plane = k * planeStride;
        final double f3 = R43 * ty3;
        velocities(w, k, jst - 1, l2, ist, iend, velCur);
        for (int j = jst; j <= l2; j++) {
            for (int i = ist; i <= iend; i++) {
                final int p = at(i, j, k);
                viscousFlux(p, velCur, p - plane, p - plane - rowStride, 2, ty3, f3, ty3, ty3);
            }
        }
        for (int j = jst; j <= jend; j++) {
            for (int i = ist; i <= iend; i++) {
                viscousUpdate(w, out, at(i, j, k), rowStride, ty1, ty3, dy);
            }
        }
    }

    private void yDissipation(final double[] w, final double[] out, final int k) {
        for (int j = jst; j <= jend; j++) {
            dissipateRow(w, out, at(ist, j, k), at(iend, j, k) + 5, rowStride, gj(j), ny0);
        }
    }

    private void zEuler(final double[] w, final double[] out) {
        for (int k = 0; k < nz; k++) {
            for (int j = jst; j <= jend; j++) {
                for (int i = ist; i <= iend; i++) {
                    final int p = at(i, j, k);
                    final double u1 = w[p];
                    final double u2 = w[p + 1];
                    final double u3 = w[p + 2];
                    final double u4 = w[p + 3];
                    final double u5 = w[p + 4];
                    final double u41 = u4 / u1;
                    final double q = 0.50 * (u2 * u2 + u3 * u3 + u4 * u4) / u1;
                    flux[p] = u4;
                    flux[p + 1] = u2 * u41;
                    flux[p + 2] = u3 * u41;
                    flux[p + 3] = u4 * u41 + C2 * (u5 - q);
                    flux[p + 4] = (C1 * u5 - C2 * q) * u41;
                }
            }
        }
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                final int from = at(ist, j, k);
                final int to = at(iend, j, k) + 5;
                for (int p = from; p < to; p++) {
                    out[p] = out[p] - tz2 * (flux[p + planeStride] - flux[p - planeStride]);
                }
            }
        }
    }

    private void zViscous(final double[] w, final double[] out) {
        final double f4 = R43 * tz3;
        double[] prev = velPrev;
        double[] cur = velCur;
        velocities(w, 0, jst, jend, ist, iend, prev);
        for (int k = 1; k < nz; k++) {
            velocities(w, k, jst, jend, ist, iend, cur);
            final int plane = k * planeStride;
            for (int j = jst; j <= jend; j++) {
                for (int i = ist; i <= iend; i++) {
                    final int p = at(i, j, k);
                    viscousFluxZ(p, cur, prev, p - plane, f4);
                }
            }
            final double[] t = prev;
            prev = cur;
            cur = t;
        }
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                for (int i = ist; i <= iend; i++) {
                    viscousUpdate(w, out, at(i, j, k), planeStride, tz1, tz3, dz);
                }
            }
        }
    }

    private void zDissipation(final double[] w, final double[] out) {
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                dissipateRow(w, out, at(ist, j, k), at(iend, j, k) + 5, planeStride, k, nz);
            }
        }
    }

    /**
     * The velocities and specific energy (w[m] / w[0], m = 1..4) of the points (i0..i1, j0..j1) of plane k into
     * {@code dst} at the points' offsets within their plane.
     */
    private void velocities(final double[] w, final int k, final int j0, final int j1, final int i0, final int i1,
                            final double[] dst) {
        final int plane = k * planeStride;
        for (int j = j0; j <= j1; j++) {
            final int to = at(i1, j, k);
            for (int p = at(i0, j, k); p <= to; p += 5) {
                final double tmp = 1.0 / w[p];
                final int q = p - plane;
                dst[q + 1] = tmp * w[p + 1];
                dst[q + 2] = tmp * w[p + 2];
                dst[q + 3] = tmp * w[p + 3];
                dst[q + 4] = tmp * w[p + 4];
            }
        }
    }

    /**
     * Viscous flux into flux[p + 1 .. p + 4] from the velocities of a point (vel[a ..]) and of its predecessor
     * (vel[b ..]) along the direction whose normal momentum is component n (1 = x, 2 = y, 3 = z); f2..f4 are
     * t3, times 4/3 for the normal component.
     */
    private void viscousFlux(final int p, final double[] vel, final int a, final int b, final int n, final double f2,
                             final double f3, final double f4, final double t3) {
        final double u2 = vel[a + 1];
        final double u3 = vel[a + 2];
        final double u4 = vel[a + 3];
        final double v2 = vel[b + 1];
        final double v3 = vel[b + 2];
        final double v4 = vel[b + 3];
        final double un = vel[a + n];
        final double vn = vel[b + n];
        flux[p + 1] = f2 * (u2 - v2);
        flux[p + 2] = f3 * (u3 - v3);
        flux[p + 3] = f4 * (u4 - v4);
        flux[p + 4] = 0.50 * (1.0 - C1 * C5) * t3 * ((u2 * u2 + u3 * u3 + u4 * u4) - (v2 * v2 + v3 * v3 + v4 * v4))
            + (1.0 / 6.0) * t3 * (un * un - vn * vn)
            + C1 * C5 * t3 * (vel[a + 4] - vel[b + 4]);
    }

    /** As {@link #viscousFlux} along z, the predecessor's velocities in the previous plane's buffer. */
    private void viscousFluxZ(final int p, final double[] cur, final double[] prev, final int a, final double f4) {
        final double u2 = cur[a + 1];
        final double u3 = cur[a + 2];
        final double u4 = cur[a + 3];
        final double v2 = prev[a + 1];
        final double v3 = prev[a + 2];
        final double v4 = prev[a + 3];
        flux[p + 1] = tz3 * (u2 - v2);
        flux[p + 2] = tz3 * (u3 - v3);
        flux[p + 3] = f4 * (u4 - v4);
        flux[p + 4] = 0.50 * (1.0 - C1 * C5) * tz3 * ((u2 * u2 + u3 * u3 + u4 * u4) - (v2 * v2 + v3 * v3 + v4 * v4))
            + (1.0 / 6.0) * tz3 * (u4 * u4 - v4 * v4)
            + C1 * C5 * tz3 * (cur[a + 4] - prev[a + 4]);
    }

    /** Adds the viscous flux difference and the second-difference term along a direction of element stride s. */
    private void viscousUpdate(final double[] w, final double[] out, final int p, final int s, final double t1,
                               final double t3, final double[] dd) {
        out[p] = out[p] + dd[0] * t1 * (w[p - s] - 2.0 * w[p] + w[p + s]);
        for (int m = 1; m < 5; m++) {
            final int q = p + m;
            out[q] = out[q] + t3 * C3 * C4 * (flux[q + s] - flux[q])
                + dd[m] * t1 * (w[q - s] - 2.0 * w[q] + w[q + s]);
        }
    }

    /**
     * Fourth-order dissipation of the elements [from, to) of out, all at global index g of n along a direction of
     * element stride s; one-sided next to the boundary as NPB does.
     */
    private void dissipateRow(final double[] w, final double[] out, final int from, final int to, final int s,
                              final int g, final int n) {
        final double e = dssp;
        if (g >= 3 && g <= n - 4) {
            for (int q = from; q < to; q++) {
                out[q] = out[q] - e * (w[q - 2 * s] - 4.0 * w[q - s] + 6.0 * w[q] - 4.0 * w[q + s] + w[q + 2 * s]);
            }
        } else if (g == 1) {
            for (int q = from; q < to; q++) {
                out[q] = out[q] - e * (5.0 * w[q] - 4.0 * w[q + s] + w[q + 2 * s]);
            }
        } else if (g == 2) {
            for (int q = from; q < to; q++) {
                out[q] = out[q] - e * (-4.0 * w[q - s] + 6.0 * w[q] - 4.0 * w[q + s] + w[q + 2 * s]);
            }
        } else if (g == n - 3) {
            for (int q = from; q < to; q++) {
                out[q] = out[q] - e * (w[q - 2 * s] - 4.0 * w[q - s] + 6.0 * w[q] - 4.0 * w[q + s]);
            }
        } else if (g == n - 2) {
            for (int q = from; q < to; q++) {
                out[q] = out[q] - e * (w[q - 2 * s] - 4.0 * w[q - s] + 5.0 * w[q]);
            }
        } else {
            throw new IllegalStateException("dissipation at boundary index " + g + " of " + n);
        }
    }

    // ================================================================== SSOR

    /** NPB's SSOR: {@code niter} iterations of the lower and upper sweeps, the update of u and the new residual. */
    void ssor(final int niter) {
        final double tmp = 1.0 / (omega * (2.0 - omega));
        rhs();
        l2norm(rsd, rsdnm);
        if (section != null) {
            section.start(bsp);
        }
        final double start = now();
        int istep = 1;
        for (; istep <= niter; istep++) {
            if (progress != null && niter > 1 && (istep % 20 == 0 || istep == cls.itmax() || istep == 1)) {
                progress.printf("LU class %c: iteration %d of %d%n", cls.name(), istep, niter);
            }
            scale(dt);
            lowerSweep();
            upperSweep();
            update(tmp);
            if (istep % cls.itmax() == 0) {
                l2norm(rsd, delunm);
            }
            rhs();
            if (istep % cls.itmax() == 0 || istep == cls.itmax()) {
                l2norm(rsd, rsdnm);
            }
            if (converged()) {
                if (progress != null) {
                    progress.printf("LU class %c: converged after %d iterations%n", cls.name(), istep);
                }
                break;
            }
        }
        seconds = now() - start;
        if (section != null) {
            section.stop(bsp);
        }
        steps = Math.min(istep, niter);
    }

    private boolean converged() {
        final double[] tol = cls.tolrsd();
        for (int m = 0; m < 5; m++) {
            if (!(rsdnm[m] < tol[m])) {
                return false;
            }
        }
        return true;
    }

    private void scale(final double factor) {
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                final int from = at(ist, j, k);
                final int to = at(iend, j, k) + 5;
                for (int p = from; p < to; p++) {
                    rsd[p] = factor * rsd[p];
                }
            }
        }
    }

    private void update(final double factor) {
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                final int from = at(ist, j, k);
                final int to = at(iend, j, k) + 5;
                for (int p = from; p < to; p++) {
                    u[p] = u[p] + factor * rsd[p];
                }
            }
        }
    }

    /** The lower wavefront: one superstep per stage, plane k = 1 + stage - depth when it exists. */
    void lowerSweep() {
        final int depth = dec.lowerDepth();
        final int stages = dec.stages(nz - 2);
        for (int s = 0; s < stages; s++) {
            final int k = 1 + s - depth;
            if (k >= 1 && k <= nz - 2) {
                if (dec.north() >= 0) {
                    await(regN, 1);
                    unpackRow(recvN, iLo - 1, k);
                }
                if (dec.west() >= 0) {
                    await(regW, 1);
                    unpackColumn(recvW, jLo - 1, k);
                }
                blts(k);
                if (dec.south() >= 0) {
                    put(dec.south(), send, packRow(iHi, k), regN);
                }
                if (dec.east() >= 0) {
                    put(dec.east(), send, packColumn(jHi, k), regW);
                }
            }
            sync();
        }
    }

    /** The upper wavefront, from the south-east corner and the top plane back. */
    void upperSweep() {
        final int depth = dec.upperDepth();
        final int stages = dec.stages(nz - 2);
        for (int s = 0; s < stages; s++) {
            final int k = nz - 2 - (s - depth);
            if (k >= 1 && k <= nz - 2) {
                if (dec.south() >= 0) {
                    await(regS, 1);
                    unpackRow(recvS, iHi + 1, k);
                }
                if (dec.east() >= 0) {
                    await(regE, 1);
                    unpackColumn(recvE, jHi + 1, k);
                }
                buts(k);
                if (dec.north() >= 0) {
                    put(dec.north(), send, packRow(iLo, k), regS);
                }
                if (dec.west() >= 0) {
                    put(dec.west(), send, packColumn(jLo, k), regE);
                }
            }
            sync();
        }
    }

    /** Packs rsd of row i, interior j, plane k into {@code send}; @return the length */
    private int packRow(final int i, final int k) {
        int n = 0;
        for (int j = jst; j <= jend; j++) {
            System.arraycopy(rsd, at(i, j, k), send, n, 5);
            n += 5;
        }
        return n;
    }

    private void unpackRow(final double[] buf, final int i, final int k) {
        int n = 0;
        for (int j = jst; j <= jend; j++) {
            System.arraycopy(buf, n, rsd, at(i, j, k), 5);
            n += 5;
        }
    }

    /** Packs rsd of column j, interior i, plane k into {@code send}; @return the length */
    private int packColumn(final int j, final int k) {
        final int n = 5 * (iend - ist + 1);
        System.arraycopy(rsd, at(ist, j, k), send, 0, n);
        return n;
    }

    private void unpackColumn(final double[] buf, final int j, final int k) {
        System.arraycopy(buf, 0, rsd, at(ist, j, k), 5 * (iend - ist + 1));
    }

    // ================================================================== jacobians and triangular solves

    /**
     * The block matrices of the lower sweep at point (i, j, k): md (diagonal), ma (from k-1), mb (j-1), mc (i-1).
     * An off-diagonal block is the flux Jacobian of the neighbour along its direction times e (-dt*t2 below the
     * diagonal, +dt*t2 above), minus v = dt*t1 times the viscous Jacobian and the second-difference
     * coefficients; blockX/Y/Z are that one formula written out per direction (the normal momentum u2, u3, u4).
     * NPB builds the blocks of a whole plane before its sweep; building each point's just before its use keeps
     * them in the L1 cache and computes the same values.
     */
    private void jacld(final int p) {
        diagonal(0, p);
        blockZ(ma, 0, u, p - planeStride, -dt * tz2, dt * tz1, dz);
        blockY(mb, 0, u, p - rowStride, -dt * ty2, dt * ty1, dy);
        blockX(mc, 0, u, p - 5, -dt * tx2, dt * tx1, dx);
    }

    /** The block matrices of the upper sweep at point p: md (diagonal), ma (from i+1), mb (j+1), mc (k+1). */
    private void jacu(final int p) {
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
     * The diagonal block is zero above its diagonal and in rows 1..3 off the first column (see {@link #diagonal}),
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


    // ================================================================== norms, error, surface integral

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
        allReduce(part);
        final double cells = (double) (nx0 - 2) * (ny0 - 2) * (nz - 2);
        for (int m = 0; m < 5; m++) {
            sum[m] = Math.sqrt(part[m] / cells);
        }
    }

    /** The error norms, the surface integral and the time, all reduced in one final superstep. */
    private void finish() {
        final double[] part = new double[GATHER];
        errorSums(part);
        pintgr(part);
        part[8] = seconds;
        allReduce(part);
        final double cells = (double) (nx0 - 2) * (ny0 - 2) * (nz - 2);
        for (int m = 0; m < 5; m++) {
            errnm[m] = Math.sqrt(part[m] / cells);
        }
        frc = 0.25 * (dxi * deta * part[5] + dxi * dzeta * part[6] + deta * dzeta * part[7]);
        seconds = part[8];
    }

    private void errorSums(final double[] part) {
        final double[] e = new double[5];
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                for (int i = ist; i <= iend; i++) {
                    exact(gi(i), gj(j), k, e, 0);
                    final int p = at(i, j, k);
                    for (int m = 0; m < 5; m++) {
                        final double d = e[m] - u[p + m];
                        part[m] = part[m] + d * d;
                    }
                }
            }
        }
    }

    private double pressure(final int p) {
        return C2 * (u[p + 4] - 0.50 * (u[p + 1] * u[p + 1] + u[p + 2] * u[p + 2] + u[p + 3] * u[p + 3]) / u[p]);
    }

    /**
     * NPB's surface integral: trapezoidal sums of the pressure over three pairs of planes, into part[5 .. 8).
     * A cell needs the corner values one point further south and east, brought by two ghost exchanges (east to
     * west, then south to north including the just received corner), as NPB's exchange_4, 5 and 6 do.
     */
    private void pintgr(final double[] part) {
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
        // east to west: column j = 0 of a1, a2 and row j = 0 of c1, c2
        if (dec.west() >= 0) {
            int n = 0;
            for (int i = 0; i < nxl; i++) {
                send[n++] = a1[i * w1];
                send[n++] = a2[i * w1];
            }
            System.arraycopy(c1, 0, send, n, nk);
            System.arraycopy(c2, 0, send, n + nk, nk);
            put(dec.west(), send, n + 2 * nk, regPintE);
        }
        sync();
        if (dec.east() >= 0) {
            await(regPintE, 1);
            int n = 0;
            for (int i = 0; i < nxl; i++) {
                a1[i * w1 + nyl] = pintE[n++];
                a2[i * w1 + nyl] = pintE[n++];
            }
            System.arraycopy(pintE, n, c1, nyl * nk, nk);
            System.arraycopy(pintE, n + nk, c2, nyl * nk, nk);
        }
        // south to north: row i = 0 of a1, a2 (with the east ghost) and of b1, b2
        if (dec.north() >= 0) {
            System.arraycopy(a1, 0, send, 0, w1);
            System.arraycopy(a2, 0, send, w1, w1);
            System.arraycopy(b1, 0, send, 2 * w1, nk);
            System.arraycopy(b2, 0, send, 2 * w1 + nk, nk);
            put(dec.north(), send, 2 * w1 + 2 * nk, regPintS);
        }
        sync();
        if (dec.south() >= 0) {
            await(regPintS, 1);
            System.arraycopy(pintS, 0, a1, nxl * w1, w1);
            System.arraycopy(pintS, w1, a2, nxl * w1, w1);
            System.arraycopy(pintS, 2 * w1, b1, nxl * nk, nk);
            System.arraycopy(pintS, 2 * w1 + nk, b2, nxl * nk, nk);
        }
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

    private static double corners(final double[] phi, final int r, final int c, final int width) {
        final int p = r * width + c;
        return phi[p] + phi[p + width] + phi[p + 1] + phi[p + width + 1];
    }

    // ================================================================== supersteps

    /** Exchanges two ghost layers of g with the four neighbours in one superstep (NPB's exchange_3). */
    private void exchangeHalo(final double[] g) {
        if (dec.north() >= 0) {
            put(dec.north(), send, packRows(g, iLo), regHaloS);
        }
        if (dec.south() >= 0) {
            put(dec.south(), send, packRows(g, iHi - 1), regHaloN);
        }
        if (dec.west() >= 0) {
            put(dec.west(), send, packColumns(g, jLo), regHaloE);
        }
        if (dec.east() >= 0) {
            put(dec.east(), send, packColumns(g, jHi - 1), regHaloW);
        }
        sync();
        if (dec.north() >= 0) {
            await(regHaloN, 1);
            unpackRows(haloN, g, iLo - 2);
        }
        if (dec.south() >= 0) {
            await(regHaloS, 1);
            unpackRows(haloS, g, iHi + 1);
        }
        if (dec.west() >= 0) {
            await(regHaloW, 1);
            unpackColumns(haloW, g, jLo - 2);
        }
        if (dec.east() >= 0) {
            await(regHaloE, 1);
            unpackColumns(haloE, g, jHi + 1);
        }
    }

    private int packRows(final double[] g, final int i) {
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = jLo; j <= jHi; j++) {
                System.arraycopy(g, at(i, j, k), send, n, 10);
                n += 10;
            }
        }
        return n;
    }

    private void unpackRows(final double[] buf, final double[] g, final int i) {
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = jLo; j <= jHi; j++) {
                System.arraycopy(buf, n, g, at(i, j, k), 10);
                n += 10;
            }
        }
    }

    private int packColumns(final double[] g, final int j) {
        final int len = 5 * nxl;
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int c = j; c <= j + 1; c++) {
                System.arraycopy(g, at(iLo, c, k), send, n, len);
                n += len;
            }
        }
        return n;
    }

    private void unpackColumns(final double[] buf, final double[] g, final int j) {
        final int len = 5 * nxl;
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int c = j; c <= j + 1; c++) {
                System.arraycopy(buf, n, g, at(iLo, c, k), len);
                n += len;
            }
        }
    }

    /**
     * Sums {@code part} over all processes in one superstep: each process puts its values into every other
     * process's gather buffer, and all add the entries in pid order, so every process gets the same sums.
     * Entry 8 is reduced by maximum (the time).
     */
    private void allReduce(final double[] part) {
        final int pid = dec.pid();
        final int p = dec.nprocs();
        System.arraycopy(part, 0, gather, pid * GATHER, GATHER);
        for (int q = 0; q < p; q++) {
            if (q != pid) {
                bsp.put(q, part, 0, regGather, pid * GATHER, GATHER);
            }
        }
        sync();
        await(regGather, p - 1);
        for (int m = 0; m < GATHER; m++) {
            double s = m == 8 ? Double.NEGATIVE_INFINITY : 0.0;
            for (int q = 0; q < p; q++) {
                final double x = gather[q * GATHER + m];
                s = m == 8 ? Math.max(s, x) : s + x;
            }
            part[m] = s;
        }
    }

    private void put(final int pid, final double[] src, final int length, final Reg dst) {
        bsp.put(pid, src, 0, dst, 0, length);
    }

    private void await(final Reg reg, final int n) {
        if (bsp != null && n > 0) {
            bsp.commit(reg, n);
        }
    }

    private void sync() {
        syncs++;
        if (bsp != null) {
            bsp.sync();
        }
    }

    /** @return seconds on the run's clock (Bsp.time(): virtual on a machine model), or the host's for the serial twin */
    private double now() {
        return bsp == null ? System.nanoTime() * 1e-9 : bsp.time();
    }
}
