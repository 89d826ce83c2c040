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
class SyncBenchCommandTest {

    @Test
    void shouldMeasureBothModesAndWriteJson(@TempDir final Path dir) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final Path json = dir.resolve("tsync.json");
        final int code = new SyncBenchCommand().run(List.of("--procs", "1,3", "--steps", "20", "--reps", "1",
            "--warmup", "1", "--json", json.toString(), "--quiet"), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code);
        final String table = out.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("alltoall     3   rbs"), table);
        assertTrue(table.contains("min vs org"), table);
        @SuppressWarnings("unchecked")
        final Map<String, Object> parsed = (Map<String, Object>) Json.parse(Files.readString(json));
        final List<?> rows = (List<?>) parsed.get("rows");
        assertEquals(8, rows.size()); // 2 patterns x 2 P x 2 modes
        assertEquals(1L, ((Number) parsed.get("warmup_runs")).longValue());
        final String text = Files.readString(json);
        assertTrue(text.contains("\"rbs.req\""), "counters of the relaxed sync in the JSON");
    }

    @Test
    void shouldRejectBadOptionsNamingThem() {
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final CliException e = assertThrows(CliException.class,
            () -> new SyncBenchCommand().run(List.of("--steps", "0"), sink, sink));
        assertTrue(e.getMessage().contains("--steps=0"), e.getMessage());
        final CliException f = assertThrows(CliException.class,
            () -> new SyncBenchCommand().run(List.of("--patterns", "ring,star"), sink, sink));
        assertTrue(f.getMessage().contains("'star'"), f.getMessage());
        final CliException g = assertThrows(CliException.class,
            () -> new SyncBenchCommand().run(List.of("--warmup", "-1"), sink, sink));
        assertTrue(g.getMessage().contains("--warmup=-1"), g.getMessage());
    }
}
