package org.jbsplib.npb.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mechanics of {@code ./bsp vtime}: what each subcommand prints and writes. No figure is judged (they depend on
 * the host and its load; the validation's result is quoted in bsplib-vtime/README.md).
 */
class VtimeCommandTest {
    private static Map<String, Object> run(final Path json, final String... args) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final List<String> argv = new java.util.ArrayList<>(List.of(args));
        argv.add("--json");
        argv.add(json.toString());
        final int code = new VtimeCommand().run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        @SuppressWarnings("unchecked")
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        return m;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldCalibrateAndWriteASpecThatParses(@TempDir final Path dir) throws Exception {
        final Map<String, Object> m = run(dir.resolve("c.json"), "calibrate", "--reps", "1");
        assertEquals("vtime calibrate", m.get("command"));
        for (final String key : new String[] {"one_way_ns", "o_ns", "g_ns", "G_ns_per_byte", "L_ns"}) {
            assertTrue(((Number) m.get(key)).doubleValue() >= 0, key + "=" + m.get(key));
        }
        final String spec = (String) m.get("spec");
        assertTrue(spec.startsWith("virtual:local;L="), spec);
        org.jbsplib.vtime.NetworkModel.parse(spec.substring("virtual:".length()));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldValidateEveryModeOnBothMachines(@TempDir final Path dir) throws Exception {
        final Map<String, Object> m = run(dir.resolve("v.json"), "validate", "--reps", "2", "--warmup", "0",
            "--steps", "20", "--cal-reps", "1", "--lu-class", "none", "--quiet");
        assertEquals(2L, m.get("procs"));
        assertEquals(6.0, ((Number) m.get("bound")).doubleValue());
        final List<Object> rows = (List<Object>) m.get("rows");
        assertEquals(2, rows.size());
        for (final Object o : rows) {
            final Map<String, Object> row = (Map<String, Object>) o;
            assertEquals("bench-sync ring", row.get("program"));
            assertEquals(2, ((List<Object>) row.get("t_sync_virtual_runs")).size());
            final double vMin = ((Number) row.get("t_sync_virtual_min")).doubleValue();
            final double mMin = ((Number) row.get("t_sync_measured_min")).doubleValue();
            assertEquals(vMin / mMin, ((Number) row.get("ratio_min")).doubleValue(), 1e-9);
            final double ratio = vMin / mMin;
            assertEquals(ratio >= 1 / 6.0 && ratio <= 6.0, row.get("within_bound"));
        }
        assertEquals(List.of("org", "rbs"), rows.stream().map(r -> ((Map<String, Object>) r).get("sync")).toList());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldBenchAVirtualRunAgainstThreadsAtTwo(@TempDir final Path dir) throws Exception {
        final Map<String, Object> m = run(dir.resolve("b.json"), "bench", "--kernel", "lu", "--class", "S",
            "--procs", "4", "--machine", "virtual:infiniband", "--reps", "2", "--warmup", "0", "--quiet");
        assertEquals(4L, m.get("procs"));
        assertEquals("virtual:infiniband", m.get("machine"));
        final double threads = ((Number) m.get("threads_wall_seconds_median")).doubleValue();
        final double virtual = ((Number) m.get("virtual_wall_seconds_median")).doubleValue();
        assertEquals(virtual / threads, ((Number) m.get("wall_ratio")).doubleValue(), 1e-9);
        // two rounds: the median is their mean, not the upper one
        final List<Object> runs = (List<Object>) m.get("virtual_wall_seconds_runs");
        assertEquals(2, runs.size());
        assertEquals((((Number) runs.get(0)).doubleValue() + ((Number) runs.get(1)).doubleValue()) / 2, virtual, 1e-9);
        // LU class S: 50 iterations of several supersteps each, the same count at P=2 and P=4
        assertTrue(((Number) m.get("virtual_supersteps")).longValue() > 50, m.toString());
        assertTrue(((Number) m.get("simulated_supersteps_per_second")).doubleValue() > 0);
    }

    @Test
    void shouldTakeTheMiddleValueOrTheMeanOfTheTwoMiddleValues() {
        assertEquals(2.0, VtimeCommand.median(new double[] {3, 1, 2}));
        assertEquals(3.0, VtimeCommand.median(new double[] {5, 1}), "two rounds: their mean, not the upper one");
        assertEquals(2.5, VtimeCommand.median(new double[] {4, 1, 3, 2}));
        assertEquals(7.0, VtimeCommand.median(new double[] {7}));
        final double[] unsorted = {9, 1, 5};
        VtimeCommand.median(unsorted);
        assertEquals("[9.0, 1.0, 5.0]", java.util.Arrays.toString(unsorted), "the argument is not sorted in place");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> VtimeCommand.median(new double[0]));
        assertTrue(e.getMessage().contains("values.length=0"), e.getMessage());
    }

    @Test
    void shouldRefuseAnOptionTheSubcommandDoesNotUseAndExplainTheOthers() {
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        final PrintStream ps = new PrintStream(sink, true, StandardCharsets.UTF_8);
        final CliException c = assertThrows(CliException.class,
            () -> new VtimeCommand().run(List.of("calibrate", "--reps", "1", "--procs", "8"), ps, ps));
        assertTrue(c.getMessage().contains("vtime calibrate does not use option --procs"), c.getMessage());
        final CliException v = assertThrows(CliException.class, () -> new VtimeCommand().run(List.of("validate",
            "--steps", "1", "--reps", "1", "--warmup", "0", "--cal-reps", "1", "--lu-class", "none", "--modes", "org",
            "--kernel=lu"), ps, ps));
        assertTrue(v.getMessage().contains("vtime validate does not use option --kernel"), v.getMessage());
        final String help = new VtimeCommand().help();
        for (final String option : List.of("--quiet", "--json", "--barrier", "--timeout-ms", "--threads")) {
            assertTrue(help.contains(option), option + " in " + help);
        }
    }

    @Test
    void shouldNameAnUnknownSubcommandOrKernel() {
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        final PrintStream ps = new PrintStream(sink, true, StandardCharsets.UTF_8);
        final CliException e = assertThrows(CliException.class,
            () -> new VtimeCommand().run(List.of("simulate"), ps, ps));
        assertTrue(e.getMessage().contains("vtime simulate"), e.getMessage());
        final CliException k = assertThrows(CliException.class,
            () -> new VtimeCommand().run(List.of("bench", "--kernel", "cg"), ps, ps));
        assertTrue(k.getMessage().contains("kernel=cg"), k.getMessage());
        final CliException b = assertThrows(CliException.class,
            () -> new VtimeCommand().run(List.of("validate", "--bound", "wide"), ps, ps));
        assertTrue(b.getMessage().contains("--bound=wide"), b.getMessage());
        final CliException low = assertThrows(CliException.class,
            () -> new VtimeCommand().run(List.of("validate", "--bound", "0.5"), ps, ps));
        assertTrue(low.getMessage().contains("--bound=0.5"), low.getMessage());
        assertTrue(Main.commands().containsKey("vtime"));
    }
}
