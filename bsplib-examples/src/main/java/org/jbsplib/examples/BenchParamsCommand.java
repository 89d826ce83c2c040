package org.jbsplib.examples;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
            "The classic BSP benchmark: r = flop/s of a DAXPY loop on every process at once; g and l fitted by least",
            "squares to T(h) = l + g h, the time of a superstep in which every process sends and receives h words of",
            "8 bytes (h = 0, step, ..., hmax; the largest time over the processes, median of the trials), for put,",
            "hpput (one per word), put-block (the words for one destination in one put), get (one per word) and",
            "send (one 8-byte BSMP message per word). The table gives g in ns per word and in flops (g r), l in µs",
            "and in flops, R² of the fit and its largest residual.",
            "  --ops LIST         primitives (default put,hpput,put-block,get,send)",
            "  --hmax H           largest h (default 256)",
            "  --hstep S          step of h (default 32)",
            "  --reps N           supersteps per measurement (default 20)",
            "  --trials N         measurements per h, median kept (default 5)",
            "  --daxpy-n N        vector length of the DAXPY loop (default 1024)",
            "  --stat median|min  which trial of each h is kept (default median; min on a shared, loaded machine)",
            RunOptions.HELP, "");
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Args args = Args.parse(argv, RunOptions.values("--ops", "--hmax", "--hstep", "--reps", "--trials",
            "--daxpy-n", "--stat"), RunOptions.flags());
        if (!args.positional().isEmpty()) {
            throw new CliException("bench params takes no positional arguments, got " + args.positional());
        }
        final BspParams params;
        try {
            params = new BspParams(args.list("--ops", BspParams.PRIMITIVES), args.intValue("--hmax", 256),
                args.intValue("--hstep", 32), args.intValue("--reps", 20), args.intValue("--trials", 5),
                args.intValue("--daxpy-n", 1024), args.value("--stat", "median"));
        } catch (final IllegalArgumentException e) {
            throw new CliException("bench params: " + e.getMessage());
        }
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
        out.printf(Locale.ROOT, "BSP parameters: P=%d sync=%s transport=%s machine=%s%n", config.procs(),
            config.syncMode(), config.transport(), machine);
        out.printf(Locale.ROOT, "r = %.1f Mflop/s (mean over processes; slowest %.1f Mflop/s)%n", r / 1e6,
            params.rMinFlops() / 1e6);
        out.printf(Locale.ROOT, "%-10s %12s %10s %12s %12s %8s %14s%n", "primitive", "g (ns/word)", "g (flop)",
            "l (us)", "l (flop)", "R^2", "max resid (us)");
        final List<Map<String, Object>> rows = new ArrayList<>();
        for (final BspParams.Fit f : params.fits()) {
            out.printf(Locale.ROOT, "%-10s %12.1f %10.1f %12.2f %12.0f %8.4f %14.2f%n", f.primitive(),
                f.gSeconds() * 1e9, f.gSeconds() * r, f.lSeconds() * 1e6, f.lSeconds() * r, f.r2(),
                f.maxResidualSeconds() * 1e6);
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("primitive", f.primitive());
            row.put("g_ns_per_word", f.gSeconds() * 1e9);
            row.put("g_flops", f.gSeconds() * r);
            row.put("l_us", f.lSeconds() * 1e6);
            row.put("l_flops", f.lSeconds() * r);
            row.put("r2", f.r2());
            row.put("max_residual_us", f.maxResidualSeconds() * 1e6);
            final List<Map<String, Object>> points = new ArrayList<>();
            for (int k = 0; k < f.h().length; k++) {
                points.add(Map.of("h", f.h()[k], "t_us", f.seconds()[k] * 1e6));
            }
            row.put("points", points);
            rows.add(row);
        }
        if (args.has("--json")) {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("command", "bench params");
            json.put("procs", config.procs());
            json.put("sync", config.syncMode());
            json.put("transport", config.transport());
            json.put("machine", machine);
            json.put("r_flops", r);
            json.put("r_min_flops", params.rMinFlops());
            json.put("word_bytes", 8);
            json.put("stat", args.value("--stat", "median"));
            json.put("params", rows);
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }
}
