package org.jbsplib.rbs;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.RunOptions;

/**
 * {@code ./bsp bench-stop}: how long a failure takes to stop a run. Every process runs supersteps with a little
 * computation and no communication (under rbs, relaxed supersteps that wait for no one, after one ring shift with
 * a commit has put the run in the relaxed regime); after a while pid 0 throws. Measured per run: the time from the
 * throw to the last process leaving its program, and to {@code BspRuntime.run} returning.
 *
 * <pre>{@code
 * ./bsp bench-stop --procs 4,32,128 --modes org,rbs --reps 5
 * }</pre>
 */
public final class StopBenchCommand implements CliCommand {
    private static final List<String> OWN = List.of("--reps", "--modes", "--fail-after-ms", "--work-us");

    @Override
    public String name() {
        return "bench-stop";
    }

    @Override
    public String description() {
        return "time from one process's failure to every process stopped, per sync mode and P";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp bench-stop [--procs 4,32,128] [--modes org,rbs] [--reps R] [--fail-after-ms T]",
            "                        [--work-us U] [--json FILE] [run options]",
            "",
            "Every process runs supersteps of U us of computation and no communication; T ms after the start pid 0",
            "throws. Reports, over R runs (modes alternate), the median and maximum of the time from the throw to the",
            "last process leaving its program ('all stopped') and to BspRuntime.run returning ('run returned').",
            "",
            "  --procs LIST       process counts (default 4,32,128)",
            "  --modes LIST       sync modes (default org,rbs)",
            "  --reps R           measured runs per configuration, after one warm-up run (default 5)",
            "  --fail-after-ms T  when pid 0 throws (default 200)",
            "  --work-us U        computation per superstep (default 20)",
            "",
            "run options (--procs and --sync are taken from the lists above; --transport: not one between JVMs, since",
            "the times are read in one JVM):",
            RunOptions.HELP, "");
    }

    /**
     * Called only before a launcher starts the JVMs of a transport between JVMs: refused, because the times are taken
     * from every process's clock in one JVM (pid 0's throw, every process's exit), which the other JVMs' processes
     * would not report (their exits would be missing from "all stopped").
     */
    @Override
    public void checkUsage(final List<String> argv) {
        Args.parse(argv, RunOptions.values(OWN.toArray(new String[0])), RunOptions.flags());
        throw new CliException("bench-stop times every process in one JVM: it runs on --transport threads, not "
            + "between JVMs");
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Args args = Args.parse(argv, RunOptions.values(OWN.toArray(new String[0])), RunOptions.flags());
        if (args.has("--help")) {
            out.println(help());
            return 0;
        }
        if (args.has("--sync")) {
            throw new CliException("bench-stop compares sync modes: use --modes org,rbs instead of --sync");
        }
        final int[] procs = args.intList("--procs", 4, 32, 128);
        for (final int p : procs) {
            if (p < 2) {
                throw new CliException("option --procs: " + p + " must be >= 2");
            }
        }
        final List<String> modes = args.list("--modes", List.of("org", "rbs"));
        final int reps = args.intAtLeast("--reps", 5, 1);
        final int failAfterMs = args.intAtLeast("--fail-after-ms", 200, 0);
        final int workUs = args.intAtLeast("--work-us", 20, 0);
        final boolean quiet = args.has("--quiet");
        final Args runArgs = args.without("--procs"); // the P list is this command's own
        out.printf("%5s %5s %22s %22s%n", "P", "mode", "all stopped [ms]", "run returned [ms]");
        out.printf("%5s %5s %11s %10s %11s %10s%n", "", "", "median", "max", "median", "max");
        final List<Object> rows = new ArrayList<>();
        for (final int p : procs) {
            final double[][] stopped = new double[modes.size()][reps];
            final double[][] returned = new double[modes.size()][reps];
            for (int rep = -1; rep < reps; rep++) {
                for (int m = 0; m < modes.size(); m++) {
                    final BspConfig config = RunOptions.config(runArgs).procs(p).syncMode(modes.get(m));
                    final double[] t = once(config, failAfterMs, workUs);
                    if (rep >= 0) {
                        stopped[m][rep] = t[0];
                        returned[m][rep] = t[1];
                    }
                }
            }
            for (int m = 0; m < modes.size(); m++) {
                final double[] s = stopped[m].clone();
                final double[] r = returned[m].clone();
                Arrays.sort(s);
                Arrays.sort(r);
                out.printf("%5d %5s %11.2f %10.2f %11.2f %10.2f%n", p, modes.get(m), s[reps / 2], s[reps - 1],
                    r[reps / 2], r[reps - 1]);
                if (!quiet) {
                    err.printf("bench-stop: P=%d %s all stopped (ms) per run %s%n", p, modes.get(m),
                        Arrays.toString(stopped[m]));
                }
                final Map<String, Object> row = new LinkedHashMap<>();
                row.put("procs", p);
                row.put("sync", modes.get(m));
                row.put("all_stopped_ms_median", s[reps / 2]);
                row.put("all_stopped_ms_max", s[reps - 1]);
                row.put("run_returned_ms_median", r[reps / 2]);
                row.put("run_returned_ms_max", r[reps - 1]);
                row.put("all_stopped_ms_runs", stopped[m]);
                rows.add(row);
            }
        }
        if (args.has("--json")) {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("command", "bench-stop");
            json.put("reps", reps);
            json.put("fail_after_ms", failAfterMs);
            json.put("work_us", workUs);
            json.put("rows", rows);
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }

    /** @return {all stopped, run returned} in ms after pid 0's throw */
    private static double[] once(final BspConfig config, final int failAfterMs, final int workUs) {
        final AtomicLong thrownAt = new AtomicLong();
        final AtomicLongArray leftAt = new AtomicLongArray(config.procs());
        final BspProgram program = bsp -> {
            try {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync();
                bsp.put((bsp.pid() + 1) % bsp.nprocs(), new int[] {1}, 0, reg, 0, 1);
                bsp.sync();
                bsp.commit(reg, 1); // every process has committed: under rbs, later supersteps are relaxed
                final long failAt = System.nanoTime() + failAfterMs * 1_000_000L;
                for (;;) {
                    final long until = System.nanoTime() + workUs * 1_000L;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    if (bsp.pid() == 0 && System.nanoTime() >= failAt) {
                        thrownAt.set(System.nanoTime());
                        throw new IllegalStateException("bench-stop: pid 0 fails on purpose");
                    }
                    bsp.sync();
                }
            } finally {
                leftAt.set(bsp.pid(), System.nanoTime());
            }
        };
        try {
            BspRuntime.run(config, program);
            throw new IllegalStateException("bench-stop: the run did not fail");
        } catch (final BspAbortException expected) {
            final long returnedAt = System.nanoTime();
            long last = 0;
            for (int i = 0; i < leftAt.length(); i++) {
                last = Math.max(last, leftAt.get(i));
            }
            return new double[] {(last - thrownAt.get()) / 1e6, (returnedAt - thrownAt.get()) / 1e6};
        }
    }
}
