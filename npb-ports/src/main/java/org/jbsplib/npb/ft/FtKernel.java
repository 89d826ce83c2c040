package org.jbsplib.npb.ft;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.npb.common.HostProbe;
import org.jbsplib.npb.common.JvmActivity;
import org.jbsplib.npb.common.NpbKernel;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.jbsplib.npb.common.VerificationData;
import org.jbsplib.npb.common.Warmup;

/**
 * NAS FT on the BSP API, as an {@link NpbKernel}: runs {@link FtProgram} (after the untimed {@link Warmup} runs of
 * {@link #warmupIterations half its iterations}: NPB's own single warm-up iteration left the JIT compiling the FFT
 * kernels and the sync path inside the timed section of class W), then verifies every process's checksum
 * of every iteration against the official values with NPB's rule (relative error of the complex checksum at most
 * epsilon).
 *
 * <p>Options (in {@link BspConfig#options()}): {@value #LAYOUT} the decomposition, {@value #LANES} the lines per
 * FFT block (0: by line length; three for x, y, z; {@code plan} to measure, see {@link FtLanes}),
 * {@value #CHECKSUM} where a time step's checksum travels ({@code step}, the default: a superstep of its own, as
 * NPB's per-step reduction; {@code transpose}: on the next step's first transpose), {@value #REHEARSE} the rounds of
 * the timed section's communication that the first warm-up run rehearses ({@link #rehearsals}).
 * Stateless; found by {@link java.util.ServiceLoader}.
 */
public final class FtKernel implements NpbKernel {
    /**
     * Lines per FFT block: one value for all axes or three ({@code x:y:z}), 0 chooses by line length; {@code plan}
     * measures the candidates per axis before the timed section ({@link FtLanes}).
     */
    public static final String LANES = "ft.lanes";
    /** Decomposition: {@code 1d} (slabs), {@code 2d} (pencils) or {@code auto} (slabs while P fits nz and ny). */
    public static final String LAYOUT = "ft.layout";
    /** Where a time step's checksum travels: {@code step} (a superstep of its own, the default) or {@code transpose}. */
    public static final String CHECKSUM = "ft.checksum";
    /**
     * Rounds of the timed section's communication (every transpose's puts, sync and commit and the checksum's
     * superstep, no FFTs) rehearsed in the first warm-up run ({@link FtProgram#rehearse}): {@code auto} (the
     * default, {@link #rehearsals}) or a count, 0 for none. None without a warm-up run ({@code npb.warmup=0}).
     */
    public static final String REHEARSE = "ft.rehearse";
    /** The rounds of {@code ft.rehearse=auto} on the host for grids of up to {@link #REHEARSE_FULL_POINTS} points. */
    public static final int REHEARSE_ROUNDS = 100;
    /** The fewest rounds of {@code ft.rehearse=auto} on the host, however large the grid. */
    public static final int REHEARSE_MIN_ROUNDS = 10;
    /** Grids up to this many points (class A's) rehearse {@link #REHEARSE_ROUNDS} rounds under {@code auto}. */
    public static final long REHEARSE_FULL_POINTS = 1L << 23;

    @Override
    public String name() {
        return "ft";
    }

    @Override
    public String classes() {
        return VerificationData.load().classes("FT");
    }

    @Override
    public java.util.Set<String> optionKeys() {
        return java.util.Set.of(LANES, LAYOUT, CHECKSUM, REHEARSE);
    }

    @Override
    public long heapBytesPerProcess(final char npbClass, final BspConfig config) {
        final FtClass c = FtClass.of(VerificationData.load(), npbClass);
        final int procs = config.procs();
        final int p1 = FtPencils.rowSize(c, procs, config.options().getOrDefault(LAYOUT, "auto"));
        // space, freq, the send buffer and (pencils only) mid, each a complex number (16 bytes) per local point
        final long arrays = (p1 == 1 ? 3L : 4L) * 16 * (c.points() / procs);
        // three line FFTs (four buffers of n x lanes doubles and the twiddles), the checksum partials and outcome
        // (under plan: one block per candidate and axis while planning, and the processes' tables of times)
        final FtLanes lanes = FtLanes.parse(config.options().get(LANES));
        final int nxl = c.nx() / p1;
        final int nyl = c.ny() / p1;
        long fft = fftBytes(c.nx(), Math.min(nyl, FtPencils.lanes(c.nx(), lanes.x())))
            + fftBytes(c.ny(), Math.min(nxl, FtPencils.lanes(c.ny(), lanes.y())))
            + fftBytes(c.nz(), Math.min(nxl, FtPencils.lanes(c.nz(), lanes.z())));
        if (lanes.plan()) {
            for (final int l : FtPencils.PLAN_CANDIDATES) {
                fft += fftBytes(c.nx(), Math.min(nyl, l)) + fftBytes(c.ny(), Math.min(nxl, l))
                    + fftBytes(c.nz(), Math.min(nxl, l));
            }
            fft += 8L * 3 * FtPencils.PLAN_CANDIDATES.length * procs;
        }
        return arrays + fft + 16L * procs + 64L * c.niter() + 4096;
    }

    /**
     * @return whether option {@value #CHECKSUM} of {@code config} puts each step's checksum on the next transpose
     * @throws IllegalArgumentException naming the option and its value unless it is {@code step} or {@code transpose}
     */
    static boolean checksumOnTranspose(final BspConfig config) {
        final String v = config.options().getOrDefault(CHECKSUM, "step");
        switch (v.trim()) {
            case "step":
                return false;
            case "transpose":
                return true;
            default:
                throw new IllegalArgumentException(CHECKSUM + "=" + v + " must be step or transpose");
        }
    }

    /**
     * Option {@value #REHEARSE} of {@code config}: the rounds the first warm-up run rehearses. Why: the library's
     * per-superstep methods (the sync's data movement, {@code hpPut}, the relaxed sync's count and acknowledge
     * bookkeeping) run a few times per superstep, and FT has about ten supersteps per run, so their JIT counters
     * reached HotSpot's C2 thresholds only 10 to 15 runs into the JVM, inside the timed runs, where a compiler
     * thread takes a process's core (at P = 2 on two cores: 0.09 s of compiler CPU per timed run under rbs). A
     * rehearsal of the same puts and syncs with the same sizes costs a transpose's copies per round and no FFTs.
     * {@code auto}: {@value #REHEARSE_ROUNDS} rounds up to class A's grid, fewer for larger grids (so a rehearsal
     * copies no more than class A's), at least {@value #REHEARSE_MIN_ROUNDS}; 0 on a machine model, whose compute
     * clock a compiler thread does not advance, and at P = 1, which puts nothing. Every process, in every JVM,
     * rehearses the same rounds.
     *
     * @return the rounds, 0 for none
     * @throws IllegalArgumentException naming the option and its value unless it is {@code auto} or 0..100000
     */
    static int rehearsals(final FtClass c, final BspConfig config) {
        final String v = config.options().getOrDefault(REHEARSE, Warmup.AUTO).trim();
        if (!Warmup.AUTO.equals(v)) {
            try {
                return NpbOptions.intOption(config, REHEARSE, 0, 0, 100_000);
            } catch (final IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + " (or auto)");
            }
        }
        if (config.onMachineModel() || config.procs() == 1) {
            return 0;
        }
        final long scaled = REHEARSE_ROUNDS * REHEARSE_FULL_POINTS / c.points();
        return (int) Math.max(REHEARSE_MIN_ROUNDS, Math.min(REHEARSE_ROUNDS, scaled));
    }

    /** @return the time steps of one warm-up run of {@code c}: half of its own, at least one */
    static int warmupIterations(final FtClass c) {
        return Math.max(1, c.niter() / 2);
    }

    private static long fftBytes(final int n, final int lanes) {
        return 8L * (4L * n * FtPencils.newBlock(1, lanes).stride() + 2L * n);
    }

    @Override
    public NpbResult run(final char npbClass, final BspConfig config, final PrintStream progress) {
        final FtClass c = FtClass.of(VerificationData.load(), npbClass);
        final String layout = config.options().getOrDefault(LAYOUT, "auto");
        final int p1 = FtPencils.rowSize(c, config.procs(), layout);
        final FtLanes lanes = FtLanes.parse(config.options().get(LANES));
        final int warmIterations = warmupIterations(c);
        final boolean onTranspose = checksumOnTranspose(config);
        final int rehearsals = rehearsals(c, config);
        final int[] warmRuns = {0};
        final Warmup.Done warm = Warmup.run(config, () -> BspRuntime.run(NpbOptions.copy(config),
            new FtProgram(c, warmIterations, p1, lanes, new FtProgram.Outcome(warmIterations, config.procs()), null,
                onTranspose).rehearse(warmRuns[0]++ == 0 ? rehearsals : 0)));
        final int warmups = warm.runs();
        final FtProgram.Outcome outcome = new FtProgram.Outcome(c.niter(), config.procs());
        final HostProbe probe = HostProbe.of(config);
        probe.before();
        final RunResult run = BspRuntime.run(config, new FtProgram(c, c.niter(), p1, lanes, outcome, progress,
            onTranspose));
        probe.after();
        if (!outcome.ran(0)) {
            return null; // processes in several JVMs: the JVM of pid 0 reports
        }

        boolean verified = true;
        final double[][] sums = outcome.checksums(0);
        final List<Object> computed = new ArrayList<>();
        final List<Object> errors = new ArrayList<>();
        for (int t = 1; t <= c.niter(); t++) {
            final double err = c.relativeError(t, sums[t - 1][0], sums[t - 1][1]);
            verified &= err <= c.epsilon();
            computed.add(new double[] {sums[t - 1][0], sums[t - 1][1]});
            errors.add(err);
        }
        // Every process computes the same checksums; between JVMs only this JVM's processes are here to compare,
        // and the time is the longest of theirs.
        double seconds = 0;
        for (int p = 0; p < config.procs(); p++) {
            if (outcome.ran(p)) {
                verified &= Arrays.deepEquals(sums, outcome.checksums(p));
                seconds = Math.max(seconds, outcome.seconds()[p]);
            }
        }
        final Map<String, Object> details = new LinkedHashMap<>();
        details.put("layout", p1 == 1 ? "1d slab" : "2d pencils " + p1 + "x" + config.procs() / p1);
        details.put("checksum", onTranspose ? "transpose" : "step");
        details.put("lanes_option", lanes.toString());
        details.put("lanes", lanesInUse(outcome, config.procs()));
        if (lanes.plan()) {
            final double[] planMs = new double[config.procs()];
            for (int p = 0; p < config.procs(); p++) {
                planMs[p] = outcome.ran(p) ? outcome.planMillis(p) : Double.NaN;
            }
            details.put("lanes_plan_ms", planMs);
        }
        details.put("warmup_runs", warmups);
        details.put("warmup_iterations", warmups == 0 ? 0 : warmIterations);
        details.put("rehearsal_rounds", warmups == 0 ? 0 : rehearsals);
        details.put("warmup_compile_ms", warm.compileMillis());
        details.put("warmup_wall_ms", warm.wallMillis());
        details.put("checksums", computed);
        details.put("relative_errors", errors);
        details.put("epsilon", c.epsilon());
        details.put("process_seconds", outcome.seconds());
        details.put("phase_seconds", phaseTable(outcome, config.procs(), outcome::phaseSeconds));
        details.put("phase_cpu_seconds", phaseTable(outcome, config.procs(), outcome::phaseCpuSeconds));
        details.put("thread_times", outcome.section().threadTimes());
        if (outcome.section().jvmActivity() != null) {
            details.put(JvmActivity.DETAILS_KEY, outcome.section().jvmActivity());
        }
        probe.addTo(details);
        return new NpbResult(name(), c.name(), c.size(), c.niter(), verified, seconds, c.mops(seconds),
            outcome.section().of(run), details);
    }

    /**
     * @return the lines per FFT block along x, y and z as {@code "x:y:z"}, the same on every process of this JVM
     *     (the planner agrees on one choice; fixed blocks are the same everywhere), else each process's joined by
     *     {@code " / "}
     */
    static String lanesInUse(final FtProgram.Outcome outcome, final int procs) {
        final java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (int p = 0; p < procs; p++) {
            if (outcome.ran(p)) {
                final int[] l = outcome.lanes(p);
                seen.add(l[0] + ":" + l[1] + ":" + l[2]);
            }
        }
        return String.join(" / ", seen);
    }

    /**
     * @param perPhase a process's seconds per phase, in the order of {@link FtProgram.Outcome#PHASES}
     * @return each phase's seconds by pid, NaN for a process that did not run in this JVM
     */
    private static Map<String, Object> phaseTable(final FtProgram.Outcome outcome, final int procs,
        final IntFunction<double[]> perPhase) {
        final Map<String, Object> table = new LinkedHashMap<>();
        for (int i = 0; i < FtProgram.Outcome.PHASES.size(); i++) {
            final double[] perProcess = new double[procs];
            for (int p = 0; p < procs; p++) {
                perProcess[p] = outcome.ran(p) ? perPhase.apply(p)[i] : Double.NaN;
            }
            table.put(FtProgram.Outcome.PHASES.get(i), perProcess);
        }
        return table;
    }
}
