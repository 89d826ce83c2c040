package org.jbsplib.trace;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;

/**
 * {@code ./bsp trace DIR [--top N] [--html OUT] [--json FILE]}: reads a trace directory that a run with
 * {@code --trace DIR} wrote and prints its summary ({@link TraceSummary}); {@code --html} also writes the timeline
 * page ({@link TimelinePage}).
 */
public final class TraceCommand implements CliCommand {
    /** Creates the command (ServiceLoader). */
    public TraceCommand() {
    }

    @Override
    public String name() {
        return "trace";
    }

    /**
     * {@code --transport} is not an option of this command (it reads a journal in this JVM):
     * it refuses it in one line, rather than a transport's launcher starting JVMs that would each refuse it.
     */
    @Override
    public boolean launchesTransportsItself() {
        return true;
    }

    @Override
    public String description() {
        return "summarize a superstep trace (--trace DIR of run, example, npb); --html draws its timeline";
    }

    @Override
    public String help() {
        return String.join("\n",
            "usage: ./bsp trace DIR [--top N] [--html OUT] [--json FILE]",
            "",
            "Reads the superstep journal a run wrote with --trace DIR (./bsp run|example|npb ... --trace DIR; one",
            "queue per JVM, merged here) and prints per-process totals (computation, commit, sync, waiting, bytes,",
            "puts/gets/sends), the slowest supersteps, the load imbalance and who waited on whom most.",
            "",
            "options:",
            "  --top N        how many slowest supersteps and waiting pairs to list (default 10)",
            "  --html OUT     also write the timeline: one lane per process, supersteps as blocks, computation and",
            "                 waiting shaded apart, wait arrows on demand, zoomable; one self-contained file",
            "                 (OUT and --json FILE are checked before the trace is read: a directory or an",
            "                 unwritable path is bad usage; missing directories are created when written)",
            "  --json FILE    also write the summary as JSON",
            "  --help         this help",
            "");
    }

    @Override
    public int run(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final Args args = Args.parse(argv, Set.of("--top", "--html", "--json"), Set.of("--help"));
        if (args.positional().size() != 1) {
            throw new CliException("trace needs exactly one DIR (a directory a run wrote with --trace DIR), got "
                + args.positional());
        }
        final int top = args.intAtLeast("--top", 10, 1);
        if (args.has("--json")) {
            Json.checkWritable(args.value("--json", null));
        }
        if (args.has("--html")) {
            Json.checkWritable("--html", args.value("--html", null));
        }
        final Path dir = Path.of(args.positional().get(0));
        final Trace trace;
        try {
            trace = TraceReader.read(dir);
        } catch (final IllegalArgumentException e) {
            throw new CliException(e.getMessage());
        }
        final TraceSummary summary = TraceSummary.of(trace);
        out.print(summary.text(top));
        if (args.has("--html")) {
            final Path html = Path.of(args.value("--html", null));
            final Path parent = html.toAbsolutePath().getParent();
            if (parent != null) {
                java.nio.file.Files.createDirectories(parent);
            }
            TimelinePage.write(trace, html);
            err.println("bsp trace: timeline written to " + html);
        }
        if (args.has("--json")) {
            final Map<String, Object> json = new LinkedHashMap<>();
            json.put("command", "trace");
            json.put("dir", dir.toString());
            json.putAll(summary.toJson(top));
            Json.writeFile(args.value("--json", null), json);
        }
        return 0;
    }
}
