package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.jbsplib.core.barrier.Barriers;

/**
 * {@code ./bsp bench barrier}: episode latency of barrier backends next to {@code CyclicBarrier}, {@code Phaser}
 * and a hand-written spin barrier measured in the same run, back-to-back and with one late process.
 * {@code ./bsp bench NAME ...} runs the {@link CliCommand} named {@code "bench NAME"} when one is found (modules
 * above the core add benchmarks that way, e.g. {@code bench params}).
 */
public final class BenchCommand implements CliCommand {
    private static final Set<String> VALUES = Set.of("--barrier", "--procs", "--json", "--episodes", "--warmup",
        "--late-us", "--cores");
    private static final Set<String> FLAGS = Set.of("--no-reference", "--no-late");

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String description() {
        return "benchmarks: bench barrier (episode latency of barrier backends vs JDK barriers), and bench NAME"
            + " of other modules (./bsp bench --help)";
    }

    /** @return the benchmarks other modules add: commands named {@code "bench NAME"} */
    private static List<CliCommand> more() {
        final List<CliCommand> list = new ArrayList<>();
        for (final CliCommand c : Main.commands().values()) {
            if (c.name().startsWith("bench ")) {
                list.add(c);
            }
        }
        return list;
    }

    @Override
    public String help() {
        final StringBuilder sb = new StringBuilder(helpBarrier());
        for (final CliCommand c : more()) {
            sb.append('\n').append(c.help());
        }
        return sb.toString();
    }

    /** @return the help of the benchmark named before {@code --help} ({@code ./bsp bench params --help}), else all */
    @Override
    public String help(final List<String> args) {
        if (!args.isEmpty() && !args.get(0).startsWith("-")) {
            if (args.get(0).equals("barrier")) {
                return helpBarrier();
            }
            final CliCommand sub = Main.commands().get("bench " + args.get(0));
            if (sub != null) {
                return sub.help();
            }
        }
        return help();
    }

    private static String helpBarrier() {
        return String.join("\n",
            "usage: ./bsp bench barrier [--barrier a,b,...] [--procs 2,4,8,32] [--json FILE] [options]",
            "Latency of barrier episodes with P threads: median and p99 per backend, next to CyclicBarrier,",
            "Phaser and a hand-written spin barrier measured in the same run. Two variants: balanced (back-to-back",
            "episodes; time between consecutive last releases) and late (the last process busy-waits --late-us",
            "before each arrival; time from its arrival to the last release, Reflex paper Fig. 7b).",
            "  --barrier LIST    backend specs, comma-separated (default: every backend found); options with ';'",
            "                    instead of ',' inside a spec, e.g. tree:fanout=2",
            "  --procs LIST      values of P (default 2,4,8,32)",
            "  --episodes N      measured episodes per point (default 20000/P, at least 300)",
            "  --warmup N        unmeasured episodes first (default episodes/5)",
            "  --late-us N       delay of the late process in µs (default 20)",
            "  --cores N         cores the waiting strategies assume (default: available processors)",
            "  --no-reference    skip the JDK and spin references",
            "  --no-late         skip the late-arrival variant",
            "  --json FILE       write [{barrier, procs, variant, median_ns, p99_ns, mean_ns, modelled_ns, ...}]", "");
    }

    /** @return the measured and the warm-up episodes at P = {@code p}, or a {@link CliException} naming a bad one */
    private static int[] episodesAndWarmup(final Args a, final int p) {
        final int episodes = a.intValue("--episodes", Math.max(300, 20_000 / Math.max(1, p)));
        final int warmup = a.intValue("--warmup", episodes / 5);
        if (episodes < 2) {
            throw new CliException("--episodes=" + episodes + " must be >= 2");
        }
        if (warmup < 0) {
            throw new CliException("--warmup=" + warmup + " must be >= 0");
        }
        return new int[] {episodes, warmup};
    }

    /** A benchmark of another module checks its own command line; {@code bench barrier} takes no transport. */
    @Override
    public void checkUsage(final List<String> args) {
        if (!args.isEmpty() && !args.get(0).startsWith("-") && !args.get(0).equals("barrier")) {
            final CliCommand sub = Main.commands().get("bench " + args.get(0));
            if (sub != null) {
                sub.checkUsage(args.subList(1, args.size()));
                return;
            }
        }
        Args.parse(args, VALUES, FLAGS);
    }

    @Override
    public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
        if (!args.isEmpty() && !args.get(0).startsWith("-") && !args.get(0).equals("barrier")) {
            final CliCommand sub = Main.commands().get("bench " + args.get(0));
            if (sub != null) {
                return sub.run(args.subList(1, args.size()), out, err);
            }
        }
        final Args a = Args.parse(args, VALUES, FLAGS);
        if (a.positional().size() != 1 || !a.positional().get(0).equals("barrier")) {
            final StringBuilder known = new StringBuilder("barrier");
            for (final CliCommand c : more()) {
                known.append(", ").append(c.name().substring("bench ".length()));
            }
            throw new CliException("expected a benchmark name (known: " + known + "), got " + a.positional());
        }
        final List<String> specs = new ArrayList<>();
        for (final String s : a.list("--barrier", new ArrayList<>(Barriers.providers().keySet()))) {
            final String spec = s.replace(';', ',');
            Barriers.resolve(spec, true);
            specs.add(spec);
        }
        if (!a.has("--no-reference")) {
            specs.addAll(BarrierLatency.REFERENCES);
        }
        final int[] procs = a.intList("--procs", 2, 4, 8, 32);
        final int cores = a.intValue("--cores", Runtime.getRuntime().availableProcessors());
        final long lateNs = a.longValue("--late-us", 20) * 1000;
        for (final int p : procs) {
            if (p < 1) {
                throw new CliException("--procs value " + p + " must be >= 1");
            }
        }
        if (cores < 1) {
            throw new CliException("--cores=" + cores + " must be >= 1");
        }
        if (lateNs < 0) {
            throw new CliException("--late-us=" + lateNs / 1000 + " must be >= 0");
        }
        for (final int p : procs) {
            // every P's counts checked before the table's first line: bad usage is one line and nothing else
            episodesAndWarmup(a, p);
        }
        final List<BarrierLatency.Result> results = new ArrayList<>();
        out.printf("%-22s %5s %-9s %9s %12s %12s %12s %12s%n", "barrier", "procs", "variant", "episodes",
            "median_ns", "p99_ns", "mean_ns", "modelled_ns");
        for (final int p : procs) {
            final int[] counts = episodesAndWarmup(a, p);
            final int episodes = counts[0];
            final int warmup = counts[1];
            for (final String spec : specs) {
                for (final long late : a.has("--no-late") || p < 2 ? new long[] {0} : new long[] {0, lateNs}) {
                    err.printf("bench barrier: %s P=%d %s...%n", spec, p, late > 0 ? "late" : "balanced");
                    final BarrierLatency.Result r = BarrierLatency.measure(spec, p, cores, episodes, warmup, late);
                    results.add(r);
                    out.printf("%-22s %5d %-9s %9d %12d %12d %12.0f %12s%n", r.barrier(), r.procs(), r.variant(),
                        r.episodes(), r.medianNs(), r.p99Ns(), r.meanNs(),
                        Double.isNaN(r.modelledNs()) ? "-" : String.format("%.0f", r.modelledNs()));
                }
            }
        }
        if (a.has("--json")) {
            Json.writeFile(a.value("--json", null), BarrierLatency.toJson(results));
        }
        return 0;
    }
}
