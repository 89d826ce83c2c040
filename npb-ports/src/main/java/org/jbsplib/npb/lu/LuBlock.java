package org.jbsplib.npb.lu;

/**
 * What every part of an LU process shares, as NPB's common block {@code applu.incl} does: the geometry of this
 * process's block, the solution u, the residual rsd, the forcing frct and the coefficients of the scheme.
 *
 * <p>The parts ({@link LuExact}, {@link LuRhs}, {@link LuJacobians}, {@link LuTriangular}, {@link LuExchange},
 * {@link LuNorms}) extend it through {@link #LuBlock(LuBlock)}, which copies the scalars and shares the arrays, so
 * their kernels read the geometry from their own final fields as the single class did before the split.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process, as are all parts built from it.
 */
abstract class LuBlock {
    // Arrays hold a block of (nx + 4) x (ny + 4) x nz points, two ghost layers in i and j, with the five
    // unknowns of a point adjacent and i the next fastest index: element m of point (i, j, k) is
    // ((k * nyg + j) * nxg + i) * 5 + m. Local i from G to G + nx - 1 is owned, and so is j likewise.

    static final double C1 = 1.40;
    static final double C2 = 0.40;
    static final double C3 = 1.00e-01;
    static final double C4 = 1.00;
    static final double C5 = 1.40;
    static final double R43 = 4.0 / 3.0;
    static final double C34 = C3 * C4;
    static final double C1345 = C1 * C3 * C4 * C5;
    /** Ghost layers on each side in i and j. */
    static final int G = 2;

    final LuClass cls;
    final LuDecomposition dec;

    final int nx0;
    final int ny0;
    final int nz;
    final int nxl;
    final int nyl;
    final int nxg;
    final int nyg;
    final int rowStride;
    final int planeStride;
    final int iLo;
    final int iHi;
    final int jLo;
    final int jHi;
    final int ist;
    final int iend;
    final int jst;
    final int jend;

    final double[] u;
    final double[] rsd;
    final double[] frct;

    final double dxi;
    final double deta;
    final double dzeta;
    final double tx1;
    final double tx2;
    final double tx3;
    final double ty1;
    final double ty2;
    final double ty3;
    final double tz1;
    final double tz2;
    final double tz3;
    final double[] dx;
    final double[] dy;
    final double[] dz;
    final double dssp;
    final double dt;
    final double omega;

    /**
     * A new block with zeroed u, rsd and frct.
     *
     * @param cls the benchmark class
     * @param dec this process's block of the process grid
     */
    LuBlock(final LuClass cls, final LuDecomposition dec) {
        this.cls = cls;
        this.dec = dec;
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
        dx = new double[] {0.75, 0.75, 0.75, 0.75, 0.75};
        dy = new double[] {0.75, 0.75, 0.75, 0.75, 0.75};
        dz = new double[] {1.00, 1.00, 1.00, 1.00, 1.00};
        dssp = Math.max(dx[0], Math.max(dy[0], dz[0])) / 4.0;
        dt = cls.dt();
        omega = cls.omega();
    }

    /**
     * A part of the same process: the same geometry and coefficients, the same u, rsd and frct arrays.
     *
     * @param b the block to share
     */
    LuBlock(final LuBlock b) {
        cls = b.cls;
        dec = b.dec;
        nx0 = b.nx0;
        ny0 = b.ny0;
        nz = b.nz;
        nxl = b.nxl;
        nyl = b.nyl;
        nxg = b.nxg;
        nyg = b.nyg;
        rowStride = b.rowStride;
        planeStride = b.planeStride;
        iLo = b.iLo;
        iHi = b.iHi;
        jLo = b.jLo;
        jHi = b.jHi;
        ist = b.ist;
        iend = b.iend;
        jst = b.jst;
        jend = b.jend;
        u = b.u;
        rsd = b.rsd;
        frct = b.frct;
        dxi = b.dxi;
        deta = b.deta;
        dzeta = b.dzeta;
        tx1 = b.tx1;
        tx2 = b.tx2;
        tx3 = b.tx3;
        ty1 = b.ty1;
        ty2 = b.ty2;
        ty3 = b.ty3;
        tz1 = b.tz1;
        tz2 = b.tz2;
        tz3 = b.tz3;
        dx = b.dx;
        dy = b.dy;
        dz = b.dz;
        dssp = b.dssp;
        dt = b.dt;
        omega = b.omega;
    }

    /** @return the offset of element 0 of local point (i, j, k) in u, rsd and frct */
    final int at(final int i, final int j, final int k) {
        return ((k * nyg + j) * nxg + i) * 5;
    }

    /** @return the global i of local i */
    final int gi(final int i) {
        return dec.i0() + i - G;
    }

    /** @return the global j of local j */
    final int gj(final int j) {
        return dec.j0() + j - G;
    }
}
