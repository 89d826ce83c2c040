package org.jbsplib.aeron;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.Transports;

/**
 * {@code ./bsp bench-transport}: the empty sync (no communication) per transport and P, each transport measured in
 * the same invocation so that they share the machine's load. A transport between JVMs runs in JVMs started by its
 * launcher, as a user's run does; the others run in this JVM. Each run syncs {@code --warmup} times, then measures
 * {@code --blocks} blocks of {@code --syncs} syncs on pid 0; the figure is the median over blocks of the mean time
 * per sync.
 */
public final class TransportBenchCommand implements CliCommand {
    private static final String RESULT = "bench-transport ns-per-sync:";
    /**
     * Its own options only: the runs are configured by them alone, so the shared run options (--barrier, --cores,
     * ...) would be ignored; {@code --transport} and {@code --child} are the launched runs' own (see launched).
     */
    private static final Set<String> VALUES = Set.of("--procs", "--transports", "--syncs", "--blocks", "--warmup",
        "--sync", "--json", "--transport");
    private static final Set<String> FLAGS = Set.of("--child");

    @Override
    public String name() {
        return "bench-transport";
    }

    @Override
    public String description() {
        return "empty sync per transport (threads, aeron-ipc, aeron-udp) and P, measured in the same invocation";
    }

    /** Launches its runs itself, one launch per transport between JVMs: a {@code --transport} is refused. */
    @Override
    public boolean launchesTransportsItself() {
        return true;
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp bench-transport [--procs 2,4] [--transports threads,aeron-ipc] [--syncs N] [--blocks B]",
            "                             [--warmup W] [--sync MODE] [--json FILE]",
            "Times the empty sync (no puts) of each transport at each P: W warm-up syncs, then B blocks of N syncs",
            "timed on pid 0; prints the median over blocks of the time per sync, in microseconds. aeron-ipc and",
            "aeron-udp (loopback) run one JVM per process, started as ./bsp ... --transport NAME does.",
            "  --procs LIST       process counts (default 2,4)",
            "  --transports LIST  transports (default threads,aeron-ipc)",
            "  --syncs N          syncs per block (default 20000)",
            "  --blocks B         measured blocks (default 7)",
            "  --warmup W         unmeasured syncs first (default 20000)",
            "  --sync MODE        sync mode (default org)",
            "  --json FILE        also write the figures as JSON",
            "  --child, --transport T  internal: the command passes them to the runs it starts in other JVMs", "");
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Args a = Args.parse(argv, VALUES, FLAGS);
        if (!a.positional().isEmpty()) {
            throw new CliException("bench-transport takes no arguments, got " + a.positional());
        }
        if (a.has("--transport") && !a.has("--child")) {
            throw new CliException("bench-transport: give the transports to compare as --transports LIST (got "
                + "--transport " + a.value("--transport", "") + ")");
        }
        final int syncs = a.intValue("--syncs", 20_000);
        final int blocks = a.intValue("--blocks", 7);
        final int warmup = a.intValue("--warmup", 20_000);
        if (syncs < 1 || blocks < 1 || warmup < 0) {
            throw new CliException("options --syncs=" + syncs + " and --blocks=" + blocks + " must be >= 1, --warmup="
                + warmup + " >= 0");
        }
        final String sync = a.value("--sync", "org");
        if (a.has("--child")) {
            final double[] ns = measure(new BspConfig().procs(a.intValue("--procs", 2)).syncMode(sync)
                .transport(a.value("--transport", "threads")), warmup, syncs, blocks);
            if (ns != null) {
                out.println(RESULT + " " + join(ns));
            }
            return 0;
        }
        // checked before the table's first line: bad usage is one line and nothing else
        org.jbsplib.core.BspRuntime.syncMode(sync);
        for (final int p : a.intList("--procs", 2, 4)) {
            if (p < 1) {
                throw new CliException("option --procs: " + p + " must be >= 1");
            }
        }
        for (final String transport : a.value("--transports", "threads,aeron-ipc").split(",")) {
            Transports.provider(transport.trim());
        }
        final List<Map<String, Object>> json = new ArrayList<>();
        out.printf("%-10s %4s %14s %14s%n", "transport", "P", "median us", "min us");
        for (final int p : a.intList("--procs", 2, 4)) {
            for (final String transport : a.value("--transports", "threads,aeron-ipc").split(",")) {
                final double[] ns = Transports.provider(transport.trim()).launcher() == null
                    ? measure(new BspConfig().procs(p).syncMode(sync).transport(transport.trim()), warmup, syncs,
                        blocks)
                    : launched(transport.trim(), p, sync, warmup, syncs, blocks, err);
                Arrays.sort(ns);
                final double median = ns[ns.length / 2];
                out.printf("%-10s %4d %14.3f %14.3f%n", transport.trim(), p, median / 1e3, ns[0] / 1e3);
                final Map<String, Object> m = new LinkedHashMap<>();
                m.put("transport", transport.trim());
                m.put("procs", p);
                m.put("sync", sync);
                m.put("median_us", median / 1e3);
                m.put("min_us", ns[0] / 1e3);
                json.add(m);
            }
        }
        if (a.has("--json")) {
            Json.writeFile(a.value("--json", null), json);
        }
        return 0;
    }

    /** @return the ns per sync of each block, measured on pid 0 (null in a JVM without pid 0) */
    private static double[] measure(final BspConfig config, final int warmup, final int syncs, final int blocks) {
        final double[] ns = new double[blocks];
        final boolean[] here = new boolean[1];
        BspRuntime.run(config, new BspProgram() {
            @Override
            public void run(final Bsp bsp) {
                for (int i = 0; i < warmup; i++) {
                    bsp.sync();
                }
                for (int b = 0; b < blocks; b++) {
                    final long start = System.nanoTime();
                    for (int i = 0; i < syncs; i++) {
                        bsp.sync();
                    }
                    if (bsp.pid() == 0) {
                        ns[b] = (System.nanoTime() - start) / (double) syncs;
                        here[0] = true;
                    }
                }
            }
        });
        return here[0] ? ns : null;
    }

    private static double[] launched(final String transport, final int p, final String sync, final int warmup,
        final int syncs, final int blocks, final PrintStream err) throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<String> argv = List.of("bench-transport", "--child", "--procs", String.valueOf(p), "--transport",
            transport, "--sync", sync, "--syncs", String.valueOf(syncs), "--blocks", String.valueOf(blocks),
            "--warmup", String.valueOf(warmup));
        final int code = Transports.provider(transport).launcher().launch(argv,
            new PrintStream(bytes, true, StandardCharsets.UTF_8), err);
        final String out = bytes.toString(StandardCharsets.UTF_8);
        if (code != 0) {
            throw new CliException("bench-transport: the run over " + transport + " at P=" + p + " exited with code "
                + code);
        }
        for (final String line : out.split("\n")) {
            final int at = line.indexOf(RESULT);
            if (at >= 0) {
                final String[] words = line.substring(at + RESULT.length()).trim().split(" ");
                final double[] ns = new double[words.length];
                for (int i = 0; i < words.length; i++) {
                    ns[i] = Double.parseDouble(words[i]);
                }
                return ns;
            }
        }
        throw new CliException("bench-transport: no result from the run over " + transport + " at P=" + p);
    }

    private static String join(final double[] ns) {
        final StringBuilder sb = new StringBuilder();
        for (final double v : ns) {
            sb.append(sb.length() == 0 ? "" : " ").append(v);
        }
        return sb.toString();
    }
}
