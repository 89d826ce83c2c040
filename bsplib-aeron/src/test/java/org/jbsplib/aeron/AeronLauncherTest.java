package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ./bsp ... --transport aeron-ipc} as a user runs it: the CLI becomes the launcher, starts the JVMs and a
 * media driver, and leaves nothing behind (no JVM, no driver directory in {@code /dev/shm}).
 */
@Timeout(120)
class AeronLauncherTest {
    /** This class's own driver root: other Aeron runs on the host make their directories elsewhere. */
    private static java.nio.file.Path driverRoot;

    @BeforeAll
    static void useOwnDriverRoot() throws java.io.IOException {
        driverRoot = java.nio.file.Files.createTempDirectory("jbsplib-driver-root-");
        System.setProperty(Placement.DRIVER_ROOT_PROP, driverRoot.toString());
    }

    @AfterAll
    static void dropOwnDriverRoot() throws java.io.IOException {
        System.clearProperty(Placement.DRIVER_ROOT_PROP);
        java.nio.file.Files.delete(driverRoot); // fails if a directory was left in it
    }

    private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

    private int bsp(final String... argv) {
        final Set<String> before = driverDirs();
        final int code = bspUnchecked(argv);
        assertNothingLeftBehind(before);
        return code;
    }

    /** Runs the CLI without checking what it left: for a launcher that runs while another one still does. */
    private int bspUnchecked(final String... argv) {
        return Main.run(List.of(argv), new PrintStream(outBytes, true, StandardCharsets.UTF_8),
            new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    /** No driver directory beyond {@code before} and no child JVM remains. */
    private static void assertNothingLeftBehind(final Set<String> before) {
        final Set<String> left = driverDirs();
        left.removeAll(before);
        assertEquals(Set.of(), left, "driver directories left behind");
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive)
            .map(p -> p.info().commandLine().orElse("?")).toList(), "JVMs left behind");
    }

    private static Set<String> driverDirs() {
        final String[] names = driverRoot.toFile().list((d, n) -> n.startsWith("jbsplib-aeron-"));
        return new TreeSet<>(names == null ? List.of() : Arrays.asList(names));
    }

    private String out() {
        return outBytes.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return errBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldPrintTheSameInnerProductAsTheThreadsTransport() {
        assertEquals(0, bsp("example", "inprod", "--procs", "2", "--n", "5000", "--quiet"), err());
        final String threads = out().strip();
        outBytes.reset();
        assertEquals(0, bsp("example", "inprod", "--procs", "4", "--n", "5000", "--transport", "aeron-ipc",
            "--ranks-per-jvm", "2"), err());
        assertTrue(out().contains("[0-1] " + threads), out() + " vs " + threads);
        assertTrue(err().contains("[0-1] bsp example inprod: P=4"), err());
        assertFalse(err().contains("[2-3] bsp example inprod"), "only the JVM of pid 0 prints the run's summary: "
            + err());
    }

    @Test
    void shouldPrintTheSameInnerProductOverUdpOnLoopback() {
        assertEquals(0, bsp("example", "inprod", "--procs", "2", "--n", "5000", "--quiet"), err());
        final String threads = out().strip();
        outBytes.reset();
        assertEquals(0, bsp("example", "inprod", "--procs", "4", "--n", "5000", "--transport", "aeron-udp",
            "--ranks-per-jvm", "2", "--quiet"), err());
        assertTrue(out().contains("[0-1] " + threads), out() + " vs " + threads);
    }

    @Test
    void shouldPrintBenchSyncsTableAndWriteItsJsonFromTheJvmOfPidZeroOnly() throws java.io.IOException {
        final java.nio.file.Path json = java.nio.file.Files.createTempFile("bench-sync-", ".json");
        try {
            java.nio.file.Files.delete(json);
            assertEquals(0, bsp("bench-sync", "--procs", "2", "--steps", "3", "--reps", "1", "--warmup", "0",
                "--patterns", "ring", "--modes", "org", "--transport", "aeron-ipc", "--json", json.toString()), err());
            assertEquals(List.of("[0] pattern", "[0] ring"), out().lines().map(l -> l.split("\\s+")[0] + " "
                + l.split("\\s+")[1]).toList(), "the table once, from the JVM of pid 0: " + out());
            assertFalse(err().contains("[1] bench-sync"), err());
            assertTrue(java.nio.file.Files.readString(json).contains("\"command\": \"bench-sync\""));
        } finally {
            java.nio.file.Files.deleteIfExists(json);
        }
    }

    /** Each host of a cluster starts its own lines of one host file; here two launchers share loopback. */
    @Test
    void shouldRunOneHostFileFromTwoLaunchersEachStartingItsRankRange() throws Exception {
        assertEquals(0, bsp("example", "inprod", "--procs", "2", "--n", "5000", "--quiet"), err());
        final String threads = out().strip();
        outBytes.reset();
        final java.nio.file.Path file = java.nio.file.Files.createTempFile("hosts", ".txt");
        try {
            java.nio.file.Files.writeString(file, AeronLauncher.loopbackHosts(2, 2).format());
            final ByteArrayOutputStream otherOut = new ByteArrayOutputStream();
            final ByteArrayOutputStream otherErr = new ByteArrayOutputStream();
            final int[] otherCode = {-1};
            final Thread other = new Thread(() -> otherCode[0] = Main.run(List.of("example", "inprod", "--procs", "4",
                "--n", "5000", "--transport", "aeron-udp", "--hosts", file.toString(), "--rank-range", "2-3",
                "--quiet"), new PrintStream(otherOut, true, StandardCharsets.UTF_8),
                new PrintStream(otherErr, true, StandardCharsets.UTF_8)));
            final Set<String> before = driverDirs();
            other.start();
            // the other launcher may still be closing its driver when this one returns: check after both ended
            assertEquals(0, bspUnchecked("example", "inprod", "--procs", "4", "--n", "5000", "--transport",
                "aeron-udp", "--hosts", file.toString(), "--rank-range", "0-1", "--quiet"), err());
            other.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(other.isAlive(), "the launcher of ranks 2-3 did not end within 60 s");
            assertEquals(0, otherCode[0], otherErr.toString(StandardCharsets.UTF_8));
            assertNothingLeftBehind(before);
            assertTrue(out().contains("[0-1] " + threads), out() + " vs " + threads);
        } finally {
            java.nio.file.Files.delete(file);
        }
    }

    @Test
    void shouldRefuseARankRangeThatSplitsAJvm() {
        assertEquals(2, bsp("example", "inprod", "--procs", "4", "--transport", "aeron-udp", "--ranks-per-jvm", "2",
            "--rank-range", "1-2"), err());
        assertTrue(err().contains("option --rank-range=1-2 must be A-B"), err());
    }

    @Test
    void shouldRefuseALivenessTimeoutBelowOneSecondNamingItsValueBeforeAnyJvmStarts() {
        assertEquals(2, bsp("example", "inprod", "--procs", "2", "--transport", "aeron-udp", "--liveness-ms", "500"),
            err());
        assertTrue(err().contains("option --liveness-ms=500 must be a whole number of milliseconds >= 1000"), err());
        assertTrue(!err().contains("[0]"), err());
    }

    @Test
    void shouldRefuseTheUdpOnlyOptionsOnAeronIpcBeforeAnyJvmStarts() {
        for (final String[] option : new String[][] {{"--liveness-ms", "500"}, {"--liveness-ms", "x"},
            {"--rank-range", "0-1"}, {"--hosts", "/no/such/hosts.txt"}}) {
            errBytes.reset();
            assertEquals(2, bsp("example", "broadcast", "--procs", "2", "--quiet", "--transport", "aeron-ipc",
                option[0], option[1]), err());
            assertEquals("bsp example: error: option " + option[0] + " applies to --transport aeron-udp; aeron-ipc "
                + "starts every JVM on this host", err().strip());
            assertEquals("", out(), "no JVM ran");
        }
    }

    @Test
    void shouldDocumentTheLivenessTimeoutInTheHelp() {
        assertEquals(0, bsp("run", "--help"), err());
        assertTrue(out().contains("--liveness-ms MS   with aeron-udp"), out());
    }

    /** Over UDP the JVMs notice a dead one by its silence, after the liveness timeout the run set. */
    @Test
    void shouldNameTheLivenessTimeoutTheRunSetWhenAUdpJvmIsKilled() {
        assertEquals(137, runFaulty("kill", "aeron-udp", "--liveness-ms", "1500"), err());
        assertSurvivorsNamed("liveness timeout of 1500 ms");
    }

    @Test
    void shouldStopEveryUdpJvmWithinTheGraceNamingTheProcessThatWasKilled() {
        assertEquals(137, runFaulty("kill", "aeron-udp"), err());
        assertSurvivorsNamed("is not connected any more");
    }

    /**
     * A launcher stopped with SIGTERM kills its JVMs and removes their drivers' directories: over aeron-ipc the one
     * driver it started itself (both JVMs name its directory), over aeron-udp one driver per JVM.
     */
    @ParameterizedTest
    @CsvSource({"aeron-ipc, 1", "aeron-udp, 2"})
    void shouldRemoveEveryDriverDirectoryWhenTheLauncherIsStopped(final String transport, final int dirs)
        throws Exception {
        final String classes = new File(FaultyProgram.class.getProtectionDomain().getCodeSource().getLocation()
            .getPath()).getPath();
        final List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-D" + Placement.DRIVER_ROOT_PROP + "=" + driverRoot);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "--class",
            FaultyProgram.class.getName(), "--cp", classes, "--procs", "2", "--transport", transport, "--quiet",
            "--", "hang"));
        final Process launcher = new ProcessBuilder(cmd).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            // the JVMs' driver directories, from their command lines (other tests may make some too)
            Set<String> made = Set.of();
            final long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (made.size() < dirs && System.nanoTime() < until) {
                Thread.sleep(100);
                made = new TreeSet<>();
                for (final ProcessHandle h : launcher.descendants().toList()) {
                    for (final String a : h.info().arguments().orElse(new String[0])) {
                        final String prefix = "-D" + Placement.AERON_DIR_PROP + "=";
                        if (a.startsWith(prefix) && new File(a.substring(prefix.length()), "cnc.dat").exists()) {
                            assertEquals(driverRoot.toFile(), new File(a.substring(prefix.length())).getParentFile(),
                                "the driver directory is made in -D" + Placement.DRIVER_ROOT_PROP);
                            made.add(new File(a.substring(prefix.length())).getName());
                        }
                    }
                }
            }
            assertEquals(dirs, made.size(), "the JVMs' driver directories: " + made);
            final List<ProcessHandle> jvms = launcher.descendants().toList();
            launcher.destroy();
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not stop");
            final Set<String> left = driverDirs();
            left.retainAll(made);
            assertEquals(Set.of(), left, "driver directories left behind");
            assertEquals(List.of(), jvms.stream().filter(ProcessHandle::isAlive).toList(), "JVMs left behind");
        } finally {
            launcher.destroyForcibly();
        }
    }

    @Test
    void shouldBenchTheEmptySyncOfEachTransportInOneInvocation() {
        assertEquals(0, bsp("bench-transport", "--procs", "2", "--syncs", "200", "--blocks", "3", "--warmup", "200"),
            err());
        assertTrue(out().contains("threads") && out().contains("aeron-ipc"), out());
    }

    @Test
    void shouldStopEveryJvmWithTheFirstCauseWhenAProcessThrows() {
        assertEquals(1, runFaulty("throw"), err());
        final List<String> aborted = lines("run aborted");
        assertEquals(3, aborted.size(), err());
        for (final String line : aborted) {
            assertTrue(line.contains("pid 1 failed in superstep 5") && line.contains("deliberate failure of pid 1"),
                line);
        }
    }

    @Test
    void shouldStopEveryJvmNamingTheProcessThatCalledSystemExit() {
        assertEquals(3, runFaulty("exit"), err());
        assertTrue(err().contains("JVM 1") && err().contains("exited with code 3"), err());
        assertSurvivorsNamed("its JVM exited with code 3");
    }

    @Test
    void shouldStopEveryJvmNamingTheProcessThatWasKilled() {
        assertEquals(137, runFaulty("kill"), err());
        assertTrue(err().contains("JVM 1") && err().contains("exited with code 137"), err());
        assertSurvivorsNamed("its JVM exited with code 137");
    }

    /** The two other JVMs left their sync on the launcher's ABORT frame, naming pid 1, and were not killed. */
    private void assertSurvivorsNamed(final String what) {
        final List<String> aborted = lines("run aborted");
        assertEquals(2, aborted.size(), err());
        for (final String line : aborted) {
            assertTrue(line.contains("pid 1 failed") && line.contains(what), line);
        }
        assertTrue(!err().contains("bsp: killing JVM"), err());
    }

    @Test
    void shouldRunEveryJvmToTheEndWithoutAFault() {
        assertEquals(0, runFaulty("none"), err());
    }

    private int runFaulty(final String fault) {
        return runFaulty(fault, "aeron-ipc");
    }

    private int runFaulty(final String fault, final String transport, final String... options) {
        final String classes = new File(FaultyProgram.class.getProtectionDomain().getCodeSource().getLocation()
            .getPath()).getPath();
        final List<String> argv = new ArrayList<>(List.of("run", "--class", FaultyProgram.class.getName(), "--cp",
            classes, "--procs", "3", "--transport", transport, "--timeout-ms", "60000"));
        argv.addAll(List.of(options));
        argv.add("--");
        argv.add(fault);
        return bsp(argv.toArray(new String[0]));
    }

    private List<String> lines(final String containing) {
        final List<String> found = new ArrayList<>();
        for (final String line : err().split("\n")) {
            if (line.contains(containing)) {
                found.add(line);
            }
        }
        return found;
    }
}
