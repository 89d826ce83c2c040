package org.jbsplib.examples;

import java.io.PrintStream;
import java.util.Arrays;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.collectives.Collectives;

/**
 * Sparse matrix-vector product u = A v. A is n x n with a diagonal and {@value #PER_ROW} pseudo-random entries
 * per row; rows of A, v and u are block-distributed. Each process finds the components of v its rows need, fetches
 * the remote ones with {@code get} (one get per run of consecutive columns of one owner; the superstep asks for
 * the count exchange with {@code requestExchange()}, which gets from other processes need under the relaxed sync),
 * then multiplies. One communication superstep with an h-relation of the remote components. Checked against the
 * sequential product of its rows with the whole v.
 */
public final class MatVecExample extends CheckedExample {
    /** Off-diagonal entries per row. */
    static final int PER_ROW = 6;
    private volatile long fetched;

    /**
     * @param out where pid 0 prints
     * @param n   matrix order
     */
    public MatVecExample(final PrintStream out, final int n) {
        super("matvec", out, n);
    }

    static int column(final int i, final int t, final int n) {
        return t == PER_ROW ? i : (int) Math.floorMod(mix(31L * i + t), (long) n);
    }

    static double value(final int i, final int t) {
        return uniform(5, 31L * i + t) - 0.5;
    }

    static double v(final int j) {
        return 1 + j % 7;
    }

    @Override
    protected int compute(final Bsp bsp, final Collectives coll) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int lo = blockStart(n, p, me);
        final int hi = blockStart(n, p, me + 1);
        final double[] vLocal = new double[hi - lo];
        for (int j = lo; j < hi; j++) {
            vLocal[j - lo] = v(j);
        }
        final Reg vReg = bsp.pushReg(vLocal);
        bsp.sync();
        // the remote columns this process needs, sorted and unique
        int[] need = new int[(hi - lo) * (PER_ROW + 1)];
        int k = 0;
        for (int i = lo; i < hi; i++) {
            for (int t = 0; t <= PER_ROW; t++) {
                final int j = column(i, t, n);
                if (j < lo || j >= hi) {
                    need[k++] = j;
                }
            }
        }
        need = Arrays.stream(need, 0, k).sorted().distinct().toArray();
        final double[] remote = new double[need.length];
        for (int a = 0; a < need.length;) {
            final int owner = owner(need[a], p);
            int b = a + 1;
            while (b < need.length && need[b] == need[b - 1] + 1 && owner(need[b], p) == owner) {
                b++;
            }
            bsp.get(owner, vReg, need[a] - blockStart(n, p, owner), remote, a, b - a);
            a = b;
        }
        bsp.requestExchange();
        bsp.sync();
        int bad = 0;
        for (int i = lo; i < hi; i++) {
            double u = 0;
            double seq = 0;
            for (int t = 0; t <= PER_ROW; t++) {
                final int j = column(i, t, n);
                final double vj = j >= lo && j < hi ? vLocal[j - lo] : remote[Arrays.binarySearch(need, j)];
                u += value(i, t) * vj;
                seq += value(i, t) * v(j);
            }
            bad += u == seq ? 0 : 1;
        }
        final long total = coll.allReduceLong(need.length, Long::sum);
        if (me == 0) {
            fetched = total;
            result.put("remote_components", total);
        }
        bsp.popReg(vReg);
        bsp.sync();
        return bad;
    }

    private int owner(final int j, final int p) {
        return (int) (((long) (j + 1) * p - 1) / n);
    }

    @Override
    protected String summary() {
        return "nonzeros " + (long) n * (PER_ROW + 1) + ", remote components fetched " + fetched;
    }
}
