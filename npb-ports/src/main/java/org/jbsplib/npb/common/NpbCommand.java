package org.jbsplib.npb.common;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;

/**
 * {@code ./bsp npb KERNEL --class C --procs P --sync S [--barrier B] [--json FILE] [--quiet]}: runs an NPB kernel
 * found by {@link ServiceLoader} ({@link NpbKernel}), prints the {@link NpbReport} and optionally writes its JSON.
 * Exit code 0 when the run verified, 1 when it did not.
 */
public final class NpbCommand implements CliCommand {
    private static final Set<String> VALUE_OPTIONS = Set.of("--class", "--procs", "--sync", "--barrier", "--json",
        "--warmup", "--opt", "--timeout-s");
    private static final Set<String> FLAG_OPTIONS = Set.of("--quiet", "--help");

    @Override
    public String name() {
        return "npb";
    }

    @Override
    public String description() {
        return "run a NAS Parallel Benchmark port (" + String.join(", ", kernels().keySet()) + ") and verify it";
    }

    @Override
    public String help() {
        return """
            usage: ./bsp npb KERNEL [options]
              KERNEL            one of: %s
              --class C         NPB class letter (default S)
              --procs P         number of BSP processes (default 1)
              --sync S          synchronization: org (classic) or rbs (relaxed barrier) (default org)
              --barrier NAME    barrier backend of the sync (default: the sync's own)
              --warmup N        untimed warm-up runs before the measured run (default 1)
              --opt K=V,...     kernel options, e.g. ft.lanes=16
              --timeout-s SEC   abort a run when a process waits longer than this in one sync
              --json FILE       also write the result as JSON
              --quiet           no progress lines on stderr
            Prints an NPB-style report; exit code 0 if the run verified, 1 if not.
            """.formatted(String.join(", ", kernels().keySet()));
    }

    @Override
    public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
        final Args a = Args.parse(args, VALUE_OPTIONS, FLAG_OPTIONS);
        if (a.has("--help")) {
            out.print(help());
            return 0;
        }
        if (a.positional().size() != 1) {
            throw new CliException("npb: give exactly one kernel (" + String.join(", ", kernels().keySet())
                + "), got " + a.positional());
        }
        final String name = a.positional().get(0).toLowerCase(Locale.ROOT);
        final NpbKernel kernel = kernels().get(name);
        if (kernel == null) {
            throw new CliException("npb: kernel=" + name + " is not known (known: "
                + String.join(", ", kernels().keySet()) + ")");
        }
        final String cls = a.value("--class", "S").toUpperCase(Locale.ROOT);
        if (cls.length() != 1 || kernel.classes().indexOf(cls.charAt(0)) < 0) {
            throw new CliException("npb: class=" + cls + " is not a class of " + name + " (" + kernel.classes()
                + ")");
        }
        final BspConfig config = new BspConfig().procs(a.intValue("--procs", 1)).syncMode(a.value("--sync", "org"))
            .barrier(a.value("--barrier", ""));
        if (a.has("--timeout-s")) {
            config.syncTimeoutNs(a.longValue("--timeout-s", 0) * 1_000_000_000L);
        }
        if (a.has("--warmup")) {
            config.option(NpbOptions.WARMUP, String.valueOf(a.intValue("--warmup", NpbOptions.DEFAULT_WARMUP)));
        }
        for (final String kv : a.list("--opt", List.of())) {
            final int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new CliException("npb: --opt " + kv + " is not KEY=VALUE");
            }
            config.option(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
        }
        final NpbResult result = kernel.run(cls.charAt(0), config, a.has("--quiet") ? null : err);
        out.print(NpbReport.text(result));
        if (a.has("--json")) {
            Json.writeFile(a.value("--json", null), NpbReport.json(result));
        }
        return result.verified() ? 0 : 1;
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
