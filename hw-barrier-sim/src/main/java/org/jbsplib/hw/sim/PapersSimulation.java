package org.jbsplib.hw.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.jbsplib.hw.ModelVsPaper;
import org.jbsplib.hw.papers.PapersCluster;
import org.jbsplib.hw.papers.PapersParameters;
import org.jbsplib.report.BarChart;
import org.jbsplib.report.LineChart;

/**
 * {@code ./bsp sim papers}: Table 6.1 of the PAPERS thesis (PAPERS0, 4 PEs) from the model, the port operations per
 * PE of the 5- and 2-operation barrier sequences (§4.2.3, §6.5), and the barrier latency against the number of PEs.
 * PAPERS0 has 4 ports: more PEs run the model's own multiplexing scheme (extra mask writes, flag reads), named so.
 * The PAPERS unit is a logic model stepped per port operation, not an event simulation: its runs report 0 events.
 */
final class PapersSimulation implements Simulation {
    @Override
    public String name() {
        return "papers";
    }

    @Override
    public String summary() {
        return "PAPERS Table 6.1, port operations of the 5- and 2-operation barriers, latency vs PEs";
    }

    @Override
    public String help() {
        return String.join("\n",
            "./bsp sim papers [--pes 2..16]",
            "  Table 6.1 (barrier 11.2 us fitted; ANY 11.2 us, multiple broadcast 25.0 us and random one-byte",
            "  communication 92.0 us, eight one-bit exchanges, follow from the fitted sequence), the port operations",
            "  per PE of the 5-operation (§4.2.3) and 2-operation (§6.5) barriers, and latency vs PEs (beyond PAPERS0's 4 ports:",
            "  the model's own multiplexing).",
            "  --pes LIST|LO..HI  PE counts (default 2..16; up to 64, the unit's width; 2..40 is ten times PAPERS0)");
    }

    @Override
    public Set<String> options() {
        return Set.of("--pes");
    }

    @Override
    public void run(final SimRun run) throws Exception {
        final int[] pes = run.sizes("--pes", new int[] {2, 4, 8, 16}, 2); // a bad value is refused before any output
        table61(run);
        final double[] x = new double[pes.length];
        final double[] five = new double[pes.length];
        final double[] two = new double[pes.length];
        final double[] opsFive = new double[pes.length];
        final double[] opsTwo = new double[pes.length];
        run.out().printf(Locale.ROOT, "%n%5s %16s %16s %12s %12s%n", "PEs", "5-op barrier us", "2-op barrier us",
            "5-op ops/PE", "2-op ops/PE");
        for (int i = 0; i < pes.length; i++) {
            x[i] = pes[i];
            final PapersCluster c5 = barrier("papers/papers0", pes[i]);
            final PapersCluster c2 = barrier("papers/papers0-2op", pes[i]);
            five[i] = lastEndUs(c5);
            two[i] = lastEndUs(c2);
            opsFive[i] = c5.portOperations() / (double) pes[i];
            opsTwo[i] = c2.portOperations() / (double) pes[i];
            run.out().printf(Locale.ROOT, "%5d %16.2f %16.2f %12.2f %12.2f%s%n", pes[i], five[i], two[i], opsFive[i],
                opsTwo[i], pes[i] > ModelVsPaper.PAPERS0_PORTS ? "  (model's multiplexing)" : "");
            if (pes[i] == ModelVsPaper.PAPERS0_PORTS) {
                final Reference r5 = new Reference("port operations per PE, 5-operation barrier, 4 PEs", "§4.2.3",
                    pes[i], 5, opsFive[i], "ops");
                final Reference r2 = new Reference("port operations per PE, 2-operation barrier, 4 PEs", "§6.5",
                    pes[i], 2, opsTwo[i], "ops");
                run.reference(r5);
                run.reference(r2);
            }
        }
        run.result("pes", pes);
        run.result("barrier_5op_us", five);
        run.result("barrier_2op_us", two);
        run.result("port_ops_per_pe_5op", opsFive);
        run.result("port_ops_per_pe_2op", opsTwo);
        run.result("multiplexed_above_pes", ModelVsPaper.PAPERS0_PORTS);
        final LineChart latency = LineChart.of("PAPERS0 barrier latency vs PEs (beyond 4: the model's multiplexing)",
            "processing elements", "barrier latency [µs]")
            .line("5-operation barrier (model)", x, five)
            .line("2-operation barrier (model)", x, two)
            .points("Table 6.1 barrier, 4 PEs (fitted)", new double[] {4}, new double[] {11.2});
        run.plot(latency, "papers-latency");
        final LineChart ops = LineChart.of("PAPERS port operations per PE and barrier", "processing elements",
            "port operations per PE [operations]")
            .line("5-operation barrier (model)", x, opsFive)
            .line("2-operation barrier (model)", x, opsTwo)
            .points("§4.2.3 / §6.5: 5 and 2 operations", new double[] {4, 4}, new double[] {5, 2});
        run.plot(ops, "papers-port-operations");
    }

    private static void table61(final SimRun run) throws Exception {
        final BarChart chart = BarChart.of("PAPERS0 Table 6.1 (4 PEs): thesis vs model", "operation",
            "time [µs]");
        final List<Object> rows = new ArrayList<>();
        run.out().println("Table 6.1, PAPERS0, 4 PEs");
        for (final ModelVsPaper.Row r : ModelVsPaper.papersRows()) {
            if (!r.model.equals("papers/papers0")) {
                continue; // the hardware-only row is the table's, not the thesis's
            }
            final String op = r.figure.replace("Table 6.1 ", "").replace(", 4 PEs", "");
            chart.bar("thesis", op, r.reference).bar("model", op, r.modelled);
            run.reference(new Reference(r.figure, "Table 6.1 (" + r.basis.label() + ")", 4, r.reference, r.modelled,
                r.unit));
            run.out().printf(Locale.ROOT, "  %-40s thesis %6.2f µs  model %6.2f µs  %+.1f %%  (%s)%n", op,
                r.reference, r.modelled, 100 * r.error(), r.basis.label());
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("operation", op);
            row.put("thesis_us", r.reference);
            row.put("model_us", r.modelled);
            row.put("basis", r.basis.label());
            rows.add(row);
        }
        run.result("table_6_1", rows);
        run.plot(chart, "papers-table-6-1");
    }

    private static PapersCluster barrier(final String spec, final int pes) {
        final PapersCluster c = new PapersCluster(PapersParameters.schema().parse(spec), pes);
        c.exchange(new long[pes], null, null);
        return c;
    }

    private static double lastEndUs(final PapersCluster c) {
        long end = 0;
        for (int pe = 0; pe < c.pes(); pe++) {
            end = Math.max(end, c.endPs(pe));
        }
        return end / 1e6;
    }
}
