package org.jbsplib.npb.lu;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.npb.common.HostProbe;
import org.jbsplib.npb.common.JvmActivity;
import org.jbsplib.npb.common.NpbKernel;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.jbsplib.npb.common.SyncTimeline;
import org.jbsplib.npb.common.TimedSection;
import org.jbsplib.npb.common.Warmup;

/**
 * NAS LU on the BSP API: the pipelined SSOR wavefront over NPB's 2-D process grid, for P a power of two.
 * Found by {@link java.util.ServiceLoader} as the {@code lu} kernel of {@code ./bsp npb}.
 *
 * <p>Before the measured run come the untimed {@link Warmup} runs, each the class shortened to
 * {@link #warmupIterations half its iterations}: NPB's own single warm-up iteration leaves the JIT compiling
 * inside the timed section (class W at P = 2 ran its first 140 of 300 iterations slower than the rest).
 *
 * <p>Option {@value #PLANES} sets the k-planes per stage of the wavefront sweeps: NPB's pipeline has one, more
 * compute bitwise the same in fewer, longer supersteps (the pipeline's fill and drain grow with them).
 *
 * <p>Thread-safe: each {@link #run} is an independent BSP run.
 *
 * <pre>{@code
 * NpbResult r = new LuKernel().run('S', new BspConfig().procs(4).syncMode("rbs"), System.out);
 * }</pre>
 */
public final class LuKernel implements NpbKernel {
    /** k-planes per stage of the wavefront sweeps ({@code 1 .. nz - 2}); default {@value #DEFAULT_PLANES}. */
    public static final String PLANES = "lu.planes";
    /** NPB's pipeline: one k-plane per stage. */
    public static final int DEFAULT_PLANES = 1;

    /**
     * {@code on}: split each timed superstep's sync time into waiting and protocol overhead ({@link SyncTimeline},
     * the JSON's {@code details.sync_split}); {@code off} (default): not recorded.
     */
    public static final String SYNC_SPLIT = "lu.syncsplit";

    @Override
    public java.util.Set<String> optionKeys() {
        return java.util.Set.of(PLANES, SYNC_SPLIT);
    }

    /**
     * @return whether option {@value #SYNC_SPLIT} of {@code config} asks for the split
     * @throws IllegalArgumentException naming the option and its value unless it is {@code on} or {@code off}
     */
    static boolean syncSplit(final BspConfig config) {
        final String v = config.options().getOrDefault(SYNC_SPLIT, "off").trim();
        if (!"on".equals(v) && !"off".equals(v)) {
            throw new IllegalArgumentException(SYNC_SPLIT + "=" + v + " must be on or off");
        }
        return "on".equals(v);
    }

    @Override
    public String name() {
        return "lu";
    }

    @Override
    public String classes() {
        return LuClass.names();
    }

    @Override
    public NpbResult run(final char npbClass, final BspConfig config, final PrintStream progress) {
        final LuClass cls = LuClass.of(npbClass);
        final LuClass warm = shortened(cls, warmupIterations(cls));
        final Warmup.Done done = Warmup.run(config, () -> run(warm, NpbOptions.copy(config), null));
        final int warmups = done.runs();
        final HostProbe probe = HostProbe.of(config);
        probe.before();
        final NpbResult r = run(cls, config, progress);
        probe.after();
        if (r == null) {
            return null;
        }
        final Map<String, Object> details = new LinkedHashMap<>(r.details());
        details.put("warmup_runs", warmups);
        details.put("warmup_iterations", warmups == 0 ? 0 : warm.itmax());
        details.put("warmup_compile_ms", done.compileMillis());
        details.put("warmup_wall_ms", done.wallMillis());
        probe.addTo(details);
        return new NpbResult(r.kernel(), r.npbClass(), r.size(), r.iterations(), r.verified(), r.seconds(), r.mops(),
            r.run(), details);
    }

    /** @return the SSOR iterations of one warm-up run of {@code cls}: half of its own, at least one */
    static int warmupIterations(final LuClass cls) {
        return Math.max(1, cls.itmax() / 2);
    }

    /** @return {@code cls} with {@code iterations} SSOR iterations instead of its own (verification will not hold) */
    static LuClass shortened(final LuClass cls, final int iterations) {
        return new LuClass(cls.name(), cls.nx(), cls.ny(), cls.nz(), iterations, cls.dt(), cls.omega(), cls.tolrsd(),
            cls.xcrRef(), cls.xceRef(), cls.xciRef(), cls.epsilon(), cls.mops());
    }

    @Override
    public long heapBytesPerProcess(final char npbClass, final BspConfig config) {
        final LuClass cls = LuClass.of(npbClass);
        final LuDecomposition dec = LuDecomposition.of(config.procs(), 0, cls.nx(), cls.ny());
        // a block is at most one point wider than pid 0's; 2 ghost points on each side, 5 unknowns per point
        final long nxl = dec.nx() + 1;
        final long nyl = dec.ny() + 1;
        final long plane = (nxl + 4) * (nyl + 4) * 5;
        // u, rsd, frct, flux and two planes of velocities; four halos and the send buffer; the gather of norms
        final long doubles = 4 * plane * cls.nz() + 2 * plane + 3 * 2 * 5 * Math.max(nxl, nyl) * cls.nz()
            + 2 * 2 * 5 * Math.min(nxl, nyl) * cls.nz() + 9L * config.procs();
        return 8 * doubles + 64 * 1024;
    }

    /** Runs {@code cls}, which tests may shorten (fewer iterations); see {@link #run(char, BspConfig, PrintStream)}. */
    static NpbResult run(final LuClass cls, final BspConfig config, final PrintStream progress) {
        // fail before starting threads if the grid cannot be split over P
        LuDecomposition.of(config.procs(), 0, cls.nx(), cls.ny());
        final int planes = planes(cls, config);
        final AtomicReference<LuProcess> first = new AtomicReference<>();
        final TimedSection section = new TimedSection(config.procs());
        final SyncTimeline line = syncSplit(config) ? new SyncTimeline(config.procs()) : null;
        final double[][] phases = new double[config.procs()][];
        final RunResult run = BspRuntime.run(config, bsp -> {
            final LuDecomposition dec = LuDecomposition.of(bsp.nprocs(), bsp.pid(), cls.nx(), cls.ny());
            final LuProcess p = new LuProcess(cls, dec, bsp, progress, planes);
            p.timedBy(section);
            if (line != null) {
                p.splitSyncsInto(line);
            }
            p.benchmark();
            phases[bsp.pid()] = p.phaseSeconds();
            if (bsp.pid() == 0) {
                first.set(p);
            }
        });
        if (first.get() == null) {
            return null; // processes in several JVMs: the JVM of pid 0 reports
        }
        final NpbResult r = result(cls, first.get(), section.of(run));
        final Map<String, Object> details = new LinkedHashMap<>(r.details());
        details.put("thread_times", section.threadTimes());
        if (section.jvmActivity() != null) {
            details.put(JvmActivity.DETAILS_KEY, section.jvmActivity());
        }
        details.put("phase_seconds", phaseTable(phases));
        if (line != null) {
            details.put("sync_split", line.summary());
        }
        return new NpbResult(r.kernel(), r.npbClass(), r.size(), r.iterations(), r.verified(), r.seconds(), r.mops(),
            r.run(), details);
    }

    /**
     * @param phases each process's seconds per phase ({@link LuProcess#phaseSeconds}), null for a process of
     *     another JVM
     * @return each phase of {@link LuProcess#PHASES} with its seconds by pid, NaN for a process of another JVM
     */
    static Map<String, Object> phaseTable(final double[][] phases) {
        final Map<String, Object> table = new LinkedHashMap<>();
        for (int i = 0; i < LuProcess.PHASES.size(); i++) {
            final double[] perProcess = new double[phases.length];
            for (int p = 0; p < phases.length; p++) {
                perProcess[p] = phases[p] == null ? Double.NaN : phases[p][i];
            }
            table.put(LuProcess.PHASES.get(i), perProcess);
        }
        return table;
    }

    /** @return the {@link #PLANES} option of {@code config}, validated against {@code cls} */
    static int planes(final LuClass cls, final BspConfig config) {
        return NpbOptions.intOption(config, PLANES, DEFAULT_PLANES, 1, cls.nz() - 2);
    }

    /** @return the NPB result of a finished run whose process 0 is {@code p} ({@code run} null for the twin) */
    static NpbResult result(final LuClass cls, final LuProcess p, final RunResult run) {
        final Map<String, Object> details = new LinkedHashMap<>();
        final int procs = run == null ? 1 : run.config().procs();
        final LuDecomposition grid = LuDecomposition.of(procs, 0, cls.nx(), cls.ny());
        details.put("procGrid", grid.xdim() + "x" + grid.ydim());
        details.put("planes_per_stage", p.planes());
        details.put("stages_per_sweep", p.stagesPerSweep());
        details.put("supersteps", run == null ? new long[] {p.syncs() + 1} : run.supersteps());
        details.put("dt", cls.dt());
        details.put("omega", cls.omega());
        details.put("epsilon", cls.epsilon());
        details.put("xcr", p.rsdnm());
        details.put("xcrRef", cls.xcrRef().clone());
        details.put("xce", p.errnm());
        details.put("xceRef", cls.xceRef().clone());
        details.put("xci", p.frc());
        details.put("xciRef", cls.xciRef());
        final double seconds = p.seconds();
        return new NpbResult("lu", cls.name(), cls.size(), p.steps(), p.verified(), seconds,
            seconds > 0 ? cls.mops(seconds) : 0.0, run, details);
    }

    /** Runs the serial twin (P = 1, no BSP runtime): the check of the parallel runs. */
    static NpbResult serial(final char npbClass, final PrintStream progress) {
        return serial(LuClass.of(npbClass), progress);
    }

    /** Runs the serial twin of {@code cls}. */
    static NpbResult serial(final LuClass cls, final PrintStream progress) {
        return result(cls, LuSerialTwin.run(cls, progress), null);
    }
}
