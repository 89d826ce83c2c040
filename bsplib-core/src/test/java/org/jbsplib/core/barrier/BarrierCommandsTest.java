package org.jbsplib.core.barrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.cli.Json;
import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class BarrierCommandsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... args) {
        return Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldListEveryBackendWithADescription() {
        assertEquals(0, bsp("backends"));
        final String text = out.toString(StandardCharsets.UTF_8);
        for (final var p : Barriers.providers().values()) {
            assertTrue(text.lines().anyMatch(l -> l.startsWith(p.name() + " ") && l.contains(p.description())),
                p.name() + " in\n" + text);
        }
    }

    @Test
    void shouldListTheTransportsAndWhichBackendsRunOnEach() {
        assertEquals(0, bsp("backends"));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("  threads  ") && text.contains("  half-local  "), text);
        final String shm = text.lines().filter(l -> l.startsWith("shm ")).findFirst().orElseThrow();
        assertTrue(shm.contains("[threads; default on shared memory]"), shm);
        final String dissemination = text.lines().filter(l -> l.startsWith("dissemination ")).findFirst()
            .orElseThrow();
        assertTrue(dissemination.contains("half-local") && dissemination.contains("threads"), dissemination);
    }

    @Test
    void shouldSayThatNoMachineModelIsFoundWithoutTheVirtualTimeModule(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("backends.json");
        assertEquals(0, bsp("backends", "--json", json.toString()));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("machine models (--machine") && text.contains("none found (add the bsplib-vtime"),
            text);
        @SuppressWarnings("unchecked")
        final Map<String, Object> doc = (Map<String, Object>) Json.parse(Files.readString(json));
        assertEquals(List.of(), doc.get("machines"), doc.toString());
    }

    @Test
    void shouldRejectAnUnknownBarrierOfARunListingTheKnownOnes() {
        assertEquals(2, bsp("example", "broadcast", "--procs", "2", "--barrier", "nosuch"));
        final String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("barrier=nosuch") && e.contains("dissemination") && e.contains("shm"), e);
    }

    @Test
    void shouldRunAnExampleOnAChosenBarrier() {
        assertEquals(0, bsp("example", "broadcast", "--procs", "3", "--barrier", "tree:fanout=2", "--quiet"));
    }

    @Test
    void shouldNameOnlyTheInvalidBenchOptions() {
        assertEquals(2, bsp("bench", "barrier", "--barrier", "central", "--procs", "2", "--cores", "2",
            "--late-us", "-1"));
        assertEquals("bsp bench: error: --late-us=-1 must be >= 0", err.toString(StandardCharsets.UTF_8).strip());
        err.reset();
        assertEquals(2, bsp("bench", "barrier", "--barrier", "central", "--procs", "2", "--cores", "0"));
        assertEquals("bsp bench: error: --cores=0 must be >= 1", err.toString(StandardCharsets.UTF_8).strip());
        err.reset();
        assertEquals(2, bsp("bench", "barrier", "--barrier", "central", "--procs", "2", "--episodes", "1",
            "--warmup", "0"));
        assertEquals("bsp bench: error: --episodes=1 must be >= 2", err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void shouldPrintNothingButTheErrorLineOnABadEpisodeCount() {
        for (final String[] bad : List.of(new String[] {"--episodes", "1"}, new String[] {"--warmup", "-1"})) {
            out.reset();
            err.reset();
            assertEquals(2, bsp("bench", "barrier", "--barrier", "central", "--procs", "2", bad[0], bad[1]));
            assertEquals("", out.toString(StandardCharsets.UTF_8), "no table before the error: " + bad[0]);
            assertEquals(1, err.toString(StandardCharsets.UTF_8).strip().lines().count(),
                err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void shouldRejectAnUnknownBarrierInBench() {
        assertEquals(2, bsp("bench", "barrier", "--barrier", "nosuch", "--procs", "2"));
        final String e = err.toString(StandardCharsets.UTF_8);
        assertTrue(e.contains("barrier=nosuch") && e.contains("central"), e);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteTheLatencyOfEachBarrierAsJson(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("b.json");
        assertEquals(0, bsp("bench", "barrier", "--barrier", "dissemination,tree:fanout=2", "--procs", "2,3",
            "--episodes", "50", "--warmup", "5", "--late-us", "5", "--json", json.toString()));
        final List<Object> rows = (List<Object>) Json.parse(Files.readString(json));
        // 2 backends + 3 references, 2 values of P, 2 variants
        assertEquals(5 * 2 * 2, rows.size(), rows.toString());
        for (final Object o : rows) {
            final Map<String, Object> row = (Map<String, Object>) o;
            assertTrue(row.keySet().containsAll(List.of("barrier", "procs", "median_ns", "p99_ns", "variant")),
                row.toString());
            assertTrue(((Number) row.get("median_ns")).longValue() > 0, row.toString());
            assertTrue(((Number) row.get("p99_ns")).longValue() >= ((Number) row.get("median_ns")).longValue(),
                row.toString());
        }
        assertTrue(rows.stream().anyMatch(r -> "tree:fanout=2".equals(((Map<String, Object>) r).get("barrier"))));
        assertTrue(rows.stream().anyMatch(r -> "jdk-phaser".equals(((Map<String, Object>) r).get("barrier"))));
    }
}
