package org.jbsplib.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * An x-y chart of model curves (lines with points) and reference points (markers only, e.g. the values a paper
 * states), optionally labelled, written as PNG and SVG.
 *
 * <pre>{@code
 * LineChart.of("NIC-PE latency, LANai 4.3", "nodes", "latency [µs]")
 *     .line("model", new double[] {2, 4, 8, 16}, new double[] {50.8, 67.9, 85.0, 102.1})
 *     .points("paper (text)", new double[] {16}, new double[] {102.14})
 *     .label(16, 102.14, "+0.0 %")
 *     .write(Path.of("out"), "nic-pe");
 * }</pre>
 *
 * <p>Threading: build and write on one thread.
 */
public final class LineChart {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c),
        new Color(0xd62728), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final XYSeriesCollection data = new XYSeriesCollection();
    private final List<Boolean> lines = new ArrayList<>();
    private final List<XYTextAnnotation> labels = new ArrayList<>();
    private boolean logX;
    private boolean logY;

    private LineChart(final String title, final String xLabel, final String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /**
     * @param title  the chart's title
     * @param xLabel the x axis label, with its unit
     * @param yLabel the y axis label, with its unit
     * @return an empty chart
     */
    public static LineChart of(final String title, final String xLabel, final String yLabel) {
        return new LineChart(title, xLabel, yLabel);
    }

    /**
     * @param name the legend entry
     * @param x    x values
     * @param y    y values, as many as x
     * @return this chart, with a curve (line through points)
     */
    public LineChart line(final String name, final double[] x, final double[] y) {
        add(name, x, y, true);
        return this;
    }

    /**
     * @param name the legend entry
     * @param x    x values
     * @param y    y values, as many as x
     * @return this chart, with points drawn as markers only (reference values)
     */
    public LineChart points(final String name, final double[] x, final double[] y) {
        add(name, x, y, false);
        return this;
    }

    /**
     * @param x    where, in data coordinates
     * @param y    where, in data coordinates
     * @param text the label (e.g. a deviation)
     * @return this chart, with a text label at (x, y)
     */
    public LineChart label(final double x, final double y, final String text) {
        final XYTextAnnotation a = new XYTextAnnotation(text, x, y);
        a.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        a.setTextAnchor(TextAnchor.BOTTOM_LEFT);
        labels.add(a);
        return this;
    }

    /**
     * @param log whether the x axis is logarithmic
     * @return this chart
     */
    public LineChart logX(final boolean log) {
        this.logX = log;
        return this;
    }

    /**
     * @param log whether the y axis is logarithmic
     * @return this chart
     */
    public LineChart logY(final boolean log) {
        this.logY = log;
        return this;
    }

    /** @return the number of series (curves and point sets) */
    public int seriesCount() {
        return data.getSeriesCount();
    }

    /**
     * Writes {@code dir/baseName.png} and {@code dir/baseName.svg}.
     *
     * @param dir      the directory, created if missing
     * @param baseName the file name without extension
     * @return the two files
     * @throws IOException when a file cannot be written
     * @throws IllegalArgumentException when a point has a value <= 0 on a logarithmic axis (NaN is a gap)
     */
    public List<Path> write(final Path dir, final String baseName) throws IOException {
        checkLogAxes();
        ChartFiles.headless();
        return ChartFiles.write(build(), dir, baseName);
    }

    /** A logarithmic axis cannot draw a value <= 0: refused, naming it, rather than the point silently left out. */
    private void checkLogAxes() {
        for (int s = 0; s < data.getSeriesCount(); s++) {
            final XYSeries series = data.getSeries(s);
            for (int i = 0; i < series.getItemCount(); i++) {
                final double x = series.getX(i).doubleValue();
                final double y = series.getY(i).doubleValue();
                if (logX && x <= 0 || logY && y <= 0) {
                    throw new IllegalArgumentException("chart " + title + ": series=" + series.getKey()
                        + " has the point x=" + x + ", y=" + y + ", which its logarithmic " + (logX && x <= 0 ? "x" : "y")
                        + " axis cannot draw (a value <= 0)");
                }
            }
        }
    }

    private void add(final String name, final double[] x, final double[] y, final boolean line) {
        if (name == null || x == null || y == null) {
            throw new IllegalArgumentException("chart " + title + ": series=" + name + (name == null ? " (its name)"
                : x == null ? ": x" : ": y") + " is null");
        }
        if (x.length != y.length) {
            throw new IllegalArgumentException("chart " + title + ": series=" + name + " has x.length=" + x.length
                + " but y.length=" + y.length);
        }
        if (data.getSeriesIndex(name) >= 0) {
            throw new IllegalArgumentException("chart " + title + ": series=" + name + " added twice");
        }
        final XYSeries s = new XYSeries(name, false, true);
        for (int i = 0; i < x.length; i++) {
            s.add(x[i], y[i]);
        }
        data.addSeries(s);
        lines.add(line);
    }

    private JFreeChart build() {
        final ValueAxis xAxis = axis(xLabel, logX);
        final ValueAxis yAxis = axis(yLabel, logY);
        if (!labels.isEmpty()) {
            xAxis.setUpperMargin(0.3); // room for the labels of the rightmost points
        }
        if (!logX && integral()) {
            xAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
        for (int i = 0; i < lines.size(); i++) {
            final boolean line = lines.get(i);
            renderer.setSeriesLinesVisible(i, line);
            renderer.setSeriesShapesVisible(i, true);
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            renderer.setSeriesStroke(i, new BasicStroke(line ? 2f : 1f));
            if (!line) {
                renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-6, -6, 12, 12));
                renderer.setSeriesShapesFilled(i, false);
            }
        }
        final XYPlot plot = new XYPlot(data, xAxis, yAxis, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        for (final XYTextAnnotation a : labels) {
            plot.addAnnotation(a);
        }
        final JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private boolean integral() {
        for (int i = 0; i < data.getSeriesCount(); i++) {
            for (int j = 0; j < data.getItemCount(i); j++) {
                final double x = data.getXValue(i, j);
                if (x != Math.rint(x)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static ValueAxis axis(final String label, final boolean log) {
        if (log) {
            final LogAxis a = new LogAxis(label);
            a.setSmallestValue(1e-9);
            return a;
        }
        final NumberAxis a = new NumberAxis(label);
        a.setAutoRangeIncludesZero(false);
        return a;
    }
}
