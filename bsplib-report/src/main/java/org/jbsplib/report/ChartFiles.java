package org.jbsplib.report;

import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

/**
 * Writes a built chart as PNG and SVG, headless: sets {@code java.awt.headless=true} unless the JVM was started with
 * a value of its own, before the first AWT class is touched.
 *
 * <p>Threading: stateless; charts are drawn on the calling thread.
 */
final class ChartFiles {
    /** Width of the files, pixels. */
    static final int WIDTH = 960;
    /** Height of the files, pixels. */
    static final int HEIGHT = 600;

    private ChartFiles() {
    }

    /** Makes AWT headless unless the user chose otherwise; idempotent. */
    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    /**
     * @param chart    the chart
     * @param dir      the directory, created if missing
     * @param baseName the file name without extension
     * @return the PNG and the SVG file written
     * @throws IOException when a file cannot be written
     */
    static List<Path> write(final JFreeChart chart, final Path dir, final String baseName) throws IOException {
        return write(chart, dir, baseName, WIDTH, HEIGHT);
    }

    /**
     * @param chart    the chart
     * @param dir      the directory, created if missing
     * @param baseName the file name without extension
     * @param width    the width, pixels
     * @param height   the height, pixels
     * @return the PNG and the SVG file written
     * @throws IOException when a file cannot be written
     */
    static List<Path> write(final JFreeChart chart, final Path dir, final String baseName, final int width,
        final int height) throws IOException {
        if (baseName == null || baseName.isBlank() || baseName.contains("/")) {
            throw new IllegalArgumentException("chart: baseName=" + baseName + " must be a plain file name");
        }
        Files.createDirectories(dir);
        final Path png = dir.resolve(baseName + ".png");
        final Path svg = dir.resolve(baseName + ".svg");
        ChartUtils.saveChartAsPNG(png.toFile(), chart, width, height);
        final SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        chart.draw(g2, new Rectangle(0, 0, width, height));
        Files.writeString(svg, g2.getSVGDocument(), StandardCharsets.UTF_8);
        return List.of(png, svg);
    }
}
