package org.jbsplib.npb.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

import org.jbsplib.core.cli.CliCommand;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.npb.common.NpbKernel;

/**
 * {@code ./bsp compare}: the relaxed-barrier paper's experiment as one command. Runs NPB kernels over a matrix of
 * process counts, sync modes and barrier backends, each configuration a warm-up run and N measured runs, and writes
 * {@code results.json}, {@code results.csv}, the plots (PNG and SVG, {@link CompareCharts}) and a self-contained
 * {@code report.html} ({@link CompareReport}) into the output directory. Ctrl-C writes what is done.
 *
 * <pre>{@code
 * ./bsp compare --kernels ft,lu --class A --procs 1,2,4,8 --sync org,rbs --repeat 5 --out cmp-a
 * }</pre>
 *
 * <p>Exit code 0 when every run verified, 1 when one did not (it is in the files, marked, and never plotted), 2 on
 * bad usage. Threading: runs on the CLI's thread, a shutdown hook may write the files meanwhile.
 */
public final class CompareCommand implements CliCommand {

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String description() {
        return "compare sync modes and barrier backends on NPB FT/LU: repeats, plots, results.json/csv, report.html";
    }

    @Override
    public boolean launchesTransportsItself() {
        return true;
    }

    @Override
    public String help() {
        return "usage: ./bsp compare [--kernels ft,lu] [--class C] [--procs 1,2,4] [--sync org,rbs]\n"
            + "                     [--barrier B1,B2] [--machine SPEC] [--transport T] [--repeat N] [--out DIR]\n"
            + "                     [--baseline OLD/results.json] [--json FILE] [--quiet]\n\n"
            + "Runs every combination of kernel, process count, sync mode and barrier backend (the experiment of\n"
            + "Figures 5 and 6 of the relaxed-barrier paper), each one warm-up run and then N measured runs, and\n"
            + "writes into DIR: results.json and results.csv (every run: configuration, verified, time, Mop/s, T_sync,\n"
            + "T_barrier, T_comm, supersteps, commit time, host, JVM, warm-up flag), plots as PNG and SVG\n"
            + "(fig5-*: T_barrier + T_comm of org next to T_sync of rbs per P; fig6-*: relative speedup of rbs over\n"
            + "org per P; mops-*: Mop/s per P; tsync-*: T_sync per barrier backend) and report.html, one\n"
            + "self-contained page with the command, host, JVM, medians with min-max, the plots and every run.\n"
            + "A run that does not verify is marked failed in the files and never summarized or plotted.\n"
            + "Progress (configuration, run i/N, ETA) goes to stderr; Ctrl-C writes what has finished.\n\n"
            + "options:\n"
            + "  --kernels K,...    NPB kernels (default ft,lu)\n"
            + "  --class C          NPB class letter (default S)\n"
            + "  --procs P,...      process counts (default 1,2,4; LU needs powers of two)\n"
            + "  --sync S,...       sync modes, optionally with a preset: org, rbs, org:paper, rbs:paper\n"
            + "                     (default org,rbs)\n"
            + "  --barrier B,...    barrier backends of the classic sync, each with org (default: the runtime's;\n"
            + "                     ./bsp backends lists them); rbs has no barrier and runs once per P\n"
            + "  --machine SPEC     run on a machine model, e.g. virtual:sp2-us (virtual time; default: this host)\n"
            + "  --transport T      threads (default) or a transport between JVMs such as aeron-ipc: then each\n"
            + "                     configuration is one ./bsp npb launch running all its runs\n"
            + "  --repeat N         measured runs per configuration, after one warm-up run in the same JVM\n"
            + "                     (default " + CompareOptions.DEFAULT_REPEAT + ")\n"
            + "  --out DIR          output directory, created if missing (default " + CompareOptions.DEFAULT_OUT
            + ")\n"
            + "  --baseline FILE    the results.json of an earlier comparison: the tables and plots add the\n"
            + "                     change of each configuration's medians against it\n"
            + "  --json FILE        also write results.json to FILE\n"
            + "  --quiet            no progress lines on stderr\n"
            + "  --help             this help\n";
    }

    @Override
    public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
        if (args.contains("--help")) {
            out.print(help());
            return 0;
        }
        final Map<String, NpbKernel> kernels = kernels();
        final CompareOptions o = CompareOptions.parse(args, kernels);
        final Map<Configuration, ConfigSummary> baseline = baseline(o);
        Files.createDirectories(o.out());
        final Results results = new Results(meta(o, args));
        final Output output = new Output(o, results, baseline);
        output.prepare();
        final Thread hook = new Thread(output::interrupted, "bsp-compare-save");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            new CompareRunner(o, kernels, results, o.quiet() ? null : err, CompareRunner.hostDescription(),
                CompareRunner.jvmDescription(), output::progress).run();
            output.finished();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (final IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
        out.print(summary(results));
        out.println("compare: wrote " + o.out().resolve("report.html") + ", results.json, results.csv and the plots"
            + " in " + o.out());
        return results.runs().stream().allMatch(RunRecord::verified) ? 0 : 1;
    }

    private static Map<Configuration, ConfigSummary> baseline(final CompareOptions o) throws IOException {
        if (o.baseline() == null) {
            return Map.of();
        }
        try {
            return ConfigSummary.of(Results.readJson(o.baseline()).runs());
        } catch (final IllegalArgumentException e) {
            throw new CliException("option --baseline=" + o.baseline() + ": " + e.getMessage());
        }
    }

    private static Map<String, Object> meta(final CompareOptions o, final List<String> args) {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", String.join(", ", o.kernels()).toUpperCase(Locale.ROOT) + " class " + o.npbClass()
            + (Configuration.HOST.equals(o.machine()) ? "" : " on " + o.machine()));
        m.put("command", "./bsp compare " + String.join(" ", args.stream().map(CompareCommand::quoted).toList()));
        m.put("host", CompareRunner.hostName());
        m.put("cpu", CompareRunner.cpuModel());
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
            + System.getProperty("os.arch"));
        m.put("jvm", CompareRunner.jvmDescription());
        m.put("max_heap", (Runtime.getRuntime().maxMemory() >> 20) + " MiB");
        m.put("repeat", o.repeat());
        m.put("started", Instant.now().toString());
        if (o.baseline() != null) {
            m.put("baseline", o.baseline().toString());
        }
        return m;
    }

    private static String quoted(final String word) {
        return word.matches("[A-Za-z0-9_./:=,+-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }

    /** @return the medians as text lines for stdout */
    static String summary(final Results results) {
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-6s %-5s %4s  %-20s %-26s %-22s %-26s %s%n", "kernel", "class",
            "P", "variant", "time s median (min-max)", "Mop/s median", "T_sync s median (min-max)", "runs ok/failed"));
        for (final ConfigSummary s : ConfigSummary.of(results.runs()).values()) {
            final Configuration c = s.config();
            sb.append(String.format(Locale.ROOT, "%-6s %-5s %4d  %-20s %-26s %-22s %-26s %d/%d%n", c.kernel(),
                c.npbClass(), c.procs(), c.variant(), s.hasData() ? s.seconds().text("%.3f") : "-",
                s.hasData() ? s.mops().text("%.1f") : "-", s.hasData() ? s.tSync().text("%.4f") : "-",
                s.measured(), s.failed()));
        }
        return sb.toString();
    }

    /** @return the kernels on the class path, by name */
    static TreeMap<String, NpbKernel> kernels() {
        final TreeMap<String, NpbKernel> known = new TreeMap<>();
        for (final NpbKernel k : ServiceLoader.load(NpbKernel.class)) {
            known.putIfAbsent(k.name(), k);
        }
        return known;
    }

    /** Writes the files once: at the end, or from the shutdown hook with what has finished. */
    static final class Output {
        private final CompareOptions options;
        private final Results results;
        private final Map<Configuration, ConfigSummary> baseline;
        private boolean written;

        Output(final CompareOptions options, final Results results,
            final Map<Configuration, ConfigSummary> baseline) {
            this.options = options;
            this.results = results;
            this.baseline = baseline;
        }

        /**
         * Draws a throw-away chart before the runs: the first chart of a JVM loads AWT's fonts, which registers a
         * shutdown hook, and that is refused once the JVM is shutting down (Ctrl-C), so the hook could not draw.
         *
         * @throws IOException when the scratch directory cannot be written
         */
        void prepare() throws IOException {
            final Path scratch = Files.createTempDirectory("bsp-compare-");
            try {
                org.jbsplib.report.BarChart.of("", "", "").bar("", "", 1).write(scratch, "prepare");
            } finally {
                for (final String f : List.of("prepare.png", "prepare.svg")) {
                    Files.deleteIfExists(scratch.resolve(f));
                }
                Files.deleteIfExists(scratch);
            }
        }

        /**
         * Keeps {@code results.json} and {@code results.csv} current after every run, so that even a killed
         * comparison leaves its finished runs.
         */
        synchronized void progress() {
            if (written) {
                return;
            }
            try {
                results.writeJson(options.out().resolve("results.json"));
                results.writeCsv(options.out().resolve("results.csv"));
            } catch (final IOException e) {
                throw new java.io.UncheckedIOException("compare: cannot write into --out=" + options.out(), e);
            }
        }

        /** Writes the files of a complete comparison. */
        synchronized void finished() throws IOException {
            results.complete(true);
            write(results.snapshot());
        }

        /** Writes what is done when the JVM shuts down before the end (Ctrl-C); once. */
        synchronized void interrupted() {
            if (written) {
                return;
            }
            results.complete(false);
            final Results done = results.snapshot();
            try {
                write(done);
                System.err.println("compare: interrupted; wrote the " + done.runs().size() + " finished runs to "
                    + options.out());
            } catch (final IOException | RuntimeException e) {
                try { // what the JVM's shutdown still allows: the data and the page without plots
                    done.writeJson(options.out().resolve("results.json"));
                    done.writeCsv(options.out().resolve("results.csv"));
                    CompareReport.write(options.out().resolve("report.html"), done, List.of(), baseline);
                    System.err.println("compare: interrupted; wrote the " + done.runs().size() + " finished runs "
                        + "to " + options.out() + " without plots (" + e + ")");
                } catch (final IOException | RuntimeException again) {
                    System.err.println("compare: interrupted; could not write the results: " + again);
                }
            }
        }

        private void write(final Results done) throws IOException {
            written = true;
            done.meta("finished", Instant.now().toString());
            write(done, options.out(), baseline);
            if (options.json() != null) {
                done.writeJson(options.json());
            }
        }

        /**
         * Writes {@code results.json}, {@code results.csv}, the plots and {@code report.html} into {@code dir}.
         *
         * @throws IOException when a file cannot be written
         */
        static void write(final Results results, final Path dir, final Map<Configuration, ConfigSummary> baseline)
            throws IOException {
            Files.createDirectories(dir);
            results.writeJson(dir.resolve("results.json"));
            results.writeCsv(dir.resolve("results.csv"));
            final List<CompareCharts.Figure> figures = CompareCharts.write(dir.resolve("plots"),
                ConfigSummary.of(results.runs()), baseline);
            CompareReport.write(dir.resolve("report.html"), results, figures, baseline);
        }
    }
}
