package org.jbsplib.hw.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jbsplib.hw.ModelVsPaper;
import org.jbsplib.report.BarChart;

/**
 * {@code ./bsp sim paper-table}: the model-vs-paper table of every backend ({@link ModelVsPaper}), with each row's
 * basis (fitted, follows from the fit, predicted, the model's own value) and claim, and a chart of the deviations of
 * the rows whose reference a paper states.
 */
final class PaperTableSimulation implements Simulation {
    @Override
    public String name() {
        return "paper-table";
    }

    @Override
    public String summary() {
        return "the model-vs-paper table of all four papers (fitted / predicted / the model's own values)";
    }

    @Override
    public String help() {
        return String.join("\n",
            "./bsp sim paper-table [--out DIR] [--json FILE]",
            "  Every figure the papers' texts state that a model reproduces, the model's value, the deviation, the",
            "  claim the tests pin (fitted 1 %, predicted 15 %, bounds) and the basis of each row. Writes",
            "  paper-table.md, paper-table.json and paper-table-deviation.png/.svg with --out.");
    }

    @Override
    public Set<String> options() {
        return Set.of();
    }

    @Override
    public void run(final SimRun run) throws Exception {
        final List<ModelVsPaper.Row> rows = ModelVsPaper.rows();
        final String latency = ModelVsPaper.latencyTable(2, 4, 8, 16);
        final String markdown = ModelVsPaper.markdown(rows);
        run.out().print(markdown);
        run.out().println();
        run.out().print(latency);
        final List<Object> json = new ArrayList<>();
        final BarChart chart = BarChart.of("Model vs paper: deviation of each value the texts state",
            "value stated in the paper (basis)", "deviation of the model from the paper [%]").horizontal(true);
        int n = 0;
        for (final ModelVsPaper.Row r : rows) {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("model", r.model);
            row.put("figure", r.figure);
            row.put("reference", r.reference);
            row.put("modelled", r.modelled);
            row.put("unit", r.unit);
            row.put("basis", r.basis.name().toLowerCase(java.util.Locale.ROOT));
            row.put("claim", r.claim());
            row.put("meets_claim", r.meetsTarget());
            row.put("note", r.note);
            json.add(row);
            if (r.basis != ModelVsPaper.Basis.MODEL_OWN && !Double.isNaN(r.target)) {
                run.reference(new Reference(r.model + ": " + r.figure, r.basis.label(), ++n, r.reference, r.modelled,
                    r.unit));
                chart.bar("model - paper", n + ". " + r.model + ": " + r.figure + " (" + (r.basis
                    == ModelVsPaper.Basis.PREDICTED ? "predicted" : "fitted or follows from the fit") + ")",
                    100 * r.error());
            }
        }
        run.result("rows", json);
        run.result("latency_table_markdown", latency);
        run.text("paper-table.md", markdown + "\n" + latency);
        run.plot(chart, "paper-table-deviation");
    }
}
