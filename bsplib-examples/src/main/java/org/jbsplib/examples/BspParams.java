package org.jbsplib.examples;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.collectives.Collectives;

/**
 * The BSP machine parameters, measured as in the classic BSP benchmark: the computing rate r (flop/s of a DAXPY
 * loop, y += a x, run on every process at once) and, per communication primitive, g (time per word of an
 * h-relation) and l (time of a superstep with h = 0), fitted by least squares to the time T(h) of supersteps in
 * which every process sends and receives h words of 8 bytes, for h = 0, step, 2 step, ..., hmax. Word i of
 * process q goes to process q + 1 + (i mod (P-1)) (mod P), never to itself (to itself when P = 1), so every process
 * sends and receives exactly h words. Primitives:
 * <ul>
 *   <li>{@code put}, {@code hpput}: one put (hpPut) per word, committed with the exact count (h);</li>
 *   <li>{@code put-block}: the words for one destination in one put (the bandwidth of large puts);</li>
 *   <li>{@code get}: one get per word (the superstep asks for the count exchange);</li>
 *   <li>{@code send}: one 8-byte BSMP message per word, moved out of the queue in the next superstep.</li>
 * </ul>
 * Each primitive is first warmed up with 5 reps supersteps alternating h = hmax and h = 0. T(h) is the time of
 * {@code reps} consecutive supersteps divided by reps, the largest over the processes; each h is
 * measured {@code trials} times and the median (or the minimum) kept. Results are left in this object on the JVM of pid 0.
 */
public final class BspParams implements BspProgram {
    /** The primitives measured, by name. */
    public static final List<String> PRIMITIVES = List.of("put", "hpput", "put-block", "get", "send");

    private final List<String> primitives;
    private final int hmax;
    private final int hstep;
    private final int reps;
    private final int trials;
    private final int daxpyLength;
    private final boolean minimum;
    private volatile double rFlops;
    private volatile double rMinFlops;
    private final List<Fit> fits = new ArrayList<>();
    private double sink;

    /**
     * @param primitives  names from {@link #PRIMITIVES}
     * @param hmax        largest h, {@code >= 1}
     * @param hstep       step of h, {@code >= 1}
     * @param reps        supersteps per time measurement, {@code >= 1}
     * @param trials      measurements per h (median kept), {@code >= 1}
     * @param daxpyLength vector length of the DAXPY loop, {@code >= 1}
     * @param stat        {@code median} or {@code min}: which of the trials of one h is kept (the minimum is
     *                    the robust choice on a machine shared with other work: interference only adds time)
     * @throws IllegalArgumentException naming the first bad argument and its value
     */
    public BspParams(final List<String> primitives, final int hmax, final int hstep, final int reps,
        final int trials, final int daxpyLength, final String stat) {
        if (!"median".equals(stat) && !"min".equals(stat)) {
            throw new IllegalArgumentException("stat=" + stat + " must be median or min");
        }
        this.minimum = "min".equals(stat);
        for (final String p : primitives) {
            if (!PRIMITIVES.contains(p)) {
                throw new IllegalArgumentException("primitive=" + p + " is not one of " + PRIMITIVES);
            }
        }
        atLeast("hmax", hmax, 1);
        atLeast("hstep", hstep, 1);
        atLeast("reps", reps, 1);
        atLeast("trials", trials, 1);
        atLeast("daxpyLength", daxpyLength, 1);
        this.primitives = List.copyOf(primitives);
        this.hmax = hmax;
        this.hstep = hstep;
        this.reps = reps;
        this.trials = trials;
        this.daxpyLength = daxpyLength;
    }

    private static void atLeast(final String name, final int value, final int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + "=" + value + " must be >= " + min);
        }
    }

    /** A fitted line T(h) = l + g h for one primitive, with the points and the fit's quality. */
    public record Fit(String primitive, double gSeconds, double lSeconds, double r2, double maxResidualSeconds,
        int[] h, double[] seconds) {
    }

    /** @return r, the mean over processes of the DAXPY rate, flop/s (pid 0's JVM) */
    public double rFlops() {
        return rFlops;
    }

    /** @return the smallest DAXPY rate of a process, flop/s */
    public double rMinFlops() {
        return rMinFlops;
    }

    /** @return the primitives measured */
    public List<String> primitives() {
        return primitives;
    }

    /** @return the fits, one per primitive, in the order asked (pid 0's JVM) */
    public List<Fit> fits() {
        return fits;
    }

    @Override
    public void run(final Bsp bsp) {
        try (Collectives coll = new Collectives(bsp)) {
            final double r = daxpyRate(bsp);
            final double sum = coll.allReduceDouble(r, Double::sum);
            final double min = coll.allReduceDouble(r, Math::min);
            if (bsp.pid() == 0) {
                rFlops = sum / bsp.nprocs();
                rMinFlops = min;
            }
            final int points = hmax / hstep + 1;
            final double[] area = new double[Math.max(1, bsp.nprocs() * hmax)];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final Buffers buffers = new Buffers(bsp.pid(), hmax);
            for (final String primitive : primitives) {
                final int[] hs = new int[points];
                final double[] ts = new double[points];
                // warm-up of the primitive's code paths, so that the first (small) h is not timed on cold code,
                // which biased the slope downwards
                for (int rep = 0; rep < 5 * reps; rep++) {
                    superstep(bsp, primitive, rep % 2 == 0 ? hmax : 0, reg, area, buffers);
                }
                for (int k = 0; k < points; k++) {
                    hs[k] = k * hstep;
                    final double[] trial = new double[trials];
                    superstep(bsp, primitive, hs[k], reg, area, buffers); // warm-up
                    for (int j = 0; j < trials; j++) {
                        final double t0 = bsp.time();
                        for (int rep = 0; rep < reps; rep++) {
                            superstep(bsp, primitive, hs[k], reg, area, buffers);
                        }
                        trial[j] = coll.allReduceDouble((bsp.time() - t0) / reps, Math::max);
                    }
                    Arrays.sort(trial);
                    ts[k] = minimum ? trial[0] : trial[trials / 2];
                }
                if (bsp.pid() == 0) {
                    synchronized (fits) {
                        fits.add(fit(primitive, hs, ts));
                    }
                }
            }
            bsp.popReg(reg);
            bsp.sync();
        }
    }

    /** @return flop/s of y += a x over vectors of daxpyLength: 100 ms of warm-up, then at least 50 ms measured */
    private double daxpyRate(final Bsp bsp) {
        final double[] x = new double[daxpyLength];
        final double[] y = new double[daxpyLength];
        for (int i = 0; i < daxpyLength; i++) {
            x[i] = 1.0 / (i + 1);
        }
        final double a = 1.0 / 3;
        final double warm = bsp.time();
        while (bsp.time() - warm < 0.1) { // until the JIT has compiled the loop
            daxpy(a, x, y, 100);
        }
        long iterations = 0;
        final double t0 = bsp.time();
        double t;
        do {
            daxpy(a, x, y, 100);
            iterations += 100;
            t = bsp.time() - t0;
        } while (t < 0.05);
        sink += y[daxpyLength / 2];
        return 2.0 * daxpyLength * iterations / t;
    }

    private static void daxpy(final double a, final double[] x, final double[] y, final int times) {
        for (int k = 0; k < times; k++) {
            final double b = (k & 1) == 0 ? a : -a; // keeps y bounded
            for (int i = 0; i < x.length; i++) {
                y[i] += b * x[i];
            }
        }
    }

    /**
     * One process's source arrays, made once before the timed supersteps: allocating them in every superstep (a
     * block of hmax words for put-block) added the allocation to T(h) and so to g.
     */
    private static final class Buffers {
        final double[] word;
        final double[] block;
        final double[] in = new double[1];

        Buffers(final int pid, final int hmax) {
            word = new double[] {pid};
            block = new double[hmax];
        }
    }

    /** One superstep of an h-relation with the primitive. */
    private void superstep(final Bsp bsp, final String primitive, final int h, final Reg reg, final double[] area,
        final Buffers buffers) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final double[] word = buffers.word;
        switch (primitive) {
            case "put", "hpput" -> {
                for (int i = 0; i < h; i++) {
                    final int dst = dest(me, i, p);
                    if (primitive.equals("put")) {
                        bsp.put(dst, word, 0, reg, me * hmax + i, 1);
                    } else {
                        bsp.hpPut(dst, word, 0, reg, me * hmax + i, 1);
                    }
                }
                bsp.sync();
                bsp.commit(reg, h);
            }
            case "put-block" -> {
                final int fan = Math.max(1, p - 1);
                final double[] block = buffers.block;
                for (int k = 0; k < fan && k < h; k++) {
                    final int count = (h - k + fan - 1) / fan;
                    bsp.put(dest(me, k, p), block, 0, reg, me * hmax, count);
                }
                bsp.sync();
                bsp.commit(reg, Math.min(h, fan));
            }
            case "get" -> {
                for (int i = 0; i < h; i++) {
                    bsp.get(dest(me, i, p), reg, me * hmax + i, area, me * hmax + i, 1);
                }
                bsp.requestExchange();
                bsp.sync();
            }
            default -> {
                for (int i = 0; i < h; i++) {
                    bsp.send(dest(me, i, p), EMPTY_TAG, word);
                }
                bsp.requestExchange();
                bsp.sync();
                while (bsp.qsize().packets() > 0) {
                    bsp.move(buffers.in, 0, 1);
                }
            }
        }
    }

    private static final byte[] EMPTY_TAG = new byte[0];

    /** @return the destination of word i of process q: q + 1 + (i mod (P-1)) mod P, q itself when P = 1 */
    static int dest(final int q, final int i, final int p) {
        return p == 1 ? q : (q + 1 + i % (p - 1)) % p;
    }

    /** @return the least-squares line through (h, T) */
    static Fit fit(final String primitive, final int[] h, final double[] t) {
        final int n = h.length;
        double mh = 0;
        double mt = 0;
        for (int k = 0; k < n; k++) {
            mh += h[k];
            mt += t[k];
        }
        mh /= n;
        mt /= n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int k = 0; k < n; k++) {
            sxy += (h[k] - mh) * (t[k] - mt);
            sxx += (h[k] - mh) * (h[k] - mh);
            syy += (t[k] - mt) * (t[k] - mt);
        }
        final double g = sxx == 0 ? 0 : sxy / sxx;
        final double l = mt - g * mh;
        double res = 0;
        double maxRes = 0;
        for (int k = 0; k < n; k++) {
            final double e = t[k] - (l + g * h[k]);
            res += e * e;
            maxRes = Math.max(maxRes, Math.abs(e));
        }
        final double r2 = syy == 0 ? 1 : 1 - res / syy;
        return new Fit(primitive, g, l, r2, maxRes, h.clone(), t.clone());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "BspParams(r=%.3e flop/s, %s, sink=%s)", rFlops, fits, sink);
    }
}
