package org.jbsplib.npb.vtime;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.RunOptions;
import org.jbsplib.npb.common.NpbKernel;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.jbsplib.rbs.SyncBenchCommand;
import org.jbsplib.vtime.Calibration;

/**
 * {@code ./bsp vtime calibrate|validate|bench}: the virtual-time machine held against this host.
 * <ul>
 *   <li>{@code calibrate} measures o, g, L and G of the threads transport at P = 2 ({@link Calibration}) and prints
 *       them with the spec that uses them;</li>
 *   <li>{@code validate} runs {@code bench-sync}'s ring and LU at P = 2 on the threads transport and on
 *       {@code virtual:local} with figures calibrated first, interleaved, and compares their T_sync: the ratios virtual/measured of
 *       the medians and of the minimums, and whether the latter lies within {@code --bound};</li>
 *   <li>{@code bench} runs an NPB kernel on a virtual machine at P and on the threads transport at P = 2,
 *       interleaved: wall times and their ratio, simulated supersteps per second, peak heap per process.</li>
 * </ul>
 * Stateless.
 *
 * <pre>{@code
 * ./bsp vtime validate --json validate.json
 * }</pre>
 */
public final class VtimeCommand implements CliCommand {
    /** Creates the command (for {@link ServiceLoader}). */
    public VtimeCommand() {
        // stateless
    }

    @Override
    public String name() {
        return "vtime";
    }

    /** {@code vtime bench}'s P without {@code --procs}: one that LU class S, its default, takes (32 does not). */
    static final int DEFAULT_BENCH_PROCS = 16;

    /**
     * {@code --transport} is not an option of this command (it runs on threads and virtual machines):
     * it refuses it in one line, rather than a transport's launcher starting JVMs that would each refuse it.
     */
    @Override
    public boolean launchesTransportsItself() {
        return true;
    }

    @Override
    public String description() {
        return "the virtual-time machine against this host: calibrate, validate, bench";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp vtime calibrate [--reps R] [--json FILE]",
            "       ./bsp vtime validate  [--steps N] [--reps R] [--warmup W] [--modes org,rbs] [--work-us U]",
            "                             [--lu-class S|none] [--bound B] [--cal-reps R] [--json FILE]",
            "       ./bsp vtime bench     [--kernel lu] [--class S] [--procs P] [--machine virtual:PRESET[;k=v]]",
            "                             [--sync org] [--reps R] [--warmup W] [--json FILE]",
            "",
            "calibrate: LogGP figures of this host's threads transport at P = 2 (median of R rounds, default 15):",
            "  one way 2o+L from an 8-byte ping-pong, o from the cost of offering and of draining a burst, g from a",
            "  stream of 8-byte frames, G from a stream of 16 KiB frames. --machine 'virtual:local;calibrate' uses",
            "  them (measured once per run of ./bsp).",
            "validate: at P = 2, T_sync (mean over processes of the time in sync and commit) of bench-sync's ring",
            "  (N supersteps, default 300) and of LU class S, each mode on the threads transport and on",
            "  virtual:local calibrated first (--cal-reps, default 15), runs interleaved (W warm-up rounds, default 2,",
            "  then R, default 5); prints the medians and minimums, the ratios virtual/measured, and whether the ratio of the minimums (the runs least",
            "  disturbed by other load) lies in [1/B, B] (B default 6; see bsplib-vtime/README.md for why). Exit code",
            "  0 either way: it reports, it does not judge the host.",
            "bench: the kernel at P (default 16) on the machine (default virtual:sp2-us) against the same kernel at",
            "  P = 2 on the threads transport (a P or a machine spec the run cannot take is refused before it starts),",
            "  interleaved (W warm-up rounds, default 1, then R, default 3): median wall times,",
            "  their ratio, simulated supersteps per wall second, and peak heap per process.",
            "",
            "every subcommand: --json FILE (also write the results as JSON), --quiet (no progress lines on stderr).",
            "validate and bench also take the run options below for their runs (validate's P is 2 and its modes are",
            "--modes; bench's P and machine are its --procs and --machine; neither takes --transport, and validate no",
            "--machine); an option a subcommand does not use is refused, naming it.",
            "",
            "run options:",
            RunOptions.HELP,
            "");
    }

    /** @return the options {@code what} uses: any other one is refused, naming it, rather than ignored */
    private static Set<String> optionsOf(final String what) {
        final Set<String> own = new TreeSet<>(Set.of("--json", "--quiet", "--reps"));
        switch (what) {
            case "calibrate" -> { }
            case "validate" -> {
                own.addAll(RunOptions.values("--warmup", "--steps", "--modes", "--work-us", "--lu-class", "--bound",
                    "--cal-reps"));
                // P = 2, the modes of --modes, this host against virtual:local, on the threads transport
                own.removeAll(Set.of("--procs", "--sync", "--machine", "--transport"));
            }
            default -> {
                own.addAll(RunOptions.values("--warmup", "--kernel", "--class"));
                own.remove("--transport"); // threads at P = 2 against the machine
            }
        }
        return own;
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Args a = Args.parse(argv, RunOptions.values("--reps", "--warmup", "--steps", "--modes", "--work-us",
            "--lu-class", "--bound", "--kernel", "--class", "--cal-reps"), RunOptions.flags());
        if (a.positional().size() != 1) {
            throw new CliException("give exactly one of calibrate, validate, bench; got " + a.positional());
        }
        final String what = a.positional().get(0);
        if (List.of("calibrate", "validate", "bench").contains(what)) {
            final Set<String> uses = optionsOf(what);
            for (int i = 0; i < argv.size(); i++) {
                final String word = argv.get(i);
                final String name = word.startsWith("--") && word.indexOf('=') > 0
                    ? word.substring(0, word.indexOf('=')) : word;
                if (name.startsWith("--") && !uses.contains(name)) {
                    throw new CliException("vtime " + what + " does not use option " + name + " (it takes: "
                        + String.join(", ", uses) + ")");
                }
            }
        }
        final Map<String, Object> json = switch (what) {
            case "calibrate" -> calibrate(a, out);
            case "validate" -> validate(a, out, a.has("--quiet") ? null : err);
            case "bench" -> bench(a, out, a.has("--quiet") ? null : err);
            default -> throw new CliException("vtime " + what + " is not known (known: calibrate, validate, bench)");
        };
        if (a.has("--json")) {
            Json.writeFile(a.value("--json", null), json);
        }
        return 0;
    }

    private static Map<String, Object> calibrate(final Args a, final PrintStream out) {
        final Calibration.Result r = Calibration.measure(a.intAtLeast("--reps", Calibration.DEFAULT_REPS, 1));
        out.print(describe(r));
        final Map<String, Object> json = calibrationJson(r);
        json.put("command", "vtime calibrate");
        return json;
    }

    static String describe(final Calibration.Result r) {
        return String.format(Locale.ROOT, "threads transport at P=2, median of %d rounds:%n"
                + "  one way 2o+L %10.1f ns   (8-byte ping-pong, half the round trip)%n"
                + "  send         %10.1f ns   receive %.1f ns  -> o = %.1f ns%n"
                + "  g            %10.1f ns   (stream of 8-byte frames)%n"
                + "  G            %10.4f ns/B (stream of %d-byte frames)%n"
                + "  L            %10.1f ns   (one way - 2o)%n"
                + "as a machine: --machine 'virtual:%s' (or 'virtual:local;calibrate', measured at start)%n",
            r.reps(), r.oneWayNs(), r.sendNs(), r.receiveNs(), r.overheadNs(), r.gapNs(), r.perByteNs(), 16 * 1024,
            r.latencyNs(), r.spec());
    }

    private static Map<String, Object> calibrationJson(final Calibration.Result r) {
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("one_way_ns", r.oneWayNs());
        json.put("send_ns", r.sendNs());
        json.put("receive_ns", r.receiveNs());
        json.put("o_ns", r.overheadNs());
        json.put("g_ns", r.gapNs());
        json.put("G_ns_per_byte", r.perByteNs());
        json.put("L_ns", r.latencyNs());
        json.put("reps", r.reps());
        json.put("spec", "virtual:" + r.spec());
        return json;
    }

    private static Map<String, Object> validate(final Args a, final PrintStream out, final PrintStream progress)
        throws Exception {
        final int steps = a.intAtLeast("--steps", 300, 1);
        final int reps = a.intAtLeast("--reps", 5, 1);
        final int warmups = nonNegative(a, "--warmup", 2);
        final int workUs = nonNegative(a, "--work-us", 0);
        final double bound = bound(a.value("--bound", "6"));
        if (!(bound >= 1)) {
            throw new CliException("option --bound=" + bound + " must be >= 1");
        }
        final String luClass = a.value("--lu-class", "S").toUpperCase(Locale.ROOT);
        final List<String> modes = a.list("--modes", List.of("org", "rbs"));
        // refused before the calibration and the first run: a class LU does not have, a sync mode not installed
        final String luClasses = kernel("lu").classes();
        if (!"NONE".equals(luClass) && (luClass.length() != 1 || luClasses.indexOf(luClass.charAt(0)) < 0)) {
            throw new CliException("option --lu-class=" + luClass + " is not a class of lu (" + luClasses
                + ") or none");
        }
        for (final String mode : modes) {
            org.jbsplib.core.BspRuntime.syncMode(mode);
            RunOptions.config(a.without("--procs")).procs(2).syncMode(mode).conclude();
        }
        final Calibration.Result cal = Calibration.measure(a.intAtLeast("--cal-reps", Calibration.DEFAULT_REPS, 1));
        out.print(describe(cal));
        final String local = "virtual:" + cal.spec();
        final NpbKernel lu = "NONE".equals(luClass) ? null : kernel("lu");
        final List<String> rows = new ArrayList<>();
        for (final String mode : modes) {
            rows.add("ring " + mode);
            if (lu != null) {
                rows.add("lu " + mode);
            }
        }
        final double[][] measured = new double[rows.size()][reps];
        final double[][] simulated = new double[rows.size()][reps];
        for (int rep = -warmups; rep < reps; rep++) {
            for (int i = 0; i < rows.size(); i++) {
                final String[] row = rows.get(i).split(" ");
                final double real = tsync(a, row[0], row[1], null, steps, workUs, luClass, lu);
                final double virt = tsync(a, row[0], row[1], local, steps, workUs, luClass, lu);
                if (rep >= 0) {
                    measured[i][rep] = real;
                    simulated[i][rep] = virt;
                }
                if (progress != null) {
                    progress.printf(Locale.ROOT, "vtime validate: %s round %d: measured %.3f ms, virtual %.3f ms%n",
                        rows.get(i), rep, real * 1e3, virt * 1e3);
                }
            }
        }
        out.printf("%-10s %14s %14s %8s %14s %14s %8s %8s%n", "program", "measured [ms]", "virtual [ms]", "ratio",
            "min measured", "min virtual", "ratio", "in bound");
        final List<Object> jsonRows = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            final double m = median(measured[i]);
            final double v = median(simulated[i]);
            final double mMin = Arrays.stream(measured[i]).min().orElse(Double.NaN);
            final double vMin = Arrays.stream(simulated[i]).min().orElse(Double.NaN);
            final double ratio = v / m;
            final double ratioMin = vMin / mMin;
            final boolean within = ratioMin >= 1 / bound && ratioMin <= bound;
            out.printf(Locale.ROOT, "%-10s %14.3f %14.3f %8.3f %14.3f %14.3f %8.3f %8s%n", rows.get(i), m * 1e3,
                v * 1e3, ratio, mMin * 1e3, vMin * 1e3, ratioMin, within ? "yes" : "no");
            final Map<String, Object> r = new LinkedHashMap<>();
            r.put("program", rows.get(i).split(" ")[0].equals("ring") ? "bench-sync ring" : "lu class " + luClass);
            r.put("sync", rows.get(i).split(" ")[1]);
            r.put("t_sync_measured_median", m);
            r.put("t_sync_virtual_median", v);
            r.put("t_sync_measured_min", mMin);
            r.put("t_sync_virtual_min", vMin);
            r.put("t_sync_measured_runs", measured[i]);
            r.put("t_sync_virtual_runs", simulated[i]);
            r.put("ratio_median", ratio);
            r.put("ratio_min", ratioMin);
            r.put("within_bound", within);
            jsonRows.add(r);
        }
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "vtime validate");
        json.put("procs", 2);
        json.put("steps", steps);
        json.put("reps", reps);
        json.put("warmup_runs", warmups);
        json.put("work_us", workUs);
        json.put("bound", bound);
        json.put("calibration", calibrationJson(cal));
        json.put("rows", jsonRows);
        return json;
    }

    /** @return T_sync of one run at P = 2 of {@code program} under {@code mode}, on {@code machine} (null: host) */
    private static double tsync(final Args a, final String program, final String mode, final String machine,
        final int steps, final int workUs, final String luClass, final NpbKernel lu) throws Exception {
        final BspConfig config = RunOptions.config(a.without("--procs")).procs(2).syncMode(mode)
            .option(NpbOptions.WARMUP, "0"); // validate's own rounds warm up
        if (machine != null) {
            config.machine(machine);
        }
        if ("ring".equals(program)) {
            return BspRuntime.run(config, SyncBenchCommand.program("ring", steps, 16, workUs)).meanSyncSeconds();
        }
        final NpbResult r = lu.run(luClass.charAt(0), config, null);
        if (!r.verified()) {
            throw new IllegalStateException("LU class " + luClass + " (sync " + mode + ", machine "
                + (machine == null ? "host" : machine) + ") did not verify");
        }
        return r.run().meanSyncSeconds();
    }

    private static Map<String, Object> bench(final Args a, final PrintStream out, final PrintStream progress)
        throws Exception {
        final String kernelName = a.value("--kernel", "lu");
        final NpbKernel kernel = kernel(kernelName);
        final String cls = a.value("--class", "S").toUpperCase(Locale.ROOT);
        if (cls.length() != 1 || kernel.classes().indexOf(cls.charAt(0)) < 0) {
            throw new CliException("class=" + cls + " is not a class of " + kernelName + " (" + kernel.classes() + ")");
        }
        final int procs = a.intAtLeast("--procs", DEFAULT_BENCH_PROCS, 1);
        final String machine = a.value("--machine", "virtual:sp2-us");
        final int reps = a.intAtLeast("--reps", 3, 1);
        final int warmups = nonNegative(a, "--warmup", 1);
        final Args shared = a.without("--procs").without("--machine");
        // both sides' configurations are checked before the first round: a machine spec or a P the kernel's class
        // cannot take is bad usage, refused before anything runs
        for (int side = 0; side < 2; side++) {
            final BspConfig check = RunOptions.config(shared).procs(side == 0 ? 2 : procs);
            if (side == 1) {
                check.machine(machine);
            }
            kernel.heapBytesPerProcess(cls.charAt(0), check);
            check.conclude();
        }
        final double[][] wall = new double[2][reps];
        final double[][] heap = new double[2][reps];
        final long[] steps = new long[2];
        for (int rep = -warmups; rep < reps; rep++) {
            for (int side = 0; side < 2; side++) {
                // the rounds are the warm-up: a kernel's own warm-up runs would be timed with the run
                final BspConfig config = RunOptions.config(shared).procs(side == 0 ? 2 : procs)
                    .option(NpbOptions.WARMUP, "0");
                if (side == 1) {
                    config.machine(machine);
                }
                final long before = heapUsedAfterGc();
                final long t0 = System.nanoTime();
                final NpbResult r = kernel.run(cls.charAt(0), config, null);
                final double seconds = (System.nanoTime() - t0) / 1e9;
                final long peak = peakHeap();
                if (!r.verified()) {
                    throw new IllegalStateException(kernelName + " class " + cls + " at P=" + config.procs()
                        + " did not verify");
                }
                steps[side] = Arrays.stream(r.run().supersteps()).max().orElse(0);
                if (rep >= 0) {
                    wall[side][rep] = seconds;
                    heap[side][rep] = Math.max(0, peak - before) / (double) config.procs();
                }
                if (progress != null) {
                    progress.printf(Locale.ROOT, "vtime bench: round %d %s P=%d: %.2f s wall, peak heap %.1f MiB%n",
                        rep, side == 0 ? "threads" : machine, config.procs(), seconds, (peak - before) / 1048576.0);
                }
            }
        }
        final double threads = median(wall[0]);
        final double simulated = median(wall[1]);
        out.printf(Locale.ROOT, "%s class %s, median of %d interleaved rounds:%n", kernelName, cls, reps);
        out.printf(Locale.ROOT, "  threads at P=2:     %10.2f s wall, %d supersteps, %8.0f supersteps/s, heap/process "
            + "%.1f MiB%n", threads, steps[0], steps[0] / threads, median(heap[0]) / 1048576);
        out.printf(Locale.ROOT, "  %s at P=%d: %10.2f s wall, %d supersteps, %8.0f simulated supersteps/s "
                + "(%.0f process-supersteps/s), heap/process %.1f MiB%n", machine, procs, simulated, steps[1],
            steps[1] / simulated, steps[1] * (double) procs / simulated, median(heap[1]) / 1048576);
        out.printf(Locale.ROOT, "  wall time ratio simulated/threads: %.2f%n", simulated / threads);
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "vtime bench");
        json.put("kernel", kernelName);
        json.put("class", cls);
        json.put("procs", procs);
        json.put("machine", machine);
        json.put("reps", reps);
        json.put("warmup_runs", warmups);
        json.put("threads_wall_seconds_median", threads);
        json.put("threads_wall_seconds_runs", wall[0]);
        json.put("virtual_wall_seconds_median", simulated);
        json.put("virtual_wall_seconds_runs", wall[1]);
        json.put("wall_ratio", simulated / threads);
        json.put("threads_supersteps", steps[0]);
        json.put("virtual_supersteps", steps[1]);
        json.put("simulated_supersteps_per_second", steps[1] / simulated);
        json.put("threads_heap_bytes_per_process", median(heap[0]));
        json.put("virtual_heap_bytes_per_process", median(heap[1]));
        return json;
    }

    private static double bound(final String value) {
        try {
            return Double.parseDouble(value);
        } catch (final NumberFormatException e) {
            throw new CliException("option --bound=" + value + " is not a number");
        }
    }

    private static NpbKernel kernel(final String name) {
        final List<String> known = new ArrayList<>();
        for (final NpbKernel k : ServiceLoader.load(NpbKernel.class)) {
            if (k.name().equals(name)) {
                return k;
            }
            known.add(k.name());
        }
        throw new CliException("kernel=" + name + " is not known (known: " + String.join(", ", known) + ")");
    }

    private static int nonNegative(final Args a, final String option, final int def) {
        final int v = a.intValue(option, def);
        if (v < 0) {
            throw new CliException("option " + option + "=" + v + " must be >= 0");
        }
        return v;
    }

    /** @return heap in use after a collection, bytes; resets the pools' peaks */
    private static long heapUsedAfterGc() {
        System.gc();
        long used = 0;
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
                used += pool.getUsage().getUsed();
            }
        }
        return used;
    }

    /** @return the sum of the heap pools' peak use since {@link #heapUsedAfterGc()}, bytes */
    private static long peakHeap() {
        long peak = 0;
        for (final MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    /**
     * @param values at least one value (not changed)
     * @return the middle value of the sorted values, or the mean of the two middle ones for an even count
     */
    static double median(final double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("median: values.length=0, need at least one value");
        }
        final double[] v = values.clone();
        Arrays.sort(v);
        final int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
