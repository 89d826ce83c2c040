package org.jbsplib.npb.lu;

/**
 * The exact solution and the starting values of LU, NPB's {@code exact.f}, {@code setbv.f} and {@code setiv.f}:
 * the boundary faces of u set to the exact solution, the interior to the transfinite interpolation of the faces.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process.
 *
 * <pre>{@code
 * LuExact init = new LuExact(block);
 * init.setbv();
 * init.setiv();
 * }</pre>
 */
final class LuExact extends LuBlock {
    /** The coefficients of the exact solution, 13 per unknown. */
    private final double[] ce = {
        2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3,
        1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5,
        2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4,
        2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3,
        5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2,
    };

    /** @param block the process's block, whose u this part initializes */
    LuExact(final LuBlock block) {
        super(block);
    }

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
}
