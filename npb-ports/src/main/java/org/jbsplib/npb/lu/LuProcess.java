package org.jbsplib.npb.lu;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

import org.jbsplib.api.Bsp;
import org.jbsplib.npb.common.SyncTimeline;
import org.jbsplib.npb.common.TimedSection;

/**
 * One process of the NAS LU benchmark: the SSOR solver of the 5-equation system on this process's block of the
 * x–y plane (all of z), with the communication of the NPB MPI version written as BSP supersteps of puts. This
 * class is the driver, NPB's {@code applu.f} and {@code ssor.f}; the work lies in parts named after NPB's files:
 * {@link LuExact} (exact, setbv, setiv), {@link LuRhs} (rhs, erhs), {@link LuJacobians} (jacld, jacu),
 * {@link LuTriangular} (blts, buts), {@link LuExchange} (exchange_1, 3 to 6, the all-reduce) and
 * {@link LuNorms} (l2norm, error, pintgr). They share this block's arrays and geometry ({@link LuBlock}).
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process. With {@code bsp == null} it is the serial twin
 * ({@link LuSerialTwin}): a 1×1 process grid whose supersteps do nothing, used as the check of the parallel runs.
 *
 * <p><b>Supersteps.</b> The lower (blts) and upper (buts) sweeps take {@link #stagesPerSweep} supersteps each: in
 * stage s a process handles group {@code s - depth} of {@code planes} consecutive k-planes (NPB's pipeline has
 * one), where depth is its distance from the wavefront's corner, after reading what its upstream neighbours put
 * in stage s - 1. Larger groups mean fewer supersteps and a longer fill and drain of the pipeline.
 *
 * <pre>{@code
 * LuProcess p = new LuProcess(LuClass.of('S'), LuDecomposition.of(1, 0, 12, 12), null, null);
 * p.benchmark();
 * boolean ok = p.verified();
 * }</pre>
 */
final class LuProcess extends LuBlock {
    /**
     * The phases of {@link #phaseSeconds}, in its order, after NPB LU's timers ({@code timer.flag}): rhs (with its
     * halo exchange), blts and buts (each with its jacld or jacu), the wavefronts' communication and syncs, l2norm
     * (with its reduction), and the scaling and update of rsd and u.
     */
    static final List<String> PHASES = List.of("rhs", "blts", "buts", "lower_comm", "upper_comm", "l2norm",
        "update");
    private static final int RHS = 0;
    private static final int BLTS = 1;
    private static final int BUTS = 2;
    private static final int LOWER_COMM = 3;
    private static final int UPPER_COMM = 4;
    private static final int L2NORM = 5;
    private static final int UPDATE = 6;

    private final Bsp bsp;
    private final PrintStream progress;
    private final LuExchange exchange;
    private final LuExact exact;
    private final LuRhs rhs;
    private final LuTriangular triangular;
    private final LuNorms norms;
    private final int planes;

    private final double[] rsdnm = new double[5];
    private final double[] delunm = new double[5];
    private final double[] errnm = new double[5];
    private double frc;
    private double seconds;
    private final long[] phaseNanos = new long[PHASES.size()];
    private long mark;
    private int steps;
    private TimedSection section;
    private SyncTimeline timeline;

    /**
     * @param cls      the benchmark class
     * @param dec      this process's block; must match {@code bsp}'s pid and nprocs
     * @param bsp      the process's BSP context, or {@code null} for the serial twin (P = 1)
     * @param progress where process 0 prints the time steps, or {@code null}
     */
    LuProcess(final LuClass cls, final LuDecomposition dec, final Bsp bsp, final PrintStream progress) {
        this(cls, dec, bsp, progress, 1);
    }

    /**
     * @param cls      the benchmark class
     * @param dec      this process's block; must match {@code bsp}'s pid and nprocs
     * @param bsp      the process's BSP context, or {@code null} for the serial twin (P = 1)
     * @param progress where process 0 prints the time steps, or {@code null}
     * @param planes   k-planes per wavefront stage, {@code 1 .. nz - 2} (1 is NPB's pipeline)
     */
    LuProcess(final LuClass cls, final LuDecomposition dec, final Bsp bsp, final PrintStream progress,
              final int planes) {
        super(cls, matching(dec, bsp));
        if (planes < 1 || planes > cls.nz() - 2) {
            throw new IllegalArgumentException("planes=" + planes + " must be in 1.." + (cls.nz() - 2)
                + " (the interior k-planes of class " + cls.name() + ")");
        }
        this.planes = planes;
        this.bsp = bsp;
        this.progress = dec.pid() == 0 ? progress : null;
        exchange = new LuExchange(this, bsp, planes);
        exact = new LuExact(this);
        rhs = new LuRhs(this, exact, exchange);
        triangular = new LuTriangular(this, new LuJacobians(this));
        norms = new LuNorms(this, exact, exchange);
    }

    /** @return dec, if it matches bsp's pid and nprocs (P = 1 for the serial twin) */
    private static LuDecomposition matching(final LuDecomposition dec, final Bsp bsp) {
        if (bsp == null ? dec.nprocs() != 1 : bsp.nprocs() != dec.nprocs() || bsp.pid() != dec.pid()) {
            throw new IllegalArgumentException("decomposition " + dec + " does not match bsp "
                + (bsp == null ? "null (serial twin needs P=1)" : "pid=" + bsp.pid() + " nprocs=" + bsp.nprocs()));
        }
        return dec;
    }

    // ================================================================== driver

    /** Records the synchronization statistics of the timed SSOR iterations in {@code s} (BSP runs only). */
    void timedBy(final TimedSection s) {
        if (bsp == null) {
            throw new IllegalStateException("the serial twin has no BSP statistics");
        }
        section = s;
    }

    /** Records each sync and commit of the timed SSOR iterations in {@code line} (BSP runs only). */
    void splitSyncsInto(final SyncTimeline line) {
        timeline = line;
        exchange.recordInto(line);
    }

    /**
     * Runs the benchmark as NPB does: set up, one warm-up SSOR iteration, reset, the timed SSOR iterations, then
     * the error norms and the surface integral. Collective: every process of the run calls it.
     */
    void benchmark() {
        exchange.register();
        setbv();
        setiv();
        erhs();
        ssor(1);
        setbv();
        setiv();
        ssor(cls.itmax());
        finish();
    }

    /** @return the residual norms after the last SSOR iteration (NPB's xcr) */
    double[] rsdnm() {
        return rsdnm.clone();
    }

    /** @return the error norms against the exact solution (NPB's xce) */
    double[] errnm() {
        return errnm.clone();
    }

    /** @return the surface integral (NPB's xci) */
    double frc() {
        return frc;
    }

    /**
     * @return this process's host seconds ({@link System#nanoTime}, also on a machine model, whose clock it leaves
     *     alone) in each phase of {@link #PHASES} during the last {@link #ssor} (the timed one after
     *     {@link #benchmark}); their sum is the SSOR loop's time
     */
    double[] phaseSeconds() {
        final double[] s = new double[phaseNanos.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = phaseNanos[i] * 1e-9;
        }
        return s;
    }

    /** @return the time of the SSOR iterations, the maximum over processes, in seconds */
    double seconds() {
        return seconds;
    }

    /** @return the SSOR iterations done by the timed run */
    int steps() {
        return steps;
    }

    /** @return the syncs this process has called */
    long syncs() {
        return exchange.syncs();
    }

    /** @return whether xcr, xce and xci are within epsilon of the official values */
    boolean verified() {
        return Math.abs(dt - cls.dt()) <= cls.epsilon() && cls.verify(rsdnm, errnm, frc);
    }

    // ================================================================== exact solution, boundary, initial values

    /** Writes the exact solution at global point (gi, gj, k) into {@code out[off .. off + 5)}. */
    void exact(final int gi, final int gj, final int k, final double[] out, final int off) {
        exact.exact(gi, gj, k, out, off);
    }

    /** Sets u on the six faces of the global domain (those this block touches) to the exact solution. */
    void setbv() {
        exact.setbv();
    }

    /** Sets the interior of u by transfinite interpolation of the boundary values. */
    void setiv() {
        exact.setiv();
    }

    /** Computes the forcing term frct from the exact solution; one superstep. */
    void erhs() {
        rhs.erhs();
    }

    /** The RMS norms of v over the interior of the global grid; one reduction superstep. */
    void l2norm(final double[] v, final double[] sum) {
        norms.l2norm(v, sum);
    }

    // ================================================================== SSOR

    /** NPB's SSOR: {@code niter} iterations of the lower and upper sweeps, the update of u and the new residual. */
    void ssor(final int niter) {
        final double tmp = 1.0 / (omega * (2.0 - omega));
        rhs.rhs();
        l2norm(rsd, rsdnm);
        if (section != null) {
            section.start(bsp);
        }
        if (timeline != null) {
            timeline.start(bsp.pid());
        }
        final double start = now();
        Arrays.fill(phaseNanos, 0L);
        mark = System.nanoTime();
        int istep = 1;
        for (; istep <= niter; istep++) {
            if (progress != null && niter > 1 && (istep % 20 == 0 || istep == cls.itmax() || istep == 1)) {
                progress.printf("LU class %c: iteration %d of %d%n", cls.name(), istep, niter);
            }
            scale(dt);
            lap(UPDATE);
            lowerSweep();
            upperSweep();
            update(tmp);
            lap(UPDATE);
            if (istep % cls.itmax() == 0) {
                l2norm(rsd, delunm);
                lap(L2NORM);
            }
            rhs.rhs();
            lap(RHS);
            if (istep % cls.itmax() == 0 || istep == cls.itmax()) {
                l2norm(rsd, rsdnm);
                lap(L2NORM);
            }
            if (converged()) {
                if (progress != null) {
                    progress.printf("LU class %c: converged after %d iterations%n", cls.name(), istep);
                }
                break;
            }
        }
        seconds = now() - start;
        if (timeline != null) {
            timeline.stop(bsp.pid());
        }
        if (section != null) {
            section.stop(bsp);
        }
        steps = Math.min(istep, niter);
    }

    /** @return whether every residual norm is below its tolerance (NPB's tolrsd) */
    private boolean converged() {
        final double[] tol = cls.tolrsd();
        for (int m = 0; m < 5; m++) {
            if (!(rsdnm[m] < tol[m])) {
                return false;
            }
        }
        return true;
    }

    /** rsd = factor * rsd over the interior points. */
    private void scale(final double factor) {
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                final int from = at(ist, j, k);
                final int to = at(iend, j, k) + 5;
                for (int p = from; p < to; p++) {
                    rsd[p] = factor * rsd[p];
                }
            }
        }
    }

    /** u = u + factor * rsd over the interior points. */
    private void update(final double factor) {
        for (int k = 1; k < nz - 1; k++) {
            for (int j = jst; j <= jend; j++) {
                final int from = at(ist, j, k);
                final int to = at(iend, j, k) + 5;
                for (int p = from; p < to; p++) {
                    u[p] = u[p] + factor * rsd[p];
                }
            }
        }
    }

    /** @return the k-planes per wavefront stage */
    int planes() {
        return planes;
    }

    /** @return the wavefront stages of one sweep: groups of {@code planes} k-planes, pipelined over the grid */
    int stagesPerSweep() {
        return dec.stages(groups());
    }

    /** @return the groups of consecutive interior k-planes, one per stage of a process */
    private int groups() {
        return (nz - 2 + planes - 1) / planes;
    }

    /** The lower wavefront: one superstep per stage, planes 1 + (stage - depth) * planes onwards when they exist. */
    private void lowerSweep() {
        final int depth = dec.lowerDepth();
        final int groups = groups();
        final int stages = dec.stages(groups);
        for (int s = 0; s < stages; s++) {
            final int q = s - depth;
            if (q >= 0 && q < groups) {
                final int first = 1 + q * planes;
                final int count = Math.min(planes, nz - 1 - first);
                exchange.awaitLower(count);
                for (int slot = 0; slot < count; slot++) {
                    exchange.receiveLower(first + slot, slot);
                    lap(LOWER_COMM);
                    triangular.blts(first + slot);
                    lap(BLTS);
                    exchange.sendLower(first + slot, slot);
                }
            }
            exchange.sync();
            lap(LOWER_COMM);
        }
    }

    /** The upper wavefront, from the south-east corner and the top plane back. */
    private void upperSweep() {
        final int depth = dec.upperDepth();
        final int groups = groups();
        final int stages = dec.stages(groups);
        for (int s = 0; s < stages; s++) {
            final int q = s - depth;
            if (q >= 0 && q < groups) {
                final int first = nz - 2 - q * planes;
                final int count = Math.min(planes, first);
                exchange.awaitUpper(count);
                for (int slot = 0; slot < count; slot++) {
                    exchange.receiveUpper(first - slot, slot);
                    lap(UPPER_COMM);
                    triangular.buts(first - slot);
                    lap(BUTS);
                    exchange.sendUpper(first - slot, slot);
                }
            }
            exchange.sync();
            lap(UPPER_COMM);
        }
    }

    /** Adds the host time since the last lap to {@code phase}. */
    private void lap(final int phase) {
        final long now = System.nanoTime();
        phaseNanos[phase] += now - mark;
        mark = now;
    }

    // ================================================================== error norms, surface integral, time

    /** The error norms, the surface integral and the time, all reduced in one final superstep. */
    private void finish() {
        final double[] part = new double[LuExchange.GATHER];
        norms.errorSums(part);
        norms.pintgr(part);
        part[8] = seconds;
        exchange.allReduce(part);
        final double cells = (double) (nx0 - 2) * (ny0 - 2) * (nz - 2);
        for (int m = 0; m < 5; m++) {
            errnm[m] = Math.sqrt(part[m] / cells);
        }
        frc = 0.25 * (dxi * deta * part[5] + dxi * dzeta * part[6] + deta * dzeta * part[7]);
        seconds = part[8];
    }

    /** @return seconds on the run's clock (Bsp.time(): virtual on a machine model), or the host's for the serial twin */
    private double now() {
        return bsp == null ? System.nanoTime() * 1e-9 : bsp.time();
    }
}
