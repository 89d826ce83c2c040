package org.jbsplib.aeron;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.transport.TransportLauncher;

/**
 * The launcher of {@code ./bsp ... --procs N --transport aeron-ipc [--ranks-per-jvm K]}: starts the host's media
 * driver, starts N/K JVMs running the same command (JVM {@code j} runs pids {@code j*K .. j*K+K-1}), copying this
 * JVM's flags ({@code RuntimeMXBean.getInputArguments()}) and class path, streams their output with each line
 * prefixed by {@code [pid]}, and waits for them. All-or-none: when a JVM exits with an error, the launcher sends an
 * ABORT frame naming its first pid to every other process's inbox (a JVM that threw has already sent its own, with
 * the cause; one that was killed or called {@code System.exit} could not), so they stop at once; JVMs still
 * running {@link #FAILURE_GRACE_MS} later (busy outside the library) are killed. The driver is
 * closed, and its directory removed, only after every JVM has exited. Only JVM 0 writes {@code --json}.
 *
 * <p>Threading: called once on the CLI's main thread; one thread per stream of each JVM copies its output.
 */
public final class AeronLauncher implements TransportLauncher {
    /** How long the other JVMs get to stop after the first one failed, before they are killed. */
    public static final long FAILURE_GRACE_MS = 5_000;

    @Override
    public boolean shouldLaunch() {
        if (System.getProperty(Placement.RANK_PROP) != null) {
            return false;
        }
        for (final String[] vars : Placement.ENV_RANK_SIZE) {
            if (System.getenv(vars[0]) != null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int launch(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final int procs = intOption(argv, "--procs", BspConfig.DEFAULT_PROCS);
        final int perJvm = intOption(argv, "--ranks-per-jvm", 1);
        if (procs < 1 || perJvm < 1 || procs % perJvm != 0) {
            throw new CliException("option --ranks-per-jvm=" + perJvm + " must be >= 1 and divide --procs=" + procs);
        }
        final int jvms = procs / perJvm;
        final File shm = new File("/dev/shm");
        final String dir = new File(shm.isDirectory() ? shm : new File(System.getProperty("java.io.tmpdir")),
            "jbsplib-aeron-" + UUID.randomUUID()).getPath();
        final MediaDriver driver = MediaDriver.launch(AeronTransport.driverContext(dir));
        final List<Process> children = new ArrayList<>(jvms);
        final List<Thread> pumps = new ArrayList<>();
        final Thread killer = new Thread(() -> children.forEach(Process::destroyForcibly), "bsp-launcher-cleanup");
        Runtime.getRuntime().addShutdownHook(killer);
        try {
            for (int j = 0; j < jvms; j++) {
                final ProcessBuilder pb = new ProcessBuilder(command(argv, j, jvms, perJvm, dir));
                final Process child = pb.start();
                children.add(child);
                final String prefix = "[" + (perJvm == 1 ? String.valueOf(j)
                    : j * perJvm + "-" + (j * perJvm + perJvm - 1)) + "] ";
                pumps.add(pump(child.getInputStream(), out, prefix));
                pumps.add(pump(child.getErrorStream(), err, prefix));
            }
            final int code = await(children, err, (dead, exit) -> {
                final List<Integer> others = new ArrayList<>();
                for (int pid = 0; pid < procs; pid++) {
                    if (pid / perJvm != dead) {
                        others.add(pid);
                    }
                }
                AeronTransport.abortFromOutside(dir, procs, others, dead * perJvm, "its JVM exited with code " + exit);
            });
            for (final Thread t : pumps) {
                t.join(TimeUnit.SECONDS.toMillis(5));
            }
            return code;
        } finally {
            children.forEach(Process::destroyForcibly);
            for (final Process p : children) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
            CloseHelper.quietClose(driver);
            IoUtil.delete(new File(dir), true);
            try {
                Runtime.getRuntime().removeShutdownHook(killer);
            } catch (final IllegalStateException ignored) {
                // the JVM is shutting down: the hook runs anyway
            }
        }
    }

    /** Waits for every JVM; after the first failure, gives the others a grace period and kills them. */
    private static int await(final List<Process> children, final PrintStream err,
        final java.util.function.BiConsumer<Integer, Integer> onFirstFailure) throws InterruptedException {
        int firstCode = 0;
        long failedAt = 0;
        while (true) {
            boolean alive = false;
            for (int j = 0; j < children.size(); j++) {
                final Process p = children.get(j);
                if (p.isAlive()) {
                    alive = true;
                } else if (p.exitValue() != 0 && firstCode == 0) {
                    firstCode = p.exitValue();
                    failedAt = System.nanoTime();
                    err.println("bsp: JVM " + j + " (pid " + p.pid() + ") exited with code " + firstCode
                        + "; stopping the others");
                    try {
                        onFirstFailure.accept(j, firstCode);
                    } catch (final RuntimeException e) {
                        err.println("bsp: could not tell the other JVMs (" + e + "); they are stopped after "
                            + FAILURE_GRACE_MS + " ms");
                    }
                }
            }
            if (!alive) {
                return firstCode;
            }
            if (failedAt != 0 && System.nanoTime() - failedAt > TimeUnit.MILLISECONDS.toNanos(FAILURE_GRACE_MS)) {
                for (int j = 0; j < children.size(); j++) {
                    if (children.get(j).isAlive()) {
                        err.println("bsp: killing JVM " + j + " (pid " + children.get(j).pid() + "), still running "
                            + FAILURE_GRACE_MS + " ms after the first failure");
                        children.get(j).destroyForcibly();
                    }
                }
            }
            Thread.sleep(20);
        }
    }

    /** @return the command line of JVM {@code j}: this JVM's java, flags and class path, the same CLI arguments */
    static List<String> command(final List<String> argv, final int j, final int jvms, final int perJvm,
        final String dir) {
        final List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!flag.startsWith("-Dbsplib.rank") && !flag.startsWith("-Dbsplib.jvms")
                && !flag.startsWith("-Dbsplib.ranksPerJvm") && !flag.startsWith("-Dbsplib.aeron.dir")
                && !flag.startsWith("-agentlib:jdwp")) {
                cmd.add(flag);
            }
        }
        cmd.add("-D" + Placement.RANK_PROP + "=" + j);
        cmd.add("-D" + Placement.JVMS_PROP + "=" + jvms);
        cmd.add("-D" + Placement.RANKS_PER_JVM_PROP + "=" + perJvm);
        cmd.add("-D" + Placement.AERON_DIR_PROP + "=" + dir);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("org.jbsplib.core.cli.Main");
        for (int i = 0; i < argv.size(); i++) {
            final String a = argv.get(i);
            if (j > 0 && a.equals("--json") && i + 1 < argv.size()) {
                i++; // only JVM 0 writes the results
            } else if (!(j > 0 && a.startsWith("--json="))) {
                cmd.add(a);
            }
        }
        return cmd;
    }

    private static Thread pump(final InputStream in, final PrintStream to, final String prefix) {
        final Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (to) {
                        to.println(prefix + line);
                    }
                }
            } catch (final java.io.IOException e) {
                synchronized (to) {
                    to.println(prefix + "(output lost: " + e + ")");
                }
            }
        }, "bsp-launcher-output");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static int intOption(final List<String> argv, final String name, final int fallback) {
        String v = null;
        for (int i = 0; i < argv.size(); i++) {
            if (argv.get(i).equals("--")) {
                break;
            }
            if (argv.get(i).equals(name) && i + 1 < argv.size()) {
                v = argv.get(i + 1);
            } else if (argv.get(i).startsWith(name + "=")) {
                v = argv.get(i).substring(name.length() + 1);
            }
        }
        if (v == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (final NumberFormatException e) {
            throw new CliException("option " + name + "=" + v + " is not an integer");
        }
    }
}
