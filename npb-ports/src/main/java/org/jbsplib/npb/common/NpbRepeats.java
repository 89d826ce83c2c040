package org.jbsplib.npb.common;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jbsplib.core.BspConfig;

/**
 * Runs an NPB benchmark several times in this JVM, for repeatable numbers: the first run does the kernel's NPB
 * warm-up ({@link NpbOptions#WARMUP}), every later one starts warm ({@code npb.warmup=0}); each run is a whole
 * benchmark (set-up, timed section, verification) on fresh processes, so each verifies on its own. On a transport
 * between JVMs every JVM runs the same loop, so one launch holds all the repeats. Each run times the
 * {@link HostProbe} right before and after it (unless {@code npb.hostProbe=off}), and the report divides each run's
 * time by its probe: how much of the spread is the host's own.
 *
 * <pre>{@code
 * List<NpbResult> runs = NpbRepeats.run(kernel, 'A', config, 5, System.err, r -> {});
 * Spread time = NpbRepeats.seconds(runs);
 * }</pre>
 *
 * <p>Stateless.
 */
public final class NpbRepeats {
    /** The trace directory of each repeated run inside {@code --trace DIR}: this prefix and the run's number from 1. */
    public static final String RUN_TRACE_PREFIX = "run-";

    private NpbRepeats() {
    }

    /** Called after each run, e.g. to record it as it comes. */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param index  the run's index, from 0
         * @param result its result ({@code null} in a JVM that does not report: see {@link NpbKernel#run})
         */
        void finished(int index, NpbResult result);
    }

    /**
     * @param kernel   the benchmark
     * @param npbClass its class letter
     * @param config   the configuration, not concluded (it is copied for each run and not used itself)
     * @param times    how many runs, at least 1
     * @param progress where the kernel prints progress, or {@code null}
     * @param listener told after each run
     * @return the results in run order; empty in a JVM that does not report
     * @throws IllegalArgumentException when {@code times < 1}
     * @throws Exception what a run throws (the runs before it were reported to the listener)
     */
    public static List<NpbResult> run(final NpbKernel kernel, final char npbClass, final BspConfig config,
        final int times, final PrintStream progress, final Listener listener) throws Exception {
        if (times < 1) {
            throw new IllegalArgumentException("repeat=" + times + " must be >= 1");
        }
        final List<NpbResult> results = new ArrayList<>(times);
        for (int i = 0; i < times; i++) {
            final NpbResult r = kernel.run(npbClass, configOfRun(config, i), progress);
            listener.finished(i, r);
            if (r != null) {
                results.add(r);
            }
        }
        return results;
    }

    /**
     * @return a fresh copy of {@code config} for run {@code index}: warm-up as configured for run 0, none after; the
     *         {@link HostProbe} on unless {@code config} sets it; a traced configuration ({@code --trace DIR})
     *         traces run {@code index} into {@code DIR/run-<index + 1>} (a trace directory holds one run), its
     *         warm-up untraced
     */
    static BspConfig configOfRun(final BspConfig config, final int index) {
        final BspConfig c = NpbOptions.copy(config);
        if (!c.options().containsKey(HostProbe.OPTION)) {
            c.option(HostProbe.OPTION, "on");
        }
        if (index > 0) {
            c.option(NpbOptions.WARMUP, "0");
        }
        if (config.traceDir() != null) {
            c.trace(config.traceDir().resolve(RUN_TRACE_PREFIX + (index + 1)));
        }
        return c;
    }


    /** @return the times of the timed sections, median and range */
    public static Spread seconds(final List<NpbResult> runs) {
        return Spread.of(runs.stream().map(NpbResult::seconds).toList());
    }

    /** @return the run whose time is the median (the lower middle one for an even count) */
    public static NpbResult medianRun(final List<NpbResult> runs) {
        final List<NpbResult> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(NpbResult::seconds));
        return sorted.get((sorted.size() - 1) / 2);
    }

    /**
     * @param runs the runs, at least one
     * @return the NPB-style report of the median run, then the repeats' medians and ranges and how many verified
     */
    public static String text(final List<NpbResult> runs) {
        final StringBuilder sb = new StringBuilder(NpbReport.text(medianRun(runs)));
        final long ok = runs.stream().filter(NpbResult::verified).count();
        sb.append(" Repeats = ").append(runs.size())
            .append(" (in one JVM after the warm-up; the lines above are the median run's)\n");
        sb.append(" Time in seconds, median (min–max) = ").append(seconds(runs).text("%.3f")).append('\n');
        hostProbeText(sb, runs);
        sb.append(" Mop/s total, median (min–max) = ")
            .append(Spread.of(runs.stream().map(NpbResult::mops).toList()).text("%.2f")).append('\n');
        sb.append(" T_sync, median (min–max) = ")
            .append(Spread.of(runs.stream().map(r -> r.run().meanSyncSeconds()).toList()).text("%.6f"))
            .append(" s\n");
        jvmText(sb, runs);
        sb.append(" Verified runs = ").append(ok).append(" of ").append(runs.size())
            .append(ok == runs.size() ? "" : " (UNSUCCESSFUL)").append('\n');
        final List<HostProbe.Reading> probes = readings(runs);
        for (int i = 0; probes != null && i < runs.size(); i++) {
            final HostProbe.Reading p = probes.get(i);
            sb.append(String.format(Locale.ROOT, " Run %d = %.3f s, host probe %.4f s before and %.4f s after (CPU "
                + "%.4f and %.4f s), time / probe %.2f%n", i + 1, runs.get(i).seconds(), p.beforeSeconds(),
                p.afterSeconds(), p.beforeCpuSeconds(), p.afterCpuSeconds(), runs.get(i).seconds() / p.meanSeconds()));
        }
        return sb.toString();
    }

    /**
     * The summary's host lines: the probe's readings and the host-normalized time beside the time's own spread, or
     * why there are none.
     */
    private static void hostProbeText(final StringBuilder sb, final List<NpbResult> runs) {
        final List<HostProbe.Reading> probes = readings(runs);
        if (probes == null) {
            final String why = HostProbe.reason(runs.get(0));
            if (why != null) {
                sb.append(" Host probe = ").append(why).append('\n');
            }
            return;
        }
        sb.append(" Host probe, median (min–max) = ").append(Spread.of(probeSeconds(probes)).text("%.4f"))
            .append(" s (one thread, before and after each run: the host's speed, not the benchmark's)\n");
        final List<Double> cpu = probeCpuSeconds(probes);
        if (cpu.stream().allMatch(Double::isFinite)) {
            sb.append(" Host probe CPU time, median (min–max) = ").append(Spread.of(cpu).text("%.4f"))
                .append(" s (wall time beyond it: the probe waited for a CPU, load on this machine)\n");
        }
        final Spread time = seconds(runs);
        final Spread normalized = Spread.of(normalized(runs, probes));
        sb.append(" Time / host probe, median (min–max) = ").append(normalized.text("%.2f"))
            .append(" (host-normalized, a diagnostic: ").append(percent(normalized))
            .append(" of its median, the measured time ").append(percent(time)).append(")\n");
    }

    /**
     * The summary's JVM line: the JIT's compilation time, its compiler threads' CPU time and the collections in each
     * timed run ({@link TimedSection#jvmActivity()}); nothing unless every run has them.
     */
    static void jvmText(final StringBuilder sb, final List<NpbResult> runs) {
        final List<Map<?, ?>> jvm = new ArrayList<>(runs.size());
        for (final NpbResult r : runs) {
            if (!(r.details().get(JvmActivity.DETAILS_KEY) instanceof Map<?, ?> m)) {
                return;
            }
            jvm.add(m);
        }
        sb.append(" JIT compilation in each run = ").append(joined(jvm, "compile_ms", "%.0f")).append(" ms");
        if (jvm.stream().allMatch(m -> m.get("jit_thread_cpu_seconds") instanceof Double d && Double.isFinite(d))) {
            sb.append(" (compiler threads' CPU ").append(joined(jvm, "jit_thread_cpu_seconds", "%.3f")).append(" s)");
        }
        sb.append(", collections = ").append(joined(jvm, "gc_count", "%.0f"))
            .append(" (the JVM's, in the timed sections: a compiler thread takes a process's core)\n");
    }

    private static String joined(final List<Map<?, ?>> jvm, final String key, final String format) {
        final StringBuilder sb = new StringBuilder();
        for (final Map<?, ?> m : jvm) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(m.get(key) instanceof Double d && Double.isFinite(d) ? String.format(Locale.ROOT, format, d)
                : "?");
        }
        return sb.toString();
    }

    /** @return {@code "-a % to +b %"}: the range of {@code s} relative to its median */
    static String percent(final Spread s) {
        final double m = s.median();
        return String.format(Locale.ROOT, "%.1f %% to +%.1f %%", m == 0 ? 0 : (s.min() / m - 1) * 100,
            m == 0 ? 0 : (s.max() / m - 1) * 100);
    }

    /** @return every run's probe readings in run order, or {@code null} unless every run has them */
    static List<HostProbe.Reading> readings(final List<NpbResult> runs) {
        final List<HostProbe.Reading> out = new ArrayList<>(runs.size());
        for (final NpbResult r : runs) {
            final HostProbe.Reading p = HostProbe.reading(r);
            if (p == null) {
                return null;
            }
            out.add(p);
        }
        return out;
    }

    private static List<Double> probeSeconds(final List<HostProbe.Reading> probes) {
        final List<Double> all = new ArrayList<>(2 * probes.size());
        for (final HostProbe.Reading p : probes) {
            all.add(p.beforeSeconds());
            all.add(p.afterSeconds());
        }
        return all;
    }

    private static List<Double> probeCpuSeconds(final List<HostProbe.Reading> probes) {
        final List<Double> all = new ArrayList<>(2 * probes.size());
        for (final HostProbe.Reading p : probes) {
            all.add(p.beforeCpuSeconds());
            all.add(p.afterCpuSeconds());
        }
        return all;
    }

    /** @return each run's time divided by its probe (the mean of before and after) */
    static List<Double> normalized(final List<NpbResult> runs, final List<HostProbe.Reading> probes) {
        final List<Double> out = new ArrayList<>(runs.size());
        for (int i = 0; i < runs.size(); i++) {
            out.add(runs.get(i).seconds() / probes.get(i).meanSeconds());
        }
        return out;
    }

    /**
     * @param runs the runs, at least one
     * @return the median run's {@link NpbReport#json} with {@code repeats} (count, verified count, the seconds, Mop/s
     *     and T_sync of every run with their median, min and max; with the {@link HostProbe},
     *     {@code host_probe_seconds}, the median, min and max of every reading and the lists {@code before_seconds}
     *     and {@code after_seconds}, and {@code host_normalized}, the runs' seconds divided by their probes) and
     *     {@code runs} (every run's JSON; the probe's readings in its {@code details.host_probe}, and its
     *     {@code host_normalized})
     */
    public static Map<String, Object> json(final List<NpbResult> runs) {
        final Map<String, Object> m = NpbReport.json(medianRun(runs));
        final Map<String, Object> rep = new LinkedHashMap<>();
        rep.put("count", runs.size());
        rep.put("verified", runs.stream().filter(NpbResult::verified).count());
        rep.put("seconds", spreadJson(runs.stream().map(NpbResult::seconds).toList()));
        rep.put("mops", spreadJson(runs.stream().map(NpbResult::mops).toList()));
        rep.put("t_sync", spreadJson(runs.stream().map(r -> r.run().meanSyncSeconds()).toList()));
        final List<HostProbe.Reading> probes = readings(runs);
        if (probes != null) {
            final Map<String, Object> probe = spreadJson(probeSeconds(probes));
            probe.remove("values");
            probe.put("before_seconds", probes.stream().map(HostProbe.Reading::beforeSeconds).toList());
            probe.put("after_seconds", probes.stream().map(HostProbe.Reading::afterSeconds).toList());
            probe.put("before_cpu_seconds", probes.stream().map(HostProbe.Reading::beforeCpuSeconds).toList());
            probe.put("after_cpu_seconds", probes.stream().map(HostProbe.Reading::afterCpuSeconds).toList());
            rep.put("host_probe_seconds", probe);
            final Map<String, Object> norm = spreadJson(normalized(runs, probes));
            norm.put("diagnostic", "each run's seconds divided by the mean of its host probe before and after; the "
                + "host's speed taken out, not a measured time");
            rep.put("host_normalized", norm);
        } else if (HostProbe.reason(runs.get(0)) != null) {
            rep.put("host_probe_seconds", HostProbe.reason(runs.get(0)));
        }
        m.put("repeats", rep);
        final List<Object> all = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            final Map<String, Object> run = NpbReport.json(runs.get(i));
            if (probes != null) {
                run.put("host_normalized", runs.get(i).seconds() / probes.get(i).meanSeconds());
            }
            all.add(run);
        }
        m.put("runs", all);
        return m;
    }

    private static Map<String, Object> spreadJson(final List<Double> values) {
        final Spread s = Spread.of(values);
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("median", s.median());
        m.put("min", s.min());
        m.put("max", s.max());
        m.put("values", values);
        return m;
    }

    /** @return a one-line summary of run {@code index} of {@code times} for stderr */
    static String progressLine(final int index, final int times, final NpbResult r) {
        final HostProbe.Reading p = HostProbe.reading(r);
        return String.format(Locale.ROOT, "npb: run %d of %d: %.3f s, %.2f Mop/s, %s", index + 1, times,
            r.seconds(), r.mops(), r.verified() ? "verified" : "NOT verified")
            + (p == null ? "" : String.format(Locale.ROOT, ", host probe %.4f / %.4f s", p.beforeSeconds(),
            p.afterSeconds()));
    }
}
