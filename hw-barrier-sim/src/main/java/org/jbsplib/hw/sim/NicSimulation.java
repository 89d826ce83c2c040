package org.jbsplib.hw.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.hw.HwBarrierModels;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.nic.NicAlgorithm;
import org.jbsplib.hw.nic.NicBarrierModel;
import org.jbsplib.hw.nic.NicPaperFigures;
import org.jbsplib.report.LineChart;

/**
 * {@code ./bsp sim nic}: Fig. 5 of the NIC barrier paper: latencies of NIC- and host-based GB and PE barriers (a, c),
 * the NIC-over-host factors (b, d) and the best gather-broadcast fan-out per size, for LANai 4.3 and 7.2 cards.
 * Reference points: the figures of §6 and the abstract ({@link NicPaperFigures}).
 */
final class NicSimulation implements Simulation {
    private static final List<String> CARDS = List.of("lanai43", "lanai72");
    private static final List<String> ALGORITHMS = List.of("gb", "pe");

    @Override
    public String name() {
        return "nic";
    }

    @Override
    public String summary() {
        return "Fig. 5 of the Myrinet/GM NIC barrier paper: latency, NIC-over-host factor, best GB fan-out";
    }

    @Override
    public String help() {
        return String.join("\n",
            "./bsp sim nic [--nodes 2..16] [--card lanai43,lanai72] [--algorithm gb,pe] [--fanout K] [--barriers N]",
            "  Latency of the NIC- and host-based barriers per node count (all processes start together, then each",
            "  enters the next barrier as soon as it saw the last one complete: the mean over N), the factor of",
            "  improvement NIC over host, and the GB fan-out with the lowest latency (as the paper reports the best",
            "  over all dimensions). Reference points: the values of §6 (LANai 4.3: NIC-PE 102.14 us and NIC-GB",
            "  152.27 us at 16 nodes, factors 1.78 / 1.46 at 16 and 1.66 at 8; LANai 7.2: 49.25 / 90.24 us and 1.83",
            "  at 8).",
            "  --nodes LIST|LO..HI  node counts (LO..HI: powers of two from LO, and HI); default 2..16; the model",
            "                       accepts any count >= 2 (2..160 is ten times the paper's largest)",
            "  --card LIST          lanai43, lanai72 (default both)",
            "  --algorithm LIST     gb, pe (default both)",
            "  --fanout K           GB fan-out for every size instead of the best one",
            "  --barriers N         barriers run back to back and averaged (default 1000; the paper ran 100,000);",
            "                       1 = one isolated barrier with idle NICs, as the barrier backends' episodes");
    }

    @Override
    public Set<String> options() {
        return Set.of("--nodes", "--card", "--algorithm", "--fanout", "--barriers");
    }

    @Override
    public void run(final SimRun run) throws Exception {
        final int[] nodes = run.sizes("--nodes", new int[] {2, 4, 8, 16}, 2);
        final List<String> cards = run.args().list("--card", CARDS);
        final List<String> algorithms = run.args().list("--algorithm", ALGORITHMS);
        for (final String c : cards) {
            if (!CARDS.contains(c)) {
                throw new CliException("option --card: card=" + c + " is unknown (known: " + CARDS + ")");
            }
        }
        for (final String a : algorithms) {
            if (!ALGORITHMS.contains(a)) {
                throw new CliException("option --algorithm: algorithm=" + a + " is unknown (known: " + ALGORITHMS
                    + ")");
            }
        }
        final int fixedFanOut = run.args().has("--fanout") ? run.args().intAtLeast("--fanout", 1, 1) : 0;
        final int barriers = run.args().intAtLeast("--barriers", 1000, 1);
        final List<Object> cardResults = new ArrayList<>();
        for (final String card : cards) {
            cardResults.add(runCard(run, card, algorithms, nodes, fixedFanOut, barriers));
        }
        run.result("barriers", barriers);
        run.result("nodes", nodes);
        run.result("cards", cardResults);
    }

    private static Map<String, Object> runCard(final SimRun run, final String card, final List<String> algorithms,
        final int[] nodes, final int fixedFanOut, final int barriers) throws Exception {
        final double[] x = new double[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            x[i] = nodes[i];
        }
        final Map<String, Object> result = new LinkedHashMap<>();
        result.put("card", card);
        final LineChart latency = LineChart.of("NIC barrier, " + label(card) + ": latency (Fig. 5" + (card.equals(
            "lanai43") ? "a" : "c") + "), " + (barriers > 1 ? "mean of " + barriers + " back-to-back barriers"
            : "one isolated barrier"), "nodes", "barrier latency [µs]");
        final LineChart factor = LineChart.of("NIC barrier, " + label(card) + ": factor of improvement NIC over host "
            + "(Fig. 5" + (card.equals("lanai43") ? "b" : "d") + ")", "nodes", "host latency / NIC latency [x]");
        final LineChart fanOuts = LineChart.of("NIC barrier, " + label(card) + ": best gather-broadcast fan-out",
            "nodes", "fan-out with the lowest latency [children per node]");
        run.out().printf(Locale.ROOT, "%s%n%6s", label(card), "nodes");
        for (final String a : algorithms) {
            run.out().printf(Locale.ROOT, " %11s %11s %7s", "NIC-" + a.toUpperCase(Locale.ROOT) + " us",
                "host-" + a.toUpperCase(Locale.ROOT) + " us", "factor");
            if (a.equals("gb")) {
                run.out().printf(Locale.ROOT, " %6s %6s", "k NIC", "k host");
            }
        }
        run.out().println();
        final Map<String, double[]> series = new LinkedHashMap<>();
        for (final String a : algorithms) {
            for (final String where : List.of("nic", "host")) {
                series.put(where + "-" + a, new double[nodes.length]);
                series.put(where + "-" + a + "-fanout", new double[nodes.length]);
            }
        }
        for (int i = 0; i < nodes.length; i++) {
            run.out().printf(Locale.ROOT, "%6d", nodes[i]);
            for (final String a : algorithms) {
                for (final String where : List.of("nic", "host")) {
                    final Parameters p = HwBarrierModels.parameters(where + "-" + a + "/" + card);
                    final NicAlgorithm alg = NicAlgorithm.ofBackend(p.backend());
                    final int k = fixedFanOut > 0 ? Math.min(fixedFanOut, nodes[i] - 1)
                        : NicBarrierModel.bestBackToBackFanOut(p, alg, nodes[i], barriers);
                    series.get(where + "-" + a)[i] = NicBarrierModel.backToBackLatencyNs(p, alg, nodes[i], k,
                        barriers) / 1e3;
                    series.get(where + "-" + a + "-fanout")[i] = k;
                }
                final double nic = series.get("nic-" + a)[i];
                final double host = series.get("host-" + a)[i];
                run.out().printf(Locale.ROOT, " %11.2f %11.2f %7.2f", nic, host, host / nic);
                if (a.equals("gb")) {
                    run.out().printf(Locale.ROOT, " %6d %6d", (int) series.get("nic-gb-fanout")[i],
                        (int) series.get("host-gb-fanout")[i]);
                }
            }
            run.out().println();
        }
        final List<Reference> refs = new ArrayList<>();
        for (final String a : algorithms) {
            final String up = a.toUpperCase(Locale.ROOT);
            latency.line("NIC-" + up + " (model)", x, series.get("nic-" + a));
            latency.line("host-" + up + " (model)", x, series.get("host-" + a));
            final double[] f = new double[nodes.length];
            for (int i = 0; i < nodes.length; i++) {
                f[i] = series.get("host-" + a)[i] / series.get("nic-" + a)[i];
            }
            factor.line(up + " factor (model)", x, f);
            if (a.equals("gb")) {
                fanOuts.line("NIC-GB (model)", x, series.get("nic-gb-fanout"));
                fanOuts.line("host-GB (model)", x, series.get("host-gb-fanout"));
            }
            result.put("nic_" + a + "_us", series.get("nic-" + a));
            result.put("host_" + a + "_us", series.get("host-" + a));
            result.put(a + "_factor", f);
            if (a.equals("gb")) {
                result.put("nic_gb_fanout", series.get("nic-gb-fanout"));
                result.put("host_gb_fanout", series.get("host-gb-fanout"));
            }
            references(card, a, nodes, series, f, refs);
        }
        addPoints(latency, refs, "µs");
        addPoints(factor, refs, "x");
        for (final Reference r : refs) {
            run.reference(r);
            run.out().printf(Locale.ROOT, "  paper %-48s %9.2f %s   model %9.2f   %s%n", r.figure(), r.paper(), r.unit(),
                r.model(), r.deviationText());
        }
        run.plot(latency, "nic-latency-" + card);
        run.plot(factor, "nic-factor-" + card);
        if (algorithms.contains("gb")) {
            run.plot(fanOuts, "nic-fanout-" + card);
        }
        return result;
    }

    /** Adds the values §6 states for {@code card} and algorithm {@code a} at sizes the run covers. */
    private static void references(final String card, final String a, final int[] nodes,
        final Map<String, double[]> series, final double[] factor, final List<Reference> refs) {
        final int at16 = indexOf(nodes, 16);
        final int at8 = indexOf(nodes, 8);
        if (card.equals("lanai43") && a.equals("pe")) {
            add(refs, "LANai 4.3 NIC-PE, 16 nodes", "§6 and abstract", 16, NicPaperFigures.LANAI43_NIC_PE_16_US,
                series.get("nic-pe"), at16, "µs");
            add(refs, "LANai 4.3 PE factor, 16 nodes", "§6 and abstract", 16, NicPaperFigures.LANAI43_PE_FACTOR_16,
                factor, at16, "x");
            add(refs, "LANai 4.3 PE factor, 8 nodes", "§6 (Fig. 5d text)", 8, NicPaperFigures.LANAI43_PE_FACTOR_8,
                factor, at8, "x");
        } else if (card.equals("lanai43")) {
            add(refs, "LANai 4.3 NIC-GB, 16 nodes", "§6", 16, NicPaperFigures.LANAI43_NIC_GB_16_US,
                series.get("nic-gb"), at16, "µs");
            add(refs, "LANai 4.3 GB factor, 16 nodes", "§6", 16, NicPaperFigures.LANAI43_GB_FACTOR_16, factor, at16,
                "x");
        } else if (a.equals("pe")) {
            add(refs, "LANai 7.2 NIC-PE, 8 nodes", "§6", 8, NicPaperFigures.LANAI72_NIC_PE_8_US,
                series.get("nic-pe"), at8, "µs");
            add(refs, "LANai 7.2 host-PE, 8 nodes", "§6", 8, NicPaperFigures.LANAI72_HOST_PE_8_US,
                series.get("host-pe"), at8, "µs");
            add(refs, "LANai 7.2 PE factor, 8 nodes", "§6 and abstract", 8, NicPaperFigures.LANAI72_PE_FACTOR_8,
                factor, at8, "x");
        }
        // the text states no LANai 7.2 GB figure
    }

    private static void add(final List<Reference> refs, final String figure, final String source, final int x,
        final double paper, final double[] model, final int index, final String unit) {
        if (index >= 0) {
            refs.add(new Reference(figure, source, x, paper, model[index], unit));
        }
    }

    private static void addPoints(final LineChart chart, final List<Reference> refs, final String unit) {
        final List<Reference> mine = new ArrayList<>();
        for (final Reference r : refs) {
            if (r.unit().equals(unit)) {
                mine.add(r);
            }
        }
        if (mine.isEmpty()) {
            return;
        }
        final double[] px = new double[mine.size()];
        final double[] py = new double[mine.size()];
        for (int i = 0; i < mine.size(); i++) {
            px[i] = mine.get(i).x();
            py[i] = mine.get(i).paper();
            chart.label(px[i], py[i], " paper " + String.format(Locale.ROOT, "%.2f", py[i]) + ", model "
                + mine.get(i).deviationText());
        }
        chart.points("stated in the paper's text", px, py);
    }

    private static int indexOf(final int[] nodes, final int n) {
        for (int i = 0; i < nodes.length; i++) {
            if (nodes[i] == n) {
                return i;
            }
        }
        return -1;
    }

    private static String label(final String card) {
        return card.equals("lanai43") ? "LANai 4.3" : "LANai 7.2";
    }
}
