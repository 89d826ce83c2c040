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
 * The table of modelled versus published figures (markdown). Every modelled number comes out of the models'
 * state machines with simultaneous arrivals; each row names its {@link Basis}: fitted rows set a parameter, predicted
 * rows did not, and rows whose reference is the model's own value say so.
 *
 * <pre>{@code
 * ./bsp sim paper-table --out sim-out
 * }</pre>
 */
public final class ModelVsPaper {
    /** The target of a fitted row (and of rows that are pure arithmetic on fitted ones). */
    public static final double FITTED_TARGET = 0.01;
    /** The target every predicted row claims. */
    public static final double PREDICTED_TARGET = 0.15;
    /** The known miss of the NIC-GB prediction, documented in hw-barrier-sim/README.md. */
    public static final String NIC_GB_GAP = "misses the 15% target: hw-barrier-sim/README.md, known gaps";
    /** PAPERS0's ports: beyond them the model runs its own multiplexing scheme, not a configuration of the thesis. */
    public static final int PAPERS0_PORTS = 4;

    /** Where a row's reference value comes from, and so what a match between it and the model means. */
    public enum Basis {
        /** A value the paper states, used to set a model parameter: a match shows the fit, not the model. */
        FITTED("fitted: the paper's value set a parameter"),
        /** A value the paper states that the model reproduces only because it follows from a fitted row. */
        FOLLOWS_FROM_FIT("follows from the fit"),
        /** A value the paper states that no parameter was fitted to: the real check. */
        PREDICTED("predicted"),
        /** A value the paper states, against which the model leaves out a named part on purpose. */
        PREDICTED_PART("predicted, part only"),
        /** A value computed from the model's own parameters and structure: it cannot disagree with the model. */
        MODEL_OWN("the model's own value, not a paper figure");

        private final String label;

        Basis(final String label) {
            this.label = label;
        }

        /** @return how the table names this basis */
        public String label() {
            return label;
        }
    }

    /** One row of the table. */
    public static final class Row {
        /** The backend and preset. */
        public final String model;
        /** What is compared. */
        public final String figure;
        /** The reference value: stated in the paper unless {@link #basis} is {@link Basis#MODEL_OWN}. */
        public final double reference;
        /** The model's value. */
        public final double modelled;
        /** The unit of both values. */
        public final String unit;
        /** Where the reference comes from. */
        public final Basis basis;
        /** Why the row is what it is (the fitted parameters, the part left out, the derivation). */
        public final String note;
        /**
         * The largest |model - reference| / reference the row claims; NaN when the row claims an ordering instead
         * ({@code modelled <= reference} for a bound, {@code modelled < reference} for a part).
         */
        public final double target;

        Row(final String model, final String figure, final double reference, final double modelled, final String unit,
            final Basis basis, final String note, final double target) {
            this.model = model;
            this.figure = figure;
            this.reference = reference;
            this.modelled = modelled;
            this.unit = unit;
            this.basis = basis;
            this.note = note;
            this.target = target;
        }

        /** @return (model - reference) / reference, or NaN when the reference is 0 */
        public double error() {
            return reference == 0 ? Double.NaN : (modelled - reference) / reference;
        }

        /** @return whether the row meets its claim (its target, or its ordering when the target is NaN) */
        public boolean meetsTarget() {
            if (Double.isNaN(target)) {
                return basis == Basis.PREDICTED_PART ? modelled < reference : modelled <= reference;
            }
            return Math.abs(error()) <= target;
        }

        /** @return the claim in words: the target in percent, or the ordering */
        public String claim() {
            if (Double.isNaN(target)) {
                return basis == Basis.PREDICTED_PART ? "model < reference" : "model <= bound";
            }
            return String.format(Locale.ROOT, "within %.0f%%", 100 * target);
        }
    }

    private ModelVsPaper() {
    }

    /**
     * Prints the table and the latency table (markdown).
     *
     * @param args ignored
     */
    public static void main(final String[] args) {
        System.out.print(markdown(rows()));
        System.out.println();
        System.out.print(latencyTable(2, 4, 8, 16));
    }

    /**
     * @param procs the process counts, one column each
     * @return markdown: the modelled latency of every backend's default preset for simultaneous arrivals, after the
     * first episode
     */
    public static String latencyTable(final int... procs) {
        final StringBuilder sb = new StringBuilder("| backend |");
        for (final int p : procs) {
            sb.append(" P=").append(p).append(" |");
        }
        sb.append("\n|---|");
        for (int i = 0; i < procs.length; i++) {
            sb.append("---|");
        }
        sb.append('\n');
        boolean multiplexed = false;
        for (final String backend : HwBarrierModels.BACKENDS) {
            final String name = HwBarrierModels.parameters(backend).name();
            sb.append("| ").append(name).append(" |");
            for (final int p : procs) {
                final boolean beyondPorts = "papers/papers0".equals(name) && p > PAPERS0_PORTS;
                multiplexed |= beyondPorts;
                sb.append(String.format(Locale.ROOT, " %.2f µs%s |", steadyLatencyNs(backend, p) / 1000.0,
                    beyondPorts ? " (m)" : ""));
            }
            sb.append('\n');
        }
        if (multiplexed) {
            sb.append("\n(m) PAPERS0 has ").append(PAPERS0_PORTS).append(" ports: more PEs run the model's own ")
                .append("multiplexing scheme (extra mask writes and flag reads), not a configuration the thesis ")
                .append("measured.\n");
        }
        return sb.toString();
    }

    /**
     * @param spec    a backend spec
     * @param parties processes
     * @return the latency of the third of three simultaneous-arrival episodes, ns
     */
    public static long steadyLatencyNs(final String spec, final int parties) {
        final BarrierModel m = HwBarrierModels.create(spec, parties);
        long latency = 0;
        for (int e = 0; e < 3; e++) {
            for (int pid = 0; pid < parties; pid++) {
                m.arrive(pid, 1_000_000_000L * (e + 1));
            }
            latency = m.lastReport().latencyNs();
        }
        return latency;
    }

    /** @return every row, computed now */
    public static List<Row> rows() {
        final List<Row> rows = new ArrayList<>();
        papersRows(rows);
        nicRows(rows);
        reflexRows(rows);
        bsrRows(rows);
        return rows;
    }

    /** @return the PAPERS rows only (Table 6.1), computed now */
    public static List<Row> papersRows() {
        final List<Row> rows = new ArrayList<>();
        papersRows(rows);
        return rows;
    }

    private static void papersRows(final List<Row> rows) {
        // PAPERS, Table 6.1 (P = 4, 800,000 port operations/s)
        rows.add(new Row("papers/papers0", "Table 6.1 dynamic barrier, 4 PEs", 11.2, papersUs(4, 1, false), "µs",
            Basis.FITTED, "softwareNsPerSequence", FITTED_TARGET));
        rows.add(new Row("papers/papers0", "Table 6.1 ANY conditional, 4 PEs", 11.2, papersUs(4, 1, true), "µs",
            Basis.FOLLOWS_FROM_FIT, "the fitted barrier sequence, its flag bit set", PREDICTED_TARGET));
        rows.add(new Row("papers/papers0", "Table 6.1 multiple broadcast (1 byte), 4 PEs", 25.0,
            papersUs(4, 2, true), "µs", Basis.FOLLOWS_FROM_FIT, "two fitted barrier sequences carrying data bits",
            PREDICTED_TARGET));
        rows.add(new Row("papers/papers0", "Table 6.1 random communication of one byte per PE, 4 PEs", 92.0,
            papersUs(4, 8, true), "µs", Basis.FOLLOWS_FROM_FIT,
            "eight fitted barrier sequences, one bit of every PE's byte each (§6.3)", PREDICTED_TARGET));
        rows.add(new Row("papers/papers0 hardware only", "Table 6.1 dynamic barrier, 4 PEs", 11.2,
            papersHardwareOnlyUs(), "µs", Basis.PREDICTED_PART, "port operations only, without the library's CPU time",
            Double.NaN));
    }

    private static void nicRows(final List<Row> rows) {
        final String fit = "hostSendNs = hostRecvNs, nicActionNs";
        final double nicPe43 = nicUs("nic-pe/lanai43", 16);
        final double hostPe43 = nicUs("host-pe/lanai43", 16);
        final double nicGb43 = nicUs("nic-gb/lanai43", 16);
        final double hostGb43 = nicUs("host-gb/lanai43", 16);
        rows.add(new Row("nic-pe/lanai43", "NIC-PE, 16 nodes", NicPaperFigures.LANAI43_NIC_PE_16_US, nicPe43, "µs",
            Basis.FITTED, fit, FITTED_TARGET));
        rows.add(new Row("host-pe/lanai43", "PE factor NIC over host, 16 nodes", NicPaperFigures.LANAI43_PE_FACTOR_16,
            hostPe43 / nicPe43, "x", Basis.FITTED, fit, FITTED_TARGET));
        rows.add(new Row("nic-gb/lanai43", "NIC-GB, 16 nodes (best fan-out)", NicPaperFigures.LANAI43_NIC_GB_16_US,
            nicGb43, "µs", Basis.PREDICTED, NIC_GB_GAP, PREDICTED_TARGET));
        rows.add(new Row("host-gb/lanai43", "GB factor NIC over host, 16 nodes", NicPaperFigures.LANAI43_GB_FACTOR_16,
            hostGb43 / nicGb43, "x", Basis.PREDICTED, "", PREDICTED_TARGET));
        rows.add(new Row("host-gb/lanai43", "host-GB, 16 nodes (152.27 x 1.46)",
            NicPaperFigures.LANAI43_NIC_GB_16_US * NicPaperFigures.LANAI43_GB_FACTOR_16, hostGb43, "µs",
            Basis.PREDICTED, "", PREDICTED_TARGET));
        rows.add(new Row("nic-pe/lanai43", "PE factor NIC over host, 8 nodes", NicPaperFigures.LANAI43_PE_FACTOR_8,
            nicUs("host-pe/lanai43", 8) / nicUs("nic-pe/lanai43", 8), "x", Basis.PREDICTED, "", PREDICTED_TARGET));
        rows.add(new Row("nic-pe/lanai72", "NIC-PE, 8 nodes", NicPaperFigures.LANAI72_NIC_PE_8_US,
            nicUs("nic-pe/lanai72", 8), "µs", Basis.FITTED, fit, FITTED_TARGET));
        rows.add(new Row("host-pe/lanai72", "host-PE, 8 nodes", NicPaperFigures.LANAI72_HOST_PE_8_US,
            nicUs("host-pe/lanai72", 8), "µs", Basis.FITTED, fit, FITTED_TARGET));
        rows.add(new Row("nic-pe/lanai72", "PE factor NIC over host, 8 nodes", NicPaperFigures.LANAI72_PE_FACTOR_8,
            nicUs("host-pe/lanai72", 8) / nicUs("nic-pe/lanai72", 8), "x", Basis.FOLLOWS_FROM_FIT,
            "ratio of the two fitted rows", FITTED_TARGET));
    }

    private static void reflexRows(final List<Row> rows) {
        // the text gives the per-hop cost only ("one cycle, 1-2 ns"; "a thousand cores add a few microseconds"):
        // the reference is the model's own 2 hops x 1 cycle at 700 MHz, so these rows check structure, not a figure
        final double cycle = ReflexParameters.TILE64_CYCLE_NS;
        rows.add(new Row("reflex/tile64", "one added core: one STN hop per signal (notify + release), mean of 100",
            2 * cycle, (steadyLatencyNs("reflex/tile64", 164) - steadyLatencyNs("reflex/tile64", 64)) / 100.0, "ns",
            Basis.MODEL_OWN, "2 hops x one 700 MHz cycle; the text: one hop = one cycle, 1-2 ns", FITTED_TARGET));
        rows.add(new Row("reflex/tile64", "1000 added cores: 'a few microseconds'", 2000 * cycle / 1000,
            (steadyLatencyNs("reflex/tile64", 1064) - steadyLatencyNs("reflex/tile64", 64)) / 1000.0, "µs",
            Basis.MODEL_OWN, "2000 hops x one 700 MHz cycle; the text says only 'a few microseconds'",
            FITTED_TARGET));
    }

    private static void bsrRows(final List<Row> rows) {
        // Theorem 2 is a bound, evaluated with the model's own Tb (Table 1's sums: 14 cycles for 2 flits) and its own
        // tree depth. The paper's only Tb is Fig. 11's 16 cycles and its text states no latency (its results are
        // plots), so no BSR row compares with a paper figure
        for (final String spec : new String[] {"bsr/irregular", "bsr/mesh"}) {
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
            final int tb = BsrNetwork.perHopCycles(p);
            final double bound = 2.0 * tb * m.network().maxTreeDepthHops() * p.get(BsrParameters.CYCLE_NS);
            rows.add(new Row(spec, "Theorem 2 bound 2 Tb max D_T (P = 32), latency minus Ts", bound / 1000,
                (latency - ts) / 1000, "µs", Basis.MODEL_OWN, "bound with the model's Tb = " + tb
                    + " cycles and D_T = " + m.network().maxTreeDepthHops() + " hops", Double.NaN));
        }
    }

    /**
     * @param rows the rows
     * @return the table as markdown
     */
    public static String markdown(final List<Row> rows) {
        final StringBuilder sb = new StringBuilder();
        sb.append("| model | figure | reference | model | error | claim | basis | note |\n");
        sb.append("|---|---|---|---|---|---|---|---|\n");
        for (final Row r : rows) {
            final double e = r.error();
            sb.append(String.format(Locale.ROOT, "| %s | %s | %.2f %s | %.2f %s | %s | %s | %s | %s |%n", r.model,
                r.figure, r.reference, r.unit, r.modelled, r.unit,
                Double.isNaN(e) || Double.isNaN(r.target) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * e),
                r.claim(), r.basis.label(), r.note));
        }
        return sb.toString();
    }

    private static double papersUs(final int pes, final int exchanges, final boolean withData) {
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

    private static double nicUs(final String spec, final int nodes) {
        final Parameters p = HwBarrierModels.parameters(spec);
        final NicAlgorithm alg = NicAlgorithm.ofBackend(p.backend());
        return NicBarrierModel.simultaneousLatencyNs(p, alg, nodes, NicBarrierModel.bestFanOut(p, alg, nodes, 1))
            / 1000;
    }
}
