package org.jbsplib.hw.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** Pins the NIC model against the figures in the paper's text: PE figures fitted, the rest predicted. */
class NicModelVsPaperTest {
    private static double latencyUs(String spec, int nodes) {
        final String backend = spec.substring(0, spec.indexOf('/'));
        final Parameters p = NicParameters.schema(backend).parse(spec);
        final NicAlgorithm alg = NicAlgorithm.ofBackend(backend);
        final int k = NicBarrierModel.bestFanOut(p, alg, nodes, 1);
        return NicBarrierModel.simultaneousLatencyNs(p, alg, nodes, k) / 1000;
    }

    /** §5's metric: the mean over consecutive barriers (1,000 here, 100,000 in the paper), best fan-out for it. */
    private static double backToBackUs(String spec, int nodes) {
        final String backend = spec.substring(0, spec.indexOf('/'));
        final Parameters p = NicParameters.schema(backend).parse(spec);
        final NicAlgorithm alg = NicAlgorithm.ofBackend(backend);
        final int k = NicBarrierModel.bestBackToBackFanOut(p, alg, nodes, 1000);
        return NicBarrierModel.backToBackLatencyNs(p, alg, nodes, k, 1000) / 1000;
    }

    private static void assertWithin(double expected, double actual, double fraction, String what) {
        assertTrue(Math.abs(actual - expected) <= fraction * expected,
            what + ": model " + actual + " vs paper " + expected + " is outside " + fraction * 100 + "%");
    }

    @Test
    void shouldReproduceTheFittedPeFiguresThroughTheStateMachines() {
        assertWithin(NicPaperFigures.LANAI43_NIC_PE_16_US, latencyUs("nic-pe/lanai43", 16), 0.001,
            "LANai4.3 NIC-PE 16");
        assertWithin(NicPaperFigures.LANAI43_NIC_PE_16_US * NicPaperFigures.LANAI43_PE_FACTOR_16,
            latencyUs("host-pe/lanai43", 16), 0.001, "LANai4.3 host-PE 16");
        assertWithin(NicPaperFigures.LANAI72_NIC_PE_8_US, latencyUs("nic-pe/lanai72", 8), 0.001, "LANai7.2 NIC-PE 8");
        assertWithin(NicPaperFigures.LANAI72_HOST_PE_8_US, latencyUs("host-pe/lanai72", 8), 0.001,
            "LANai7.2 host-PE 8");
    }

    @Test
    void shouldMatchEquationsOneAndTwoForSimultaneousArrivals() {
        final double[] hd = NicParameters.LANAI43;
        for (int n : new int[] {2, 4, 8, 16}) {
            assertEquals(NicCalibration.hostPeNs(n, hd[0], hd[1], NicParameters.ASSUMED_NETWORK_NS) / 1000,
                latencyUs("host-pe/lanai43", n), 0.01, "equation (1) at N=" + n);
            assertEquals(NicCalibration.nicPeNs(n, hd[0], hd[1], NicParameters.ASSUMED_NETWORK_NS) / 1000,
                latencyUs("nic-pe/lanai43", n), 0.01, "equation (2) at N=" + n);
        }
    }

    @Test
    void shouldPredictTheEightNodeLanai43PeFactorWithin15Percent() {
        final double factor = latencyUs("host-pe/lanai43", 8) / latencyUs("nic-pe/lanai43", 8);
        assertWithin(NicPaperFigures.LANAI43_PE_FACTOR_8, factor, 0.15, "LANai4.3 PE factor at 8 (predicted)");
        assertWithin(NicPaperFigures.LANAI72_PE_FACTOR_8,
            latencyUs("host-pe/lanai72", 8) / latencyUs("nic-pe/lanai72", 8), 0.01, "LANai7.2 PE factor at 8");
    }

    @Test
    void shouldPredictTheHostGbFigureAndTheGbFactorWithin15Percent() {
        final double hostGb = latencyUs("host-gb/lanai43", 16);
        final double nicGb = latencyUs("nic-gb/lanai43", 16);
        assertWithin(NicPaperFigures.LANAI43_NIC_GB_16_US * NicPaperFigures.LANAI43_GB_FACTOR_16, hostGb, 0.15,
            "LANai4.3 host-GB 16 (predicted)");
        assertWithin(NicPaperFigures.LANAI43_GB_FACTOR_16, hostGb / nicGb, 0.15, "LANai4.3 GB factor 16 (predicted)");
    }

    @Test
    @Disabled("isolated episodes predict NIC-GB 16.4 % high against the paper's 152.27 µs at 16 nodes (LANai 4.3), "
        + "which is a mean over consecutive barriers (see the back-to-back test); hw-barrier-sim/README.md, gap 1")
    void shouldPredictTheNicGbFigureWithin15Percent() {
        assertWithin(NicPaperFigures.LANAI43_NIC_GB_16_US, latencyUs("nic-gb/lanai43", 16), 0.15,
            "LANai4.3 NIC-GB 16 (predicted)");
    }

    @Test
    void shouldKeepTheOrderingThePaperReports() {
        // §6: NIC-PE best; host-PE better than host-GB at 16 nodes; the faster NIC improves every variant
        assertTrue(latencyUs("nic-pe/lanai43", 16) < latencyUs("nic-gb/lanai43", 16));
        assertTrue(latencyUs("host-pe/lanai43", 16) < latencyUs("host-gb/lanai43", 16));
        for (String b : new String[] {"nic-pe", "nic-gb", "host-pe", "host-gb"}) {
            assertTrue(latencyUs(b + "/lanai72", 8) < latencyUs(b + "/lanai43", 8), b);
        }
    }

    @Test
    void shouldPredictTheNicGbFigureWithin15PercentAsThePaperMeasuresIt() {
        assertWithin(NicPaperFigures.LANAI43_NIC_GB_16_US, backToBackUs("nic-gb/lanai43", 16), 0.15,
            "LANai4.3 NIC-GB 16, back to back (predicted)");
        final double hostGb = backToBackUs("host-gb/lanai43", 16);
        assertWithin(NicPaperFigures.LANAI43_NIC_GB_16_US * NicPaperFigures.LANAI43_GB_FACTOR_16, hostGb, 0.15,
            "LANai4.3 host-GB 16, back to back (predicted)");
        assertWithin(NicPaperFigures.LANAI43_GB_FACTOR_16, hostGb / backToBackUs("nic-gb/lanai43", 16), 0.15,
            "LANai4.3 GB factor 16, back to back (predicted)");
    }

    @Test
    void shouldKeepTheFittedPeFiguresBackToBack() {
        // PE completes everywhere at once, so nothing overlaps: the figures fitted on isolated episodes still hold
        for (String spec : new String[] {"nic-pe/lanai43", "host-pe/lanai72", "nic-pe/lanai72"}) {
            for (int n : new int[] {8, 16}) {
                assertEquals(latencyUs(spec, n), backToBackUs(spec, n), 1e-6, spec + " " + n);
            }
        }
    }
}
