package org.jbsplib.hw.sim;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;

/**
 * {@code ./bsp sim SUBCOMMAND}: regenerates a barrier paper's evaluation from the hardware models the barrier
 * backends use, with the values the paper's text states as reference points and the model's deviation from each.
 *
 * <pre>{@code
 * ./bsp sim paper-table --out target/sim
 * ./bsp sim nic --nodes 2..16 --card lanai43,lanai72 --out target/sim --json target/sim/nic.json
 * }</pre>
 *
 * <p>Every run prints the number of model events it processed and events per second (one core).
 */
public final class SimCommand implements CliCommand {
    private static final List<Simulation> SIMULATIONS = List.of(new PaperTableSimulation(), new NicSimulation(),
        new ReflexSimulation(), new PapersSimulation(), new BsrSimulation());
    private static final Set<String> COMMON = Set.of("--json", "--out");

    @Override
    public String name() {
        return "sim";
    }

    /**
     * {@code --transport} is not an option of this command (it simulates the models in this JVM):
     * it refuses it in one line, rather than a transport's launcher starting JVMs that would each refuse it.
     */
    @Override
    public boolean launchesTransportsItself() {
        return true;
    }

    @Override
    public String description() {
        return "regenerate the barrier papers' evaluations from the hardware models (JSON, PNG/SVG plots)";
    }

    @Override
    public String help() {
        final StringBuilder sb = new StringBuilder(String.join("\n",
            "usage: ./bsp sim SUBCOMMAND [options] [--out DIR] [--json FILE]",
            "       ./bsp sim SUBCOMMAND --help  (that subcommand's options only; also ./bsp sim help SUBCOMMAND)",
            "",
            "Regenerates a barrier paper's evaluation from the same models the barrier backends use. Reference points",
            "are only values the paper's text states (never read off its plots); each is shown with the model's value",
            "and the deviation. Every run reports the model events it processed and events per second.",
            "",
            "  --out DIR    write SUBCOMMAND.json and the plots (PNG and SVG) into DIR",
            "  --json FILE  write the results as JSON into FILE",
            "",
            "subcommands:", ""));
        for (final Simulation s : SIMULATIONS) {
            sb.append(String.format(Locale.ROOT, "  %-12s %s%n", s.name(), s.summary()));
        }
        for (final Simulation s : SIMULATIONS) {
            sb.append('\n').append(s.help()).append('\n');
        }
        return sb.toString();
    }

    /** @return the named subcommand's help ({@code ./bsp sim nic --help}), else the whole command's */
    @Override
    public String help(final List<String> args) {
        if (!args.isEmpty() && !args.get(0).startsWith("-")) {
            for (final Simulation s : SIMULATIONS) {
                if (s.name().equals(args.get(0))) {
                    return subcommandHelp(s);
                }
            }
        }
        return help();
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        if (argv.isEmpty() || argv.get(0).startsWith("--")) {
            throw new CliException("sim: give a subcommand (" + names() + "); see ./bsp sim --help");
        }
        if (argv.get(0).equals("help")) {
            if (argv.size() != 2) {
                throw new CliException("sim help: give one subcommand (" + names() + ")");
            }
            out.println(subcommandHelp(find(argv.get(1))));
            return 0;
        }
        final Simulation sim = find(argv.get(0));
        final Set<String> options = new LinkedHashSet<>(COMMON);
        options.addAll(sim.options());
        final Args args = Args.parse(argv.subList(1, argv.size()), options, Set.of("--help"));
        if (!args.positional().isEmpty()) {
            throw new CliException("sim " + sim.name() + ": unexpected argument " + args.positional().get(0));
        }
        final String outDir = args.value("--out", null);
        if (outDir != null) {
            Json.checkWritable(Path.of(outDir, sim.name() + ".json").toString());
        }
        final SimRun run = new SimRun(sim.name(), args, outDir == null ? null : Path.of(outDir), out, err);
        sim.run(run);
        final Map<String, Object> json = run.json();
        out.printf(Locale.ROOT, "events: %d in %.2f s of simulation = %.0f events/s (wall %.2f s with plots)%n",
            run.events(), (double) json.get("simulating_s"), (double) json.get("events_per_s"),
            (double) json.get("wall_s"));
        if (outDir != null) {
            final Path file = Path.of(outDir, sim.name() + ".json");
            Json.writeFile(file.toString(), json);
            out.println("wrote " + file + (run.files().isEmpty() ? "" : ", " + String.join(", ", run.files())));
        }
        if (args.has("--json")) {
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }

    /** @return the subcommands */
    static List<Simulation> simulations() {
        return SIMULATIONS;
    }

    /** @return one subcommand's usage, its options and the options every subcommand takes */
    static String subcommandHelp(final Simulation sim) {
        return sim.help() + "\n" + String.join("\n",
            "  --out DIR            write " + sim.name() + ".json and the plots (PNG and SVG) into DIR",
            "  --json FILE          write the results as JSON into FILE",
            "  Every run prints the model events it processed, the time spent simulating and events per second.");
    }

    private static Simulation find(final String name) {
        for (final Simulation s : SIMULATIONS) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new CliException("sim: subcommand=" + name + " is unknown (known: " + names() + ")");
    }

    private static String names() {
        final List<String> names = new ArrayList<>();
        for (final Simulation s : SIMULATIONS) {
            names.add(s.name());
        }
        return String.join(", ", names);
    }
}
