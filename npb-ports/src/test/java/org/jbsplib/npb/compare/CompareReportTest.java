package org.jbsplib.npb.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report and plots from synthetic runs: failures, baselines and an interrupted comparison. */
class CompareReportTest {
    @TempDir
    Path dir;

    private final Configuration org2 = Runs.config("ft", 2, "org");
    private final Configuration rbs2 = Runs.config("ft", 2, "rbs");
    private final Configuration org4 = Runs.config("ft", 4, "org");
    private final Configuration rbs4 = Runs.config("ft", 4, "rbs");

    private Results results() {
        final Results r = new Results(Map.of("command", "./bsp compare --kernels ft"));
        for (final Configuration c : List.of(org2, rbs2, org4)) {
            r.add(Runs.ok(c, 0, 2.0));
            r.add(Runs.ok(c, 1, c.classic() ? 1.0 : 0.8));
            r.add(Runs.ok(c, 2, c.classic() ? 1.2 : 0.9));
        }
        r.add(Runs.ok(rbs4, 0, 2.0));
        r.add(Runs.failed(rbs4, 1, 0.001));
        r.add(Runs.failed(rbs4, 2, 0.002));
        return r;
    }

    @Test
    void shouldMarkFailedRunsAndNeverPlotThem() throws IOException {
        final Results r = results();
        r.complete(true);
        CompareCommand.Output.write(r, dir, Map.of());
        final String html = Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8);
        assertEquals(2, count(html, "<tr class=\"failed\"><td>ft</td><td>S</td><td>4</td><td>rbs</td><td>host</td>"),
            "the two failed runs are in the runs table, marked");
        assertEquals(1, count(html, "<tr class=\"failed\"><td>ft</td><td>S</td><td>4</td><td>rbs</td><td>none</td>"),
            "the configuration without a verified run is marked in the summary");
        assertTrue(html.contains("<td>0 / 2</td>"), "the configuration with only failures has no median");
        assertTrue(html.contains("6 failed") || html.contains(", 2 failed"), html.substring(0, 600));
        // the Fig. 6 line has the point at P = 2 only: P = 4 of rbs has no verified run
        final String svg = Files.readString(dir.resolve("plots/fig6-ft-S.svg"), StandardCharsets.UTF_8);
        assertTrue(svg.contains("rbs over org default"), "legend");
        final String csv = Files.readString(dir.resolve("results.csv"), StandardCharsets.UTF_8);
        assertEquals(2, count(csv, ",failed,false,"), "the CSV keeps the failed runs");
        final String tsync = Files.readString(dir.resolve("plots/tsync-ft-S.svg"), StandardCharsets.UTF_8);
        assertFalse(tsync.contains("0.0003"), "no bar of the failed runs' T_sync (0.0003 s)");
    }

    @Test
    void shouldGiveNoReductionAtOneProcess() throws IOException {
        final Results r = new Results(Map.of());
        for (final Configuration c : List.of(Runs.config("ft", 1, "org"), Runs.config("ft", 1, "rbs"), org2, rbs2)) {
            r.add(Runs.ok(c, 1, c.classic() ? 1.0 : 0.8));
        }
        r.complete(true);
        CompareCommand.Output.write(r, dir, Map.of());
        final String html = Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8);
        String table = html.substring(html.indexOf("id=\"" + CompareReport.REDUCTIONS_TABLE + "\""));
        table = table.substring(0, table.indexOf("</table>"));
        assertEquals(1, count(table, "<td>" + CompareReport.ALONE + "</td>"), "P = 1 has no reduction");
        assertEquals(1, count(table, "<td>+20.0 %</td>"), "P = 2 has its reduction, P = 1 none");
    }

    @Test
    void shouldAddTheChangeAgainstABaselineToTablesAndPlots() throws IOException {
        final Results old = new Results(Map.of());
        old.add(Runs.ok(org2, 1, 2.0));
        old.add(Runs.ok(rbs2, 1, 1.0));
        final Results r = results();
        r.complete(true);
        CompareCommand.Output.write(r, dir, ConfigSummary.of(old.runs()));
        final String html = Files.readString(dir.resolve("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.contains("<th>baseline time [s]</th><th>time change</th>"), "baseline columns");
        assertTrue(html.contains("<td>2.000</td><td>-45.0 %</td>"), "org P=2: 1.1 s now against 2.0 s");
        assertTrue(html.contains("<td>1.000</td><td>-15.0 %</td>"), "rbs P=2: 0.85 s now against 1.0 s");
        assertTrue(Files.size(dir.resolve("plots/baseline-change.png")) > 1000);
        final String mops = Files.readString(dir.resolve("plots/mops-ft-S.svg"), StandardCharsets.UTF_8);
        assertTrue(mops.contains("baseline org default"), "the Mop/s plot shows the baseline");
    }

    @Test
    void shouldWriteWhatIsDoneWhenInterrupted() throws IOException {
        final Results r = results();
        final CompareOptions o = CompareOptions.parse(List.of("--kernels", "ft", "--out", dir.toString()),
            CompareCommand.kernels());
        final CompareCommand.Output output = new CompareCommand.Output(o, r, Map.of());
        output.interrupted();
        final Results back = Results.readJson(dir.resolve("results.json"));
        assertFalse(back.complete());
        assertEquals(r.runs(), back.runs());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("INTERRUPTED"));
        output.interrupted(); // once only: a second call changes nothing
        assertEquals(back.runs(), Results.readJson(dir.resolve("results.json")).runs());
    }

    @Test
    void shouldKeepTheDataCurrentAfterEveryRunSoThatAKilledComparisonLeavesIt() throws IOException {
        final Results r = results();
        final CompareOptions o = CompareOptions.parse(List.of("--kernels", "ft", "--out", dir.toString()),
            CompareCommand.kernels());
        new CompareCommand.Output(o, r, Map.of()).progress();
        final Results back = Results.readJson(dir.resolve("results.json"));
        assertFalse(back.complete());
        assertEquals(r.runs(), back.runs());
        assertEquals(r.runs(), Results.readCsv(dir.resolve("results.csv")));
        assertFalse(Files.exists(dir.resolve("report.html")), "the page and plots come at the end");
    }

    private static int count(final String text, final String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
