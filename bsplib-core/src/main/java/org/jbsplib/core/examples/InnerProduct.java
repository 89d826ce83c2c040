package org.jbsplib.core.examples;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;

/**
 * The inner product of a vector of length n with itself, {@code x[i] = i + 1}, distributed in blocks: each
 * process computes its partial sum, puts it to every process, and every process adds the P partial sums (the
 * BSPedupack {@code bspip} pattern). Exact result: n(n+1)(2n+1)/6.
 */
public final class InnerProduct extends Example {
    private final int n;

    /** @param n the vector length, {@code >= 0} */
    public InnerProduct(final PrintStream out, final int n) {
        super(out);
        if (n < 0) {
            throw new IllegalArgumentException("n=" + n + " must be >= 0");
        }
        this.n = n;
    }

    @Override
    public void run(final Bsp bsp) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int lo = (int) ((long) n * me / p);
        final int hi = (int) ((long) n * (me + 1) / p);
        double local = 0;
        for (int i = lo; i < hi; i++) {
            final double x = i + 1.0;
            local += x * x;
        }
        final double[] partial = new double[p];
        final Reg reg = bsp.pushReg(partial);
        bsp.sync();
        final double[] mine = {local};
        for (int d = 0; d < p; d++) {
            bsp.put(d, mine, 0, reg, me, 1);
        }
        bsp.sync();
        bsp.commit(reg, p);
        double sum = 0;
        for (final double v : partial) {
            sum += v;
        }
        bsp.popReg(reg);
        bsp.sync();
        if (me == 0) {
            result.put("n", n);
            result.put("inner_product", sum);
            result.put("exact", (double) n * (n + 1) * (2.0 * n + 1) / 6.0);
        }
        printInPidOrder(bsp, me == 0 ? "inner product of x[i] = i+1, n = " + n + ": " + String.format("%.1f", sum)
            : null);
    }
}
