package org.jbsplib.npb.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.jbsplib.report.BarChart;
import org.jbsplib.report.LineChart;
import org.jbsplib.report.StackedBarChart;

/**
 * The comparison's plots, one set per panel (a kernel and class on one machine and transport), drawn from the
 * medians of the measured runs only (failed runs and warm-ups never appear):
 * <ul>
 *   <li>{@code fig5-*}: per P, stacked T_barrier + T_comm of each classic variant next to T_sync of the others
 *       (Figure 5 of the relaxed-barrier paper);</li>
 *   <li>{@code fig6-*}: relative speedup of each relaxed variant over each classic one, time(org) / time(rbs), per P
 *       (Figure 6);</li>
 *   <li>{@code mops-*}: Mop/s per P per variant, with the baseline's medians as markers when given;</li>
 *   <li>{@code tsync-*}: T_sync per P per variant (barrier backend);</li>
 *   <li>{@code baseline-change}: the change of the median time against the baseline, per configuration.</li>
 * </ul>
 *
 * <p>Stateless.
 */
public final class CompareCharts {
    private CompareCharts() {
    }

    /**
     * A written plot.
     *
     * @param caption what it shows
     * @param png     its PNG (an SVG of the same name sits beside it)
     */
    public record Figure(String caption, Path png) {
    }

    /**
     * @param dir      where to write the PNG and SVG files
     * @param now      the summaries of this comparison
     * @param baseline the summaries of the baseline, or an empty map
     * @return the figures written, in report order
     * @throws IOException when a file cannot be written
     */
    public static List<Figure> write(final Path dir, final Map<Configuration, ConfigSummary> now,
        final Map<Configuration, ConfigSummary> baseline) throws IOException {
        final List<Figure> figures = new ArrayList<>();
        for (final Map.Entry<String, List<ConfigSummary>> panel : panels(now).entrySet()) {
            final String name = panel.getKey();
            final List<ConfigSummary> cells = panel.getValue();
            final String title = title(cells.get(0).config());
            if (cells.stream().anyMatch(ConfigSummary::hasData)) {
                figures.add(fig5(dir, name, title, cells));
                fig6(dir, name, title, cells).ifPresent(figures::add);
                figures.add(mops(dir, name, title, cells, baseline));
                figures.add(tsync(dir, name, title, cells));
            }
        }
        if (!baseline.isEmpty()) {
            baselineChange(dir, now, baseline).ifPresent(figures::add);
        }
        return figures;
    }

    /** @return the summaries grouped by panel (kernel, class, machine, transport), keyed by a file-name part */
    static Map<String, List<ConfigSummary>> panels(final Map<Configuration, ConfigSummary> all) {
        final Map<String, List<ConfigSummary>> panels = new LinkedHashMap<>();
        for (final ConfigSummary s : all.values()) {
            final Configuration c = s.config();
            final String key = fileName(c.kernel() + "-" + c.npbClass()
                + (c.virtual() ? "-" + c.machine() : "") + ("threads".equals(c.transport()) ? "" : "-"
                + c.transport()));
            panels.computeIfAbsent(key, k -> new ArrayList<>()).add(s);
        }
        return panels;
    }

    private static String title(final Configuration c) {
        return c.kernel().toUpperCase(Locale.ROOT) + " class " + c.npbClass()
            + (c.virtual() ? ", " + c.machine() + " (virtual time)" : "")
            + ("threads".equals(c.transport()) ? "" : ", " + c.transport());
    }

    private static String unit(final List<ConfigSummary> cells) {
        return cells.get(0).config().virtual() ? "virtual s" : "s";
    }

    private static Figure fig5(final Path dir, final String name, final String title,
        final List<ConfigSummary> cells) throws IOException {
        final StackedBarChart chart = StackedBarChart.of(title + ": synchronization time per process (Fig. 5)",
            "processes P (bars: sync variant)", "time per process [" + unit(cells) + "]");
        for (final ConfigSummary s : sortedByProcs(cells)) {
            if (!s.hasData()) {
                continue;
            }
            final Configuration c = s.config();
            final String group = c.variant();
            final String p = "P=" + c.procs();
            if (c.classic()) {
                chart.stack(group, group + " T_barrier", p, s.tBarrier().median());
                chart.stack(group, group + " T_comm", p, s.tComm().median());
            } else {
                chart.stack(group, group + " T_sync", p, s.tSync().median());
            }
        }
        final String base = "fig5-" + name;
        chart.write(dir, base);
        return new Figure(title + ": T_barrier + T_comm of the classic sync next to T_sync of the relaxed one, "
            + "medians per P (Figure 5 of the paper)", dir.resolve(base + ".png"));
    }

    private static java.util.Optional<Figure> fig6(final Path dir, final String name, final String title,
        final List<ConfigSummary> cells) throws IOException {
        final Set<String> classic = new LinkedHashSet<>();
        final Set<String> relaxed = new LinkedHashSet<>();
        for (final ConfigSummary s : cells) {
            (s.config().classic() ? classic : relaxed).add(s.config().variant());
        }
        final LineChart chart = LineChart.of(title + ": relative speedup (Fig. 6)", "processes P",
            "speedup = time(org) / time(rbs) [×]");
        for (final String r : relaxed) {
            for (final String o : classic) {
                final List<double[]> points = new ArrayList<>();
                for (final int p : procs(cells)) {
                    final ConfigSummary sr = find(cells, r, p);
                    final ConfigSummary so = find(cells, o, p);
                    if (sr != null && so != null && sr.hasData() && so.hasData() && sr.seconds().median() > 0) {
                        points.add(new double[] {p, so.seconds().median() / sr.seconds().median()});
                    }
                }
                if (!points.isEmpty()) {
                    chart.line(r + " over " + o, column(points, 0), column(points, 1));
                }
            }
        }
        if (chart.seriesCount() == 0) {
            return java.util.Optional.empty();
        }
        final String base = "fig6-" + name;
        chart.write(dir, base);
        return java.util.Optional.of(new Figure(title + ": relative speedup of the relaxed sync over the classic one "
            + "(median times; above 1: rbs faster), Figure 6 of the paper", dir.resolve(base + ".png")));
    }

    private static Figure mops(final Path dir, final String name, final String title,
        final List<ConfigSummary> cells, final Map<Configuration, ConfigSummary> baseline) throws IOException {
        final LineChart chart = LineChart.of(title + ": Mop/s", "processes P", "Mop/s (total, median)");
        for (final String v : variants(cells)) {
            addLine(chart, v, cells, v, s -> s.mops().median(), true);
        }
        if (!baseline.isEmpty()) {
            final List<ConfigSummary> old = new ArrayList<>();
            for (final ConfigSummary s : cells) {
                final ConfigSummary b = baseline.get(s.config());
                if (b != null) {
                    old.add(b);
                }
            }
            for (final String v : variants(old)) {
                addLine(chart, "baseline " + v, old, v, s -> s.mops().median(), false);
            }
        }
        final String base = "mops-" + name;
        chart.write(dir, base);
        return new Figure(title + ": Mop/s per P per configuration (medians"
            + (baseline.isEmpty() ? ")" : "; circles: the baseline's)"), dir.resolve(base + ".png"));
    }

    private static Figure tsync(final Path dir, final String name, final String title,
        final List<ConfigSummary> cells) throws IOException {
        final BarChart chart = BarChart.of(title + ": T_sync per barrier backend", "processes P",
            "T_sync per process [" + unit(cells) + "]");
        for (final ConfigSummary s : sortedByProcs(cells)) {
            if (s.hasData()) {
                chart.bar(s.config().variant(), "P=" + s.config().procs(), s.tSync().median());
            }
        }
        final String base = "tsync-" + name;
        chart.write(dir, base);
        return new Figure(title + ": T_sync (time in sync and commit, mean over processes; medians) per sync "
            + "variant and barrier backend", dir.resolve(base + ".png"));
    }

    private static java.util.Optional<Figure> baselineChange(final Path dir,
        final Map<Configuration, ConfigSummary> now, final Map<Configuration, ConfigSummary> baseline)
        throws IOException {
        final BarChart chart = BarChart.of("Change of the median time against the baseline", "configuration",
            "time change [%] (negative: faster now)").horizontal(true);
        for (final ConfigSummary s : now.values()) {
            final ConfigSummary b = baseline.get(s.config());
            final double change = b == null ? Double.NaN : ConfigSummary.change(s.seconds(), b.seconds());
            if (Double.isFinite(change)) {
                chart.bar("time change", s.config().label(), 100 * change);
            }
        }
        if (chart.barCount() == 0) {
            return java.util.Optional.empty();
        }
        chart.write(dir, "baseline-change");
        return java.util.Optional.of(new Figure("Change of the median time of each configuration against the "
            + "baseline, percent", dir.resolve("baseline-change.png")));
    }

    private static void addLine(final LineChart chart, final String series, final List<ConfigSummary> cells,
        final String variant, final java.util.function.ToDoubleFunction<ConfigSummary> value, final boolean line) {
        final List<double[]> points = new ArrayList<>();
        for (final int p : procs(cells)) {
            final ConfigSummary s = find(cells, variant, p);
            if (s != null && s.hasData()) {
                points.add(new double[] {p, value.applyAsDouble(s)});
            }
        }
        if (points.isEmpty()) {
            return;
        }
        if (line) {
            chart.line(series, column(points, 0), column(points, 1));
        } else {
            chart.points(series, column(points, 0), column(points, 1));
        }
    }

    private static Set<String> variants(final List<ConfigSummary> cells) {
        final Set<String> v = new LinkedHashSet<>();
        cells.forEach(s -> v.add(s.config().variant()));
        return v;
    }

    private static TreeSet<Integer> procs(final List<ConfigSummary> cells) {
        final TreeSet<Integer> p = new TreeSet<>();
        cells.forEach(s -> p.add(s.config().procs()));
        return p;
    }

    private static List<ConfigSummary> sortedByProcs(final List<ConfigSummary> cells) {
        final List<ConfigSummary> sorted = new ArrayList<>(cells);
        sorted.sort(java.util.Comparator.comparingInt(s -> s.config().procs()));
        return sorted;
    }

    private static ConfigSummary find(final List<ConfigSummary> cells, final String variant, final int procs) {
        for (final ConfigSummary s : cells) {
            if (s.config().procs() == procs && s.config().variant().equals(variant)) {
                return s;
            }
        }
        return null;
    }

    private static double[] column(final List<double[]> points, final int i) {
        final double[] out = new double[points.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = points.get(k)[i];
        }
        return out;
    }

    /** @return {@code s} with every character but letters, digits, '-', '_' and '.' replaced by '_' */
    static String fileName(final String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
