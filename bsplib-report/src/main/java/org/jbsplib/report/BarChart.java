package org.jbsplib.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * A grouped bar chart (one bar per series within each category), written as PNG and SVG.
 *
 * <pre>{@code
 * BarChart.of("Table 6.1, PAPERS0", "operation", "latency [µs]")
 *     .bar("paper", "barrier", 11.2).bar("model", "barrier", 11.2)
 *     .write(Path.of("out"), "papers-table-6-1");
 * }</pre>
 *
 * <p>Threading: build and write on one thread.
 */
public final class BarChart {
    private final String title;
    private final String categoryLabel;
    private final String valueLabel;
    private final DefaultCategoryDataset data = new DefaultCategoryDataset();
    private boolean horizontal;

    private BarChart(final String title, final String categoryLabel, final String valueLabel) {
        this.title = title;
        this.categoryLabel = categoryLabel;
        this.valueLabel = valueLabel;
    }

    /**
     * @param title         the chart's title
     * @param categoryLabel the category axis label
     * @param valueLabel    the value axis label, with its unit
     * @return an empty chart
     */
    public static BarChart of(final String title, final String categoryLabel, final String valueLabel) {
        return new BarChart(title, categoryLabel, valueLabel);
    }

    /**
     * @param series   the legend entry (e.g. "paper" or "model")
     * @param category the group on the category axis
     * @param value    the bar's height
     * @return this chart
     * @throws IllegalArgumentException when this series already has a bar in this category (it is not replaced)
     */
    public BarChart bar(final String series, final String category, final double value) {
        if (series == null || category == null) {
            throw new IllegalArgumentException("chart " + title + ": series=" + series + " category=" + category
                + ": neither may be null");
        }
        if (data.getRowIndex(series) >= 0 && data.getColumnIndex(category) >= 0
            && data.getValue(series, category) != null) {
            throw new IllegalArgumentException("chart " + title + ": series=" + series + " category=" + category
                + " added twice");
        }
        data.addValue(value, series, category);
        return this;
    }

    /**
     * @param horizontal whether bars run left to right, categories listed down the left side (for long names)
     * @return this chart
     */
    public BarChart horizontal(final boolean horizontal) {
        this.horizontal = horizontal;
        return this;
    }

    /** @return the number of bars */
    public int barCount() {
        return data.getRowCount() * data.getColumnCount();
    }

    /**
     * Writes {@code dir/baseName.png} and {@code dir/baseName.svg}.
     *
     * @param dir      the directory, created if missing
     * @param baseName the file name without extension
     * @return the two files
     * @throws IOException when a file cannot be written
     */
    public List<Path> write(final Path dir, final String baseName) throws IOException {
        ChartFiles.headless();
        final CategoryAxis x = new CategoryAxis(categoryLabel);
        x.setMaximumCategoryLabelLines(3);
        x.setMaximumCategoryLabelWidthRatio(horizontal ? 0.5f : 1f);
        final BarRenderer renderer = new BarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setSeriesPaint(0, new Color(0x7f7f7f));
        renderer.setSeriesPaint(1, new Color(0x1f77b4));
        final CategoryPlot plot = new CategoryPlot(data, x, new NumberAxis(valueLabel), renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        if (horizontal) {
            plot.setOrientation(PlotOrientation.HORIZONTAL);
        }
        final JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return ChartFiles.write(chart, dir, baseName);
    }
}
