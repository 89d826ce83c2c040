package org.jbsplib.npb.common;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.Machines;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.cli.RunOptions;
import org.jbsplib.core.sync.ClassicSync;
import org.jbsplib.core.sync.SyncSpec;

/**
 * The NPB-style report of an {@link NpbResult}: the text block NPB prints at the end of a run, extended with the
 * BSP synchronization breakdown (means over processes: T_sync, and for the classic sync T_barrier and T_comm),
 * and the same facts as a JSON object. The kernels measure the breakdown over their timed section
 * ({@link TimedSection}), the code "Time in seconds" covers; "Supersteps" counts the whole run's.
 *
 * <p>Stateless.
 * <pre>{@code
 * System.out.print(NpbReport.text(result));
 * Json.writeFile("ft.json", NpbReport.json(result));
 * }</pre>
 */
public final class NpbReport {
    private NpbReport() {
    }

    /** @return the report's lines, each {@code " Name = value"}, ending with a newline */
    public static String text(final NpbResult r) {
        final RunResult run = r.run();
        final int procs = run.config().procs();
        final boolean classic = isClassic(run);
        final StringBuilder sb = new StringBuilder(1024);
        sb.append("\n ").append(r.kernel().toUpperCase(Locale.ROOT)).append(" Benchmark Completed.\n");
        line(sb, "Class", String.valueOf(r.npbClass()));
        line(sb, "Size", r.size());
        line(sb, "Iterations", String.valueOf(r.iterations()));
        line(sb, "Processes", String.valueOf(procs));
        line(sb, "Sync", run.config().syncMode());
        line(sb, "Barrier", barrier(run));
        final boolean virtual = run.config().onMachineModel();
        if (virtual) {
            line(sb, "Machine", Machines.describe(run.config().machine(), run.config())
                + " (virtual time: every time and Mop/s below is simulated)");
        }
        line(sb, "Time in seconds", format("%.3f", r.seconds()) + (virtual ? " (virtual)" : ""));
        line(sb, "Mop/s total", format("%.2f", r.mops()));
        line(sb, "Mop/s/process", format("%.2f", r.mops() / procs));
        line(sb, "Verification", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        if (r.details() != null && r.details().get("lanes") instanceof String lanes) {
            line(sb, "FFT block lines x:y:z", lanes + (r.details().get("lanes_plan_ms") != null ? " (planned)" : ""));
        }
        line(sb, "T_sync", format("%.6f s (mean over processes)", run.meanSyncSeconds()));
        final org.jbsplib.core.SyncStats first = run.stats().get(0);
        final boolean twoKinds = first.exchangeSupersteps() + first.relaxedSupersteps() > 0;
        if (classic) {
            line(sb, "T_barrier", format("%.6f s", run.meanBarrierSeconds()));
            line(sb, "T_comm", format("%.6f s", run.meanCommSeconds()));
        } else if (twoKinds) {
            line(sb, "T_barrier", format("%.6f s (exchange supersteps only)", run.meanBarrierSeconds()));
            line(sb, "T_comm", format("%.6f s (exchange supersteps only)", run.meanCommSeconds()));
        }
        line(sb, "Supersteps", String.valueOf(run.supersteps()[0]));
        if (twoKinds) {
            line(sb, "Timed supersteps", first.exchangeSupersteps() + " exchange, " + first.relaxedSupersteps()
                + " relaxed");
        }
        final String idle = idleWaits(run);
        if (idle != null) {
            line(sb, "Idle waits", idle);
        }
        if (virtual) {
            line(sb, "T_wait", format("%.6f s (virtual, mean over processes)", meanWaitSeconds(run)));
            line(sb, "Wall time", format("%.3f s (host time of the simulation, not comparable)", run.wallNs() / 1e9));
        }
        return sb.toString();
    }

    /**
     * @return the result as an insertion-ordered map for {@link org.jbsplib.core.cli.Json}: kernel, class, size,
     *     iterations, verified, seconds, mops, then the run's configuration and statistics in the shape every
     *     command uses ({@link RunOptions#toJson}: procs, sync, barrier, t_sync, t_barrier, t_comm as means in
     *     seconds, and the per_process array), then the kernel's details
     */
    public static Map<String, Object> json(final NpbResult r) {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", r.kernel());
        m.put("class", String.valueOf(r.npbClass()));
        m.put("size", r.size());
        m.put("iterations", r.iterations());
        m.put("verified", r.verified());
        m.put("seconds", r.seconds());
        m.put("mops", r.mops());
        m.putAll(RunOptions.toJson(r.run()));
        m.put("details", r.details());
        return m;
    }

    /**
     * @return each process's waiting in its timed section, {@code "pid: spins/yields/parks/parked ms"} joined by
     *     commas under a heading, or {@code null} when no process reports its waits (e.g. on a virtual-time machine)
     */
    static String idleWaits(final RunResult run) {
        final StringBuilder sb = new StringBuilder("spins/yields/parks/parked ms by pid: ");
        boolean any = false;
        for (int pid = 0; pid < run.stats().size(); pid++) {
            final org.jbsplib.core.SyncStats s = run.stats().get(pid);
            any |= s.counters().keySet().stream().anyMatch(k -> k.startsWith("idle."));
            sb.append(pid == 0 ? "" : ", ").append(pid).append(": ").append(s.counter("idle.spins")).append('/')
                .append(s.counter("idle.yields")).append('/').append(s.counter("idle.parks")).append('/')
                .append(format("%.3f", s.counter("idle.parkedNs") / 1e6));
        }
        return any ? sb.toString() : null;
    }

    private static double meanWaitSeconds(final RunResult run) {
        double sum = 0;
        for (final org.jbsplib.core.SyncStats s : run.stats()) {
            sum += s.waitNs();
        }
        return sum / run.stats().size() / 1e9;
    }

    private static boolean isClassic(final RunResult run) {
        return "org".equals(org.jbsplib.core.sync.SyncSpec.parse(run.config().syncMode()).name());
    }

    private static String barrier(final RunResult run) {
        if (isClassic(run) && "counts".equalsIgnoreCase(syncOption(run, ClassicSync.BARRIER_OPTION))) {
            return "none (the count exchange is the barrier)";
        }
        final String b = run.config().barrier();
        return b == null || b.isEmpty() ? "default" : b;
    }

    /** @return the sync option {@code key} of the run: its own, else its sync preset's, else null */
    private static String syncOption(final RunResult run, final String key) {
        final String own = run.config().options().get(key);
        if (own != null) {
            return own;
        }
        final String mode = run.config().syncMode();
        return SyncSpec.parse(mode).presetOptions(BspRuntime.syncMode(mode)).get(key);
    }

    private static void line(final StringBuilder sb, final String name, final String value) {
        sb.append(' ').append(name).append(" = ").append(value).append('\n');
    }

    private static String format(final String pattern, final double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
