package org.jbsplib.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command that runs no program over a transport ({@code backends}, {@code trace}, {@code sim}, {@code vtime})
 * refuses {@code --transport aeron-ipc} itself, in one line, instead of the launcher starting a JVM per process that
 * each print the refusal.
 */
@Timeout(120)
class TransportOptionContractTest {
    @TempDir
    Path dir;

    @Test
    void shouldRefuseTheTransportInOneLineWithoutStartingJvms() {
        for (final List<String> argv : List.of(List.of("backends"), List.of("trace", dir.toString()),
            List.of("sim", "papers", "--pes", "2"), List.of("vtime", "calibrate", "--reps", "1"))) {
            final String e = assertRefusedInOneLineUnderAeronIpc(argv);
            assertTrue(e.contains("--transport"), argv + ": " + e);
        }
    }

    /**
     * Runs {@code argv} with {@code --transport aeron-ipc --procs 2} and checks that it was refused as bad usage: exit
     * 2, one line on stderr naming the command, nothing on stdout. @return the line
     */
    private static String assertRefusedInOneLineUnderAeronIpc(final List<String> argv) {
        final List<String> withTransport = new java.util.ArrayList<>(argv);
        withTransport.addAll(List.of("--transport", "aeron-ipc", "--procs", "2"));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(withTransport, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, argv + ": " + e);
        assertEquals(1, e.strip().lines().count(), argv + ": one line, from no JVM of the run: " + e);
        assertTrue(e.startsWith("bsp " + argv.get(0) + ": error: "), argv + ": " + e);
        assertEquals("", out.toString(StandardCharsets.UTF_8), argv + ": nothing ran");
        return e;
    }

    @Test
    void shouldRefuseAMachineModelWithATransportBetweenJvmsInOneLineWithoutStartingJvms() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("example", "broadcast", "--procs", "2", "--quiet", "--transport",
            "aeron-ipc", "--machine", "virtual:sp2-us"), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, e);
        assertEquals("bsp example: error: transport=aeron-ipc cannot be combined with machine=virtual:sp2-us (the "
            + "machine is the run's transport)", e.strip());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    /** Bad usage of a command that runs under the transport is found once, here, before the launcher starts JVMs. */
    @Test
    void shouldRefuseBadUsageUnderATransportBetweenJvmsInOneLineWithoutStartingJvms() {
        for (final List<String> argv : List.of(List.of("run"), List.of("run", "--class", "java.lang.String"),
            List.of("example", "broadcast", "--bogus", "1"), List.of("example", "nosuch"),
            List.of("example", "broadcast", "--sync", "nosuch"), List.of("npb", "ft", "--class", "Q"),
            List.of("npb", "ft", "--opt", "ft.lanes=bogus"), List.of("bench-sync", "--steps", "0"),
            List.of("bench", "params", "--hmin", "0"), List.of("bench", "barrier"))) {
            assertRefusedInOneLineUnderAeronIpc(argv);
        }
    }

    @Test
    void shouldRefuseAListOfProcessCountsForBenchSyncBetweenJvms() {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("bench-sync", "--transport", "aeron-ipc"),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("bsp bench-sync: error: option --procs=2,8,32: between JVMs bench-sync runs one P (the launcher "
            + "starts the JVMs of one run); give one", err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void shouldRefuseBenchStopBetweenJvmsInOneLine() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("bench-stop", "--procs", "2", "--transport", "aeron-ipc"),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("bsp bench-stop: error: bench-stop times every process in one JVM: it runs on --transport "
            + "threads, not between JVMs", err.toString(StandardCharsets.UTF_8).strip());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
