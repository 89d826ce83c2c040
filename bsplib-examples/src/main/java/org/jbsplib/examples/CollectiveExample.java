package org.jbsplib.examples;

import java.io.PrintStream;
import java.util.List;

import org.jbsplib.api.Bsp;
import org.jbsplib.collectives.Collectives;

/**
 * One collective of {@link Collectives} on n doubles per process (integer values, so sums are exact), checked
 * against the sequential result every process computes from everybody's input (a hash of pid and index). The
 * root, where there is one, is {@code P - 1}. Uses the two-phase forms when n reaches the threshold and P &ge; 3.
 */
public final class CollectiveExample extends CheckedExample {
    /** The collectives this example runs, by example name. */
    public static final List<String> NAMES = List.of("bcast", "reduce", "allreduce", "scan", "gather", "allgather",
        "scatter", "alltoall", "alltoallv");

    private final String collective;
    private volatile double seconds;

    /**
     * @param collective one of {@link #NAMES}
     * @param out        where pid 0 prints
     * @param n          elements per process (per block for gather, scatter, all-to-all)
     * @throws IllegalArgumentException on an unknown collective or n &lt; 0
     */
    public CollectiveExample(final String collective, final PrintStream out, final int n) {
        super(collective, out, n);
        if (!NAMES.contains(collective)) {
            throw new IllegalArgumentException("collective=" + collective + " is not one of " + NAMES);
        }
        this.collective = collective;
    }

    static double x(final int pid, final int i) {
        return (double) (mix(pid * 1_000_003L + i) % 1000);
    }

    @Override
    protected int compute(final Bsp bsp, final Collectives coll) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int root = p - 1;
        final double t0 = bsp.time();
        final int bad = switch (collective) {
            case "bcast" -> bcast(coll, p, me, root);
            case "reduce", "allreduce", "scan" -> fold(coll, p, me, root);
            case "gather", "allgather" -> gather(coll, p, me, root);
            case "scatter" -> scatter(coll, p, me, root);
            case "alltoall" -> allToAll(coll, p, me);
            default -> allToAllv(coll, p, me);
        };
        if (me == 0) {
            seconds = bsp.time() - t0;
            result.put("seconds", seconds);
        }
        return bad;
    }

    private int bcast(final Collectives coll, final int p, final int me, final int root) {
        final double[] v = new double[n];
        for (int i = 0; i < n && me == root; i++) {
            v[i] = x(root, i);
        }
        coll.broadcast(root, v, 0, n);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            bad += v[i] == x(root, i) ? 0 : 1;
        }
        return bad;
    }

    private int fold(final Collectives coll, final int p, final int me, final int root) {
        final double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = x(me, i);
        }
        final int upTo;
        switch (collective) {
            case "reduce" -> {
                coll.reduce(root, v, 0, n, Double::sum);
                upTo = me == root ? p - 1 : -1;
            }
            case "allreduce" -> {
                coll.allReduce(v, 0, n, Double::sum);
                upTo = p - 1;
            }
            default -> {
                coll.scan(v, 0, n, Double::sum);
                upTo = me;
            }
        }
        int bad = 0;
        for (int i = 0; i < n; i++) {
            double e = 0;
            for (int q = 0; q <= upTo; q++) {
                e += x(q, i);
            }
            bad += v[i] == (upTo < 0 ? x(me, i) : e) ? 0 : 1;
        }
        return bad;
    }

    private int gather(final Collectives coll, final int p, final int me, final int root) {
        final double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = x(me, i);
        }
        final double[] all = new double[p * n];
        final boolean everyone = collective.equals("allgather");
        if (everyone) {
            coll.allGather(v, 0, n, all, 0);
        } else {
            coll.gather(root, v, 0, n, all, 0);
        }
        int bad = 0;
        for (int q = 0; q < p && (everyone || me == root); q++) {
            for (int i = 0; i < n; i++) {
                bad += all[q * n + i] == x(q, i) ? 0 : 1;
            }
        }
        return bad;
    }

    private int scatter(final Collectives coll, final int p, final int me, final int root) {
        final double[] all = new double[me == root ? p * n : 0];
        for (int k = 0; k < all.length; k++) {
            all[k] = x(root, k);
        }
        final double[] v = new double[n];
        coll.scatter(root, all, 0, v, 0, n);
        int bad = 0;
        for (int i = 0; i < n; i++) {
            bad += v[i] == x(root, me * n + i) ? 0 : 1;
        }
        return bad;
    }

    private int allToAll(final Collectives coll, final int p, final int me) {
        final double[] v = new double[p * n];
        for (int k = 0; k < p * n; k++) {
            v[k] = x(me, k);
        }
        coll.allToAll(v, 0, v, 0, n);
        int bad = 0;
        for (int q = 0; q < p; q++) {
            for (int i = 0; i < n; i++) {
                bad += v[q * n + i] == x(q, me * n + i) ? 0 : 1;
            }
        }
        return bad;
    }

    /** Process j sends (j + q) % 3 * n / 2 elements to q: uneven, some empty. */
    private int allToAllv(final Collectives coll, final int p, final int me) {
        final int[] counts = new int[p];
        int total = 0;
        for (int q = 0; q < p; q++) {
            counts[q] = (me + q) % 3 * n / 2;
            total += counts[q];
        }
        final double[] v = new double[total];
        for (int k = 0; k < total; k++) {
            v[k] = x(me, k);
        }
        final double[] got = coll.allToAllv(v, 0, counts, null);
        int bad = 0;
        int at = 0;
        for (int j = 0; j < p; j++) {
            int from = 0;
            for (int q = 0; q < me; q++) {
                from += (j + q) % 3 * n / 2;
            }
            for (int i = 0; i < (j + me) % 3 * n / 2; i++) {
                bad += at < got.length && got[at] == x(j, from + i) ? 0 : 1;
                at++;
            }
        }
        return bad + (at == got.length ? 0 : 1);
    }

    @Override
    protected String summary() {
        return String.format("%s of doubles, %.3f ms", collective, seconds * 1e3);
    }
}
