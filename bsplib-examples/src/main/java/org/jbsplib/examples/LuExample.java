package org.jbsplib.examples;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.collectives.Collectives;

/**
 * Dense LU decomposition with partial pivoting, PA = LU, of a pseudo-random n x n matrix on a 2-D cyclic
 * distribution: the P processes form an M x N grid (M the largest divisor of P with M<sup>2</sup> &le; P), and
 * process (s, t) = (pid mod M, pid div M) holds the entries a<sub>ij</sub> with i mod M = s and j mod N = t. Stage k
 * takes up to four supersteps: (1) the processes of column k mod N send their local pivot candidate to every
 * process, so all choose the same pivot row r (largest |a<sub>ik</sub>|, the lowest i on ties); (2) the owners of
 * rows k and r swap them in every processor column (skipped when r = k); (3) row k goes down the processor columns;
 * (4) column k, divided by the pivot, goes along the processor rows; then every process updates its part of the
 * trailing matrix. Every buffer is committed with the exact number of puts it gets. The factors are collected on
 * pid 0 (one {@link Collectives#allToAllv}) and compared with a sequential LU with the same pivoting rule.
 */
public final class LuExample extends CheckedExample {
    private volatile double maxError;
    private volatile String grid = "";

    /**
     * @param out where pid 0 prints
     * @param n   matrix order
     */
    public LuExample(final PrintStream out, final int n) {
        super("lu", out, n);
    }

    static double entry(final int n, final int i, final int j) {
        return uniform(9, (long) i * n + j) - 0.5;
    }

    /** @return how many of the indices i &lt; limit satisfy i mod step = rem */
    static int countBelow(final int limit, final int rem, final int step) {
        return limit <= rem ? 0 : (limit - rem - 1) / step + 1;
    }

    @Override
    protected int compute(final Bsp bsp, final Collectives coll) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        int gm = 1;
        for (int d = 1; d * d <= p; d++) {
            if (p % d == 0) {
                gm = d;
            }
        }
        final int bigM = gm;
        final int bigN = p / gm;
        final int s = me % bigM;
        final int t = me / bigM;
        final int nr = countBelow(n, s, bigM);
        final int nc = countBelow(n, t, bigN);
        final double[] a = new double[nr * nc];
        for (int il = 0; il < nr; il++) {
            for (int jl = 0; jl < nc; jl++) {
                a[il * nc + jl] = entry(n, s + il * bigM, t + jl * bigN);
            }
        }
        final int[] perm = new int[n];
        final Stage st = new Stage(bsp, bigM, bigN, s, t, nr, nc, a);
        for (int k = 0; k < n; k++) {
            perm[k] = st.run(k);
        }
        st.close();
        final int bad = check(coll, p, me, bigM, bigN, nr, nc, a, perm);
        if (me == 0) {
            grid = bigM + "x" + bigN;
            result.put("grid", grid);
        }
        return bad;
    }

    /** The buffers and steps of one stage. */
    private final class Stage {
        final Bsp bsp;
        final int bigM;
        final int bigN;
        final int s;
        final int t;
        final int nr;
        final int nc;
        final double[] a;
        final double[] pivBuf;
        final double[] rowBuf;
        final double[] pivRow;
        final double[] pivCol;
        final double[] colOut;
        final Reg pivReg;
        final Reg rowReg;
        final Reg pivRowReg;
        final Reg pivColReg;

        Stage(final Bsp bsp, final int bigM, final int bigN, final int s, final int t, final int nr, final int nc,
            final double[] a) {
            this.bsp = bsp;
            this.bigM = bigM;
            this.bigN = bigN;
            this.s = s;
            this.t = t;
            this.nr = nr;
            this.nc = nc;
            this.a = a;
            pivBuf = new double[2 * bigM];
            rowBuf = new double[nc];
            pivRow = new double[nc];
            pivCol = new double[nr];
            colOut = new double[nr];
            pivReg = bsp.pushReg(pivBuf);
            rowReg = bsp.pushReg(rowBuf);
            pivRowReg = bsp.pushReg(pivRow);
            pivColReg = bsp.pushReg(pivCol);
            bsp.sync();
        }

        int pid(final int ps, final int pt) {
            return ps + pt * bigM;
        }

        /** Runs stage k; returns the pivot row. */
        int run(final int k) {
            final int sk = k % bigM;
            final int tk = k % bigN;
            final int jk = countBelow(k, t, bigN);       // local columns j < k
            final int ik = countBelow(k + 1, s, bigM);   // local rows i <= k
            // (1) pivot candidates of column k to everybody
            double bestVal = -1;
            int bestRow = -1;
            if (t == tk) {
                for (int il = countBelow(k, s, bigM); il < nr; il++) { // local rows i >= k, in increasing order
                    final double v = Math.abs(a[il * nc + jk]);
                    if (v > bestVal) {
                        bestVal = v;
                        bestRow = s + il * bigM;
                    }
                }
                final double[] cand = {bestVal, bestRow};
                for (int q = 0; q < bsp.nprocs(); q++) {
                    if (q != bsp.pid()) {
                        bsp.put(q, cand, 0, pivReg, 2 * s, 2);
                    }
                }
            }
            bsp.sync();
            bsp.commit(pivReg, bigM - (t == tk ? 1 : 0));
            int r = -1;
            double rv = -1;
            for (int q = 0; q < bigM; q++) {
                final double v = t == tk && q == s ? bestVal : pivBuf[2 * q];
                final int row = t == tk && q == s ? bestRow : (int) pivBuf[2 * q + 1];
                if (row >= 0 && (v > rv || v == rv && row < r)) {
                    rv = v;
                    r = row;
                }
            }
            // (2) swap rows k and r
            if (r != k) {
                swap(k, r);
            }
            // (3) row k (columns >= k) down the processor columns
            final int len = nc - jk;
            if (s == sk && len > 0) {
                final int kl = (k - s) / bigM;
                for (int q = 0; q < bigM; q++) {
                    if (q != s) {
                        bsp.put(pid(q, t), a, kl * nc + jk, pivRowReg, jk, len);
                    }
                }
            }
            bsp.sync();
            bsp.commit(pivRowReg, s != sk && len > 0 ? 1 : 0);
            if (s == sk && len > 0) {
                System.arraycopy(a, ((k - s) / bigM) * nc + jk, pivRow, jk, len);
            }
            // (4) column k (rows > k), divided by the pivot, along the processor rows
            final int rows = nr - ik;
            if (t == tk && rows > 0) {
                final double pivot = pivRow[jk];
                for (int il = ik; il < nr; il++) {
                    a[il * nc + jk] /= pivot;
                    colOut[il] = a[il * nc + jk];
                }
                for (int q = 0; q < bigN; q++) {
                    if (q != t) {
                        bsp.put(pid(s, q), colOut, ik, pivColReg, ik, rows);
                    }
                }
            }
            bsp.sync();
            bsp.commit(pivColReg, t != tk && rows > 0 ? 1 : 0);
            if (t == tk && rows > 0) {
                System.arraycopy(colOut, ik, pivCol, ik, rows);
            }
            // trailing update
            final int jk1 = countBelow(k + 1, t, bigN);
            for (int il = ik; il < nr; il++) {
                final double l = pivCol[il];
                final int base = il * nc;
                for (int jl = jk1; jl < nc; jl++) {
                    a[base + jl] -= l * pivRow[jl];
                }
            }
            return r;
        }

        private void swap(final int k, final int r) {
            final int sk = k % bigM;
            final int sr = r % bigM;
            final int kl = (k - sk) / bigM;
            final int rl = (r - sr) / bigM;
            if (sk == sr) {
                if (s == sk) {
                    for (int jl = 0; jl < nc; jl++) {
                        final double x = a[kl * nc + jl];
                        a[kl * nc + jl] = a[rl * nc + jl];
                        a[rl * nc + jl] = x;
                    }
                }
                return;
            }
            if (nc > 0 && s == sk) {
                bsp.put(pid(sr, t), a, kl * nc, rowReg, 0, nc);
            } else if (nc > 0 && s == sr) {
                bsp.put(pid(sk, t), a, rl * nc, rowReg, 0, nc);
            }
            bsp.sync();
            bsp.commit(rowReg, nc > 0 && (s == sk || s == sr) ? 1 : 0);
            if (nc > 0 && s == sk) {
                System.arraycopy(rowBuf, 0, a, kl * nc, nc);
            } else if (nc > 0 && s == sr) {
                System.arraycopy(rowBuf, 0, a, rl * nc, nc);
            }
        }

        void close() {
            bsp.popReg(pivReg);
            bsp.popReg(rowReg);
            bsp.popReg(pivRowReg);
            bsp.popReg(pivColReg);
            bsp.sync();
        }
    }

    /** Collects the factors on pid 0 and compares them and the pivots with the sequential LU. */
    private int check(final Collectives coll, final int p, final int me, final int bigM, final int bigN,
        final int nr, final int nc, final double[] a, final int[] perm) {
        final int[] counts = new int[p];
        counts[0] = nr * nc;
        final int[] recv = new int[p];
        final double[] all = coll.allToAllv(a, 0, counts, recv);
        if (me != 0) {
            return 0;
        }
        final double[] ref = new double[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                ref[i * n + j] = entry(n, i, j);
            }
        }
        final int[] refPerm = sequentialLu(ref, n);
        int bad = 0;
        for (int k = 0; k < n; k++) {
            bad += perm[k] == refPerm[k] ? 0 : 1;
        }
        int at = 0;
        double err = 0;
        for (int q = 0; q < p; q++) {
            final int qs = q % bigM;
            final int qt = q / bigM;
            final int qnr = countBelow(n, qs, bigM);
            final int qnc = countBelow(n, qt, bigN);
            for (int il = 0; il < qnr; il++) {
                for (int jl = 0; jl < qnc; jl++) {
                    final double e = Math.abs(all[at++] - ref[(qs + il * bigM) * n + qt + jl * bigN]);
                    err = Math.max(err, e);
                    bad += e <= 1e-9 ? 0 : 1;
                }
            }
        }
        maxError = err;
        result.put("max_error", err);
        return bad;
    }

    /** In-place LU with partial pivoting (largest |a_ik|, lowest i on ties); returns the pivot row of each k. */
    static int[] sequentialLu(final double[] a, final int n) {
        final int[] piv = new int[n];
        for (int k = 0; k < n; k++) {
            int r = k;
            for (int i = k + 1; i < n; i++) {
                if (Math.abs(a[i * n + k]) > Math.abs(a[r * n + k])) {
                    r = i;
                }
            }
            piv[k] = r;
            for (int j = 0; j < n && r != k; j++) {
                final double x = a[k * n + j];
                a[k * n + j] = a[r * n + j];
                a[r * n + j] = x;
            }
            for (int i = k + 1; i < n; i++) {
                a[i * n + k] /= a[k * n + k];
            }
            for (int i = k + 1; i < n; i++) {
                final double l = a[i * n + k];
                for (int j = k + 1; j < n; j++) {
                    a[i * n + j] -= l * a[k * n + j];
                }
            }
        }
        return piv;
    }

    @Override
    protected String summary() {
        return String.format("grid %s, max error %.2e", grid, maxError);
    }
}
