package org.jbsplib.examples;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.collectives.Collectives;

/**
 * Inner product of {@code x[i] = i + 1} with itself, block-distributed: local sums, then one
 * {@link Collectives#allReduceDouble} (1 superstep). Checked against the sequential loop (relative error 1e-12).
 */
public final class InnerProductExample extends CheckedExample {
    private volatile double value;

    /**
     * @param out where pid 0 prints
     * @param n   vector length
     */
    public InnerProductExample(final PrintStream out, final int n) {
        super("inprod", out, n);
    }

    @Override
    protected int compute(final Bsp bsp, final Collectives coll) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        double local = 0;
        for (int i = blockStart(n, p, me); i < blockStart(n, p, me + 1); i++) {
            final double x = i + 1.0;
            local += x * x;
        }
        final double sum = coll.allReduceDouble(local, Double::sum);
        double seq = 0;
        for (int i = 0; i < n; i++) {
            final double x = i + 1.0;
            seq += x * x;
        }
        if (me == 0) {
            value = sum;
            result.put("inner_product", sum);
        }
        return Math.abs(sum - seq) <= 1e-12 * Math.abs(seq) ? 0 : 1;
    }

    @Override
    protected String summary() {
        return String.format("inner product = %.6e", value);
    }
}
