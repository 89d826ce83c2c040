package org.jbsplib.npb.compare;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.cli.Json;
import org.jbsplib.npb.common.NpbKernel;
import org.jbsplib.npb.common.NpbRepeats;

/**
 * Runs the comparison's matrix and adds every run to the {@link Results} as it finishes. Each configuration gets one
 * warm-up run (recorded, marked) and then {@code --repeat} measured runs: in this JVM, one after the other, warm
 * ({@link NpbRepeats}); on a transport between JVMs, as one {@code ./bsp npb ... --repeat N+1} launch whose JVMs
 * run all of them. A run that throws ends its configuration (recorded as an error); the others go on. After each run
 * the runner calls back (the command rewrites {@code results.json}); progress goes to stderr: the configuration,
 * the run count and an ETA.
 *
 * <p>Threading: runs on the calling thread; {@link Results} may be read by a shutdown hook meanwhile.
 */
final class CompareRunner {
    private final CompareOptions options;
    private final Map<String, NpbKernel> kernels;
    private final Results results;
    private final PrintStream progress;
    private final String host;
    private final String jvm;
    private final Runnable afterRun;
    private final long startNs = System.nanoTime();
    private int done;
    private int total;

    CompareRunner(final CompareOptions options, final Map<String, NpbKernel> kernels, final Results results,
        final PrintStream progress, final String host, final String jvm, final Runnable afterRun) {
        this.options = options;
        this.kernels = kernels;
        this.results = results;
        this.progress = progress;
        this.host = host;
        this.jvm = jvm;
        this.afterRun = afterRun;
    }

    /**
     * Runs every configuration.
     *
     * @throws InterruptedException when the thread was interrupted (the runs so far are in the results)
     */
    void run() throws InterruptedException {
        final List<Configuration> matrix = options.matrix();
        final int perConfig = options.repeat() + 1;
        total = matrix.size() * perConfig;
        for (int i = 0; i < matrix.size(); i++) {
            final Configuration c = matrix.get(i);
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("compare: interrupted before " + c.label());
            }
            if (options.launched()) {
                launch(c, i, matrix.size(), perConfig);
            } else {
                inProcess(c, i, matrix.size(), perConfig);
            }
        }
    }

    private void inProcess(final Configuration c, final int index, final int configs, final int perConfig) {
        final int[] next = {0};
        report(c, index, configs, 0, perConfig);
        try {
            NpbRepeats.run(kernels.get(c.kernel()), c.npbClass(), c.bspConfig(), perConfig, null, (i, r) -> {
                results.add(RunRecord.of(c, i, i == 0, r, host, jvm));
                afterRun.run();
                done++;
                next[0] = i + 1;
                if (i + 1 < perConfig) {
                    report(c, index, configs, i + 1, perConfig);
                }
            });
        } catch (final Exception | OutOfMemoryError e) {
            results.add(RunRecord.error(c, next[0], next[0] == 0, e, 0, host, jvm));
            afterRun.run();
            done += perConfig - next[0];
            line(String.format(Locale.ROOT, "compare: %s: run %d failed: %s", c.label(), next[0] + 1, e));
        }
    }

    private void launch(final Configuration c, final int index, final int configs, final int perConfig)
        throws InterruptedException {
        report(c, index, configs, 0, perConfig);
        final long start = System.nanoTime();
        try {
            final Path dir = Files.createDirectories(options.out().resolve("launches"));
            final String base = CompareCharts.fileName(c.label().replace(' ', '-'));
            final Path json = dir.resolve(base + ".json");
            Files.deleteIfExists(json);
            final ProcessBuilder pb = new ProcessBuilder(command(c, perConfig, json))
                .redirectErrorStream(true).redirectOutput(dir.resolve(base + ".log").toFile());
            final Process p = pb.start();
            final int code;
            try {
                code = p.waitFor();
            } catch (final InterruptedException e) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw e;
            }
            if (!Files.isRegularFile(json)) {
                throw new IOException("./bsp npb exited with code " + code + " without results (log: "
                    + dir.resolve(base + ".log") + ")");
            }
            addLaunched(c, Files.readString(json));
            afterRun.run();
            done += perConfig;
        } catch (final IOException | RuntimeException e) {
            results.add(RunRecord.error(c, 0, true, e, (System.nanoTime() - start) / 1e9, host, jvm));
            afterRun.run();
            done += perConfig;
            line("compare: " + c.label() + ": launch failed: " + e.getMessage());
        }
    }

    @SuppressWarnings("unchecked")
    private void addLaunched(final Configuration c, final String json) {
        final Map<String, Object> m = (Map<String, Object>) Json.parse(json);
        final List<Object> runs = m.containsKey("runs") ? (List<Object>) m.get("runs") : List.of(m);
        for (int i = 0; i < runs.size(); i++) {
            results.add(fromNpbJson(c, i, (Map<String, Object>) runs.get(i)));
        }
    }

    /** @return the record of run {@code i} from the JSON of {@code ./bsp npb} ({@code NpbReport.json}) */
    @SuppressWarnings("unchecked")
    RunRecord fromNpbJson(final Configuration c, final int i, final Map<String, Object> r) {
        final List<Object> per = (List<Object>) r.getOrDefault("per_process", List.of());
        double commit = 0;
        long supersteps = 0;
        for (int k = 0; k < per.size(); k++) {
            final Map<String, Object> p = (Map<String, Object>) per.get(k);
            commit += number(p.get("t_commit"));
            if (k == 0) {
                supersteps = (long) number(p.get("supersteps"));
            }
        }
        final boolean verified = Boolean.TRUE.equals(r.get("verified"));
        return new RunRecord(c, i, i == 0, verified ? RunRecord.Status.OK : RunRecord.Status.FAILED,
            number(r.get("seconds")), number(r.get("mops")), number(r.get("t_sync")), number(r.get("t_barrier")),
            number(r.get("t_comm")), per.isEmpty() ? 0 : commit / per.size(), supersteps,
            (long) number(r.get("exchange_supersteps")), (long) number(r.get("relaxed_supersteps")),
            number(r.get("wall_seconds")), host, jvm, "");
    }

    private static double number(final Object o) {
        return o instanceof Number n ? n.doubleValue() : 0;
    }

    /** @return the command line of one launch: this JVM's java, flags and class path running {@code ./bsp npb} */
    List<String> command(final Configuration c, final int runs, final Path json) {
        final List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!flag.startsWith("-agentlib:jdwp")) {
                cmd.add(flag);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("org.jbsplib.core.cli.Main");
        cmd.addAll(List.of("npb", c.kernel(), "--class", String.valueOf(c.npbClass()), "--procs",
            String.valueOf(c.procs()), "--sync", c.sync(), "--transport", c.transport(), "--repeat",
            String.valueOf(runs), "--json", json.toAbsolutePath().toString(), "--quiet"));
        if (!Configuration.DEFAULT_BARRIER.equals(c.barrier()) && !Configuration.NO_BARRIER.equals(c.barrier())) {
            cmd.addAll(List.of("--barrier", c.barrier()));
        }
        return cmd;
    }

    private void report(final Configuration c, final int index, final int configs, final int run,
        final int perConfig) {
        final double elapsed = (System.nanoTime() - startNs) / 1e9;
        final String eta = done == 0 ? "ETA unknown" : "ETA " + duration(elapsed / done * (total - done));
        line(String.format(Locale.ROOT, "compare: configuration %d/%d %s: run %d/%d%s; %d of %d runs done, %s "
            + "elapsed, %s", index + 1, configs, c.label(), run + 1, perConfig, run == 0 ? " (warm-up)" : "",
            done, total, duration(elapsed), eta));
    }

    private void line(final String text) {
        if (progress != null) {
            progress.println(text);
        }
    }

    static String duration(final double seconds) {
        final long s = Math.round(seconds);
        return s < 60 ? s + " s" : s < 3600 ? (s / 60) + " min " + (s % 60) + " s"
            : (s / 3600) + " h " + (s % 3600 / 60) + " min";
    }

    /** @return a description of this host: name, cores, CPU model */
    static String hostDescription() {
        return hostName() + ", " + Runtime.getRuntime().availableProcessors() + " cores, " + cpuModel();
    }

    static String hostName() {
        final String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return Files.readString(Path.of("/etc/hostname")).strip();
        } catch (final IOException | RuntimeException e) {
            return "unknown host";
        }
    }

    static String cpuModel() {
        final File info = new File("/proc/cpuinfo");
        if (info.canRead()) {
            try {
                for (final String l : Files.readAllLines(info.toPath())) {
                    if (l.startsWith("model name")) {
                        return l.substring(l.indexOf(':') + 1).strip();
                    }
                }
            } catch (final IOException | RuntimeException e) {
                // fall through to the architecture
            }
        }
        return System.getProperty("os.arch");
    }

    /** @return a description of this JVM: vendor, runtime version, heap limit */
    static String jvmDescription() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
            + System.getProperty("java.vm.vendor") + "), max heap " + (Runtime.getRuntime().maxMemory() >> 20)
            + " MiB";
    }
}
