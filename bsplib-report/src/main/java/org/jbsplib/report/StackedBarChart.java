package org.jbsplib.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SubCategoryAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.GroupedStackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.KeyToGroupMap;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Stacked bars side by side: within each category one bar per group, each bar a stack of its group's series (e.g.
 * per process count, org's T_barrier + T_comm next to rbs's T_sync, as in Figure 5 of the relaxed-barrier paper).
 * The group names are printed under each bar, the categories under each group of bars. Written as PNG and SVG.
 *
 * <pre>{@code
 * StackedBarChart.of("FT class A: synchronization time", "processes", "time per process [s]")
 *     .stack("org", "org T_barrier", "P=2", 0.12).stack("org", "org T_comm", "P=2", 0.30)
 *     .stack("rbs", "rbs T_sync", "P=2", 0.25)
 *     .write(Path.of("out"), "fig5-ft");
 * }</pre>
 *
 * <p>Threading: build and write on one thread.
 */
public final class StackedBarChart {
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xaec7e8), new Color(0xff7f0e),
        new Color(0xffbb78), new Color(0x2ca02c), new Color(0x98df8a), new Color(0xd62728), new Color(0xff9896)};

    /** Up to this many series the legend sits below the plot, beyond it on the right. */
    private static final int LEGEND_BELOW_MAX = 4;

    private final String title;
    private final String categoryLabel;
    private final String valueLabel;
    private final DefaultCategoryDataset data = new DefaultCategoryDataset();
    private final Map<String, String> groupOf = new LinkedHashMap<>();

    private StackedBarChart(final String title, final String categoryLabel, final String valueLabel) {
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
    public static StackedBarChart of(final String title, final String categoryLabel, final String valueLabel) {
        return new StackedBarChart(title, categoryLabel, valueLabel);
    }

    /**
     * Adds a segment to the bar of {@code group} in {@code category}; segments stack in the order their series were
     * first added.
     *
     * @param group    the bar the segment belongs to (e.g. "org")
     * @param series   the legend entry of the segment (e.g. "org T_barrier"); belongs to one group only
     * @param category the category on the axis (e.g. "P=4")
     * @param value    the segment's height
     * @return this chart
     * @throws IllegalArgumentException when {@code series} was added before to another group, or already has a
     *     segment in this category (it is not replaced)
     */
    public StackedBarChart stack(final String group, final String series, final String category,
        final double value) {
        if (group == null || series == null || category == null) {
            throw new IllegalArgumentException("chart " + title + ": group=" + group + " series=" + series
                + " category=" + category + ": none may be null");
        }
        final String known = groupOf.get(series);
        if (known != null && !known.equals(group)) {
            throw new IllegalArgumentException("chart " + title + ": series=" + series + " is in group=" + known
                + ", not group=" + group);
        }
        if (known != null && data.getColumnIndex(category) >= 0 && data.getValue(series, category) != null) {
            throw new IllegalArgumentException("chart " + title + ": series=" + series + " category=" + category
                + " added twice");
        }
        groupOf.put(series, group);
        data.addValue(value, series, category);
        return this;
    }

    /**
     * @return the image's width, pixels: the usual 960, wider when the bars would be too narrow for the group names
     *     printed under them (about 100 pixels per bar, plus the axis and a legend on the side)
     */
    public int width() {
        final int bars = data.getColumnCount() * (int) groupOf.values().stream().distinct().count();
        final int legend = groupOf.size() > LEGEND_BELOW_MAX ? 260 : 0;
        return Math.max(ChartFiles.WIDTH, 120 + legend + 100 * bars);
    }

    /** @return the number of segments (series times categories) */
    public int segmentCount() {
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
        final SubCategoryAxis x = new SubCategoryAxis(categoryLabel);
        x.setCategoryMargin(0.25);
        final KeyToGroupMap groups = new KeyToGroupMap(groupOf.isEmpty() ? "none" : groupOf.values().iterator()
            .next());
        final GroupedStackedBarRenderer renderer = new GroupedStackedBarRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.08);
        int i = 0;
        final java.util.Set<String> seen = new java.util.LinkedHashSet<>();
        for (final Map.Entry<String, String> e : groupOf.entrySet()) {
            groups.mapKeyToGroup(e.getKey(), e.getValue());
            renderer.setSeriesPaint(data.getRowIndex(e.getKey()), PALETTE[i++ % PALETTE.length]);
            if (seen.add(e.getValue())) {
                x.addSubCategory(e.getValue());
            }
        }
        renderer.setSeriesToGroupMap(groups);
        final CategoryPlot plot = new CategoryPlot(data, x, new NumberAxis(valueLabel), renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        final JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 16), plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        if (groupOf.size() > LEGEND_BELOW_MAX) {
            // a long legend below the plot does not wrap and would be cut at the right edge: list it down the side
            chart.getLegend().setPosition(org.jfree.chart.ui.RectangleEdge.RIGHT);
        }
        return ChartFiles.write(chart, dir, baseName, width(), ChartFiles.HEIGHT);
    }
}
