package org.jbsplib.hw.nic;

/**
 * Fits the two per-card unknowns of the NIC model, the host overhead per message {@code h} (= Send = HRecv) and the
 * NIC state-machine action time {@code d} (= SDMA = Recv = RDMA action), to a card's host-PE and NIC-PE latencies at
 * one power-of-two size, given an assumed network latency {@code n}.
 *
 * <p>For simultaneous arrivals the state machines of {@link NicCluster} take, per exchange step, {@code Send + SDMA +
 * Network + Recv + RDMA + HRecv = 2h + 3d + n} host-based (equation (1)) and {@code SDMA + Network + Recv + handling
 * = 3d + n} NIC-based, plus {@code Send + RDMA + HRecv = 2h + d} once (equation (2) as derived in the text for
 * Fig. 2b, with the NIC's per-step packet handling made explicit). Two equations, two unknowns.
 */
public final class NicCalibration {
    private NicCalibration() {
    }

    /**
     * @return {@code {h, d}} in ns
     */
    public static double[] fit(final int nodes, final double hostPeNs, final double nicPeNs, final double networkNs) {
        if (nodes < 2 || Integer.bitCount(nodes) != 1) {
            throw new IllegalArgumentException("nic calibration: nodes=" + nodes + " must be a power of two >= 2");
        }
        final int steps = Integer.numberOfTrailingZeros(nodes);
        final double a = hostPeNs / steps - networkNs; // 2h + 3d
        final double b = nicPeNs - steps * networkNs;   // 2h + d + 3 L d
        final double d = (b - a) / (3.0 * steps - 2.0);
        final double h = (a - 3 * d) / 2;
        if (!(d > 0) || !(h > 0)) {
            throw new IllegalArgumentException("nic calibration: hostPeNs=" + hostPeNs + ", nicPeNs=" + nicPeNs
                + " give non-positive costs h=" + h + ", d=" + d);
        }
        return new double[] {h, d};
    }

    /** @return equation (1): host-based PE latency for simultaneous arrivals, ns */
    public static double hostPeNs(final int nodes, final double h, final double d, final double n) {
        return Integer.numberOfTrailingZeros(nodes) * (2 * h + 3 * d + n);
    }

    /** @return equation (2) with explicit NIC handling: NIC-based PE latency for simultaneous arrivals, ns */
    public static double nicPeNs(final int nodes, final double h, final double d, final double n) {
        return 2 * h + d + Integer.numberOfTrailingZeros(nodes) * (3 * d + n);
    }
}
