package org.jbsplib.npb.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./bsp vtime} from outside: its defaults run, and a bad value is bad usage (exit 2, one line) refused before
 * the calibration or the first round.
 */
@Timeout(120)
class VtimeUsageContractTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... argv) {
        out.reset();
        err.reset();
        return Main.run(List.of(argv), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldRefuseABadValueBeforeAnythingRuns() {
        for (final String[] argv : new String[][] {
            {"vtime", "bench", "--machine", "virtual:nope", "--reps", "1", "--warmup", "0"},
            {"vtime", "bench", "--machine", "virtual:sp2-us;L=fast", "--reps", "1", "--warmup", "0"},
            {"vtime", "bench", "--procs", "32", "--reps", "1", "--warmup", "0"},
            {"vtime", "validate", "--modes", "xx", "--cal-reps", "1", "--reps", "1", "--warmup", "0"},
            {"vtime", "validate", "--lu-class", "Q", "--cal-reps", "1", "--reps", "1", "--warmup", "0"}}) {
            final String what = String.join(" ", argv);
            assertEquals(2, bsp(argv), what + ": " + err);
            final String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(1, e.strip().lines().count(), what + ": " + e);
            assertTrue(e.startsWith("bsp vtime: error: "), what + ": " + e);
            assertEquals("", out.toString(StandardCharsets.UTF_8), what + ": nothing ran");
        }
    }

    @Test
    void shouldRunTheBenchWithItsDefaultKernelClassAndProcs() {
        assertEquals(0, bsp("vtime", "bench", "--reps", "1", "--warmup", "0", "--quiet"), err.toString(
            StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("P=16"), out.toString(StandardCharsets.UTF_8));
    }
}
