package org.jbsplib.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code --deadline} and {@code --timeout-ms} on the command line. */
@Timeout(60)
class RunStopCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... args) {
        return Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldAbortARunawayProgramAtItsDeadlineWithOneLine() {
        assertEquals(1, bsp("run", "--class", Runaway.class.getName(), "--procs", "2", "--deadline", "300ms",
            "--quiet"));
        assertTrue(err().contains("run aborted: the run exceeded its deadline of 0.300 s"), err());
        assertEquals(1, err().strip().split("\n").length, err());
    }

    @Test
    void shouldExplainTheNewOptions() {
        assertEquals(0, bsp("run", "--help"));
        final String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("--deadline TIME"), help);
        assertTrue(help.contains("deadlocks are detected"), help);
    }

    @Test
    void shouldRefuseABadDeadlineOrTimeoutNamingTheValue() {
        assertEquals(2, bsp("run", "--class", Runaway.class.getName(), "--deadline", "soon"));
        assertTrue(err().contains("--deadline=soon is not a duration"), err());
        assertEquals(2, bsp("run", "--class", Runaway.class.getName(), "--timeout-ms", "-5"));
        assertTrue(err().contains("--timeout-ms=-5 must be >= 0"), err());
    }

    @Test
    void shouldParseDurations() {
        final Args a = Args.parse(List.of("--d1", "250ms", "--d2", "1.5", "--d3", "2m", "--d4", "1h"),
            java.util.Set.of("--d1", "--d2", "--d3", "--d4"), java.util.Set.of());
        assertEquals(250_000_000L, a.durationNs("--d1", 0));
        assertEquals(1_500_000_000L, a.durationNs("--d2", 0));
        assertEquals(120_000_000_000L, a.durationNs("--d3", 0));
        assertEquals(3_600_000_000_000L, a.durationNs("--d4", 0));
        assertEquals(7L, a.durationNs("--absent", 7));
    }

    /** A program that syncs for ever. */
    public static final class Runaway implements BspProgram {
        @Override
        public void run(final Bsp bsp) {
            for (;;) {
                bsp.sync();
            }
        }
    }
}
