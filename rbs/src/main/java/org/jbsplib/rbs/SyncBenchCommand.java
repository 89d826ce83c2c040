package org.jbsplib.rbs;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.RunOptions;

/**
 * {@code ./bsp bench-sync}: T_sync (mean per process of the time in {@code sync} and {@code commit}, the paper's
 * measure) of the classic sync ({@code org}) against the relaxed sync ({@code rbs}) on two communication patterns,
 * measured in the same run: a ring shift (each process puts to its right neighbour) and an all-to-all (each puts
 * to every process). Every superstep ends with {@code sync(); commit(reg, n)}, so the same program is correct
 * under both modes.
 *
 * <pre>{@code
 * ./bsp bench-sync --procs 2,8,32 --steps 500 --json results/tsync.json
 * }</pre>
 */
public final class SyncBenchCommand implements CliCommand {
    private static final List<String> PATTERNS = List.of("ring", "alltoall");

    @Override
    public String name() {
        return "bench-sync";
    }

    @Override
    public String description() {
        return "T_sync of the classic vs the relaxed sync on a ring shift and an all-to-all (P list)";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp bench-sync [--procs 2,8,32] [--steps N] [--words W] [--reps R] [--warmup N]",
            "                        [--patterns ring,alltoall] [--modes org,rbs] [--work-us U] [--json FILE] [run options]",
            "",
            "Runs each pattern at each P under each sync mode: N warm-up runs, then R measured runs (modes alternate);",
            "reports the median and the minimum over runs of T_sync (mean over processes of the time in sync and",
            "commit), per run and per superstep. On a shared machine the minimum is the steadier figure.",
            "",
            "  --procs LIST       process counts (default 2,8,32)",
            "  --steps N          supersteps per run (default 300)",
            "  --words W          doubles per put (default 16)",
            "  --reps R           measured runs per configuration (default 3)",
            "  --warmup N         unmeasured runs first, per configuration (default 3: on 2 cores the JIT compiles the",
            "                     sync path while the processes run, and the first runs are often 10-50x slower)",
            "  --patterns LIST    ring, alltoall (default both)",
            "  --modes LIST       sync modes (default org,rbs)",
            "  --work-us U        busy work per superstep, U us times (1 + (pid+step) mod 3)/2 (default 0)",
            "",
            "run options (--procs and --sync are taken from the lists above):",
            RunOptions.HELP, "");
    }

    /** The benchmark the command line asks for. */
    private record Usage(Args args, int[] procs, int steps, int words, int reps, int warmups, int workUs,
        List<String> patterns, List<String> modes) {
    }

    /** @return the command line parsed and checked, or a {@link CliException} on bad usage */
    private static Usage usage(final List<String> argv) {
        final Args args = Args.parse(argv, RunOptions.values("--steps", "--words", "--reps", "--warmup", "--patterns",
            "--modes", "--work-us"), RunOptions.flags());
        if (args.has("--sync")) {
            throw new CliException("bench-sync compares sync modes: use --modes org,rbs instead of --sync");
        }
        final int[] procs = args.intList("--procs", 2, 8, 32);
        final int steps = args.intAtLeast("--steps", 300, 1);
        final int words = args.intAtLeast("--words", 16, 1);
        final int reps = args.intAtLeast("--reps", 3, 1);
        final int warmups = args.intValue("--warmup", 3);
        if (warmups < 0) {
            throw new CliException("option --warmup=" + warmups + " must be >= 0");
        }
        final int workUs = args.intValue("--work-us", 0);
        if (workUs < 0) {
            throw new CliException("option --work-us=" + workUs + " must be >= 0");
        }
        final List<String> patterns = args.list("--patterns", PATTERNS);
        for (final String p : patterns) {
            if (!PATTERNS.contains(p)) {
                throw new CliException("option --patterns: '" + p + "' is not one of " + PATTERNS);
            }
        }
        final List<String> modes = args.list("--modes", List.of("org", "rbs"));
        if (patterns.isEmpty() || modes.isEmpty()) {
            throw new CliException("options --patterns and --modes need at least one value each");
        }
        for (final int p : procs) {
            if (p < 1) {
                throw new CliException("option --procs: " + p + " must be >= 1");
            }
        }
        return new Usage(args, procs, steps, words, reps, warmups, workUs, patterns, modes);
    }

    /**
     * Checks the options and the configuration of every run (each P under each mode). Called only before a launcher
     * starts the JVMs of a transport between JVMs, which start the processes of one P.
     */
    @Override
    public void checkUsage(final List<String> argv) {
        final Usage u = usage(argv);
        if (u.procs().length != 1) {
            throw new CliException("option --procs=" + u.args().value("--procs", "2,8,32") + ": between JVMs "
                + "bench-sync runs one P (the launcher starts the JVMs of one run); give one");
        }
        for (final int p : u.procs()) {
            for (final String mode : u.modes()) {
                RunOptions.check(RunOptions.config(u.args().without("--procs")).procs(p).syncMode(mode));
            }
        }
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        if (argv.contains("--help")) {
            out.println(help());
            return 0;
        }
        final Usage u = usage(argv);
        final Args args = u.args();
        final int[] procs = u.procs();
        final int steps = u.steps();
        final int words = u.words();
        final int reps = u.reps();
        final int warmups = u.warmups();
        final int workUs = u.workUs();
        final List<String> patterns = u.patterns();
        final List<String> modes = u.modes();
        final boolean quiet = args.has("--quiet");
        // the shared run options, without the P list that only this command understands
        final Args runArgs = args.without("--procs");
        final List<Object> rows = new ArrayList<>();
        // Between JVMs every JVM runs this command with its share of the processes, and every one holds the whole
        // run's statistics: only the JVM of pid 0 prints the table and writes the JSON file (one writer per file).
        final AtomicBoolean hostsPidZero = new AtomicBoolean();
        boolean header = false;
        for (final String pattern : patterns) {
            for (final int p : procs) {
                // modes alternate run by run, so that both see the same background load of a shared machine
                final double[][] tsync = new double[modes.size()][reps];
                final RunResult[] last = new RunResult[modes.size()];
                for (int rep = -warmups; rep < reps; rep++) {
                    for (int m = 0; m < modes.size(); m++) {
                        final BspConfig config = RunOptions.config(runArgs).procs(p).syncMode(modes.get(m));
                        final BspProgram program = program(pattern, steps, words, workUs);
                        final RunResult r = BspRuntime.run(config, bsp -> {
                            if (bsp.pid() == 0) {
                                hostsPidZero.set(true);
                            }
                            program.run(bsp);
                        });
                        if (rep >= 0) {
                            tsync[m][rep] = r.meanSyncSeconds();
                            last[m] = r;
                        }
                    }
                }
                if (!hostsPidZero.get()) {
                    continue;
                }
                if (!header) {
                    out.printf("%-9s %4s %5s %14s %14s %12s %14s %12s%n", "pattern", "P", "mode", "T_sync [ms]",
                        "per step [us]", "vs org", "min T_sync", "min vs org");
                    header = true;
                }
                double orgMs = Double.NaN;
                double orgMin = Double.NaN;
                for (int m = 0; m < modes.size(); m++) {
                    final String mode = modes.get(m);
                    final double[] runs = tsync[m].clone();
                    Arrays.sort(runs);
                    final double ms = runs[reps / 2] * 1e3;
                    final double min = runs[0] * 1e3;
                    if ("org".equals(mode)) {
                        orgMs = ms;
                        orgMin = min;
                    }
                    final boolean ref = "org".equals(mode) || Double.isNaN(orgMs);
                    final String vs = ref ? "" : String.format("%+.1f%%", (ms - orgMs) / orgMs * 100);
                    final String vsMin = ref ? "" : String.format("%+.1f%%", (min - orgMin) / orgMin * 100);
                    out.printf("%-9s %4d %5s %14.3f %14.2f %12s %14.3f %12s%n", pattern, p, mode, ms, ms * 1e3 / steps,
                        vs, min, vsMin);
                    if (!quiet) {
                        err.printf("bench-sync: %s P=%d %s runs T_sync(ms)=%s%n", pattern, p, mode,
                            Arrays.toString(Arrays.stream(tsync[m]).map(t -> t * 1e3).toArray()));
                    }
                    final Map<String, Object> row = new LinkedHashMap<>();
                    row.put("pattern", pattern);
                    row.put("procs", p);
                    row.put("sync", mode);
                    row.put("steps", steps);
                    row.put("words", words);
                    row.put("t_sync_median", runs[reps / 2]);
                    row.put("t_sync_min", runs[0]);
                    row.put("t_sync_runs", tsync[m]);
                    row.put("last_run", RunOptions.toJson(last[m]));
                    rows.add(row);
                }
            }
        }
        if (hostsPidZero.get() && args.has("--json")) {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("command", "bench-sync");
            json.put("steps", steps);
            json.put("words", words);
            json.put("reps", reps);
            json.put("warmup_runs", warmups);
            json.put("work_us", workUs);
            json.put("rows", rows);
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }

    /**
     * The benchmark's program, also run by other commands (e.g. the virtual machine's validation).
     *
     * @param pattern {@code ring} or {@code alltoall}
     * @param steps   supersteps
     * @param words   doubles per put
     * @param workUs  busy work per superstep, us (see {@code --work-us})
     * @return the benchmark program of {@code pattern}
     */
    public static BspProgram program(final String pattern, final int steps, final int words, final int workUs) {
        final boolean ring = "ring".equals(pattern);
        return bsp -> {
            final int p = bsp.nprocs();
            final int me = bsp.pid();
            final double[] in = new double[ring ? words : words * p];
            final double[] out = new double[words];
            final Reg reg = bsp.pushReg(in);
            bsp.sync();
            for (int step = 0; step < steps; step++) {
                out[0] = step + me;
                if (ring) {
                    bsp.put((me + 1) % p, out, 0, reg, 0, words);
                } else {
                    for (int d = 0; d < p; d++) {
                        bsp.put(d, out, 0, reg, me * words, words);
                    }
                }
                work(bsp, workUs, step);
                bsp.sync();
                bsp.commit(reg, ring ? 1 : p);
                final double expect = ring ? step + (me + p - 1) % p : step;
                if (in[0] != expect) {
                    throw new IllegalStateException("bench-sync " + pattern + ": pid " + me + " read " + in[0]
                        + " in superstep " + bsp.superstep() + ", expected " + expect);
                }
            }
        };
    }

    private static void work(final Bsp bsp, final int workUs, final int step) {
        if (workUs > 0) {
            final long until = System.nanoTime() + workUs * 1_000L * (1 + (bsp.pid() + step) % 3) / 2;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
    }
}
