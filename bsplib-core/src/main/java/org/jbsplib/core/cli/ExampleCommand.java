package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.examples.Broadcast;
import org.jbsplib.core.examples.Example;
import org.jbsplib.core.examples.InnerProduct;
import org.jbsplib.core.examples.MessageExchange;

/**
 * {@code ./bsp example NAME}: runs one of the example programs: the built-in ones and those of every
 * {@link ExampleProvider} found (which replace built-ins of the same name). Exit status 1 when the example's
 * check fails ({@link Example#passed()}).
 */
public final class ExampleCommand implements CliCommand {
    private static final Map<String, String> EXAMPLES = new LinkedHashMap<>();

    static {
        EXAMPLES.put("broadcast", "Figure 1 of the relaxed-barrier paper: pid 0 puts a value to every process");
        EXAMPLES.put("inprod", "inner product of a block-distributed vector (--n N, default 1000000)");
        EXAMPLES.put("bsmp", "BSMP: every process sends every other a tagged message and reads its queue");
    }

    private static Map<String, ExampleProvider> providers() {
        final Map<String, ExampleProvider> byName = new LinkedHashMap<>();
        for (final ExampleProvider p : ServiceLoader.load(ExampleProvider.class)) {
            for (final String name : p.examples().keySet()) {
                byName.putIfAbsent(name, p);
            }
        }
        return byName;
    }

    private static Map<String, String> allExamples() {
        final Map<String, String> all = new LinkedHashMap<>(EXAMPLES);
        for (final ExampleProvider p : ServiceLoader.load(ExampleProvider.class)) {
            all.putAll(p.examples());
        }
        return all;
    }

    @Override
    public String name() {
        return "example";
    }

    @Override
    public String description() {
        return "run an example program: " + String.join(", ", allExamples().keySet());
    }

    @Override
    public String help() {
        final StringBuilder sb = new StringBuilder();
        sb.append("usage: ./bsp example NAME [--procs N] [--sync org|rbs] [options]\n\nexamples:\n");
        allExamples().forEach((k, v) -> sb.append(String.format("  %-10s %s%n", k, v)));
        sb.append("\noptions:\n").append(RunOptions.HELP).append('\n');
        // one line per option: a provider's line for an option listed already (--n) replaces that line
        final Map<String, String> lines = new LinkedHashMap<>();
        lines.put("--n", "  --n N              vector length of inprod (default 1000000)\n");
        lines.put("--value", "  --value V          value broadcast by pid 0 (default 42)\n");
        final Set<ExampleProvider> seen = new HashSet<>(providers().values());
        for (final ExampleProvider p : seen) {
            p.optionsHelp().lines().forEach(line -> lines.put(line.strip().split("\\s+", 2)[0], line + "\n"));
        }
        lines.values().forEach(sb::append);
        return sb.toString();
    }

    /** An example ready to run: its name, the program, and the parsed options. */
    private record Usage(String name, Example example, Args args) {
    }

    /** @return the example the command line names, created, or a {@link CliException} on bad usage */
    private static Usage usage(final List<String> argv, final PrintStream out) {
        final Map<String, ExampleProvider> providers = providers();
        final Set<String> values = new HashSet<>(RunOptions.values("--n", "--value"));
        for (final ExampleProvider p : providers.values()) {
            values.addAll(p.valueOptions());
        }
        final Args args = Args.parse(argv, values, RunOptions.flags());
        if (args.positional().size() != 1) {
            throw new CliException("example needs exactly one NAME (one of " + String.join(", ",
                allExamples().keySet()) + "), got " + args.positional());
        }
        final String name = args.positional().get(0);
        final Example example = providers.containsKey(name) ? providers.get(name).create(name, args, out)
            : switch (name) {
            case "broadcast" -> new Broadcast(out, args.intValue("--value", 42));
            case "inprod" -> new InnerProduct(out, args.intValue("--n", 1_000_000));
            case "bsmp" -> new MessageExchange(out);
            default -> throw new CliException("unknown example '" + name + "' (known: "
                + String.join(", ", allExamples().keySet()) + ")");
        };
        return new Usage(name, example, args);
    }

    @Override
    public void checkUsage(final List<String> argv) {
        final Usage u = usage(argv, new PrintStream(java.io.OutputStream.nullOutputStream()));
        RunOptions.check(RunOptions.config(u.args()));
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Usage u = usage(argv, out);
        final String name = u.name();
        final Example example = u.example();
        final Args args = u.args();
        final BspConfig config = RunOptions.config(args);
        // Between JVMs every JVM runs this command with its share of the processes, and every one holds the whole
        // run's statistics: only the JVM of pid 0 prints them and writes the JSON file (one writer per file).
        final AtomicBoolean hostsPidZero = new AtomicBoolean();
        final RunResult r = BspRuntime.run(config, bsp -> {
            if (bsp.pid() == 0) {
                hostsPidZero.set(true);
            }
            example.run(bsp);
        });
        if (!hostsPidZero.get()) {
            return example.passed() ? 0 : 1;
        }
        if (!args.has("--quiet")) {
            err.printf("bsp example %s: P=%d sync=%s wall=%.3f ms T_sync=%.3f ms (T_barrier=%.3f, T_comm=%.3f)%n",
                name, config.procs(), config.syncMode(), r.wallNs() / 1e6, r.meanSyncSeconds() * 1e3,
                r.meanBarrierSeconds() * 1e3, r.meanCommSeconds() * 1e3);
        }
        if (args.has("--json")) {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("command", "example");
            json.put("example", name);
            json.put("result", example.result());
            json.putAll(RunOptions.toJson(r));
            json.put("passed", example.passed());
            Json.writeFile(args.value("--json", null), json);
        }
        return example.passed() ? 0 : 1;
    }
}
