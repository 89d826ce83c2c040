package org.jbsplib.npb.lu;

/**
 * The right-hand side of LU, NPB's {@code rhs.f} and {@code erhs.f}: the residual rsd of the current u and the
 * forcing term frct of the exact solution, each the x, y and z flux differences, viscous terms and fourth-order
 * dissipation of a field whose ghost layers the halo exchange has just filled.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process; {@link #rhs} and {@link #erhs} are collective,
 * one superstep each (the halo exchange).
 *
 * <pre>{@code
 * LuRhs rhs = new LuRhs(block, exact, exchange);
 * rhs.erhs();   // frct, once
 * rhs.rhs();    // rsd of u, every iteration
 * }</pre>
 */
final class LuRhs extends LuBlock {
    private final LuExact exact;
    private final LuExchange exchange;
    private final double[] flux;
    private final double[] velCur;
    private final double[] velPrev;

    /**
     * @param block    the process's block, whose rsd and frct this part computes
     * @param exact    the exact solution, for the forcing term
     * @param exchange the halo exchange of the same process
     */
    LuRhs(final LuBlock block, final LuExact exact, final LuExchange exchange) {
        super(block);
        this.exact = exact;
        this.exchange = exchange;
        flux = new double[planeStride * nz];
        velCur = new double[planeStride];
        velPrev = new double[planeStride];
        for (final double[] dd : new double[][] {dx, dy, dz}) {
            for (int m = 1; m < 5; m++) {
                if (dd[m] != dd[0]) {
                    throw new IllegalStateException("viscousRow needs equal second-difference coefficients, got "
                        + java.util.Arrays.toString(dd));
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
                    exact.exact(gi(i), gj(j), k, rsd, at(i, j, k));
                }
            }
        }
        exchange.halo(rsd);
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
        exchange.halo(u);
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
            viscousRow(w, out, at(ist, j, k), at(iend, j, k) + 5, 5, tx1, tx3, dx);
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
            viscousRow(w, out, at(ist, j, k), at(iend, j, k) + 5, rowStride, ty1, ty3, dy);
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
                viscousRow(w, out, at(ist, j, k), at(iend, j, k) + 5, planeStride, tz1, tz3, dz);
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
        flux[p] = 0.0;
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
        flux[p] = 0.0;
        flux[p + 1] = tz3 * (u2 - v2);
        flux[p + 2] = tz3 * (u3 - v3);
        flux[p + 3] = f4 * (u4 - v4);
        flux[p + 4] = 0.50 * (1.0 - C1 * C5) * tz3 * ((u2 * u2 + u3 * u3 + u4 * u4) - (v2 * v2 + v3 * v3 + v4 * v4))
            + (1.0 / 6.0) * tz3 * (u4 * u4 - v4 * v4)
            + C1 * C5 * tz3 * (cur[a + 4] - prev[a + 4]);
    }

    /**
     * Adds the viscous flux difference and the second-difference term along a direction of element stride s to the
     * elements [from, to) of out, a row of whole points, in one loop over the elements (which the JIT vectorizes;
     * the loop over a point's five elements, where the density has no flux term, it did not). The density's slot
     * of flux holds 0 (viscousFlux and viscousFluxZ write it), so its term is c * (0 - 0) = +0, which leaves
     * out[q] as it is unless out[q] is -0.0 (then +0.0: a zero's sign, never a value); every dd[m] is dd[0] (the
     * constructor checks), so the second difference is NPB's for every m.
     */
    private void viscousRow(final double[] w, final double[] out, final int from, final int to, final int s,
                            final double t1, final double t3, final double[] dd) {
        final double c = t3 * C3 * C4;
        final double d = dd[0] * t1;
        final double[] f = flux;
        for (int q = from; q < to; q++) {
            out[q] = out[q] + c * (f[q + s] - f[q]) + d * (w[q - s] - 2.0 * w[q] + w[q + s]);
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
}
