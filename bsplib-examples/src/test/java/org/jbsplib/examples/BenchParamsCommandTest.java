package org.jbsplib.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code ./bsp bench params}: runs (tiny) under both syncs, the table, the JSON, the fit, bad arguments. */
@Timeout(120)
class BenchParamsCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... args) {
        return Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "P={0} sync={1} stat={2}")
    @CsvSource({"1, org, median", "2, org, min", "3, rbs, median", "4, rbs, min"})
    void shouldPrintAFitPerPrimitiveAndWriteJson(final int p, final String sync, final String stat,
        @TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("params.json");
        assertEquals(0, bsp("bench", "params", "--procs", Integer.toString(p), "--sync", sync, "--stat", stat,
            "--hmax", "8", "--hstep", "4", "--reps", "2", "--trials", "1", "--json", json.toString(), "--quiet"),
            err.toString(StandardCharsets.UTF_8));
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("r = ") && table.contains("R^2"), table);
        for (final String prim : BspParams.PRIMITIVES) {
            assertTrue(table.contains("\n" + prim + " "), prim + " in " + table);
        }
        final String text = Files.readString(json);
        assertTrue(text.contains("\"g_ns_per_word\"") && text.contains("\"r_flops\"") && text.contains("\"points\"")
            && text.contains("\"stat\": \"" + stat + "\""), text);
    }

    @Test
    void shouldFitAnExactLine() {
        final BspParams.Fit f = BspParams.fit("put", new int[] {0, 10, 20, 30}, new double[] {5, 7, 9, 11});
        assertEquals(0.2, f.gSeconds(), 1e-12);
        assertEquals(5, f.lSeconds(), 1e-12);
        assertEquals(1, f.r2(), 1e-12);
        assertEquals(0, f.maxResidualSeconds(), 1e-12);
    }

    @Test
    void shouldSendEveryWordElsewhereAndBalanceTheRelation() {
        for (final int p : new int[] {2, 3, 5}) {
            final int h = 7;
            final int[] in = new int[p];
            for (int q = 0; q < p; q++) {
                for (int i = 0; i < h; i++) {
                    final int d = BspParams.dest(q, i, p);
                    assertTrue(d != q, "P=" + p + " q=" + q + " i=" + i);
                    in[d]++;
                }
            }
            for (int q = 0; q < p; q++) {
                assertEquals(h, in[q], "P=" + p + " pid " + q + " receives h words");
            }
        }
    }

    @Test
    void shouldRejectBadArgumentsNamingThem() {
        assertEquals(2, bsp("bench", "params", "--hmax", "0"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("hmax=0"), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, bsp("bench", "params", "--stat", "mean"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("stat=mean"), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, bsp("bench", "params", "--ops", "put,teleport"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("primitive=teleport"),
            err.toString(StandardCharsets.UTF_8));
    }
}
