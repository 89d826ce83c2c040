package org.jbsplib.hw.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.jbsplib.hw.ModelVsPaper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./bsp sim} at a reduced size, as CI runs it: the files are written, the papers' reference points are present
 * with the model's values, and the deviations stay within what the unit tests pin.
 */
class SimCommandTest {
    @TempDir
    Path dir;

    private String run(final String... argv) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = new SimCommand().run(List.of(argv), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code);
        return out.toString(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(final Path file) throws IOException {
        return (Map<String, Object>) Json.parse(Files.readString(file, StandardCharsets.UTF_8));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> references(final Map<String, Object> json) {
        return (List<Map<String, Object>>) json.get("reference_points");
    }

    private static Map<String, Object> reference(final Map<String, Object> json, final String figure) {
        for (final Map<String, Object> r : references(json)) {
            if (r.get("figure").equals(figure)) {
                return r;
            }
        }
        throw new AssertionError("reference point '" + figure + "' missing from " + references(json));
    }

    private static void assertFiles(final Path dir, final String... names) throws IOException {
        for (final String name : names) {
            final Path f = dir.resolve(name);
            assertTrue(Files.isRegularFile(f) && Files.size(f) > 100, "missing or empty: " + f);
        }
    }

    @Test
    void shouldWriteTheNicFigureWithThePapersReferencePoints() throws Exception {
        final String out = run("nic", "--nodes", "2..8", "--card", "lanai72,lanai43", "--out", dir.toString(),
            "--json", dir.resolve("copy.json").toString());
        assertTrue(out.contains("events/s"), out);
        assertFiles(dir, "nic.json", "copy.json", "nic-latency-lanai72.png", "nic-latency-lanai72.svg",
            "nic-factor-lanai72.png", "nic-factor-lanai43.svg", "nic-fanout-lanai43.png");
        final Map<String, Object> json = json(dir.resolve("nic.json"));
        assertTrue(((Number) json.get("events")).longValue() > 0, json.toString());
        // fitted to these: within 1 %; predicted: within 15 %
        for (final String fitted : List.of("LANai 7.2 NIC-PE, 8 nodes", "LANai 7.2 host-PE, 8 nodes",
            "LANai 7.2 PE factor, 8 nodes")) {
            assertTrue(Math.abs(((Number) reference(json, fitted).get("deviation")).doubleValue()) <= 0.01, fitted);
        }
        assertTrue(Math.abs(((Number) reference(json, "LANai 4.3 PE factor, 8 nodes").get("deviation"))
            .doubleValue()) <= 0.15);
        // 16 nodes was not run: its references are not invented
        assertEquals(4, references(json).size(), references(json).toString());
    }

    @Test
    void shouldWriteThePaperTableWithEveryStatedValue() throws Exception {
        final String out = run("paper-table", "--out", dir.toString());
        assertTrue(out.contains("| nic-pe/lanai43 | NIC-PE, 16 nodes | 102.14 µs"), out);
        assertFiles(dir, "paper-table.json", "paper-table.md", "paper-table-deviation.png",
            "paper-table-deviation.svg");
        final Map<String, Object> json = json(dir.resolve("paper-table.json"));
        final List<String> figures = new ArrayList<>();
        for (final Map<String, Object> r : references(json)) {
            figures.add((String) r.get("figure"));
        }
        assertTrue(figures.contains("nic-gb/lanai43: NIC-GB, 16 nodes (best fan-out)"), figures.toString());
        assertTrue(figures.contains("papers/papers0: Table 6.1 dynamic barrier, 4 PEs"), figures.toString());
        // the model's own values are rows of the table but never reference points
        for (final String f : figures) {
            assertTrue(!f.startsWith("bsr/") && !f.startsWith("reflex/"), f);
        }
        assertEquals(ModelVsPaper.rows().size(), ((List<?>) json.get("rows")).size());
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteTheReflexScalingWithTheTextsPerHopCost() throws Exception {
        final String out = run("reflex", "--cores", "16,32,64", "--network", "tile64", "--arrival", "jittered",
            "--episodes", "3", "--out", dir.toString());
        assertTrue(out.contains("per added core"), out);
        assertFiles(dir, "reflex.json", "reflex-latency-tile64-jittered.png", "reflex-latency-tile64-jittered.svg");
        final Map<String, Object> net = (Map<String, Object>) ((List<Object>) json(dir.resolve("reflex.json"))
            .get("networks")).get(0);
        // the text: one hop of one cycle (1-2 ns) per signal; notify and release each cross the added switch
        final double perCore = ((Number) net.get("per_added_core_ns")).doubleValue();
        assertTrue(perCore >= 2 && perCore <= 4, "per added core " + perCore + " ns");
        assertTrue(references(json(dir.resolve("reflex.json"))).isEmpty(), "the text states no latency value");
        assertFiles(dir, "reflex-loggp-tile64.png", "reflex-split-phase-tile64.png", "reflex-split-phase-tile64.svg");
        assertEquals(List.of("centralized", "dissemination", "tree", "spin"),
            List.copyOf(((Map<String, Object>) net.get("schemes_ns")).keySet()));
        for (final Object d : (List<Object>) ((Map<String, Object>) net.get("loggp")).get("deviation")) {
            // ReflexComparisonTest pins the formula within 1 % of the ring from 16 cores
            assertTrue(Math.abs(((Number) d).doubleValue()) <= 0.01, "LogGP formula vs ring: " + d);
        }
        final List<Object> wait = (List<Object>) ((Map<String, Object>) net.get("split_phase"))
            .get("wait_to_release_ns");
        assertTrue(((Number) wait.get(wait.size() - 1)).doubleValue() < ((Number) wait.get(0)).doubleValue(),
            "work between Notify and Wait hides part of the barrier: " + wait);
    }

    @Test
    void shouldWriteThePapersTableAndPortOperations() throws Exception {
        final String out = run("papers", "--pes", "2..8", "--out", dir.toString());
        assertTrue(out.contains("(model's multiplexing)"), out);
        assertFiles(dir, "papers.json", "papers-table-6-1.png", "papers-latency.svg", "papers-port-operations.png");
        final Map<String, Object> json = json(dir.resolve("papers.json"));
        assertEquals(0.0, ((Number) reference(json, "Table 6.1 dynamic barrier, 4 PEs").get("deviation"))
            .doubleValue(), 0.01, "fitted");
        assertTrue(Math.abs(((Number) reference(json, "Table 6.1 multiple broadcast (1 byte), 4 PEs")
            .get("deviation")).doubleValue()) <= 0.15);
        assertTrue(Math.abs(((Number) reference(json, "Table 6.1 random communication of one byte per PE, 4 PEs")
            .get("deviation")).doubleValue()) <= 0.15, "PapersModelVsPaperTest pins 15 %");
        assertEquals(0.0, ((Number) reference(json, "port operations per PE, 5-operation barrier, 4 PEs")
            .get("deviation")).doubleValue(), 1e-9);
        assertEquals(0.0, ((Number) reference(json, "port operations per PE, 2-operation barrier, 4 PEs")
            .get("deviation")).doubleValue(), 1e-9);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteTheBsrEvaluationWithTheTextsValues() throws Exception {
        final int episodes = 4000;
        final String out = run("bsr", "--nodes", "60", "--ts", "100", "--members", "6,30,60", "--congestion-members",
            "20", "--congested", "2", "--congestion-duration", "10,1000", "--levels", "10", "--analysis-episodes",
            String.valueOf(episodes), "--episodes", "2", "--placements", "1", "--out", dir.toString());
        assertTrue(out.contains("events/s"), out);
        assertFiles(dir, "bsr.json", "bsr-fig11-L10.png", "bsr-fig11-L10.svg", "bsr-fig11-L10-preempting.png",
            "bsr-fig12-60-ts100.png", "bsr-fig12-60-ts100.svg", "bsr-fig13-60-m20.png", "bsr-fig13-60-m20.svg");
        final Map<String, Object> json = json(dir.resolve("bsr.json"));
        // eq. (4) and (3): the mean number of hops that wait, per episode; within 3 standard errors of the sampled
        // episodes (2 (L - 1) hops each, a hop waiting with probability q)
        final int hops = 2 * (10 - 1);
        for (final String scheme : List.of("Tree", "BS_III")) {
            final Map<String, Object> r = reference(json, "Fig. 11, L = 10: " + scheme + " dT/dΔ");
            final double q = ((Number) r.get("paper")).doubleValue() / hops;
            final double tolerance = 3 * Math.sqrt((1 - q) / (episodes * (double) hops * q));
            assertTrue(Math.abs(((Number) r.get("deviation")).doubleValue()) <= tolerance, r + " tolerance "
                + tolerance);
        }
        assertEquals(0.0, ((Number) reference(json, "preempted hop").get("deviation")).doubleValue(), 1e-9);
        assertEquals("bound", reference(json, "Fig. 12: first round / later rounds, worst case").get("kind"));
        final Map<String, Object> fig12 = (Map<String, Object>) ((List<Object>) json.get("fig12")).get(0);
        final List<Number> bsr = (List<Number>) fig12.get("bsr_cycles");
        final List<Number> star = (List<Number>) fig12.get("star_cycles");
        // Fig. 12: the star is worse than the BSR tree (later rounds) once the group is not tiny
        assertTrue(star.get(2).doubleValue() > bsr.get(2).doubleValue(), fig12.toString());
        // Fig. 13: BSR's latency stays flat as the congestion lasts longer, the tree's grows
        final Map<String, Object> fig13 = (Map<String, Object>) ((List<Object>) json.get("fig13")).get(0);
        for (final Object o : (List<Object>) fig13.get("series")) {
            final Map<String, Object> series = (Map<String, Object>) o;
            final List<Number> y = (List<Number>) series.get("latency_cycles");
            final double growth = y.get(1).doubleValue() - y.get(0).doubleValue();
            assertTrue(series.get("scheme").equals("bsr") ? growth < 50 : growth > 500, series.toString());
        }
    }

    @Test
    void shouldExplainEveryOptionOfEachSubcommandInItsOwnHelp() throws Exception {
        for (final Simulation s : SimCommand.simulations()) {
            final String help = run("help", s.name());
            for (final String option : s.options()) {
                assertTrue(help.contains("  " + option + " "), s.name() + " help misses " + option + ":\n" + help);
            }
            assertTrue(help.contains("--out DIR") && help.contains("--json FILE"), help);
            for (final Simulation other : SimCommand.simulations()) {
                if (other != s) {
                    assertTrue(!help.contains("./bsp sim " + other.name() + " "), s.name() + " shows " + other.name());
                }
            }
        }
    }

    @Test
    void shouldAnswerSubcommandHelpThroughTheCommandLine() {
        for (final Simulation s : SimCommand.simulations()) {
            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            final PrintStream sink = new PrintStream(out, true, StandardCharsets.UTF_8);
            assertEquals(0, org.jbsplib.core.cli.Main.run(List.of("sim", s.name(), "--help"), sink, sink));
            assertEquals(SimCommand.subcommandHelp(s).strip(), out.toString(StandardCharsets.UTF_8).strip());
        }
    }

    @Test
    void shouldNameTheBadArgument() {
        final CliException unknown = assertThrows(CliException.class, () -> run("fig99"));
        assertTrue(unknown.getMessage().contains("subcommand=fig99"), unknown.getMessage());
        final CliException card = assertThrows(CliException.class, () -> run("nic", "--card", "lanai9"));
        assertTrue(card.getMessage().contains("card=lanai9"), card.getMessage());
        final CliException nodes = assertThrows(CliException.class, () -> run("nic", "--nodes", "1..8"));
        assertTrue(nodes.getMessage().contains("--nodes=1..8"), nodes.getMessage());
        final CliException none = assertThrows(CliException.class, () -> run());
        assertTrue(none.getMessage().contains("paper-table"), none.getMessage());
    }

    @Test
    void shouldDescribeEverySubcommandInItsHelp() {
        final String help = new SimCommand().help();
        for (final String s : List.of("paper-table", "nic", "reflex", "papers", "bsr", "--pes", "--cores", "--nodes", "--card", "--algorithm", "--fanout", "--out",
            "--json")) {
            assertTrue(help.contains(s), s);
        }
    }
}
