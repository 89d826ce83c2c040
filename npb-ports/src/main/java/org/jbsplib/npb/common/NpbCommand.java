package org.jbsplib.npb.common;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.RuntimeFootprint;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.RunOptions;
import org.jbsplib.rbs.ExchangePolicy;

/**
 * {@code ./bsp npb KERNEL --class C --procs P --sync S [--barrier B] [--repeat N] [--json FILE] [--quiet]}: runs an
 * NPB kernel found by {@link ServiceLoader} ({@link NpbKernel}), prints the {@link NpbReport} and optionally writes
 * its JSON; with {@code --repeat N}, N runs in this JVM ({@link NpbRepeats}) and their medians and ranges.
 * Exit code 0 when every run verified, 1 when one did not.
 */
public final class NpbCommand implements CliCommand {

    /** The {@code --opt} keys of every kernel: the warm-up, the host probe and the syncs' options. */
    static final Set<String> SHARED_OPTION_KEYS = Set.of(NpbOptions.WARMUP, HostProbe.OPTION, ExchangePolicy.OPTION,
        org.jbsplib.rbs.RelaxedSync.EAGER_OPTION, org.jbsplib.rbs.RelaxedSync.DIRECT_OPTION,
        org.jbsplib.rbs.RelaxedSync.SPLIT_OPTION, org.jbsplib.core.sync.ClassicSync.RENDEZVOUS_OPTION,
        org.jbsplib.core.sync.ClassicSync.BARRIER_OPTION, org.jbsplib.core.sync.ClassicSync.APPLY_OPTION,
        org.jbsplib.core.sync.ClassicSync.DIRECT_OPTION, org.jbsplib.core.sync.ClassicSync.COUNTS_OPTION,
        org.jbsplib.core.sync.ClassicSync.SPLIT_OPTION);

    @Override
    public String name() {
        return "npb";
    }

    /** @return the {@code --opt} keys, per kernel and shared, as lines of the help (the set the parser accepts) */
    private static String optionKeysHelp() {
        final StringBuilder sb = new StringBuilder();
        kernels().forEach((name, k) -> sb.append("                     ").append(name).append(": ")
            .append(String.join(", ", new TreeSet<>(k.optionKeys()))).append('\n'));
        final List<String> shared = List.copyOf(new TreeSet<>(SHARED_OPTION_KEYS));
        for (int i = 0; i < shared.size(); i += 4) {
            sb.append("                     ").append(i == 0 ? "all: " : "     ")
                .append(String.join(", ", shared.subList(i, Math.min(shared.size(), i + 4))))
                .append(i + 4 < shared.size() ? ",\n" : "\n");
        }
        sb.append("                     (README.md and npb-ports/README.md say what each does)\n");
        return sb.toString();
    }

    @Override
    public String description() {
        return "run a NAS Parallel Benchmark port (" + String.join(", ", kernels().keySet()) + ") and verify it";
    }

    @Override
    public String help() {
        return "usage: ./bsp npb KERNEL --class C [options]\n\n"
            + "Runs NAS Parallel Benchmark KERNEL (" + String.join(", ", kernels().keySet()) + ") of class C on the\n"
            + "BSP runtime, prints an NPB-style report (time, Mop/s, verification, the sync breakdown) and exits\n"
            + "with 0 if the run verified against the official values, 1 if not.\n\n"
            + "options:\n" + RunOptions.HELP + "\n"
            + "  --class C          NPB class letter (default S)\n"
            + "  --warmup N|auto    untimed warm-up runs before the measured one, each half of the class's time\n"
            + "                     steps (FT) or iterations (LU); auto (the default): until " + Warmup.AUTO_QUIET_RUNS
            + " in a row compile\n"
            + "                     at most " + Warmup.QUIET_PERCENT + " % of their time, " + Warmup.AUTO_MAX_RUNS
            + " runs and " + Warmup.AUTO_BUDGET_SECONDS + " s at most (one run on a machine model); FT's first\n"
            + "                     also rehearses its transposes' puts and syncs (ft.rehearse=auto|N rounds)\n"
            + "  --opt K=V,...      kernel and sync options, e.g. ft.lanes=16 (unknown keys are refused); the keys:\n"
            + optionKeysHelp()
            + "  --repeat N         run the benchmark N times in this JVM, the warm-up only before the first; print\n"
            + "                     the median run's report, then the median and min-max of time, Mop/s and T_sync\n"
            + "                     (default 1: one run, the NPB report alone); exit 1 unless every run verified;\n"
            + "                     with --trace DIR, run i is traced into DIR/run-i; a fixed one-thread\n"
            + "                     computation times the host right before and after each run (the host probe)\n"
            + "                     and the report adds time / probe, a diagnostic of the host's own speed;\n"
            + "                     --opt " + HostProbe.OPTION + "=off leaves it out\n"
            + "\nA run that would not fit the JVM's heap (class C's data on P processes plus the runtime's state) is\n"
            + "refused before it starts, naming the memory it needs; raise the heap with JBSP_JAVA_OPTS=-Xmx...\n";
    }

    /** A run the command line asks for: the options, the kernel, its class, the configuration and the repeats. */
    private record Usage(Args args, NpbKernel kernel, char npbClass, BspConfig config, int repeat) {
    }

    /** @return the command line parsed and checked, or a {@link CliException} on bad usage */
    private static Usage usage(final List<String> args) {
        final Args a = Args.parse(args, RunOptions.values("--class", "--warmup", "--opt", "--repeat"), RunOptions.flags());
        if (a.positional().size() != 1) {
            throw new CliException("give exactly one kernel (" + String.join(", ", kernels().keySet())
                + "), got " + a.positional());
        }
        final String name = a.positional().get(0).toLowerCase(Locale.ROOT);
        final NpbKernel kernel = kernels().get(name);
        if (kernel == null) {
            throw new CliException("kernel=" + name + " is not known (known: "
                + String.join(", ", kernels().keySet()) + ")");
        }
        final String cls = a.value("--class", "S").toUpperCase(Locale.ROOT);
        if (cls.length() != 1 || kernel.classes().indexOf(cls.charAt(0)) < 0) {
            throw new CliException("class=" + cls + " is not a class of " + name + " (" + kernel.classes()
                + ")");
        }
        final BspConfig config = RunOptions.config(a);
        if (a.has("--warmup")) {
            final String w = a.value("--warmup", NpbOptions.DEFAULT_WARMUP).trim();
            if (!Warmup.AUTO.equalsIgnoreCase(w) && !w.matches("\\d+")) {
                throw new CliException("--warmup=" + w + " must be auto or a number of runs");
            }
            config.option(NpbOptions.WARMUP, Warmup.AUTO.equalsIgnoreCase(w) ? Warmup.AUTO : w);
        }
        final Set<String> known = new TreeSet<>(kernel.optionKeys());
        known.addAll(SHARED_OPTION_KEYS);
        for (final String kv : a.list("--opt", List.of())) {
            final int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new CliException("--opt " + kv + " is not KEY=VALUE");
            }
            final String key = kv.substring(0, eq).trim();
            if (!known.contains(key)) {
                throw new CliException("--opt " + kv + ": unknown key " + key + " (known for " + name + ": "
                    + String.join(", ", known) + ")");
            }
            config.option(key, kv.substring(eq + 1).trim());
        }
        if (config.options().containsKey(HostProbe.OPTION)) {
            try {
                HostProbe.on(config);
            } catch (final IllegalArgumentException e) {
                throw new CliException("--opt " + e.getMessage());
            }
        }
        checkMemory(kernel, cls.charAt(0), config, Runtime.getRuntime().maxMemory(),
            RuntimeFootprint.maxDirectBytes());
        return new Usage(a, kernel, cls.charAt(0), config, a.intAtLeast("--repeat", 1, 1));
    }

    @Override
    public void checkUsage(final List<String> args) {
        RunOptions.check(usage(args).config());
    }

    @Override
    public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
        if (args.contains("--help")) {
            out.print(help());
            return 0;
        }
        final Usage u = usage(args);
        final Args a = u.args();
        final NpbKernel kernel = u.kernel();
        final char npbClass = u.npbClass();
        final BspConfig config = u.config();
        final int repeat = u.repeat();
        if (repeat == 1) {
            final NpbResult result = kernel.run(npbClass, config, a.has("--quiet") ? null : err);
            if (result == null) {
                return 0; // the processes ran in several JVMs: the one of pid 0 reports
            }
            out.print(NpbReport.text(result));
            if (a.has("--json")) {
                Json.writeFile(a.value("--json", null), NpbReport.json(result));
            }
            return result.verified() ? 0 : 1;
        }
        final PrintStream progress = a.has("--quiet") ? null : err;
        final List<NpbResult> runs = NpbRepeats.run(kernel, npbClass, config, repeat, progress, (i, r) -> {
            if (progress != null && r != null) {
                progress.println(NpbRepeats.progressLine(i, repeat, r));
            }
        });
        if (runs.isEmpty()) {
            return 0; // the processes ran in several JVMs: the one of pid 0 reports
        }
        out.print(NpbRepeats.text(runs));
        if (a.has("--json")) {
            Json.writeFile(a.value("--json", null), NpbRepeats.json(runs));
        }
        return runs.stream().allMatch(NpbResult::verified) ? 0 : 1;
    }

    /**
     * Refuses a run whose data and runtime would not fit the JVM's heap or direct memory, naming both figures and
     * the option that raises the limit (an OutOfMemoryError would otherwise come minutes into the run).
     *
     * @throws CliException when the estimate exceeds {@code maxHeap} or {@code maxDirect}
     */
    static void checkMemory(final NpbKernel kernel, final char npbClass, final BspConfig config, final long maxHeap,
        final long maxDirect) {
        final int procs = config.procs();
        final long data = kernel.heapBytesPerProcess(npbClass, config) * procs;
        final long runtime = RuntimeFootprint.heapBytes(config);
        final String what = kernel.name() + " class " + npbClass + " on procs=" + procs;
        if (data + runtime > maxHeap) {
            throw new CliException(what + " needs about " + size(data + runtime) + " of heap (" + size(data)
                + " of " + kernel.name().toUpperCase(Locale.ROOT) + " data, " + size(runtime) + " for the runtime), "
                + "more than the " + size(maxHeap) + " this JVM may use; raise it with JBSP_JAVA_OPTS=-Xmx"
                + gibAbove(data + runtime) + "g" + (runtime > data ? " or use fewer processes" : ""));
        }
        final long direct = RuntimeFootprint.directBytes(procs, config.ringCapacityBytes());
        if (direct > maxDirect) {
            throw new CliException(what + " needs about " + size(direct) + " of direct memory for the inboxes, more "
                + "than the " + size(maxDirect) + " this JVM may use; raise it with JBSP_JAVA_OPTS="
                + "-XX:MaxDirectMemorySize=" + gibAbove(direct) + "g or use a smaller --ring-bytes");
        }
    }

    private static String size(final long bytes) {
        return bytes >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
            : String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
    }

    /** @return whole GiB comfortably above {@code bytes} (a quarter more, for the collector's headroom) */
    private static long gibAbove(final long bytes) {
        return Math.max(1, (bytes + bytes / 4 + (1L << 30) - 1) >> 30);
    }

    /** @return the kernels on the class path, by name */
    static TreeMap<String, NpbKernel> kernels() {
        final TreeMap<String, NpbKernel> known = new TreeMap<>();
        for (final NpbKernel k : ServiceLoader.load(NpbKernel.class)) {
            known.putIfAbsent(k.name(), k);
        }
        return known;
    }
}
