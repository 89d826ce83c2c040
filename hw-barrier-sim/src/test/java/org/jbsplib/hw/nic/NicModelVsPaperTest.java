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
    @Disabled("model predicts NIC-GB 16.4 % high against the paper's 152.27 µs at 16 nodes (LANai 4.3); "
        + "see hw-barrier-sim/README.md, known gaps")
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
}
