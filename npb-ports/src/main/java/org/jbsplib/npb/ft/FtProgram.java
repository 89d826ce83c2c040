package org.jbsplib.npb.ft;

import java.io.PrintStream;
import java.util.List;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.npb.common.ThreadTimes;
import org.jbsplib.npb.common.TimedSection;

/**
 * The BSP FT benchmark, run by every process: NPB's timed section (initial conditions, forward 3-D FFT, then per
 * iteration evolve, inverse 3-D FFT and checksum) on its {@link FtPencils} share of the grid.
 *
 * <p>Supersteps: one per transpose (an all-to-all of puts into the destination layout, registered once; one per
 * 3-D FFT in the slab layout, two in the pencil layout) and one per checksum: every process puts its partial sum to
 * every other, and all add them in pid order, so all hold the same value. By default ({@code checksumOnTranspose}
 * false) a time step's checksum has a superstep of its own, as NPB's per-step reduction and as the published
 * comparisons were measured. With {@code checksumOnTranspose} it rides on the next step's first transpose (the last
 * step's in one final superstep, none at P = 1): at P = 2 in slabs, 8 timed supersteps for class W's 6 steps instead
 * of 13. The data a superstep received is claimed
 * with {@code commit(reg, count)} right before it is first read: under the relaxed sync that is where a process
 * waits for its data, under the classic sync it checks the count.
 *
 * <p>Each process writes only its own slots of the shared {@link Outcome}; the caller reads it after the run.
 * <pre>{@code
 * FtProgram.Outcome outcome = new FtProgram.Outcome(ftClass.niter(), procs);
 * BspRuntime.run(config, new FtProgram(ftClass, ftClass.niter(), 1, 0, outcome, System.err));
 * }</pre>
 */
public final class FtProgram implements BspProgram {
    /** What the processes report: the checksums (identical on every process) and each process's time. */
    public static final class Outcome {
        /** The phases of {@link #phaseSeconds}, in its order, as NPB FT's {@code timers_enabled} names them. */
        public static final List<String> PHASES = List.of("setup", "fft_x", "fft_y", "evolve_fft_z",
            "transpose_sync", "checksum");
        private static final int SETUP = 0;
        private static final int FFT_X = 1;
        private static final int FFT_Y = 2;
        private static final int FFT_Z = 3;
        private static final int TRANSPOSE = 4;
        private static final int CHECKSUM = 5;
        private final double[][][] checksums;
        private final double[][] phaseSeconds;
        private final double[][] phaseCpuSeconds;
        private final double[] seconds;
        private final boolean[] ran;
        private final TimedSection section;
        private final int[][] lanes;
        private final double[] planMillis;

        /** @param iterations time steps run @param nprocs P */
        public Outcome(final int iterations, final int nprocs) {
            checksums = new double[nprocs][iterations][2];
            seconds = new double[nprocs];
            ran = new boolean[nprocs];
            section = new TimedSection(nprocs);
            phaseSeconds = new double[nprocs][PHASES.size()];
            phaseCpuSeconds = new double[nprocs][PHASES.size()];
            lanes = new int[nprocs][];
            planMillis = new double[nprocs];
        }

        /**
         * @param pid a process that ran in this JVM
         * @return the lines per FFT block it used along x, y and z (the planner's choice under {@code plan})
         */
        public int[] lanes(final int pid) {
            return lanes[pid].clone();
        }

        /**
         * @param pid a process that ran in this JVM
         * @return the milliseconds its planner took before the timed section (measuring and agreeing), 0 unplanned
         */
        public double planMillis(final int pid) {
            return planMillis[pid];
        }

        /**
         * @param pid a process that ran in this JVM
         * @return its thread's CPU time in each phase of {@link #phaseSeconds} ({@link ThreadTimes#cpuNanos()}),
         *     seconds, NaN where the thread has no CPU clock (a virtual thread): a phase of computation whose CPU
         *     time falls short of its wall time waited for a CPU or for memory pages
         */
        public double[] phaseCpuSeconds(final int pid) {
            return phaseCpuSeconds[pid].clone();
        }

        /**
         * @param pid a process that ran in this JVM
         * @return its time in each phase of the timed section ({@link #PHASES}), seconds by {@link Bsp#time()}: the
         *     FFTs along each axis (with the gathers and scatters that write the next layout and the send buffer),
         *     the transposes' supersteps (puts, sync and commit) and the checksum (partial sum, the last step's
         *     superstep and the reductions)
         */
        public double[] phaseSeconds(final int pid) {
            return phaseSeconds[pid].clone();
        }

        /** @return the synchronization statistics of each process's timed section */
        public TimedSection section() {
            return section;
        }

        /** @return process {@code pid}'s checksums, {@code [t-1][0]} real and {@code [t-1][1]} imaginary */
        public double[][] checksums(final int pid) {
            return checksums[pid];
        }

        /**
         * @param pid a process
         * @return whether it ran in this JVM (its checksums and time are here): all of them on the threads
         *     transport, this JVM's share between JVMs
         */
        public boolean ran(final int pid) {
            return ran[pid];
        }

        /** @return each process's time in the timed section, seconds, indexed by pid */
        public double[] seconds() {
            return seconds.clone();
        }
    }

    private final FtClass c;
    private final int iterations;
    private final int p1;
    private final FtLanes lanes;
    private final Outcome outcome;
    private final PrintStream progress;
    private final boolean checksumOnTranspose;
    private int rehearsals;
    /** A rehearsal's round in this many has a late partner ({@link #rehearse}). */
    static final int REHEARSE_LATE_EVERY = 10;
    /** How late, ns: past the waits' spinning, into their yielding. */
    static final long REHEARSE_LATE_NANOS = 2_000_000L;

    /**
     * @param c          the problem class
     * @param iterations time steps to run, {@code 1 .. c.niter()}
     * @param p1         processes per row of the process grid: 1 for slabs (see {@link FtPencils#rowSize})
     * @param lanes      lines per FFT block, 0 to choose
     * @param outcome    where every process reports
     * @param progress   where process 0 prints "iteration k of n", or {@code null}
     */
    public FtProgram(final FtClass c, final int iterations, final int p1, final int lanes, final Outcome outcome,
                     final PrintStream progress) {
        this(c, iterations, p1, lanes, outcome, progress, false);
    }

    /**
     * @param c                   the problem class
     * @param iterations          time steps to run, {@code 1 .. c.niter()}
     * @param p1                  processes per row of the process grid: 1 for slabs (see {@link FtPencils#rowSize})
     * @param lanes               lines per FFT block, 0 to choose
     * @param outcome             where every process reports
     * @param progress            where process 0 prints "iteration k of n", or {@code null}
     * @param checksumOnTranspose whether a step's checksum rides on the next step's first transpose instead of a
     *                            superstep of its own
     */
    public FtProgram(final FtClass c, final int iterations, final int p1, final int lanes, final Outcome outcome,
                     final PrintStream progress, final boolean checksumOnTranspose) {
        this(c, iterations, p1, FtLanes.of(lanes), outcome, progress, checksumOnTranspose);
    }

    /**
     * @param c                   the problem class
     * @param iterations          time steps to run, {@code 1 .. c.niter()}
     * @param p1                  processes per row of the process grid: 1 for slabs (see {@link FtPencils#rowSize})
     * @param lanes               lines per FFT block on each axis, or the planner
     * @param outcome             where every process reports
     * @param progress            where process 0 prints "iteration k of n", or {@code null}
     * @param checksumOnTranspose whether a step's checksum rides on the next step's first transpose instead of a
     *                            superstep of its own
     */
    public FtProgram(final FtClass c, final int iterations, final int p1, final FtLanes lanes, final Outcome outcome,
                     final PrintStream progress, final boolean checksumOnTranspose) {
        if (iterations < 1 || iterations > c.niter()) {
            throw new IllegalArgumentException("iterations=" + iterations + " must be in 1.." + c.niter());
        }
        this.c = c;
        this.iterations = iterations;
        this.p1 = p1;
        this.lanes = java.util.Objects.requireNonNull(lanes, "lanes");
        this.outcome = outcome;
        this.progress = progress;
        this.checksumOnTranspose = checksumOnTranspose;
    }

    /**
     * Makes this (untimed) run rehearse the communication of the timed section before its own work: {@code rounds}
     * times every transpose's puts, sync and commit and the checksum's superstep, with the same sizes, partners and
     * calls, but no FFTs; each round's first transpose ends with the count exchange ({@link Bsp#requestExchange()}),
     * as the timed section's first does under the relaxed sync, and each round ends with a superstep that registers
     * an array and moves nothing (a run's first superstep does that), before which one process in every {@value #REHEARSE_LATE_EVERY}th round is late by
     * {@value #REHEARSE_LATE_NANOS} ns (the JIT compiles what its profile saw: a branch that the rehearsal never
     * took would throw a compiled method away when the timed runs take it). It makes the JIT compile the library's per-superstep methods (called a few times per
     * superstep, so a run of the kernel advances their counters little) before the timed runs rather than inside
     * them. The registered arrays hold meaningless values afterwards; the timed section writes them all again
     * from its initial conditions on.
     *
     * @param rounds rounds to rehearse, 0 for none
     * @return this program
     * @throws IllegalArgumentException naming {@code rounds} if it is negative
     */
    public FtProgram rehearse(final int rounds) {
        if (rounds < 0) {
            throw new IllegalArgumentException("rounds=" + rounds + " must be >= 0");
        }
        this.rehearsals = rounds;
        return this;
    }

    @Override
    public void run(final Bsp bsp) {
        final int nprocs = bsp.nprocs();
        final int pid = bsp.pid();
        final FtPencils part = new FtPencils(c, nprocs, p1, pid, lanes.x(), lanes.y(), lanes.z());
        final boolean rows = part.p1() > 1;
        final double[] partials = new double[2 * nprocs];
        final Reg spaceReg = bsp.pushReg(part.space());
        final Reg midReg = rows ? bsp.pushReg(part.mid()) : spaceReg;
        final Reg freqReg = bsp.pushReg(part.freq());
        final Reg partialsReg = bsp.pushReg(partials);
        final double[] planTable = lanes.plan() ? new double[nprocs * 3 * FtPencils.PLAN_CANDIDATES.length] : null;
        final Reg planReg = lanes.plan() ? bsp.pushReg(planTable) : null;
        // hpPut (one copy, read from the source during the sync): the transposes' sources are the send buffer,
        // which only the FFTs write, and every FFT runs after the sync that ends the superstep of its puts
        final FtPencils.PutSink toSpace = (q, src, so, d, len) -> bsp.hpPut(q, src, so, spaceReg, d, len);
        final FtPencils.PutSink toMid = (q, src, so, d, len) -> bsp.hpPut(q, src, so, midReg, d, len);
        final FtPencils.PutSink toFreq = (q, src, so, d, len) -> bsp.hpPut(q, src, so, freqReg, d, len);
        final double[][] sums = outcome.checksums[pid];
        outcome.ran[pid] = true;
        bsp.sync();
        if (lanes.plan()) {
            final long planStart = System.nanoTime();
            plan(bsp, part, planTable, planReg);
            outcome.planMillis[pid] = (System.nanoTime() - planStart) / 1e6;
        }
        outcome.lanes[pid] = part.lanesInUse();
        if (rehearsals > 0) {
            final double[] scratch = new double[2];
            for (int r = 0; r < rehearsals; r++) {
                // the timed section's first transpose ends with the count exchange under the relaxed sync (no
                // commit came before it): so does each round's (a no-op under the classic sync)
                bsp.requestExchange();
                if (rows) {
                    part.forwardXPuts(toMid);
                    bsp.sync();
                    bsp.commit(midReg, part.forwardXPutCount());
                }
                part.forwardYPuts(toFreq);
                bsp.sync();
                bsp.commit(freqReg, part.forwardYPutCount());
                part.inverseZPuts(toMid);
                if (checksumOnTranspose) {
                    sendPartials(bsp, partials, partialsReg);
                }
                bsp.sync();
                bsp.commit(midReg, part.inverseZPutCount());
                if (checksumOnTranspose) {
                    sumPartials(bsp, partials, partialsReg, scratch);
                }
                if (rows) {
                    part.inverseYPuts(toSpace);
                    bsp.sync();
                    bsp.commit(spaceReg, part.inverseYPutCount());
                }
                if (!checksumOnTranspose) {
                    sendPartials(bsp, partials, partialsReg);
                    bsp.sync();
                    sumPartials(bsp, partials, partialsReg, scratch);
                }
                // what the timed runs also meet, so that the JIT's profile holds it and no compiled method is
                // thrown away for it there: a superstep that registers and moves nothing (as a run's first), and in
                // every REHEARSE_LATE_EVERY-th round a partner late by REHEARSE_LATE_NANOS (as the FFTs' imbalance
                // makes one process wait for another)
                final boolean lateRound = r % REHEARSE_LATE_EVERY == REHEARSE_LATE_EVERY / 2;
                if (lateRound && pid == (r / REHEARSE_LATE_EVERY) % nprocs) {
                    final long until = System.nanoTime() + REHEARSE_LATE_NANOS;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                }
                final Reg tiny = bsp.pushReg(scratch);
                bsp.sync();
                bsp.popReg(tiny); // takes effect with the next round's first transpose
            }
            bsp.sync(); // the last round's popReg
        }

        outcome.section.start(bsp);
        final double start = bsp.time();
        final double[] phases = outcome.phaseSeconds[pid];
        final PhaseCpu cpu = new PhaseCpu(outcome.phaseCpuSeconds[pid]);
        double t0 = start;
        part.initialConditions();
        t0 = lap(bsp, phases, cpu, Outcome.SETUP, t0);
        part.forwardX();
        t0 = lap(bsp, phases, cpu, Outcome.FFT_X, t0);
        if (rows) {
            part.forwardXPuts(toMid);
            bsp.sync();
            bsp.commit(midReg, part.forwardXPutCount());
            t0 = lap(bsp, phases, cpu, Outcome.TRANSPOSE, t0);
        }
        part.forwardY();
        t0 = lap(bsp, phases, cpu, Outcome.FFT_Y, t0);
        part.forwardYPuts(toFreq);
        bsp.sync();
        bsp.commit(freqReg, part.forwardYPutCount());
        t0 = lap(bsp, phases, cpu, Outcome.TRANSPOSE, t0);
        part.forwardZ();
        t0 = lap(bsp, phases, cpu, Outcome.FFT_Z, t0);
        for (int t = 1; t <= iterations; t++) {
            part.evolveInverseZ(t);
            t0 = lap(bsp, phases, cpu, Outcome.FFT_Z, t0);
            part.inverseZPuts(toMid);
            final boolean ride = checksumOnTranspose && t > 1;
            if (ride) {
                sendPartials(bsp, partials, partialsReg); // step t-1's checksum rides on this transpose
            }
            bsp.sync();
            bsp.commit(midReg, part.inverseZPutCount());
            if (ride) {
                sumPartials(bsp, partials, partialsReg, sums[t - 2]);
            }
            t0 = lap(bsp, phases, cpu, Outcome.TRANSPOSE, t0);
            part.inverseY();
            t0 = lap(bsp, phases, cpu, Outcome.FFT_Y, t0);
            if (rows) {
                part.inverseYPuts(toSpace);
                bsp.sync();
                bsp.commit(spaceReg, part.inverseYPutCount());
                t0 = lap(bsp, phases, cpu, Outcome.TRANSPOSE, t0);
            }
            part.inverseX();
            t0 = lap(bsp, phases, cpu, Outcome.FFT_X, t0);
            part.partialChecksum(partials, 2 * pid);
            if (!checksumOnTranspose) {
                sendPartials(bsp, partials, partialsReg);
                bsp.sync();
                sumPartials(bsp, partials, partialsReg, sums[t - 1]);
            }
            t0 = lap(bsp, phases, cpu, Outcome.CHECKSUM, t0);
            if (progress != null && pid == 0) {
                progress.printf("FT class %c: iteration %d of %d%n", c.name(), t, iterations);
            }
            t0 = bsp.time();
            cpu.skip();
        }
        if (checksumOnTranspose) {
            sendPartials(bsp, partials, partialsReg);
            if (nprocs > 1) {
                bsp.sync();
            }
            sumPartials(bsp, partials, partialsReg, sums[iterations - 1]);
            lap(bsp, phases, cpu, Outcome.CHECKSUM, t0);
        }
        outcome.seconds[pid] = bsp.time() - start;
        outcome.section.stop(bsp);
    }

    /** Lines per axis and candidate that the planner times (whole blocks: 32 blocks of 4 lines, 2 of 64). */
    static final int PLAN_LINES = 128;
    /** Rounds of the planner; it keeps each candidate's least time. */
    static final int PLAN_ROUNDS = 4;

    /**
     * The planner, before the timed section (NPB's timer covers the initial conditions, so nothing of the run can
     * come before them inside it): every process times each axis's block FFT for each candidate
     * ({@link FtPencils#planTimes}, on its arrays while they still hold zeros), puts its table to every other in
     * one superstep, and all pick, per axis, the candidate whose slowest process is fastest (ties to the smaller
     * block). All processes so choose the same blocks from the same numbers, and the choice fits the slowest
     * process, which the transposes wait for.
     */
    private static void plan(final Bsp bsp, final FtPencils part, final double[] table, final Reg reg) {
        final int nprocs = bsp.nprocs();
        final int k = FtPencils.PLAN_CANDIDATES.length;
        final int row = 3 * k;
        final long[][] nanos = part.planTimes(PLAN_LINES, PLAN_ROUNDS);
        final int own = bsp.pid() * row;
        for (int axis = 0; axis < 3; axis++) {
            for (int i = 0; i < k; i++) {
                table[own + axis * k + i] = nanos[axis][i];
            }
        }
        for (int q = 0; q < nprocs; q++) {
            if (q != bsp.pid()) {
                bsp.put(q, table, own, reg, own, row);
            }
        }
        bsp.sync();
        final int[] chosen = new int[3];
        for (int axis = 0; axis < 3; axis++) {
            double best = Double.MAX_VALUE;
            for (int i = 0; i < k; i++) {
                double slowest = 0;
                for (int q = 0; q < nprocs; q++) {
                    slowest = Math.max(slowest, table[q * row + axis * k + i]);
                }
                if (slowest < best) {
                    best = slowest;
                    chosen[axis] = FtPencils.PLAN_CANDIDATES[i];
                }
            }
        }
        part.useLanes(chosen[0], chosen[1], chosen[2]);
    }

    /**
     * Adds the time since {@code t0} to {@code phases[phase]} and the thread's CPU time since the last lap to
     * {@code cpu.seconds[phase]}; returns now.
     */
    private static double lap(final Bsp bsp, final double[] phases, final PhaseCpu cpu, final int phase,
                              final double t0) {
        final double now = bsp.time();
        phases[phase] += now - t0;
        cpu.lap(phase);
        return now;
    }

    /** A process's CPU time per phase ({@link ThreadTimes#cpuNanos()}), NaN where the thread has no CPU clock. */
    private static final class PhaseCpu {
        private final double[] seconds;
        private long mark;

        PhaseCpu(final double[] seconds) {
            this.seconds = seconds;
            this.mark = ThreadTimes.cpuNanos();
            if (mark < 0) {
                java.util.Arrays.fill(seconds, Double.NaN);
            }
        }

        void lap(final int phase) {
            if (mark >= 0) {
                final long now = ThreadTimes.cpuNanos();
                seconds[phase] += (now - mark) / 1e9;
                mark = now;
            }
        }

        /** Starts the next phase from now (after work that no phase counts). */
        void skip() {
            if (mark >= 0) {
                mark = ThreadTimes.cpuNanos();
            }
        }
    }

    /**
     * The checksum collective's first half: this process's partial sum (written by
     * {@link FtPencils#partialChecksum}) to every other, as buffered puts (16 bytes: copying them at the call costs
     * nothing, and the rule of hpPut need not be argued for them).
     */
    private static void sendPartials(final Bsp bsp, final double[] partials, final Reg partialsReg) {
        final int nprocs = bsp.nprocs();
        final int pid = bsp.pid();
        for (int d = 1; d < nprocs; d++) {
            bsp.put((pid + d) % nprocs, partials, 2 * pid, partialsReg, 2 * pid, 2);
        }
    }

    /** Its second half, after the superstep of {@link #sendPartials}: the same sum, in pid order, everywhere. */
    private void sumPartials(final Bsp bsp, final double[] partials, final Reg partialsReg, final double[] out) {
        final int nprocs = bsp.nprocs();
        if (nprocs > 1) {
            bsp.commit(partialsReg, nprocs - 1);
        }
        double re = 0;
        double im = 0;
        for (int p = 0; p < nprocs; p++) {
            re += partials[2 * p];
            im += partials[2 * p + 1];
        }
        out[0] = re / c.points();
        out[1] = im / c.points();
    }
}
