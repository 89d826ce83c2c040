package org.jbsplib.rbs;

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

import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class StopBenchCommandTest {

    @Test
    void shouldMeasureBothModesAndWriteJson(@TempDir final Path dir) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final Path json = dir.resolve("stop.json");
        final int code = new StopBenchCommand().run(List.of("--procs", "3", "--reps", "1", "--fail-after-ms", "20",
            "--json", json.toString(), "--quiet"), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code);
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("all stopped [ms]"), table);
        @SuppressWarnings("unchecked")
        final Map<String, Object> parsed = (Map<String, Object>) Json.parse(Files.readString(json));
        final List<?> rows = (List<?>) parsed.get("rows");
        assertEquals(2, rows.size());
        for (final Object row : rows) {
            final double stopped = ((Number) ((Map<?, ?>) row).get("all_stopped_ms_median")).doubleValue();
            // the others run supersteps that wait for no one: before the fix they ran on for ever
            assertTrue(stopped >= 0 && stopped < 5_000, "all stopped after " + stopped + " ms");
        }
    }

    @Test
    void shouldRefuseBadOptions() {
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThrows(CliException.class, () -> new StopBenchCommand().run(List.of("--procs", "1"), sink, sink));
        assertThrows(CliException.class, () -> new StopBenchCommand().run(List.of("--sync", "rbs"), sink, sink));
        assertThrows(CliException.class, () -> new StopBenchCommand().run(List.of("--reps", "0"), sink, sink));
    }
}
