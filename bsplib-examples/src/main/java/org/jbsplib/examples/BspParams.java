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
 * loop, y += a x) and, per communication primitive, g (time per word of an h-relation) and l (time of a superstep
 * with h = 0), fitted by least squares to the time T(h) of supersteps in which every process sends and receives h
 * words of 8 bytes. Word i of process q goes to process q + 1 + (i mod (P-1)) (mod P), never to itself (to itself
 * when P = 1), so every process sends and receives exactly h words. Primitives:
 * <ul>
 *   <li>{@code put}, {@code hpput}: one put (hpPut) per word, committed with the exact count (h);</li>
 *   <li>{@code put-block}: the words for one destination in one put (the bandwidth of large puts);</li>
 *   <li>{@code get}: one get per word (the superstep asks for the count exchange);</li>
 *   <li>{@code send}: one 8-byte BSMP message per word, moved out of the queue in the next superstep;</li>
 *   <li>{@code put-block-one} (not in {@link #PRIMITIVES}, asked for by name): <i>one sender</i>, pid 0 sends h
 *   words as put-block does and the others send nothing, so each of them receives about h/(P-1). At P = 2 this is
 *   the JMH {@code PutBandwidthBenchmark.putAndSync} pattern (one put from pid 0 to pid 1 and the sync), at P &ge; 3
 *   a one-phase broadcast's root: its g is g<sub>1</sub> of {@code Collectives.broadcastBreakEven}.</li>
 * </ul>
 *
 * <p><b>Measurement.</b> Each primitive is first warmed up with 10 supersteps alternating its largest h and h = 0.
 * Then, in each of {@code rounds} rounds, every primitive in turn and every h of its grid (ascending) gets one
 * untimed superstep and
 * {@code reps} supersteps timed one by one: a sample is the time from the end of one superstep (its {@code sync}
 * and commit) to the end of the next, the largest over the processes. T(h) is the minimum (or the median) of the
 * reps x rounds samples of h. Rounds interleave the h values and the primitives, so a slow phase of the host (the
 * JIT compiling the library's paths while the first primitive runs) spreads over all h and primitives instead of
 * bending one line. The minimum is the default: the scheduler, other work on the host and the garbage
 * collector only ever add time to a superstep, so the fastest of many single supersteps estimates the machine's own
 * cost, and it stays put when more than half the supersteps are disturbed (at load average 14 on 2 cores the
 * median of put's T(h) was 4 ms for every h up to 256, the minimum 0.1 to 0.2 ms). Its bias: it picks the
 * supersteps in which the waiting processes were still spinning, not parked (a sync costs microseconds then, a
 * hundred when one had parked), so l is the cost of a superstep on an undisturbed machine. The median (the other
 * choice) is the cost a program typically meets on a dedicated machine.
 *
 * <p><b>Fit.</b> The grid is geometric by default (0 and powers of two up to 2^14 words, 2^18 for put-block), so
 * the fit minimises the relative residuals, sum over h of ((T(h) - l - g h) / T(h))^2: with plain least squares the
 * largest h, whose absolute scatter of a few percent exceeds l, would decide l. The fit leaves out h = 0: a
 * superstep without data skips the data round of the sync (on the virtual SP2 51 µs against 101 µs for the
 * intercept of the supersteps that carry data), so T(0) lies below the line and would bend it; T(0) is reported
 * on its own ({@link Fit#emptySeconds()}), as the cost of an empty superstep.
 *
 * <p><b>r.</b> Two rates: {@link #rFlops()} with every process computing at once (each does the same DAXPY work,
 * started together after a sync; r is one process's work over the time from the first start to the last end: what
 * a superstep's computation runs at, and the rate g and l are converted to flops with, since g and l are measured
 * with every process active too), and {@link #rAloneFlops()} with one process computing at a time while the others
 * wait in {@code sync} (the speed of one core). They differ when P exceeds the cores: then the processes share
 * cores and the first is about cores / P of the second. {@link #rAggregateFlops()} is P times the first (the
 * machine's total), {@link #rMinFlops()} one process's work over the longest time one process took. On a machine that charges no computation time (a virtual machine with
 * {@code cpu=fixed}) the rates are NaN. Results are left in this object on the JVM of pid 0.
 */
public final class BspParams implements BspProgram {
    /** The primitives measured, by name. */
    public static final List<String> PRIMITIVES = List.of("put", "hpput", "put-block", "get", "send");
    /** The one-sender form of put-block: pid 0 sends h words, the others only receive (not in the default list). */
    public static final String PUT_BLOCK_ONE = "put-block-one";

    private static final int WARMUP_SUPERSTEPS = 10;
    private static final double FIRST_WARMUP_SECONDS = 0.1;
    private static final double WARMUP_SECONDS = 0.02;
    private static final double MEASURE_SECONDS = 0.05;

    private final List<String> primitives;
    private final int[] grid;
    private final int[] blockGrid;
    private final int reps;
    private final int rounds;
    private final int daxpyLength;
    private final boolean minimum;
    private volatile double rFlops;
    private volatile double rMinFlops;
    private volatile double rAloneFlops;
    private volatile double rAggregateFlops;
    private final List<Fit> fits = new ArrayList<>();
    private double sink;

    /**
     * @param primitives  names from {@link #PRIMITIVES}
     * @param grid        the h values of put, hpput, get and send: ascending, {@code >= 0}, at least two
     * @param blockGrid   the h values of put-block, as grid
     * @param reps        supersteps timed per h and round, {@code >= 1}
     * @param rounds      trials: rounds over the grid, {@code >= 1}
     * @param daxpyLength vector length of the DAXPY loop, {@code >= 1}
     * @param stat        {@code median} or {@code min}: the statistic of the samples of one h
     * @throws IllegalArgumentException naming the first bad argument and its value
     */
    public BspParams(final List<String> primitives, final int[] grid, final int[] blockGrid, final int reps,
        final int rounds, final int daxpyLength, final String stat) {
        if (!"median".equals(stat) && !"min".equals(stat)) {
            throw new IllegalArgumentException("stat=" + stat + " must be median or min");
        }
        this.minimum = "min".equals(stat);
        for (final String p : primitives) {
            if (!PRIMITIVES.contains(p) && !PUT_BLOCK_ONE.equals(p)) {
                throw new IllegalArgumentException("primitive=" + p + " is not one of " + PRIMITIVES + " or "
                    + PUT_BLOCK_ONE);
            }
        }
        checkGrid("grid", grid);
        checkGrid("blockGrid", blockGrid);
        atLeast("reps", reps, 1);
        atLeast("trials", rounds, 1);
        atLeast("daxpyLength", daxpyLength, 1);
        this.primitives = List.copyOf(primitives);
        this.grid = grid.clone();
        this.blockGrid = blockGrid.clone();
        this.reps = reps;
        this.rounds = rounds;
        this.daxpyLength = daxpyLength;
    }

    private static void atLeast(final String name, final long value, final long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + "=" + value + " must be >= " + min);
        }
    }

    private static void checkGrid(final String name, final int[] h) {
        if (h.length < 2 || h[0] < 0) {
            throw new IllegalArgumentException(name + "=" + Arrays.toString(h)
                + " must hold at least two values >= 0");
        }
        for (int k = 1; k < h.length; k++) {
            if (h[k] <= h[k - 1]) {
                throw new IllegalArgumentException(name + "=" + Arrays.toString(h) + " must be ascending");
            }
        }
    }

    /**
     * @param hmax  largest h, {@code >= 1}
     * @param hstep step, {@code >= 1}
     * @return 0, hstep, 2 hstep, ..., up to hmax
     * @throws IllegalArgumentException naming a bad argument and its value
     */
    public static int[] linearGrid(final int hmax, final int hstep) {
        atLeast("hmax", hmax, 1);
        atLeast("hstep", hstep, 1);
        final int[] h = new int[hmax / hstep + 1];
        for (int k = 0; k < h.length; k++) {
            h[k] = k * hstep;
        }
        return h;
    }

    /**
     * @param hmin the smallest h above 0, {@code >= 1}
     * @param hmax the largest h, {@code >= hmin}
     * @return 0, hmin, 2 hmin, 4 hmin, ..., and hmax (if the doubling does not reach it exactly)
     * @throws IllegalArgumentException naming a bad argument and its value
     */
    public static int[] geometricGrid(final int hmin, final int hmax) {
        atLeast("hmin", hmin, 1);
        atLeast("hmax", hmax, hmin);
        final List<Integer> h = new ArrayList<>();
        h.add(0);
        for (long v = hmin; v < hmax; v *= 2) {
            h.add((int) v);
        }
        h.add(hmax);
        return h.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * One h of a fit: the statistic kept and the spread of its samples (each the time of one superstep, the
     * largest over the processes), seconds.
     *
     * @param h              words per process
     * @param seconds        the statistic kept (median or minimum)
     * @param minSeconds     the smallest sample
     * @param medianSeconds  the median sample
     * @param maxSeconds     the largest sample
     * @param samples        how many samples
     */
    public record Point(int h, double seconds, double minSeconds, double medianSeconds, double maxSeconds,
        int samples) {
    }

    /**
     * A fitted line T(h) = l + g h for one primitive, with the fit's quality and its points.
     *
     * @param primitive           the primitive
     * @param gSeconds            g, seconds per word
     * @param lSeconds            l, seconds
     * @param r2                  the coefficient of determination of the weighted fit
     * @param maxResidualSeconds  the largest |T(h) - l - g h|
     * @param maxRelativeResidual the largest |T(h) - l - g h| / T(h)
     * @param emptySeconds        T(0), the time of a superstep without data (NaN if h = 0 was not measured)
     * @param points              the points, ascending h (those with h = 0 are not fitted when two others exist)
     */
    public record Fit(String primitive, double gSeconds, double lSeconds, double r2, double maxResidualSeconds,
        double maxRelativeResidual, double emptySeconds, List<Point> points) {
        /** Copies the points (the record stays immutable). */
        public Fit {
            points = List.copyOf(points);
        }
    }

    /** @return r: one process's DAXPY work over the time from the first start to the last end, all at once, flop/s */
    public double rFlops() {
        return rFlops;
    }

    /** @return one process's DAXPY work over the longest time a process took for it, all at once, flop/s */
    public double rMinFlops() {
        return rMinFlops;
    }

    /** @return the mean over processes of the DAXPY rate with one process computing at a time, flop/s */
    public double rAloneFlops() {
        return rAloneFlops;
    }

    /** @return P times {@link #rFlops()}: the machine's total DAXPY rate with every process computing, flop/s */
    public double rAggregateFlops() {
        return rAggregateFlops;
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
            measureRates(bsp, coll);
            final int p = bsp.nprocs();
            final int fan = Math.max(1, p - 1);
            final int blockMax = (blockGrid[blockGrid.length - 1] + fan - 1) / fan;
            final int stride = Math.max(1, Math.max(grid[grid.length - 1], blockMax));
            final double[] area = new double[p * stride];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final Buffers buffers = new Buffers(bsp.pid(), stride);
            final double[][][] samples = new double[primitives.size()][][];
            for (int j = 0; j < primitives.size(); j++) {
                final String primitive = primitives.get(j);
                final int[] hs = grid(primitive);
                samples[j] = new double[hs.length][reps * rounds];
                for (int s = 0; s < WARMUP_SUPERSTEPS; s++) {
                    superstep(bsp, primitive, s % 2 == 0 ? hs[hs.length - 1] : 0, reg, area, buffers);
                }
            }
            final double[] step = new double[reps];
            for (int round = 0; round < rounds; round++) {
                for (int j = 0; j < primitives.size(); j++) {
                    measureRound(bsp, coll, primitives.get(j), round, samples[j], step, reg, area, buffers);
                }
            }
            if (bsp.pid() == 0) {
                synchronized (fits) {
                    for (int j = 0; j < primitives.size(); j++) {
                        fits.add(fit(primitives.get(j), samples[j]));
                    }
                }
            }
            bsp.popReg(reg);
            bsp.sync();
        }
    }

    private int[] grid(final String primitive) {
        return primitive.equals("put-block") || primitive.equals(PUT_BLOCK_ONE) ? blockGrid : grid;
    }

    /** Times reps supersteps of every h of the primitive's grid into samples[k][round * reps ...]. */
    private void measureRound(final Bsp bsp, final Collectives coll, final String primitive, final int round,
        final double[][] samples, final double[] step, final Reg reg, final double[] area, final Buffers buffers) {
        final int[] hs = grid(primitive);
        for (int k = 0; k < hs.length; k++) {
            superstep(bsp, primitive, hs[k], reg, area, buffers);
            double t = bsp.time();
            for (int rep = 0; rep < reps; rep++) {
                superstep(bsp, primitive, hs[k], reg, area, buffers);
                final double now = bsp.time();
                step[rep] = now - t;
                t = now;
            }
            coll.allReduce(step, 0, reps, Math::max);
            System.arraycopy(step, 0, samples[k], round * reps, reps);
        }
    }

    /** @return the fit of one primitive to the statistic of its samples (sorted in place) */
    private Fit fit(final String primitive, final double[][] samples) {
        final int[] hs = grid(primitive);
        final List<Point> points = new ArrayList<>(hs.length);
        final double[] ts = new double[hs.length];
        for (int k = 0; k < hs.length; k++) {
            final double[] x = samples[k];
            Arrays.sort(x);
            final double median = x.length % 2 == 1 ? x[x.length / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2;
            ts[k] = minimum ? x[0] : median;
            points.add(new Point(hs[k], ts[k], x[0], median, x[x.length - 1], x.length));
        }
        final Fit f = fit(primitive, hs, ts);
        return new Fit(primitive, f.gSeconds(), f.lSeconds(), f.r2(), f.maxResidualSeconds(),
            f.maxRelativeResidual(), f.emptySeconds(), points);
    }

    /**
     * Sets the rates: one process at a time while the others wait in sync (the speed of one core), then every process
     * at once on the same work, started together after a sync and timed to the end of the last one. Timing the
     * common work from the common start is what holds when processes share cores: threads that the scheduler does
     * not preempt (virtual threads) compute one after the other at full speed, and a rate each process measured over
     * its own interval would count every core P times.
     */
    private void measureRates(final Bsp bsp, final Collectives coll) {
        double alone = 0;
        for (int q = 0; q < bsp.nprocs(); q++) {
            if (q == bsp.pid()) {
                alone = daxpyRate(bsp, q == 0 ? FIRST_WARMUP_SECONDS : WARMUP_SECONDS);
            }
            bsp.sync();
        }
        final double aloneSum = coll.allReduceDouble(alone, Double::sum);
        final double slowestAlone = coll.allReduceDouble(alone, Math::min);
        final double flopsPerPass = 2.0 * daxpyLength;
        // the work of MEASURE_SECONDS alone, in passes of 100 (none where the clock charges no computation)
        final long passes = Double.isFinite(slowestAlone) && slowestAlone > 0
            ? Math.max(100, Math.round(slowestAlone * MEASURE_SECONDS / flopsPerPass / 100) * 100) : 0;
        final double[] x = new double[daxpyLength];
        final double[] y = new double[daxpyLength];
        Arrays.fill(x, 1.0 / 3);
        bsp.sync();
        final double t0 = bsp.time();
        for (long k = 0; k < passes; k += 100) {
            daxpy(1.0 / 7, x, y, 100);
        }
        final double t1 = bsp.time();
        sink += y[daxpyLength / 2];
        final double start = coll.allReduceDouble(t0, Math::min);
        final double end = coll.allReduceDouble(t1, Math::max);
        final double longest = coll.allReduceDouble(t1 - t0, Math::max);
        if (bsp.pid() == 0) {
            final double work = passes * flopsPerPass;
            final boolean timed = passes > 0 && end > start && longest > 0;
            rAggregateFlops = timed ? bsp.nprocs() * work / (end - start) : Double.NaN;
            rFlops = timed ? work / (end - start) : Double.NaN;
            rMinFlops = timed ? work / longest : Double.NaN;
            rAloneFlops = aloneSum / bsp.nprocs();
        }
    }

    /**
     * @param warmSeconds wall time of the warm-up (until the JIT has compiled the loop)
     * @return flop/s of y += a x over vectors of daxpyLength, run for at least 50 ms of wall time and timed with
     *         {@link Bsp#time()}; NaN if that clock did not advance (a machine that charges no computation)
     */
    private double daxpyRate(final Bsp bsp, final double warmSeconds) {
        final double[] x = new double[daxpyLength];
        final double[] y = new double[daxpyLength];
        for (int i = 0; i < daxpyLength; i++) {
            x[i] = 1.0 / (i + 1);
        }
        final double a = 1.0 / 3;
        final long warm = System.nanoTime();
        while (System.nanoTime() - warm < warmSeconds * 1e9) {
            daxpy(a, x, y, 100);
        }
        long iterations = 0;
        final long w0 = System.nanoTime();
        final double t0 = bsp.time();
        do {
            daxpy(a, x, y, 100);
            iterations += 100;
        } while (System.nanoTime() - w0 < MEASURE_SECONDS * 1e9);
        final double t = bsp.time() - t0;
        sink += y[daxpyLength / 2];
        return t > 0 ? 2.0 * daxpyLength * iterations / t : Double.NaN;
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
     * block of hmax words for put-block) added the allocation to T(h) and so to g. {@code stride} words of the
     * registered area belong to each source process.
     */
    private static final class Buffers {
        final double[] word;
        final double[] block;
        final double[] in = new double[1];
        final int stride;

        Buffers(final int pid, final int stride) {
            word = new double[] {pid};
            block = new double[stride];
            this.stride = stride;
        }
    }

    /** One superstep of an h-relation with the primitive. */
    private static void superstep(final Bsp bsp, final String primitive, final int h, final Reg reg,
        final double[] area, final Buffers buffers) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int base = me * buffers.stride;
        final double[] word = buffers.word;
        switch (primitive) {
            case "put", "hpput" -> {
                for (int i = 0; i < h; i++) {
                    final int dst = dest(me, i, p);
                    if (primitive.equals("put")) {
                        bsp.put(dst, word, 0, reg, base + i, 1);
                    } else {
                        bsp.hpPut(dst, word, 0, reg, base + i, 1);
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
                    bsp.put(dest(me, k, p), block, 0, reg, base, count);
                }
                bsp.sync();
                bsp.commit(reg, Math.min(h, fan));
            }
            case PUT_BLOCK_ONE -> {
                final int fan = Math.max(1, p - 1);
                if (me == 0) {
                    for (int k = 0; k < fan && k < h; k++) {
                        bsp.put(dest(me, k, p), buffers.block, 0, reg, base, (h - k + fan - 1) / fan);
                    }
                }
                bsp.sync();
                bsp.commit(reg, oneSenderPuts(me, h, p));
            }
            case "get" -> {
                for (int i = 0; i < h; i++) {
                    bsp.get(dest(me, i, p), reg, base + i, area, base + i, 1);
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

    /** @return the puts process q receives in a superstep of put-block-one: block q - 1 of pid 0's h words, if any */
    static int oneSenderPuts(final int q, final int h, final int p) {
        if (p == 1) {
            return Math.min(h, 1);
        }
        return q > 0 && q - 1 < h ? 1 : 0;
    }

    /** @return the destination of word i of process q: q + 1 + (i mod (P-1)) mod P, q itself when P = 1 */
    static int dest(final int q, final int i, final int p) {
        return p == 1 ? q : (q + 1 + i % (p - 1)) % p;
    }

    /**
     * The line through (h, T) that minimises the relative residuals, sum of ((T - l - g h) / T)^2 (plain least
     * squares if some T is not positive), over the points with h above 0 if there are two of them, else over all.
     * The points of the result carry only h and T.
     *
     * @return the fit
     */
    static Fit fit(final String primitive, final int[] h, final double[] t) {
        final int n = h.length;
        int positiveH = 0;
        boolean positive = true;
        double empty = Double.NaN;
        for (int k = 0; k < n; k++) {
            positiveH += h[k] > 0 ? 1 : 0;
            positive &= t[k] > 0;
            if (h[k] == 0) {
                empty = t[k];
            }
        }
        final boolean skipZero = positiveH >= 2;
        final double[] w = new double[n];
        double sw = 0;
        double mh = 0;
        double mt = 0;
        for (int k = 0; k < n; k++) {
            w[k] = skipZero && h[k] == 0 ? 0 : positive ? 1 / (t[k] * t[k]) : 1;
            sw += w[k];
            mh += w[k] * h[k];
            mt += w[k] * t[k];
        }
        mh /= sw;
        mt /= sw;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int k = 0; k < n; k++) {
            sxy += w[k] * (h[k] - mh) * (t[k] - mt);
            sxx += w[k] * (h[k] - mh) * (h[k] - mh);
            syy += w[k] * (t[k] - mt) * (t[k] - mt);
        }
        final double g = sxx == 0 ? 0 : sxy / sxx;
        final double l = mt - g * mh;
        double res = 0;
        double maxRes = 0;
        double maxRel = 0;
        final List<Point> points = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            final double e = t[k] - (l + g * h[k]);
            res += w[k] * e * e;
            if (w[k] > 0) {
                maxRes = Math.max(maxRes, Math.abs(e));
                maxRel = Math.max(maxRel, t[k] == 0 ? 0 : Math.abs(e / t[k]));
            }
            points.add(new Point(h[k], t[k], t[k], t[k], t[k], 1));
        }
        final double r2 = syy == 0 ? 1 : 1 - res / syy;
        return new Fit(primitive, g, l, r2, maxRes, maxRel, empty, points);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "BspParams(r=%.3e flop/s, %s, sink=%s)", rFlops, fits, sink);
    }
}
