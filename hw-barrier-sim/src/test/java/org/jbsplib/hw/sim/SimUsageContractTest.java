package org.jbsplib.hw.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./bsp sim} as the project's CLI rules have it: a bad option value is bad usage (exit 2, one line on stderr),
 * refused before the subcommand prints or writes anything.
 */
@Timeout(120)
class SimUsageContractTest {
    /** Small sizes, so that a subcommand that fails to refuse its bad option still ends soon. */
    private static final List<String> SMALL_BSR = List.of("--levels", "2", "--analysis-episodes", "1", "--ts", "100",
        "--congestion-duration", "10", "--episodes", "1", "--placements", "1", "--congestion-members", "2");

    @TempDir
    Path dir;

    @Test
    void shouldRefuseABadOptionValueBeforeAnyOutput() {
        final List<List<String>> cases = List.of(
            List.of("papers", "--pes", "4..2"),
            List.of("papers", "--pes", "1..4"),
            List.of("papers", "--pes", "x"),
            with(List.of("bsr", "--nodes", "1"), SMALL_BSR),
            with(List.of("bsr", "--nodes", "12", "--congested", "0"), SMALL_BSR),
            with(List.of("bsr", "--nodes", "12", "--members", "1"), SMALL_BSR),
            with(List.of("bsr", "--topology", "mesh", "--mesh", "3y3"), SMALL_BSR));
        for (final List<String> args : cases) {
            final Path out = dir.resolve("out-" + cases.indexOf(args));
            final List<String> argv = new ArrayList<>(List.of("sim"));
            argv.addAll(args);
            argv.addAll(List.of("--out", out.toString()));
            assertRefused(argv, args.toString());
            assertFalse(Files.exists(out), "nothing written for " + args);
        }
    }

    @Test
    void shouldRefuseASizeOptionOfTheOtherBsrTopology() {
        assertTrue(assertRefused(with(List.of("sim", "bsr", "--nodes", "12", "--mesh", "3x3"), SMALL_BSR), "--mesh")
            .contains("option --mesh applies to --topology mesh"));
        assertTrue(assertRefused(with(List.of("sim", "bsr", "--topology", "mesh", "--mesh", "3x3", "--nodes", "12"),
            SMALL_BSR), "--nodes").contains("option --nodes applies to --topology irregular"));
    }

    private static List<String> with(final List<String> a, final List<String> b) {
        final List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** @return the one line on stderr */
    private static String assertRefused(final List<String> argv, final String what) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, what + ": " + e);
        assertEquals(1, e.strip().lines().count(), what + ": " + e);
        assertEquals("", out.toString(StandardCharsets.UTF_8), what + " prints nothing before its refusal");
        return e;
    }
}
