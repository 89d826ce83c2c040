package org.jbsplib.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.jbsplib.report.browser.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report builder: escaped text, tables, embedded images; and the stacked bar chart it shows. */
class HtmlReportTest {
    @TempDir
    Path dir;

    @Test
    void shouldEscapeEveryText() {
        assertEquals("&lt;b&gt;T&amp;C&quot;&#39;", HtmlReport.escape("<b>T&C\"'"));
        final String html = HtmlReport.titled("a <script>").paragraph("x < y").pre("--sync org,rbs & more")
            .table("runs", "<caption>", List.of("<h>"), List.of(List.of("<td>"))).html();
        assertFalse(html.contains("<script>"), html);
        assertTrue(html.contains("a &lt;script&gt;"));
        assertTrue(html.contains("--sync org,rbs &amp; more"));
        assertTrue(html.contains("<td>&lt;td&gt;</td>"));
    }

    @Test
    void shouldRefuseRowsOfTheWrongWidthAndOddIds() {
        final HtmlReport r = HtmlReport.titled("t");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> r.table("runs", "c", List.of("a", "b"), List.of(List.of("1"))));
        assertTrue(e.getMessage().contains("row 0 has 1 cells, headers=2"), e.getMessage());
        final IllegalArgumentException id = assertThrows(IllegalArgumentException.class,
            () -> r.table("x\" onload=\"", "c", List.of("a"), List.of()));
        assertTrue(id.getMessage().contains("id=x\" onload=\""), id.getMessage());
    }

    @Test
    void shouldEmbedPngsAsDataUrisAndRefuseOtherFiles() throws IOException {
        final Path png = StackedBarChart.of("sync time", "processes", "time [s]")
            .stack("org", "org T_barrier", "P=2", 1).stack("org", "org T_comm", "P=2", 2)
            .stack("rbs", "rbs T_sync", "P=2", 2.5).write(dir, "fig").get(0);
        final Path page = HtmlReport.titled("r").image("fig 5", png).write(dir.resolve("sub/report.html"));
        final String html = Files.readString(page, StandardCharsets.UTF_8);
        assertTrue(html.contains("<img alt=\"fig 5\" src=\"data:image/png;base64,iVBORw0KGgo"), "PNG data URI");
        assertFalse(html.contains("fig.png"), "no reference to the file itself");
        final Path text = Files.writeString(dir.resolve("x.png"), "not a png");
        assertThrows(IllegalArgumentException.class, () -> HtmlReport.titled("r").image("x", text));
    }

    @Test
    void shouldDrawStackedBarsWithGroupLabelsAndLegend() throws IOException {
        final StackedBarChart chart = StackedBarChart.of("FT: synchronization time", "processes", "time [s]");
        for (final int p : new int[] {2, 4}) {
            chart.stack("org", "org T_barrier", "P=" + p, 0.1 * p).stack("org", "org T_comm", "P=" + p, 0.2 * p)
                .stack("rbs", "rbs T_sync", "P=" + p, 0.25 * p);
        }
        assertEquals(6, chart.segmentCount());
        final List<Path> files = chart.write(dir, "stacked");
        final String svg = Files.readString(files.get(1), StandardCharsets.UTF_8);
        for (final String text : List.of("FT: synchronization time", "org T_barrier", "rbs T_sync", "P=4", "org",
            "rbs")) {
            assertTrue(svg.contains(text), "the SVG must show '" + text + "'");
        }
        assertThrows(IllegalArgumentException.class, () -> chart.stack("rbs", "org T_comm", "P=2", 1));
    }

    @Test
    void shouldListALongLegendDownTheSideSoThatNoEntryIsCut() throws IOException {
        final StackedBarChart chart = StackedBarChart.of("seven series", "processes", "time [s]");
        for (final String p : List.of("P=2", "P=4")) {
            for (final String g : List.of("org shm", "org dissemination", "org tree")) {
                chart.stack(g, g + " T_barrier", p, 1).stack(g, g + " T_comm", p, 2);
            }
            chart.stack("rbs", "rbs T_sync", p, 2.5);
        }
        final String svg = Files.readString(chart.write(dir, "long").get(1), StandardCharsets.UTF_8);
        // every legend entry starts at the same x: one list down the side, not a row that runs off the image
        final java.util.Set<String> xs = new java.util.TreeSet<>();
        for (final String entry : List.of("org shm T_barrier", "org tree T_comm", "rbs T_sync")) {
            final java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("<text x='([0-9.]+)'[^>]*>" + entry + "</text>").matcher(svg);
            assertTrue(m.find(), "legend entry " + entry + " drawn");
            xs.add(m.group(1));
        }
        assertEquals(1, xs.size(), "legend x positions " + xs);
        assertEquals(120 + 260 + 100 * 8, chart.width(), "8 bars of 100 pixels, the axis and the legend");
        assertTrue(svg.contains("width='1180.0'"), "the SVG has that width");
        assertEquals(960, StackedBarChart.of("t", "c", "v").stack("a", "a", "P=2", 1).width(), "the usual width");
    }

    @Test
    void shouldRenderInTheBrowserWithoutErrors() throws IOException {
        final Path png = BarChart.of("b", "c", "v [s]").bar("s", "c1", 1).write(dir, "b").get(0);
        final Path page = HtmlReport.titled("browser").table("runs", "runs", List.of("a", "b"),
            List.of(List.of("1", "2"), List.of("3", "4")), Arrays.asList(null, "failed")).image("b", png)
            .write(dir.resolve("report.html"));
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open(page);
            assertEquals(List.of(), browser.consoleErrors());
            assertEquals(2, browser.count("#runs tbody tr"));
            assertEquals(1, browser.count("#runs tr.failed"));
            assertTrue(browser.images().stream().allMatch(HeadlessChromium.Image::rendered), browser.images()
                .toString());
        }
    }
}
