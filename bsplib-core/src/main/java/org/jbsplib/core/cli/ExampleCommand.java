package org.jbsplib.core.cli;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.examples.Broadcast;
import org.jbsplib.core.examples.Example;
import org.jbsplib.core.examples.InnerProduct;
import org.jbsplib.core.examples.MessageExchange;

/** {@code ./bsp example NAME}: runs one of the example programs. */
public final class ExampleCommand implements CliCommand {
    private static final Map<String, String> EXAMPLES = new LinkedHashMap<>();

    static {
        EXAMPLES.put("broadcast", "Figure 1 of the relaxed-barrier paper: pid 0 puts a value to every process");
        EXAMPLES.put("inprod", "inner product of a block-distributed vector (--n N, default 1000000)");
        EXAMPLES.put("bsmp", "BSMP: every process sends every other a tagged message and reads its queue");
    }

    @Override
    public String name() {
        return "example";
    }

    @Override
    public String description() {
        return "run an example program: " + String.join(", ", EXAMPLES.keySet());
    }

    @Override
    public String help() {
        final StringBuilder sb = new StringBuilder();
        sb.append("usage: ./bsp example NAME [--procs N] [--sync org|rbs] [options]\n\nexamples:\n");
        EXAMPLES.forEach((k, v) -> sb.append(String.format("  %-10s %s%n", k, v)));
        sb.append("\noptions:\n").append(RunOptions.HELP).append('\n');
        sb.append("  --n N              vector length of inprod (default 1000000)\n");
        sb.append("  --value V          value broadcast by pid 0 (default 42)\n");
        return sb.toString();
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Args args = Args.parse(argv, RunOptions.values("--n", "--value"), RunOptions.flags());
        if (args.positional().size() != 1) {
            throw new CliException("example needs exactly one NAME (one of " + String.join(", ", EXAMPLES.keySet())
                + "), got " + args.positional());
        }
        final String name = args.positional().get(0);
        final Example example = switch (name) {
            case "broadcast" -> new Broadcast(out, args.intValue("--value", 42));
            case "inprod" -> new InnerProduct(out, args.intValue("--n", 1_000_000));
            case "bsmp" -> new MessageExchange(out);
            default -> throw new CliException("unknown example '" + name + "' (known: "
                + String.join(", ", EXAMPLES.keySet()) + ")");
        };
        final BspConfig config = RunOptions.config(args);
        final RunResult r = BspRuntime.run(config, example);
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
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }
}
