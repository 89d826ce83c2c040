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
            " T_sync, median (min–max) = ", " Verified runs = 3 of 3"}) {
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
}
