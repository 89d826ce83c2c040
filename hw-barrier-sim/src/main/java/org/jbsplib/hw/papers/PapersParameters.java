package org.jbsplib.hw.papers;

import org.jbsplib.hw.model.ParameterSchema;

/**
 * Parameters and presets of the {@code papers} backend. The PAPERS0 preset takes the port rate, logic delay and
 * cable delay from the thesis (§6.1: 800,000 port operations/s on the 33 MHz 386 cluster; 25 ns PAL; 50-150 ns
 * cables) and <em>fits</em> one number, the library's CPU time per barrier sequence, to Table 6.1's 11.2 µs barrier.
 * The ANY conditional and the multi-broadcast figures are then predicted.
 */
public final class PapersParameters {
    public static final String PORT_OPS_PER_SEC = "portOpsPerSec";
    public static final String CABLE_DELAY_NS = "cableDelayNs";
    public static final String LOGIC_DELAY_NS = "logicDelayNs";
    public static final String SOFTWARE_NS = "softwareNsPerSequence";
    public static final String PORT_OPS_PER_BARRIER = "portOpsPerBarrier";
    public static final String MASK_BITS_PER_WRITE = "maskBitsPerWrite";
    public static final String FLAG_BITS_PER_READ = "flagBitsPerRead";

    /** Table 6.1: dynamic barrier with arbitrary PEs, ns. */
    public static final double TABLE_6_1_BARRIER_NS = 11_200;
    /** Table 6.1: ANY conditional, ns. */
    public static final double TABLE_6_1_ANY_NS = 11_200;
    /** Table 6.1: multiple broadcast communication operation (one byte, 40 Kbyte/s), ns. */
    public static final double TABLE_6_1_BROADCAST_NS = 25_000;

    /** The PAPERS0 library's CPU time per sequence, fitted so that a 4-PE barrier takes Table 6.1's 11.2 µs. */
    public static final double PAPERS0_FITTED_SOFTWARE_NS = fitSoftwareNs();

    private PapersParameters() {
    }

    private static ParameterSchema base(final double softwareNs) {
        return new ParameterSchema("papers")
            .key(PORT_OPS_PER_SEC, "printer-port operations per second (one port read or write each)")
            .key(CABLE_DELAY_NS, "signal delay of one printer cable, each way, ns")
            .key(LOGIC_DELAY_NS, "delay through the barrier/interrupt PAL, ns")
            .key(SOFTWARE_NS, "library CPU time per barrier sequence, outside port operations, ns (fitted)")
            .key(PORT_OPS_PER_BARRIER, "sequence: 5 = barrier/anti-barrier of §4.2.3 with the extra flag read, "
                + "4 = flags read with GO (§6.5), 2 = alternating strobe, fixed group, no data (§6.5)")
            .key(MASK_BITS_PER_WRITE, "barrier mask bits one port write carries (PAPERS0: D4-D7)")
            .key(FLAG_BITS_PER_READ, "flag bits one port read returns (PAPERS0: I0-I2)")
            .preset("papers0", "PAPERS0: 33 MHz 386 PCs, 800,000 port operations/s, 10-foot cables",
                PORT_OPS_PER_SEC, 800_000, CABLE_DELAY_NS, 100, LOGIC_DELAY_NS, 25, SOFTWARE_NS, softwareNs,
                PORT_OPS_PER_BARRIER, 5, MASK_BITS_PER_WRITE, 4, FLAG_BITS_PER_READ, 3)
            .preset("papers0-2op", "PAPERS0 hardware with the two-port-operation barrier of §6.5 (no data)",
                PORT_OPS_PER_SEC, 800_000, CABLE_DELAY_NS, 100, LOGIC_DELAY_NS, 25, SOFTWARE_NS, softwareNs,
                PORT_OPS_PER_BARRIER, 2, MASK_BITS_PER_WRITE, 4, FLAG_BITS_PER_READ, 3);
    }

    /** @return the schema of the {@code papers} backend */
    public static ParameterSchema schema() {
        return base(PAPERS0_FITTED_SOFTWARE_NS);
    }

    private static double fitSoftwareNs() {
        final PapersCluster hw = new PapersCluster(base(0).defaults(), 4);
        final long[] start = new long[4];
        hw.exchange(start, null, null);
        long end = 0;
        for (int pe = 0; pe < 4; pe++) {
            end = Math.max(end, hw.endPs(pe));
        }
        return TABLE_6_1_BARRIER_NS - end / 1000.0;
    }
}
