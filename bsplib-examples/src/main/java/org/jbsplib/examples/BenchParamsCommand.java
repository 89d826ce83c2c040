package org.jbsplib.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jbsplib.collectives.Collectives;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.RunOptions;

/**
 * {@code ./bsp bench params}: the BSP machine parameters r, g and l ({@link BspParams}) of the chosen transport,
 * machine and sync, as a table and {@code --json}. Reached through {@code ./bsp bench params} (the core's
 * {@code bench} command runs the command named {@code "bench NAME"}).
 */
public final class BenchParamsCommand implements CliCommand {
    @Override
    public String name() {
        return "bench params";
    }

    @Override
    public String description() {
        return "the BSP machine parameters r (DAXPY flop/s), g and l (least squares over h-relations)";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp bench params [--procs P] [--transport T] [--machine M] [--sync S] [--json FILE] [options]",
            "The classic BSP benchmark. g and l are fitted to T(h) = l + g h, where T(h) is the time of a superstep",
            "in which every process sends and receives h words of 8 bytes, for put, hpput (one per word),",
            "put-block (the words for one destination in one put), get (one per word) and send (one 8-byte BSMP",
            "message per word). Every superstep is timed on its own (the largest time over the processes); T(h) is",
            "the minimum (or median) of reps x trials samples, the trials being rounds over all h. The fit",
            "minimises the relative residuals over h > 0; T(0), an empty superstep, is given apart (it skips the",
            "sync's data round, so it lies below the line). r = flop/s of a DAXPY loop: per process with every process",
            "computing at once (used for g and l in flops), one process at a time (one core's speed), and the sum.",
            "The table gives g in ns per word and in flops, l in µs and in flops, R² of the fit and its largest",
            "residual; --json adds every h with the median, minimum and maximum of its samples.",
            "  --ops LIST         primitives (default put,hpput,put-block,get,send); also put-block-one: one",
            "                     sender, pid 0 sends h words as put-block does and the others only receive (the",
            "                     JMH PutBandwidthBenchmark pattern at P = 2, a broadcast's root at P >= 3); with",
            "                     put-block and put-block-one at P >= 3 the table ends with the n from which",
            "                     Collectives' two-phase broadcast pays (Collectives.broadcastBreakEven)",
            "  --hmin H           smallest h above 0 of the geometric grid 0, H, 2H, 4H, ..., hmax (default 16)",
            "  --hmax H           largest h of put, hpput, get and send (default 16384)",
            "  --hmax-block H     largest h of put-block (default 16 x hmax with the geometric grid, hmax with",
            "                     --hstep): large puts need more words before g h outweighs l; beyond 2^18 the",
            "                     three copies of the data (source, outbox, area) leave the cache and T(h) bends",
            "  --hstep S          a linear grid 0, S, 2S, ..., hmax instead of the geometric one",
            "  --reps N           supersteps timed per h and trial (default 10)",
            "  --trials N         rounds over all primitives and h (default 3)",
            "  --daxpy-n N        vector length of the DAXPY loop (default 1024)",
            "  --stat min|median  the statistic of the samples of one h (default min: interference from other work,",
            "                     the scheduler and the GC only adds time, and on a loaded host more than half",
            "                     the supersteps can be disturbed, which moves the median but not the minimum)",
            RunOptions.HELP, "");
    }

    /** The measurement the command line asks for: the options, the parameters' benchmark and its grids of h. */
    private record Usage(Args args, BspParams params, int[] grid, int[] blockGrid) {
    }

    /** @return the command line parsed and checked, or a {@link CliException} on bad usage */
    private static Usage usage(final List<String> argv) {
        final Args args = Args.parse(argv, RunOptions.values("--ops", "--hmin", "--hmax", "--hmax-block", "--hstep",
            "--reps", "--trials", "--daxpy-n", "--stat"), RunOptions.flags());
        if (!args.positional().isEmpty()) {
            throw new CliException("bench params takes no positional arguments, got " + args.positional());
        }
        final BspParams params;
        final int[] grid;
        final int[] blockGrid;
        try {
            final int hmax = args.intValue("--hmax", 16384);
            if (args.has("--hstep")) {
                final int hstep = args.intValue("--hstep", 1);
                grid = BspParams.linearGrid(hmax, hstep);
                blockGrid = BspParams.linearGrid(args.intValue("--hmax-block", hmax), hstep);
            } else {
                final int hmin = args.intValue("--hmin", 16);
                grid = BspParams.geometricGrid(hmin, hmax);
                blockGrid = BspParams.geometricGrid(hmin, args.intValue("--hmax-block", 16 * hmax));
            }
            params = new BspParams(args.list("--ops", BspParams.PRIMITIVES), grid, blockGrid,
                args.intValue("--reps", 10), args.intValue("--trials", 3), args.intValue("--daxpy-n", 1024),
                args.value("--stat", "min"));
        } catch (final IllegalArgumentException e) {
            throw new CliException("bench params: " + e.getMessage());
        }
        return new Usage(args, params, grid, blockGrid);
    }

    @Override
    public void checkUsage(final List<String> argv) {
        RunOptions.check(RunOptions.config(usage(argv).args()));
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Usage u = usage(argv);
        final Args args = u.args();
        final BspParams params = u.params();
        final int[] grid = u.grid();
        final int[] blockGrid = u.blockGrid();
        final BspConfig config = RunOptions.config(args);
        final String machine = config.machine() == null || config.machine().isEmpty() ? "host" : config.machine();
        if (!args.has("--quiet")) {
            err.printf("bench params: P=%d sync=%s transport=%s machine=%s...%n", config.procs(), config.syncMode(),
                config.transport(), machine);
        }
        BspRuntime.run(config, params);
        if (params.fits().isEmpty() && !params.primitives().isEmpty()) {
            return 0; // pid 0 ran in another JVM, which prints the table
        }
        final double r = params.rFlops();
        out.printf(Locale.ROOT, "BSP parameters: P=%d sync=%s transport=%s machine=%s stat=%s%n", config.procs(),
            config.syncMode(), config.transport(), machine, args.value("--stat", "min"));
        if (Double.isNaN(r)) {
            out.println("r not measured: the machine charges no time for computation");
        } else {
            out.printf(Locale.ROOT, "r = %.1f Mflop/s per process, all computing at once (slowest %.1f; all"
                + " processes together %.1f)%n", r / 1e6, params.rMinFlops() / 1e6, params.rAggregateFlops() / 1e6);
            out.printf(Locale.ROOT, "r alone = %.1f Mflop/s (one process computing at a time)%n",
                params.rAloneFlops() / 1e6);
        }
        out.printf(Locale.ROOT, "%-13s %12s %10s %12s %12s %8s %14s %12s%n", "primitive", "g (ns/word)",
            "g (flop)", "l (us)", "l (flop)", "R^2", "max resid (us)", "T(0) (us)");
        final List<Map<String, Object>> rows = new ArrayList<>();
        for (final BspParams.Fit f : params.fits()) {
            out.printf(Locale.ROOT, "%-13s %12.1f %10s %12.2f %12s %8.4f %14.2f %12.2f%n", f.primitive(),
                f.gSeconds() * 1e9, flops(f.gSeconds() * r, "%.1f"), f.lSeconds() * 1e6,
                flops(f.lSeconds() * r, "%.0f"), f.r2(), f.maxResidualSeconds() * 1e6, f.emptySeconds() * 1e6);
            rows.add(row(f, r));
        }
        final int breakEven = broadcastBreakEven(config.procs(), params.fits());
        if (breakEven == Integer.MAX_VALUE) {
            out.println("two-phase broadcast never pays: (P-1) g1 <= g (g1 of put-block-one, g of put-block)");
        } else if (breakEven >= 0) {
            out.printf(Locale.ROOT, "two-phase broadcast pays from n = %d words (l + (P-1)n g1 > 2l + n(P-1)/P (g1 + g),"
                + " g1 of put-block-one, g and l of put-block)%n", breakEven);
        }
        out.printf(Locale.ROOT, "h = %d..%d words (put-block %d..%d), %s of %d samples per h%n", grid[0],
            grid[grid.length - 1], blockGrid[0], blockGrid[blockGrid.length - 1], args.value("--stat", "min"),
            args.intValue("--reps", 10) * args.intValue("--trials", 3));
        if (args.has("--json")) {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("command", "bench params");
            json.put("procs", config.procs());
            json.put("sync", config.syncMode());
            json.put("transport", config.transport());
            json.put("machine", machine);
            json.put("r_flops", r);
            json.put("r_min_flops", params.rMinFlops());
            json.put("r_alone_flops", params.rAloneFlops());
            json.put("r_aggregate_flops", params.rAggregateFlops());
            json.put("word_bytes", 8);
            json.put("stat", args.value("--stat", "min"));
            json.put("reps", args.intValue("--reps", 10));
            json.put("trials", args.intValue("--trials", 3));
            json.put("params", rows);
            if (breakEven >= 0) {
                json.put("broadcast_two_phase_from_words", breakEven == Integer.MAX_VALUE ? null : breakEven);
            }
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }

    /**
     * @return Collectives' broadcast break-even from the fits of put-block (g, l) and put-block-one (g1), in words;
     *     {@link Integer#MAX_VALUE} for never; -1 if P &lt; 3 or one of the two was not measured
     */
    static int broadcastBreakEven(final int procs, final List<BspParams.Fit> fits) {
        BspParams.Fit all = null;
        BspParams.Fit one = null;
        for (final BspParams.Fit f : fits) {
            if (f.primitive().equals("put-block")) {
                all = f;
            } else if (f.primitive().equals(BspParams.PUT_BLOCK_ONE)) {
                one = f;
            }
        }
        if (procs < 3 || all == null || one == null) {
            return -1;
        }
        return Collectives.broadcastBreakEven(procs, Math.max(0, one.gSeconds()),
            Math.max(0, all.gSeconds()), Math.max(0, all.lSeconds()));
    }

    private static String flops(final double value, final String format) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, format, value);
    }

    private static Map<String, Object> row(final BspParams.Fit f, final double r) {
        final Map<String, Object> row = new LinkedHashMap<>();
        row.put("primitive", f.primitive());
        row.put("g_ns_per_word", f.gSeconds() * 1e9);
        row.put("g_flops", f.gSeconds() * r);
        row.put("l_us", f.lSeconds() * 1e6);
        row.put("l_flops", f.lSeconds() * r);
        row.put("r2", f.r2());
        row.put("max_residual_us", f.maxResidualSeconds() * 1e6);
        row.put("max_relative_residual", f.maxRelativeResidual());
        row.put("empty_superstep_us", f.emptySeconds() * 1e6);
        final List<Map<String, Object>> points = new ArrayList<>();
        for (final BspParams.Point p : f.points()) {
            final Map<String, Object> point = new LinkedHashMap<>();
            point.put("h", p.h());
            point.put("t_us", p.seconds() * 1e6);
            point.put("fit_us", (f.lSeconds() + f.gSeconds() * p.h()) * 1e6);
            point.put("min_us", p.minSeconds() * 1e6);
            point.put("median_us", p.medianSeconds() * 1e6);
            point.put("max_us", p.maxSeconds() * 1e6);
            point.put("samples", p.samples());
            points.add(point);
        }
        row.put("points", points);
        return row;
    }
}
