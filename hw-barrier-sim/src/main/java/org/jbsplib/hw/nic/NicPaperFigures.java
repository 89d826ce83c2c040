package org.jbsplib.hw.nic;

/**
 * The figures the NIC barrier paper states in its text (§6). The plots' other points are not in the text and are not
 * used.
 */
public final class NicPaperFigures {
    /** LANai 4.3, 16 nodes: NIC-based PE latency, µs. */
    public static final double LANAI43_NIC_PE_16_US = 102.14;
    /** LANai 4.3, 16 nodes: factor of improvement of NIC-PE over host-PE. */
    public static final double LANAI43_PE_FACTOR_16 = 1.78;
    /** LANai 4.3, 16 nodes: NIC-based GB latency (best fan-out), µs. */
    public static final double LANAI43_NIC_GB_16_US = 152.27;
    /** LANai 4.3, 16 nodes: factor of improvement of NIC-GB over host-GB. */
    public static final double LANAI43_GB_FACTOR_16 = 1.46;
    /** LANai 4.3, 8 nodes: factor of improvement of NIC-PE over host-PE. */
    public static final double LANAI43_PE_FACTOR_8 = 1.66;
    /** LANai 7.2, 8 nodes: NIC-based PE latency, µs. */
    public static final double LANAI72_NIC_PE_8_US = 49.25;
    /** LANai 7.2, 8 nodes: host-based PE latency, µs. */
    public static final double LANAI72_HOST_PE_8_US = 90.24;
    /** LANai 7.2, 8 nodes: factor of improvement of NIC-PE over host-PE. */
    public static final double LANAI72_PE_FACTOR_8 = 1.83;

    private NicPaperFigures() {
    }
}
