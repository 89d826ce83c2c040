package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./bsp bench-transport} takes the options its help explains and refuses the others, which it would ignore
 * (its runs are configured by its own options alone). The quick arguments keep a run that is wrongly accepted short.
 */
@Timeout(60)
class TransportBenchCommandTest {
    private static final List<String> QUICK = List.of("--transports", "threads", "--procs", "1", "--syncs", "1",
        "--blocks", "1", "--warmup", "0");

    @Test
    void shouldRefuseTheRunOptionsItWouldIgnore() {
        for (final List<String> extra : List.of(List.of("--barrier", "tree"), List.of("--cores", "1"),
            List.of("--transport", "threads"), List.of("--quiet"))) {
            final List<String> argv = new ArrayList<>(List.of("bench-transport"));
            argv.addAll(QUICK);
            argv.addAll(extra);
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            final int code = Main.run(argv, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
            final String e = err.toString(StandardCharsets.UTF_8);
            assertEquals(2, code, extra + ": " + e);
            assertEquals(1, e.strip().lines().count(), e);
            assertTrue(e.contains(extra.get(0)), extra + ": " + e);
        }
    }

    @Test
    void shouldNameAnOptionWhoseListIsNotIntegers() {
        final List<String> argv = new ArrayList<>(List.of("bench-transport"));
        argv.addAll(QUICK);
        argv.set(argv.indexOf("--procs") + 1, "1,x");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, Main.run(argv, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--procs=1,x"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldPrintNothingButTheErrorLineOnAnUnknownTransportOrSyncOrABadP() {
        for (final String[] bad : List.of(new String[] {"--transports", "threads,nosuch"},
            new String[] {"--sync", "nosuch"}, new String[] {"--procs", "0"})) {
            final List<String> argv = new ArrayList<>(List.of("bench-transport"));
            argv.addAll(QUICK);
            final int at = argv.indexOf(bad[0]);
            if (at < 0) {
                argv.addAll(List.of(bad));
            } else {
                argv.set(at + 1, bad[1]);
            }
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            assertEquals(2, Main.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)), err.toString(StandardCharsets.UTF_8));
            assertEquals("", out.toString(StandardCharsets.UTF_8), "no table before the error: " + argv);
            assertTrue(err.toString(StandardCharsets.UTF_8).contains("nosuch")
                || err.toString(StandardCharsets.UTF_8).contains("--procs: 0"), err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void shouldExplainEveryOptionItTakes() {
        final String help = new TransportBenchCommand().help();
        for (final String option : List.of("--procs", "--transports", "--syncs", "--blocks", "--warmup", "--sync",
            "--json", "--child", "--transport")) {
            assertTrue(help.contains(option), option + " in " + help);
        }
    }
}
