package org.jbsplib.hw;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.jbsplib.hw.bsr.BsrBarrierModel;
import org.jbsplib.hw.bsr.BsrNetwork;
import org.jbsplib.hw.bsr.BsrParameters;
import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.nic.NicAlgorithm;
import org.jbsplib.hw.nic.NicBarrierModel;
import org.jbsplib.hw.nic.NicPaperFigures;
import org.jbsplib.hw.papers.PapersCluster;
import org.jbsplib.hw.papers.PapersParameters;
import org.jbsplib.hw.reflex.ReflexParameters;

/**
 * Prints the table of modelled versus published figures (markdown). Every modelled number comes out of the models'
 * state machines with simultaneous arrivals; "fitted" rows were used to set a parameter, "predicted" rows were not.
 *
 * <pre>{@code
 * java -cp hw-barrier-sim/target/classes org.jbsplib.hw.ModelVsPaper
 * }</pre>
 */
public final class ModelVsPaper {
    /** One row of the table. */
    public static final class Row {
        public final String model;
        public final String figure;
        public final double paper;
        public final double modelled;
        public final String unit;
        public final String kind;

        Row(String model, String figure, double paper, double modelled, String unit, String kind) {
            this.model = model;
            this.figure = figure;
            this.paper = paper;
            this.modelled = modelled;
            this.unit = unit;
            this.kind = kind;
        }

        /** @return (model - paper) / paper, or NaN for bound rows */
        public double error() {
            return paper == 0 ? Double.NaN : (modelled - paper) / paper;
        }
    }

    private ModelVsPaper() {
    }

    public static void main(String[] args) {
        System.out.print(markdown(rows()));
        System.out.println();
        System.out.print(latencyTable(2, 4, 8, 16));
    }

    /**
     * @return markdown: the modelled latency of every backend's default preset for simultaneous arrivals, after the
     * first episode
     */
    public static String latencyTable(int... procs) {
        final StringBuilder sb = new StringBuilder("| backend |");
        for (int p : procs) {
            sb.append(" P=").append(p).append(" |");
        }
        sb.append("\n|---|");
        for (int i = 0; i < procs.length; i++) {
            sb.append("---|");
        }
        sb.append('\n');
        for (String backend : HwBarrierModels.BACKENDS) {
            sb.append("| ").append(HwBarrierModels.parameters(backend).name()).append(" |");
            for (int p : procs) {
                final BarrierModel m = HwBarrierModels.create(backend, p);
                long latency = 0;
                for (int e = 0; e < 3; e++) {
                    for (int pid = 0; pid < p; pid++) {
                        m.arrive(pid, 1_000_000_000L * (e + 1));
                    }
                    latency = m.lastReport().latencyNs();
                }
                sb.append(String.format(Locale.ROOT, " %.2f µs |", latency / 1000.0));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** @return every row, computed now */
    public static List<Row> rows() {
        final List<Row> rows = new ArrayList<>();
        // PAPERS, Table 6.1 (P = 4, 800,000 port operations/s)
        rows.add(new Row("papers/papers0", "Table 6.1 dynamic barrier, 4 PEs", 11.2, papersUs(4, 1, false), "µs",
            "fitted (softwareNsPerSequence)"));
        rows.add(new Row("papers/papers0", "Table 6.1 ANY conditional, 4 PEs", 11.2, papersUs(4, 1, true), "µs",
            "predicted"));
        rows.add(new Row("papers/papers0", "Table 6.1 multiple broadcast (1 byte), 4 PEs", 25.0,
            papersUs(4, 2, true), "µs", "predicted"));
        rows.add(new Row("papers/papers0 hardware only", "Table 6.1 dynamic barrier, 4 PEs", 11.2,
            papersHardwareOnlyUs(), "µs", "predicted without the library's CPU time"));
        // NIC, §6
        final double nicPe43 = nicUs("nic-pe/lanai43", 16);
        final double hostPe43 = nicUs("host-pe/lanai43", 16);
        final double nicGb43 = nicUs("nic-gb/lanai43", 16);
        final double hostGb43 = nicUs("host-gb/lanai43", 16);
        rows.add(new Row("nic-pe/lanai43", "NIC-PE, 16 nodes", NicPaperFigures.LANAI43_NIC_PE_16_US, nicPe43, "µs",
            "fitted (hostSendNs = hostRecvNs, nicActionNs)"));
        rows.add(new Row("host-pe/lanai43", "PE factor NIC over host, 16 nodes", NicPaperFigures.LANAI43_PE_FACTOR_16,
            hostPe43 / nicPe43, "x", "fitted"));
        rows.add(new Row("nic-gb/lanai43", "NIC-GB, 16 nodes (best fan-out)", NicPaperFigures.LANAI43_NIC_GB_16_US,
            nicGb43, "µs", "predicted"));
        rows.add(new Row("host-gb/lanai43", "GB factor NIC over host, 16 nodes", NicPaperFigures.LANAI43_GB_FACTOR_16,
            hostGb43 / nicGb43, "x", "predicted"));
        rows.add(new Row("host-gb/lanai43", "host-GB, 16 nodes (152.27 x 1.46)",
            NicPaperFigures.LANAI43_NIC_GB_16_US * NicPaperFigures.LANAI43_GB_FACTOR_16, hostGb43, "µs",
            "predicted"));
        rows.add(new Row("nic-pe/lanai43", "PE factor NIC over host, 8 nodes", NicPaperFigures.LANAI43_PE_FACTOR_8,
            nicUs("host-pe/lanai43", 8) / nicUs("nic-pe/lanai43", 8), "x", "predicted"));
        rows.add(new Row("nic-pe/lanai72", "NIC-PE, 8 nodes", NicPaperFigures.LANAI72_NIC_PE_8_US,
            nicUs("nic-pe/lanai72", 8), "µs", "fitted"));
        rows.add(new Row("host-pe/lanai72", "host-PE, 8 nodes", NicPaperFigures.LANAI72_HOST_PE_8_US,
            nicUs("host-pe/lanai72", 8), "µs", "fitted"));
        rows.add(new Row("nic-pe/lanai72", "PE factor NIC over host, 8 nodes", NicPaperFigures.LANAI72_PE_FACTOR_8,
            nicUs("host-pe/lanai72", 8) / nicUs("nic-pe/lanai72", 8), "x", "follows from the fit"));
        // Reflex: the text gives the per-hop term only
        final double cycle = ReflexParameters.TILE64_CYCLE_NS;
        rows.add(new Row("reflex/tile64", "one added core: one STN hop per signal (notify + release), mean of 100",
            2 * cycle, (reflexNs(164) - reflexNs(64)) / 100, "ns", "structural (per-hop term)"));
        rows.add(new Row("reflex/tile64", "1000 added cores: 'a few microseconds'", 2000 * cycle / 1000,
            (reflexNs(1064) - reflexNs(64)) / 1000, "µs", "structural"));
        // BSR: Theorem 2 is a bound
        for (String spec : new String[] {"bsr/irregular", "bsr/mesh"}) {
            final Parameters p = BsrParameters.schema().parse(spec);
            final BsrBarrierModel m = new BsrBarrierModel(p, 32);
            long latency = 0;
            for (int e = 0; e < 2; e++) {
                for (int pid = 0; pid < 32; pid++) {
                    m.arrive(pid, 1_000_000_000L * (e + 1));
                }
                latency = m.lastReport().latencyNs();
            }
            final double ts = p.get(BsrParameters.SOFTWARE_CYCLES) * p.get(BsrParameters.CYCLE_NS);
            final double bound = 2.0 * BsrNetwork.perHopCycles(p) * m.network().maxTreeDepthHops()
                * p.get(BsrParameters.CYCLE_NS);
            rows.add(new Row(spec, "Theorem 2 bound 2 Tb max D_T (P = 32, D_T = " + m.network().maxTreeDepthHops()
                + " hops), latency minus Ts", bound / 1000, (latency - ts) / 1000, "µs", "bound (model <= paper)"));
        }
        return rows;
    }

    /** @return the table as markdown */
    public static String markdown(List<Row> rows) {
        final StringBuilder sb = new StringBuilder();
        sb.append("| model | paper figure | paper | model | error | fitted / predicted |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (Row r : rows) {
            final double e = r.error();
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.2f %s | %.2f %s | %s | %s |%n", r.model, r.figure,
                r.paper, r.unit, r.modelled, r.unit, Double.isNaN(e) || r.kind.startsWith("bound") ? "-"
                    : String.format(Locale.ROOT, "%+.1f%%", 100 * e), r.kind));
        }
        return sb.toString();
    }

    private static double papersUs(int pes, int exchanges, boolean withData) {
        final PapersCluster c = new PapersCluster(PapersParameters.schema().parse("papers/papers0"), pes);
        final long[] start = new long[pes];
        final boolean[] data = new boolean[pes];
        long end = 0;
        for (int x = 0; x < exchanges; x++) {
            for (int pe = 0; pe < pes; pe++) {
                data[pe] = withData && ((pe + x) & 1) == 0;
            }
            c.exchange(start, null, withData ? data : null);
            for (int pe = 0; pe < pes; pe++) {
                start[pe] = c.endPs(pe);
                end = Math.max(end, c.endPs(pe));
            }
        }
        return end / 1e6;
    }

    private static double papersHardwareOnlyUs() {
        final PapersCluster c = new PapersCluster(
            PapersParameters.schema().parse("papers/papers0:softwareNsPerSequence=0"), 4);
        c.exchange(new long[4], null, null);
        long end = 0;
        for (int pe = 0; pe < 4; pe++) {
            end = Math.max(end, c.endPs(pe));
        }
        return end / 1e6;
    }

    private static double nicUs(String spec, int nodes) {
        final Parameters p = HwBarrierModels.parameters(spec);
        final NicAlgorithm alg = NicAlgorithm.ofBackend(p.backend());
        return NicBarrierModel.simultaneousLatencyNs(p, alg, nodes, NicBarrierModel.bestFanOut(p, alg, nodes, 1))
            / 1000;
    }

    private static double reflexNs(int cores) {
        final BarrierModel m = HwBarrierModels.create("reflex/tile64", cores);
        long latency = 0;
        for (int e = 0; e < 2; e++) {
            for (int pid = 0; pid < cores; pid++) {
                m.arrive(pid, 1_000_000_000L * (e + 1));
            }
            latency = m.lastReport().latencyNs();
        }
        return latency;
    }
}
