package com.example.userproject;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;

/**
 * The inner product of x = (1, 2, ..., n) with itself on P processes, under the classic and the relaxed sync:
 * a user's program that compiles against the JBSPlib API only. Exits with status 1 if a result is wrong.
 *
 * <pre>
 * mvn -B exec:exec                       (the pom adds the JVM option)
 * java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -cp CLASSPATH com.example.userproject.InnerProduct 100000
 * </pre>
 */
public final class InnerProduct {
    private InnerProduct() {
    }

    /**
     * Computes x.x for x = (1..n) on {@code procs} processes with sync mode {@code sync}.
     *
     * @return the sum as every process computed it (all equal when the library works)
     */
    public static double[] run(final int procs, final String sync, final int n) {
        final double[] results = new double[procs];
        BspRuntime.run(new BspConfig().procs(procs).syncMode(sync), bsp -> {
            final int p = bsp.nprocs();
            final int me = bsp.pid();
            final double[] partial = new double[p];
            final Reg reg = bsp.pushReg(partial);
            bsp.sync();
            double local = 0;
            for (long i = (long) n * me / p; i < (long) n * (me + 1) / p; i++) {
                local += (double) (i + 1) * (i + 1);
            }
            for (int d = 0; d < p; d++) {
                bsp.putDouble(d, local, reg, me);       // = put(d, new double[] {local}, 0, reg, me, 1)
            }
            bsp.sync();
            bsp.commit(reg, p);                         // the p partial sums are in
            // read the right neighbour's partial sums back: a remote get after every process has committed
            final double[] right = new double[p];
            bsp.get((me + 1) % p, reg, right);          // = get(pid, reg, 0, right, 0, right.length)
            bsp.requestExchange();                      // needed for it under rbs; a no-op under org
            bsp.sync();
            double sum = 0;
            for (int i = 0; i < p; i++) {
                if (right[i] != partial[i]) {
                    throw bsp.abort("pid " + me + ": partial sum " + i + " is " + partial[i] + " here but "
                        + right[i] + " on the right neighbour");
                }
                sum += partial[i];
            }
            results[me] = sum;
        });
        return results;
    }

    /** @return n(n+1)(2n+1)/6 */
    public static double exact(final int n) {
        return (double) n * (n + 1) * (2.0 * n + 1) / 6.0;
    }

    /**
     * Runs both syncs on 4 processes and checks the results.
     *
     * @param args n, the vector length (default 100000)
     */
    public static void main(final String[] args) {
        final int n = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        boolean ok = true;
        for (final String sync : new String[] {"org", "rbs"}) {
            final double[] results = run(4, sync, n);
            for (final double r : results) {
                ok &= r == exact(n);
            }
            System.out.println("sync=" + sync + ": x.x for x = (1.." + n + ") = " + results[0] + " on pid 0 (exact "
                + exact(n) + ")");
        }
        System.out.println(ok ? "inner product ok" : "inner product WRONG");
        if (!ok) {
            System.exit(1);
        }
    }
}
