package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class NpbRepeatsTest {
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldRunNTimesInOneJvmAndReportMediansAndRanges(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("lu.json");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = new NpbCommand().run(List.of("lu", "--class", "S", "--procs", "2", "--repeat", "3",
            "--json", json.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, report);
        for (final String line : new String[] {" LU Benchmark Completed.", " Verification = SUCCESSFUL",
            " Repeats = 3", " Time in seconds, median (min–max) = ", " Mop/s total, median (min–max) = ",
            " T_sync, median (min–max) = ", " JIT compilation in each run = ", " Verified runs = 3 of 3"}) {
            assertTrue(report.contains(line), "missing '" + line + "' in\n" + report);
        }
        final String progress = err.toString(StandardCharsets.UTF_8);
        assertTrue(progress.contains("npb: run 1 of 3") && progress.contains("npb: run 3 of 3"), progress);
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        final Map<String, Object> rep = (Map<String, Object>) m.get("repeats");
        assertEquals(3L, rep.get("count"));
        assertEquals(3L, rep.get("verified"));
        final Map<String, Object> seconds = (Map<String, Object>) rep.get("seconds");
        final List<Object> values = (List<Object>) seconds.get("values");
        assertEquals(3, values.size());
        final double median = ((Number) seconds.get("median")).doubleValue();
        assertTrue(((Number) seconds.get("min")).doubleValue() <= median
            && median <= ((Number) seconds.get("max")).doubleValue(), seconds.toString());
        assertEquals(median, ((Number) m.get("seconds")).doubleValue(), "the top level is the median run");
        assertEquals(3, ((List<Object>) m.get("runs")).size());
        for (final Object run : (List<Object>) m.get("runs")) {
            final Map<String, Object> jvm = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>) run)
                .get("details")).get(JvmActivity.DETAILS_KEY);
            assertTrue(((Number) jvm.get("compile_ms")).doubleValue() >= 0, jvm.toString());
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldKeepTheSingleRunReportNpbStyle() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "1", "--warmup", "0", "--quiet"),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains(" Verification = SUCCESSFUL"), report);
        assertFalse(report.contains("Repeats") || report.contains("median"), report);
    }

    @Test
    void shouldWarmUpOnlyBeforeTheFirstRun() {
        final BspConfig config = new BspConfig().procs(2).option(NpbOptions.WARMUP, "2");
        assertEquals(2, NpbOptions.warmup(NpbRepeats.configOfRun(config, 0)));
        assertEquals(0, NpbOptions.warmup(NpbRepeats.configOfRun(config, 1)));
        assertEquals(0, NpbOptions.warmup(NpbRepeats.configOfRun(config, 4)));
        assertEquals(2, NpbOptions.warmup(config), "the caller's configuration is not changed");
    }

    @Test
    void shouldTraceEachRepeatedRunIntoItsOwnDirectory() {
        final java.nio.file.Path dir = java.nio.file.Path.of("ft-trace");
        final BspConfig config = new BspConfig().procs(2).trace(dir);
        assertEquals(dir.resolve("run-1"), NpbRepeats.configOfRun(config, 0).traceDir());
        assertEquals(dir.resolve("run-3"), NpbRepeats.configOfRun(config, 2).traceDir());
        assertEquals(dir, config.traceDir(), "the caller's configuration is not changed");
        assertEquals(null, NpbRepeats.configOfRun(new BspConfig().procs(2), 1).traceDir());
    }

    @Test
    void shouldRefuseARepeatBelowOneNamingIt() {
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final CliException e = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("ft", "--repeat", "0"), sink, sink));
        assertTrue(e.getMessage().contains("--repeat=0"), e.getMessage());
        final CliException word = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("ft", "--repeat", "many"), sink, sink));
        assertTrue(word.getMessage().contains("--repeat=many"), word.getMessage());
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldProbeTheHostAroundEveryRepeatedRun(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("ft.json");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "2", "--warmup", "1",
            "--repeat", "3", "--json", json.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, report);
        for (final String line : new String[] {" Host probe, median (min–max) = ",
            " Host probe CPU time, median (min–max) = ", " Time / host probe, median (min–max) = ",
            "(host-normalized, a diagnostic: ", " Run 1 = ",
            " Run 3 = "}) {
            assertTrue(report.contains(line), "missing '" + line + "' in\n" + report);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains(", host probe "), err.toString());
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        final Map<String, Object> rep = (Map<String, Object>) m.get("repeats");
        final Map<String, Object> probe = (Map<String, Object>) rep.get("host_probe_seconds");
        final List<Object> before = (List<Object>) probe.get("before_seconds");
        final List<Object> after = (List<Object>) probe.get("after_seconds");
        assertEquals(3, before.size());
        assertEquals(3, after.size());
        assertEquals(3, ((List<Object>) probe.get("before_cpu_seconds")).size());
        assertEquals(3, ((List<Object>) probe.get("after_cpu_seconds")).size());
        final Map<String, Object> normalized = (Map<String, Object>) rep.get("host_normalized");
        final List<Object> ratios = (List<Object>) normalized.get("values");
        assertEquals(3, ratios.size());
        assertTrue(String.valueOf(normalized.get("diagnostic")).contains("not a measured time"), normalized.toString());
        final List<Object> runs = (List<Object>) m.get("runs");
        for (int i = 0; i < 3; i++) {
            final Map<String, Object> run = (Map<String, Object>) runs.get(i);
            final Map<String, Object> own = (Map<String, Object>) ((Map<String, Object>) run.get("details"))
                .get(HostProbe.DETAILS_KEY);
            final double b = ((Number) own.get("before_seconds")).doubleValue();
            final double a = ((Number) own.get("after_seconds")).doubleValue();
            assertEquals(((Number) before.get(i)).doubleValue(), b, "run " + i);
            assertEquals(((Number) after.get(i)).doubleValue(), a, "run " + i);
            final double seconds = ((Number) run.get("seconds")).doubleValue();
            assertEquals(seconds / ((b + a) / 2), ((Number) run.get("host_normalized")).doubleValue(), 1e-12);
            assertEquals(((Number) ratios.get(i)).doubleValue(), ((Number) run.get("host_normalized")).doubleValue());
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldLeaveTheProbeOutWhenTurnedOffOrForASingleRun(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("ft.json");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(0, new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "1", "--warmup", "0",
            "--repeat", "2", "--opt", "npb.hostProbe=off", "--json", json.toString()),
            new PrintStream(out, true, StandardCharsets.UTF_8), sink));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains(" Host probe = off"), report);
        assertFalse(report.contains("Time / host probe") || report.contains(" Run 1 = "), report);
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        assertEquals("off", ((Map<String, Object>) m.get("repeats")).get("host_probe_seconds"));
        for (final Object run : (List<Object>) m.get("runs")) {
            assertFalse(((Map<String, Object>) run).containsKey("host_normalized"), run.toString());
            assertEquals("off", ((Map<String, Object>) ((Map<String, Object>) run).get("details"))
                .get(HostProbe.DETAILS_KEY));
        }

        final Path single = dir.resolve("single.json");
        assertEquals(0, new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "1", "--warmup", "0",
            "--json", single.toString()), sink, sink));
        final Map<String, Object> one = (Map<String, Object>) Json.parse(Files.readString(single));
        assertFalse(((Map<String, Object>) one.get("details")).containsKey(HostProbe.DETAILS_KEY), one.toString());
    }

    @Test
    void shouldRefuseABadProbeValueInOneLineNamingIt() {
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final CliException e = assertThrows(CliException.class, () -> new NpbCommand().run(List.of("ft", "--repeat",
            "2", "--opt", "npb.hostProbe=maybe"), sink, sink));
        assertEquals("--opt npb.hostProbe=maybe must be on or off", e.getMessage());
    }

    @Test
    void shouldTurnTheProbeOnForRepeatedRunsUnlessSet() {
        assertTrue(HostProbe.on(NpbRepeats.configOfRun(new BspConfig().procs(2), 0)));
        assertTrue(HostProbe.on(NpbRepeats.configOfRun(new BspConfig().procs(2), 3)));
        assertFalse(HostProbe.on(NpbRepeats.configOfRun(new BspConfig().procs(2).option(HostProbe.OPTION, "off"),
            1)));
    }
}
