package org.jbsplib.npb.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several hosts on one machine: four network namespaces, each with one address on a veth pair whose other end is
 * on a bridge inside a fifth namespace, so the traffic stays inside those namespaces. One JVM per namespace runs
 * its rank of {@code ./bsp npb ft --class S --procs 4 --transport aeron-udp} from one host file, as each host of a
 * cluster would (here started directly with its rank, as {@code mpirun} does). Plain, with 5 % of the data
 * packets dropped on receipt (Aeron's debug loss generator: the media driver must recover them), and with one
 * rank's JVM killed with SIGKILL (the others must stop within 5 s, naming it).
 *
 * <p>Needs root and {@code ip} (iproute2) with network namespaces, veth and bridges; where any is missing, every
 * test is skipped with a message saying which.
 */
@Timeout(240)
class FtAcrossNamespacesTest {
    private static final int P = 4;
    private static final String PREFIX = "jbsp" + ProcessHandle.current().pid() % 100_000;
    private static final String HUB = PREFIX + "h";
    private static final List<String> DRIVER_DIRS = new ArrayList<>();
    private static Path hostsFile;

    @BeforeAll
    static void makeNamespaces() throws Exception {
        final String why = cannotMakeNamespaces();
        if (why != null) {
            System.err.println("FtAcrossNamespacesTest skipped: " + why);
            Assumptions.abort(why);
        }
        final StringBuilder hosts = new StringBuilder("# address ranks first-port\n");
        for (int k = 0; k < P; k++) {
            final String ns = PREFIX + k;
            ip("netns", "add", ns);
            ip("-n", ns, "link", "set", "lo", "up");
            ip("link", "add", "e" + PREFIX + k, "netns", ns, "type", "veth", "peer", "name", "h" + PREFIX + k,
                "netns", HUB);
            ip("-n", ns, "addr", "add", address(k) + "/24", "dev", "e" + PREFIX + k);
            ip("-n", ns, "link", "set", "e" + PREFIX + k, "up");
            ip("-n", HUB, "link", "set", "h" + PREFIX + k, "master", "br0");
            ip("-n", HUB, "link", "set", "h" + PREFIX + k, "up");
            hosts.append(address(k)).append(" 1 40100\n");
        }
        hostsFile = Files.createTempFile("jbsplib-hosts-", ".txt");
        Files.writeString(hostsFile, hosts);
    }

    /** @return why namespaces joined by a bridge cannot be made here, or {@code null} when they can (hub made) */
    private static String cannotMakeNamespaces() throws InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "network namespaces need root (user.name=" + System.getProperty("user.name") + ")";
        }
        try {
            final Result r = exec(List.of("ip", "netns", "add", HUB));
            if (r.code != 0) {
                return "the kernel or container forbids network namespaces: 'ip netns add' said " + r.out.strip();
            }
        } catch (final IOException e) {
            return "'ip' (iproute2) is not installed: " + e.getMessage();
        }
        try {
            ip("-n", HUB, "link", "set", "lo", "up");
            ip("-n", HUB, "link", "add", "br0", "type", "bridge");
            ip("-n", HUB, "link", "set", "br0", "up");
        } catch (final IllegalStateException | IOException e) {
            removeNamespaces();
            return "no bridge inside a network namespace: " + e.getMessage();
        }
        return null;
    }

    @AfterAll
    static void removeNamespaces() throws InterruptedException {
        for (int k = 0; k < P; k++) {
            quietly("ip", "netns", "del", PREFIX + k);
        }
        quietly("ip", "netns", "del", HUB);
        if (hostsFile != null) {
            hostsFile.toFile().delete();
        }
        // a killed JVM's driver could not remove its directory
        for (final String dir : DRIVER_DIRS) {
            quietly("rm", "-rf", dir);
        }
    }

    private static String address(final int k) {
        return "10.77.0." + (k + 1);
    }

    @Test
    void shouldVerifyFtAcrossFourNamespaces() throws Exception {
        final List<Result> ranks = runFt(List.of());
        assertTrue(ranks.get(0).out.contains(" Verification = SUCCESSFUL"), ranks.get(0).out);
    }

    @Test
    void shouldVerifyFtAcrossFourNamespacesWithFivePercentOfTheDataPacketsLost() throws Exception {
        final List<Result> ranks = runFt(List.of(
            "-Daeron.ReceiveChannelEndpoint.supplier=io.aeron.driver.ext.DebugReceiveChannelEndpointSupplier",
            "-Daeron.debug.receive.data.loss.rate=0.05", "-Daeron.debug.receive.data.loss.seed=42",
            "-Dbsplib.aeron.printLoss=true"));
        assertTrue(ranks.get(0).out.contains(" Verification = SUCCESSFUL"), ranks.get(0).out);
        long naks = 0;
        for (final Result r : ranks) {
            final Matcher m = Pattern.compile("naks_sent=(\\d+)").matcher(r.out);
            while (m.find()) {
                naks += Long.parseLong(m.group(1));
            }
        }
        assertTrue(naks > 0, "no packet was lost and recovered: " + ranks);
    }

    @Test
    void shouldStopEveryOtherRankWithinFiveSecondsNamingTheRankWhoseJvmWasKilled() throws Exception {
        final String classes = new File(SyncLoop.class.getProtectionDomain().getCodeSource().getLocation()
            .getPath()).getPath();
        final List<Process> jvms = start(List.of(), List.of("run", "--class", SyncLoop.class.getName(), "--cp",
            classes, "--procs", String.valueOf(P), "--transport", "aeron-udp", "--timeout-ms", "60000"));
        try {
            final ByteArrayOutputStream first = new ByteArrayOutputStream();
            final InputStream in = jvms.get(0).getInputStream();
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!first.toString(StandardCharsets.UTF_8).contains("running") && System.nanoTime() < until) {
                final int b = in.read();
                if (b < 0) {
                    break;
                }
                first.write(b);
            }
            assertTrue(first.toString(StandardCharsets.UTF_8).contains("running"), "pid 0 never ran: " + first);
            jvms.get(2).destroyForcibly();
            final long killedAt = System.nanoTime();
            for (int k = 0; k < P; k++) {
                if (k != 2) {
                    final boolean stopped = jvms.get(k).waitFor(killedAt + TimeUnit.SECONDS.toNanos(5)
                        - System.nanoTime(), TimeUnit.NANOSECONDS);
                    assertTrue(stopped, "rank " + k + " still runs 5 s after rank 2 was killed");
                }
            }
            for (int k = 0; k < P; k++) {
                if (k != 2) {
                    final String err = new String(jvms.get(k).getErrorStream().readAllBytes(),
                        StandardCharsets.UTF_8);
                    assertEquals(1, jvms.get(k).exitValue(), err);
                    assertTrue(err.contains("pid 2 failed") && err.contains("at " + address(2) + ":40100"), err);
                }
            }
        } finally {
            jvms.forEach(Process::destroyForcibly);
            for (final Process p : jvms) {
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Runs FT class S with one rank in each namespace; @return each rank's output, after all exited with 0 */
    private static List<Result> runFt(final List<String> props) throws Exception {
        final List<Process> jvms = start(props, List.of("npb", "ft", "--class", "S", "--procs", String.valueOf(P),
            "--transport", "aeron-udp", "--warmup", "0", "--quiet", "--timeout-ms", "60000"));
        final List<Result> results = new ArrayList<>();
        try {
            for (final Process p : jvms) {
                final byte[] out = p.getInputStream().readAllBytes();
                assertTrue(p.waitFor(120, TimeUnit.SECONDS), "a rank did not end");
                results.add(new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8)));
            }
        } finally {
            jvms.forEach(Process::destroyForcibly);
        }
        for (int k = 0; k < P; k++) {
            assertEquals(0, results.get(k).code, "rank " + k + ": " + results.get(k).out);
        }
        return results;
    }

    /** Starts rank k's JVM in namespace k, standard error merged into standard output unless a kill test. */
    private static List<Process> start(final List<String> props, final List<String> argv) throws IOException {
        final boolean merge = argv.get(0).equals("npb");
        final List<Process> jvms = new ArrayList<>();
        for (int k = 0; k < P; k++) {
            final List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", PREFIX + k,
                ProcessHandle.current().info().command().orElse("java")));
            for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (!flag.startsWith("-agentlib:jdwp")) {
                    cmd.add(flag);
                }
            }
            cmd.addAll(props);
            final String dir = "/dev/shm/jbsplib-aeron-" + UUID.randomUUID();
            DRIVER_DIRS.add(dir);
            cmd.addAll(List.of("-Dbsplib.rank=" + k, "-Dbsplib.jvms=" + P, "-Dbsplib.ranksPerJvm=1",
                "-Dbsplib.hosts=" + hostsFile, "-Dbsplib.aeron.dir=" + dir,
                "-cp", System.getProperty("java.class.path"), "org.jbsplib.core.cli.Main"));
            cmd.addAll(argv);
            jvms.add(new ProcessBuilder(cmd).redirectErrorStream(merge).start());
        }
        return jvms;
    }

    private static void ip(final String... args) throws IOException, InterruptedException {
        final List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        final Result r = exec(cmd);
        if (r.code != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed (" + r.code + "): " + r.out.strip());
        }
    }

    private static void quietly(final String... cmd) throws InterruptedException {
        try {
            exec(List.of(cmd));
        } catch (final IOException ignored) {
            // nothing to remove
        }
    }

    private static Result exec(final List<String> cmd) throws IOException, InterruptedException {
        final Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out: " + out);
        }
        return new Result(p.exitValue(), out);
    }

    private record Result(int code, String out) {
    }
}
