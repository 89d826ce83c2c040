package org.jbsplib.npb.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./bsp npb ft --class S --procs 4 --transport aeron-udp} on this host's loopback interface, as a user runs
 * it: four JVMs with a media driver each, under both syncs; the report of pid 0's JVM must verify.
 */
@Timeout(180)
class FtOverAeronUdpTest {
    @ParameterizedTest
    @ValueSource(strings = {"org", "rbs"})
    void shouldVerifyFtClassSAtFourProcessesOverUdp(final String sync) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("npb", "ft", "--class", "S", "--procs", "4", "--transport", "aeron-udp",
            "--sync", sync, "--warmup", "0", "--quiet"), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, report + err.toString(StandardCharsets.UTF_8));
        for (final String line : new String[] {"[0]  Processes = 4", "[0]  Sync = " + sync,
            "[0]  Verification = SUCCESSFUL", "[0]  T_sync = "}) {
            assertTrue(report.contains(line), "missing '" + line + "' in\n" + report);
        }
    }
}
