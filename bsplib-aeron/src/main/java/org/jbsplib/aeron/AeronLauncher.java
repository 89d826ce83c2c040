package org.jbsplib.aeron;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.aeron.driver.MediaDriver;
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
 * closed, and its directory removed, only after every JVM has exited; when the launcher itself is stopped (SIGTERM,
 * Ctrl-C) a shutdown hook kills the JVMs first and then does the same. Only JVM 0 writes {@code --json}.
 *
 * <p>With {@code --transport aeron-udp} ({@link #udp()}) there is no shared driver: every JVM starts its own. The
 * JVMs are the lines of the host file ({@code --hosts FILE}); {@code --rank-range A-B} starts only the lines whose
 * pids lie in {@code A..B}, so that each host of a cluster starts its own share. Without a host file, the JVMs run
 * on this host's loopback interface on free ports (a generated host file). A JVM that dies is noticed by the
 * others over the network (its inbox stops being connected), not by the launcher, which may be on another host.
 *
 * <p>Threading: called once on the CLI's main thread; one thread per stream of each JVM copies its output.
 */
public final class AeronLauncher implements TransportLauncher {
    /** How long the other JVMs get to stop after the first one failed, before they are killed. */
    public static final long FAILURE_GRACE_MS = 5_000;

    private final boolean udp;

    /** The launcher of {@code aeron-ipc}: one media driver for every JVM of this host. */
    public AeronLauncher() {
        this(false);
    }

    private AeronLauncher(final boolean udp) {
        this.udp = udp;
    }

    /** @return the launcher of {@code aeron-udp}: the JVMs of a host file, each with its own media driver */
    public static AeronLauncher udp() {
        return new AeronLauncher(true);
    }

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
        return udp ? launchUdp(argv, out, err) : launchIpc(argv, out, err);
    }

    private int launchIpc(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        // every JVM of aeron-ipc runs on this host, under this launcher: these would be ignored
        for (final String udpOnly : List.of("--hosts", "--rank-range", "--liveness-ms")) {
            if (option(argv, udpOnly) != null) {
                throw new CliException("option " + udpOnly + " applies to --transport aeron-udp; aeron-ipc starts "
                    + "every JVM on this host");
            }
        }
        final int procs = intOption(argv, "--procs", BspConfig.DEFAULT_PROCS);
        final int perJvm = intOption(argv, "--ranks-per-jvm", 1);
        if (procs < 1 || perJvm < 1 || procs % perJvm != 0) {
            throw new CliException("option --ranks-per-jvm=" + perJvm + " must be >= 1 and divide --procs=" + procs);
        }
        final int jvms = procs / perJvm;
        final String dir = driverDir();
        // also when the launcher is stopped (SIGTERM, Ctrl-C): kills the JVMs, closes the driver, removes its directory
        try (LaunchedJvms launched = new LaunchedJvms()) {
            launched.removeAtEnd(dir);
            launched.closeAtEnd(MediaDriver.launch(AeronTransport.driverContext(dir)));
            final List<Thread> pumps = new ArrayList<>();
            for (int j = 0; j < jvms; j++) {
                final Process child = launched.start(new ProcessBuilder(command(argv, j, jvms, perJvm,
                    List.of("-D" + Placement.AERON_DIR_PROP + "=" + dir))));
                final String prefix = prefix(j, perJvm);
                pumps.add(pump(child.getInputStream(), out, prefix));
                pumps.add(pump(child.getErrorStream(), err, prefix));
            }
            final int code = await(launched.children(), err, (dead, exit) -> {
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
        }
    }

    /** @return a new media driver directory, in {@link Placement#driverRoot()} */
    private static String driverDir() {
        return new File(Placement.driverRoot(), "jbsplib-aeron-" + UUID.randomUUID()).getPath();
    }

    private static String prefix(final int j, final int perJvm) {
        return "[" + (perJvm == 1 ? String.valueOf(j) : j * perJvm + "-" + (j * perJvm + perJvm - 1)) + "] ";
    }

    private int launchUdp(final List<String> argv, final PrintStream out, final PrintStream err) throws Exception {
        final int procs = intOption(argv, "--procs", BspConfig.DEFAULT_PROCS);
        // refused here, before any JVM starts, rather than by every JVM
        AeronUdpTransportProvider.livenessTimeoutNs(option(argv, "--liveness-ms"));
        final String file = option(argv, "--hosts");
        Path generated = null;
        final Hosts hosts;
        if (file == null) {
            final int perJvm = intOption(argv, "--ranks-per-jvm", 1);
            if (procs < 1 || perJvm < 1 || procs % perJvm != 0) {
                throw new CliException("option --ranks-per-jvm=" + perJvm + " must be >= 1 and divide --procs="
                    + procs);
            }
            hosts = loopbackHosts(procs / perJvm, perJvm);
            generated = Files.createTempFile("jbsplib-hosts-", ".txt");
            Files.writeString(generated, hosts.format());
        } else {
            try {
                hosts = Hosts.read(Path.of(file));
            } catch (final IllegalArgumentException e) {
                throw new CliException("option --hosts: " + e.getMessage());
            }
            if (hosts.procs() != procs) {
                throw new CliException("option --procs=" + procs + " differs from the " + hosts.procs()
                    + " processes of --hosts=" + file);
            }
        }
        final int perJvm = hosts.ranksPerJvm();
        final int jvms = hosts.lines().size();
        final int[] range = rankRange(option(argv, "--rank-range"), procs, perJvm);
        final String hostsPath = (generated != null ? generated : Path.of(file)).toAbsolutePath().toString();
        // also when the launcher is stopped (SIGTERM, Ctrl-C): killed JVMs cannot remove their drivers' directories
        try (LaunchedJvms launched = new LaunchedJvms()) {
            final List<Thread> pumps = new ArrayList<>();
            for (int j = range[0] / perJvm; j <= range[1] / perJvm; j++) {
                final String dir = driverDir();
                launched.removeAtEnd(dir);
                final Process child = launched.start(new ProcessBuilder(command(argv, j, jvms, perJvm,
                    List.of("-D" + Hosts.HOSTS_PROP + "=" + hostsPath, "-D" + Placement.AERON_DIR_PROP + "=" + dir))));
                pumps.add(pump(child.getInputStream(), out, prefix(j, perJvm)));
                pumps.add(pump(child.getErrorStream(), err, prefix(j, perJvm)));
            }
            final int code = await(launched.children(), err, (dead, exit) -> { });
            for (final Thread t : pumps) {
                t.join(TimeUnit.SECONDS.toMillis(5));
            }
            return code;
        } finally {
            if (generated != null) {
                Files.deleteIfExists(generated);
            }
        }
    }

    /**
     * @param spec   {@code --rank-range A-B} (or one pid), or {@code null} for every pid
     * @param procs  the run's processes
     * @param perJvm processes per JVM
     * @return the first and last pid this launcher starts, whole JVMs
     */
    static int[] rankRange(final String spec, final int procs, final int perJvm) {
        if (spec == null) {
            return new int[] {0, procs - 1};
        }
        final int dash = spec.indexOf('-');
        final int a;
        final int b;
        try {
            a = Integer.parseInt(spec.substring(0, dash < 0 ? spec.length() : dash).trim());
            b = dash < 0 ? a : Integer.parseInt(spec.substring(dash + 1).trim());
        } catch (final NumberFormatException e) {
            throw new CliException("option --rank-range=" + spec + " must be A-B (pids, e.g. 0-3)");
        }
        if (a < 0 || b < a || b >= procs || a % perJvm != 0 || (b + 1) % perJvm != 0) {
            throw new CliException("option --rank-range=" + spec + " must be A-B with 0 <= A <= B < procs=" + procs
                + " covering whole JVMs of " + perJvm + " processes (lines of the host file)");
        }
        return new int[] {a, b};
    }

    /** @return {@code jvms} lines on 127.0.0.1, each with {@code perJvm} consecutive UDP ports free right now */
    static Hosts loopbackHosts(final int jvms, final int perJvm) throws java.io.IOException {
        final List<Hosts.Line> lines = new ArrayList<>();
        final java.util.Set<Integer> used = new java.util.HashSet<>();
        while (lines.size() < jvms) {
            final int base;
            try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
                base = s.getLocalPort();
            }
            if (base + perJvm - 1 <= 65_535 && freeRun(base, perJvm, used)) {
                lines.add(new Hosts.Line("127.0.0.1", perJvm, base));
                for (int p = base; p < base + perJvm; p++) {
                    used.add(p);
                }
            }
        }
        return new Hosts(lines);
    }

    private static boolean freeRun(final int base, final int n, final java.util.Set<Integer> used) {
        for (int p = base; p < base + n; p++) {
            if (used.contains(p)) {
                return false;
            }
            try (DatagramSocket s = new DatagramSocket(p, InetAddress.getLoopbackAddress())) {
                s.getLocalPort();
            } catch (final java.net.SocketException e) {
                return false;
            }
        }
        return true;
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

    /**
     * @return the command line of JVM {@code j}: this JVM's java, flags and class path, {@code props}, the same CLI
     *     arguments
     */
    static List<String> command(final List<String> argv, final int j, final int jvms, final int perJvm,
        final List<String> props) {
        final List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!flag.startsWith("-Dbsplib.rank") && !flag.startsWith("-Dbsplib.jvms")
                && !flag.startsWith("-Dbsplib.ranksPerJvm") && !flag.startsWith("-Dbsplib.aeron.dir")
                && !flag.startsWith("-D" + Hosts.HOSTS_PROP) && !flag.startsWith("-agentlib:jdwp")) {
                cmd.add(flag);
            }
        }
        cmd.add("-D" + Placement.RANK_PROP + "=" + j);
        cmd.add("-D" + Placement.JVMS_PROP + "=" + jvms);
        cmd.add("-D" + Placement.RANKS_PER_JVM_PROP + "=" + perJvm);
        cmd.addAll(props);
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

    private static String option(final List<String> argv, final String name) {
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
        return v;
    }

    private static int intOption(final List<String> argv, final String name, final int fallback) {
        final String v = option(argv, name);
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
