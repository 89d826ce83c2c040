package org.jbsplib.npb.compare;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jbsplib.npb.common.Spread;
import org.jbsplib.report.HtmlReport;

/**
 * {@code report.html} of a comparison: self-contained (plots embedded), with the exact command, the host and JVM,
 * the medians and ranges per configuration (and the change against a baseline), the T_sync reductions of the
 * relaxed sync next to the paper's, the plots, and every run with warm-ups and failures marked.
 *
 * <p>Stateless.
 */
public final class CompareReport {
    /** The table of medians: {@code <table id="summary">}. */
    public static final String SUMMARY_TABLE = "summary";
    /** The table of every run: {@code <table id="runs">}. */
    public static final String RUNS_TABLE = "runs";
    /** The table of T_sync reductions: {@code <table id="reductions">}. */
    public static final String REDUCTIONS_TABLE = "reductions";

    private CompareReport() {
    }

    /**
     * @param file     where to write the page
     * @param results  the comparison
     * @param figures  its plots
     * @param baseline the baseline's summaries, or an empty map
     * @return {@code file}
     * @throws IOException when the page or a plot cannot be read or written
     */
    public static Path write(final Path file, final Results results, final List<CompareCharts.Figure> figures,
        final Map<Configuration, ConfigSummary> baseline) throws IOException {
        final List<RunRecord> runs = results.runs();
        final Map<Configuration, ConfigSummary> now = ConfigSummary.of(runs);
        final Map<String, Object> meta = results.meta();
        final HtmlReport html = HtmlReport.titled("JBSPlib comparison: " + meta.getOrDefault("title", "NPB"));
        final long failed = runs.stream().filter(r -> !r.verified()).count();
        html.paragraph((results.complete() ? "Complete" : "INTERRUPTED: only the runs below finished") + ": "
            + runs.size() + " runs of " + now.size() + " configurations, "
            + runs.stream().filter(RunRecord::warmup).count() + " of them warm-ups (not summarized), " + failed
            + " failed (marked, never summarized or plotted).");
        html.heading("Command").pre(String.valueOf(meta.getOrDefault("command", "")));
        html.heading("Machine and JVM");
        final List<List<String>> facts = new ArrayList<>();
        for (final String key : List.of("host", "cpu", "cores", "os", "jvm", "max_heap", "started", "finished")) {
            if (meta.containsKey(key)) {
                facts.add(List.of(key, String.valueOf(meta.get(key))));
            }
        }
        html.table("machine", "where the runs ran", List.of("what", "value"), facts);
        html.heading("Medians per configuration");
        html.paragraph("Median over the measured runs (verified, not the warm-up) with min–max in parentheses. "
            + "Times are the benchmark's timed section; T_sync is the mean over processes of the time in sync and "
            + "commit (the paper's T_sync); T_barrier and T_comm split the classic sync into its exchange and "
            + "communication phases (for rbs: of its exchange supersteps only). On a machine model every time is "
            + "virtual. The host probe is a fixed one-thread computation timed right before and right after each "
            + "run, outside its timed section: the host's own speed. Time / probe divides each run's time by its "
            + "probe (the mean of before and after): a diagnostic of how much of a spread is the host's, never a "
            + "measured time.");
        summaryTable(html, now, baseline);
        reductions(html, now);
        html.heading("Plots");
        for (final CompareCharts.Figure f : figures) {
            html.image(f.caption(), f.png());
        }
        html.heading("Every run");
        runsTable(html, runs);
        return html.write(file);
    }

    private static void summaryTable(final HtmlReport html, final Map<Configuration, ConfigSummary> now,
        final Map<Configuration, ConfigSummary> baseline) {
        final List<String> headers = new ArrayList<>(List.of("kernel", "class", "P", "sync", "barrier", "machine",
            "transport", "runs ok / failed", "time [s]", "Mop/s", "T_sync [s]", "T_barrier [s]", "T_comm [s]",
            "host probe [s]", "time / probe"));
        if (!baseline.isEmpty()) {
            headers.addAll(List.of("baseline time [s]", "time change", "baseline Mop/s", "Mop/s change"));
        }
        final List<List<String>> rows = new ArrayList<>();
        final List<String> classes = new ArrayList<>();
        for (final ConfigSummary s : now.values()) {
            final Configuration c = s.config();
            final List<String> row = new ArrayList<>(List.of(c.kernel(), String.valueOf(c.npbClass()),
                String.valueOf(c.procs()), c.sync(), c.barrier(), c.machine(), c.transport(),
                s.measured() + " / " + s.failed(), text(s.seconds(), "%.3f"), text(s.mops(), "%.1f"),
                text(s.tSync(), "%.4f"), text(s.tBarrier(), "%.4f"), text(s.tComm(), "%.4f"),
                text(s.probe(), "%.4f"), text(s.perProbe(), "%.2f")));
            if (!baseline.isEmpty()) {
                final ConfigSummary b = baseline.get(c);
                row.add(b == null ? "–" : text(b.seconds(), "%.3f"));
                row.add(percent(b == null ? Double.NaN : ConfigSummary.change(s.seconds(), b.seconds())));
                row.add(b == null ? "–" : text(b.mops(), "%.1f"));
                row.add(percent(b == null ? Double.NaN : ConfigSummary.change(s.mops(), b.mops())));
            }
            rows.add(row);
            classes.add(s.hasData() ? null : "failed");
        }
        html.table(SUMMARY_TABLE, "medians (min–max) of the measured runs", headers, rows, classes);
    }

    /** The reduction at P = 1: a process alone never waits for another, so its T_sync is bookkeeping noise. */
    static final String ALONE = "n/a (P = 1)";

    private static void reductions(final HtmlReport html, final Map<Configuration, ConfigSummary> now) {
        final List<List<String>> rows = new ArrayList<>();
        for (final ConfigSummary r : now.values()) {
            if (r.config().classic() || !r.hasData()) {
                continue;
            }
            for (final ConfigSummary o : now.values()) {
                final Configuration oc = o.config();
                final Configuration rc = r.config();
                if (!oc.classic() || !o.hasData() || oc.procs() != rc.procs() || !oc.kernel().equals(rc.kernel())
                    || oc.npbClass() != rc.npbClass() || !oc.machine().equals(rc.machine())
                    || !oc.transport().equals(rc.transport())) {
                    continue;
                }
                final double red = o.tSync().median() == 0 ? Double.NaN
                    : 1 - r.tSync().median() / o.tSync().median();
                final double speedup = r.seconds().median() == 0 ? Double.NaN
                    : o.seconds().median() / r.seconds().median();
                rows.add(List.of(rc.kernel(), String.valueOf(rc.npbClass()), String.valueOf(rc.procs()),
                    rc.machine(), oc.variant(), rc.variant(), fmt("%.4f", o.tSync().median()),
                    fmt("%.4f", r.tSync().median()), rc.procs() == 1 ? ALONE : percent(red),
                    fmt("%.3f", speedup)));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        html.heading("T_sync reduction of the relaxed sync");
        html.paragraph("Reduction = 1 − T_sync(rbs) / T_sync(org), from the medians; speedup = time(org) / "
            + "time(rbs). The paper (IBM SP2, 32 processors, class A) reports reductions of 45.2 % (IP) to 61.5 % "
            + "(US) for FT and 28.6 % (US) to 49.0 % (IP) for LU. At P = 1 there is no one to wait for: its "
            + "T_sync is the library's own bookkeeping, so no reduction is given.");
        html.table(REDUCTIONS_TABLE, "T_sync of org and rbs per P", List.of("kernel", "class", "P", "machine",
            "classic", "relaxed", "T_sync org [s]", "T_sync rbs [s]", "reduction", "speedup"), rows);
    }

    private static void runsTable(final HtmlReport html, final List<RunRecord> runs) {
        final List<List<String>> rows = new ArrayList<>();
        final List<String> classes = new ArrayList<>();
        for (final RunRecord r : runs) {
            final Configuration c = r.config();
            rows.add(List.of(c.kernel(), String.valueOf(c.npbClass()), String.valueOf(c.procs()), c.variant(),
                c.machine(), c.transport(), r.warmup() ? "warm-up" : String.valueOf(r.run()),
                r.status().name().toLowerCase(Locale.ROOT) + (r.error().isEmpty() ? "" : ": " + r.error()),
                fmt("%.3f", r.seconds()), fmt("%.1f", r.mops()), fmt("%.4f", r.tSync()), fmt("%.4f", r.tBarrier()),
                fmt("%.4f", r.tComm()), String.valueOf(r.supersteps()),
                r.exchangeSupersteps() + r.relaxedSupersteps() == 0 ? "–"
                    : r.exchangeSupersteps() + " / " + r.relaxedSupersteps()));
            classes.add(!r.verified() ? "failed" : r.warmup() ? "warmup" : null);
        }
        html.table(RUNS_TABLE, "every run in order (warm-ups grey, failures red)", List.of("kernel", "class", "P",
            "variant", "machine", "transport", "run", "status", "time [s]", "Mop/s", "T_sync [s]", "T_barrier [s]",
            "T_comm [s]", "supersteps", "timed exchange / relaxed"), rows, classes);
    }

    private static String text(final Spread s, final String pattern) {
        return s == null ? "–" : s.text(pattern);
    }

    private static String percent(final double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%+.1f %%", 100 * v) : "–";
    }

    private static String fmt(final String pattern, final double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, pattern, v) : "–";
    }
}
