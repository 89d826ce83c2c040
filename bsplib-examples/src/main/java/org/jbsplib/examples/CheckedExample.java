package org.jbsplib.examples;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.collectives.Collectives;
import org.jbsplib.core.examples.Example;

/**
 * An example that checks its parallel result against a sequential computation and says PASS or FAIL. The
 * processes count their mismatches, add them up with {@link Collectives#allReduceInt}, so every process (and every
 * JVM of a multi-JVM transport) knows the verdict, and pid 0 prints one line. Subclasses implement
 * {@link #compute(Bsp, Collectives)}, returning this process's number of mismatches.
 */
public abstract class CheckedExample extends Example {
    /** Problem size (meaning depends on the example). */
    protected final int n;
    private final String name;
    private final PrintStream out;
    private volatile boolean passed = true;

    /**
     * @param name the example's name, printed with the verdict
     * @param out  where pid 0 prints (null: nowhere)
     * @param n    the problem size, {@code >= 0}
     * @throws IllegalArgumentException if {@code n < 0}
     */
    protected CheckedExample(final String name, final PrintStream out, final int n) {
        super(out);
        if (n < 0) {
            throw new IllegalArgumentException(name + ": --n=" + n + " must be >= 0");
        }
        this.name = name;
        this.out = out;
        this.n = n;
    }

    /**
     * Runs the parallel computation and checks this process's part of the result.
     *
     * @param bsp  the process
     * @param coll the process's collectives (closed after this returns)
     * @return the number of mismatches found on this process
     */
    protected abstract int compute(Bsp bsp, Collectives coll);

    /** @return a short description of the result for the verdict line (called on pid 0 after compute) */
    protected abstract String summary();

    @Override
    public final void run(final Bsp bsp) {
        try (Collectives coll = new Collectives(bsp)) {
            final int bad = compute(bsp, coll);
            final int total = coll.allReduceInt(bad, Integer::sum);
            if (total != 0) {
                passed = false;
            }
            if (bsp.pid() == 0) {
                result.put("n", n);
                result.put("mismatches", total);
                result.put("passed", total == 0);
                if (out != null) {
                    out.println(name + ": P=" + bsp.nprocs() + " n=" + n + " " + summary() + ": "
                        + (total == 0 ? "PASS" : "FAIL (" + total + " mismatches)"));
                    out.flush();
                }
            }
        }
    }

    @Override
    public boolean passed() {
        return passed;
    }

    /** @return a deterministic pseudo-random value in [0, 1) for (salt, index) */
    protected static double uniform(final long salt, final long index) {
        return (mix(salt * 0x9E3779B97F4A7C15L + index) >>> 11) * 0x1.0p-53;
    }

    /** @return a deterministic 64-bit hash of {@code z} (SplitMix64 finalizer) */
    protected static long mix(final long z0) {
        long z = z0 + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return start of block b of n elements over p processes */
    protected static int blockStart(final int n, final int p, final int b) {
        return (int) ((long) n * b / p);
    }
}
