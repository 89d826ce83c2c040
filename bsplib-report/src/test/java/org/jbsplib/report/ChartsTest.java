package org.jbsplib.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chart facade writes readable PNG and SVG files without a display. */
class ChartsTest {
    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path dir;

    @Test
    void shouldWriteALineChartAsPngAndSvgWithTitleAxesAndLegend() throws IOException {
        final List<Path> files = LineChart.of("NIC-PE latency", "nodes", "latency [µs]")
            .line("model", new double[] {2, 4, 8, 16}, new double[] {50.8, 67.9, 85.0, 102.1})
            .points("paper (text)", new double[] {16}, new double[] {102.14})
            .label(16, 102.14, "+0.0 %")
            .write(dir, "nic");
        assertEquals(List.of(dir.resolve("nic.png"), dir.resolve("nic.svg")), files);
        final byte[] png = Files.readAllBytes(files.get(0));
        for (int i = 0; i < PNG_MAGIC.length; i++) {
            assertEquals(PNG_MAGIC[i], png[i], "PNG signature byte " + i);
        }
        final String svg = Files.readString(files.get(1), StandardCharsets.UTF_8);
        // the rotated y label is drawn as glyph outlines, the horizontal texts as SVG text
        for (final String text : List.of("<svg", "NIC-PE latency", "nodes", "model", "paper (text)", "+0.0 %")) {
            assertTrue(svg.contains(text), "the SVG must show '" + text + "'");
        }
        assertEquals("true", System.getProperty("java.awt.headless"));
    }

    @Test
    void shouldDrawLogarithmicAxes() throws IOException {
        final List<Path> files = LineChart.of("scaling", "cores", "latency [ns]").logX(true).logY(true)
            .line("reflex", new double[] {2, 64, 1024}, new double[] {60, 240, 3000}).write(dir, "log");
        assertTrue(Files.size(files.get(0)) > 1000);
    }

    @Test
    void shouldWriteABarChart() throws IOException {
        final BarChart chart = BarChart.of("Table 6.1", "operation", "latency [µs]")
            .bar("paper", "barrier", 11.2).bar("model", "barrier", 11.2)
            .bar("paper", "broadcast", 25.0).bar("model", "broadcast", 22.4);
        assertEquals(4, chart.barCount());
        final List<Path> files = chart.write(dir, "bars");
        assertTrue(Files.readString(files.get(1), StandardCharsets.UTF_8).contains("broadcast"));
    }

    @Test
    void shouldRejectMismatchedSeriesNamingThem() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> LineChart.of("t", "x", "y").line("s", new double[] {1, 2}, new double[] {1}));
        assertTrue(e.getMessage().contains("series=s") && e.getMessage().contains("x.length=2"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> LineChart.of("t", "x", "y").line("s", new double[0], new double[0]).points("s", new double[0],
                new double[0]));
    }
}
