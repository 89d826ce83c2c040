package org.jbsplib.npb.common;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class NpbCommandTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldReportAndWriteJsonForAVerifiedRun(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("ft.json");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "2", "--warmup", "0",
            "--json", json.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, report);
        for (final String line : new String[] {" Class = S", " Size = 64x64x64", " Iterations = 6",
            " Processes = 2", " Sync = org", " Verification = SUCCESSFUL", " T_sync = ", " T_barrier = ",
            " T_comm = ", " Mop/s total = "}) {
            assertTrue(report.contains(line), "missing '" + line + "' in\n" + report);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("iteration 6 of 6"), err.toString());
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        assertEquals("ft", m.get("kernel"));
        assertEquals("S", m.get("class"));
        assertEquals(2L, m.get("procs"));
        assertEquals("org", m.get("sync"));
        assertEquals(Boolean.TRUE, m.get("verified"));
        assertTrue(((Number) m.get("mops")).doubleValue() > 0);
        assertTrue(((Number) m.get("seconds")).doubleValue() > 0);
        for (final String key : new String[] {"barrier", "t_sync", "t_barrier", "t_comm"}) {
            assertTrue(m.containsKey(key), key);
        }
        assertEquals(2, ((List<Object>) m.get("per_process")).size());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldBeQuietWhenAsked() throws Exception {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "1", "--warmup", "0", "--quiet"),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldRejectUnknownKernelsAndClassesNamingThem() {
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final CliException kernel = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("zz"), sink, sink));
        assertTrue(kernel.getMessage().contains("kernel=zz") && kernel.getMessage().contains("ft"),
            kernel.getMessage());
        final CliException cls = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("ft", "--class", "Q"), sink, sink));
        assertTrue(cls.getMessage().contains("class=Q"), cls.getMessage());
        final IllegalArgumentException warmup = assertThrows(IllegalArgumentException.class,
            () -> new NpbCommand().run(List.of("ft", "--opt", "npb.warmup=-3"), sink, sink));
        assertTrue(warmup.getMessage().contains("npb.warmup=-3"), warmup.getMessage());
    }
}
