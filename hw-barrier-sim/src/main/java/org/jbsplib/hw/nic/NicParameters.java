package org.jbsplib.hw.nic;

import org.jbsplib.hw.model.ParameterSchema;

/**
 * Parameters and presets of the NIC and host barrier backends ({@code nic-gb}, {@code nic-pe}, {@code host-gb},
 * {@code host-pe}). The presets' {@code hostSendNs}/{@code hostRecvNs} and {@code nicActionNs} are <em>fitted</em> by
 * {@link NicCalibration} to each card's PE figures; {@code networkNs} (1 µs through one Myrinet switch) and the
 * host-busy parts of Send and HRecv ({@link #ASSUMED_HOST_BUSY_NS}) are assumptions; the GB figures and the 8-node
 * LANai 4.3 PE factor are predicted, not fitted.
 */
public final class NicParameters {
    public static final String HOST_SEND_NS = "hostSendNs";
    public static final String HOST_SEND_BUSY_NS = "hostSendBusyNs";
    public static final String HOST_RECV_NS = "hostRecvNs";
    public static final String HOST_RECV_BUSY_NS = "hostRecvBusyNs";
    public static final String NIC_ACTION_NS = "nicActionNs";
    public static final String NETWORK_NS = "networkNs";
    public static final String FAN_OUT = "fanOut";
    public static final String PROCESSES_PER_NIC = "processesPerNic";

    /** Assumed switch + wire latency of a small packet, ns (not from the paper). */
    public static final double ASSUMED_NETWORK_NS = 1000;

    /**
     * Assumed host CPU occupancy of one Send (writing a token) and of one HRecv (reading an event), ns. The rest of
     * Send/HRecv is the NIC or the host noticing the work by polling, which overlaps other work: the paper explains
     * GB's smaller gain by exactly this pipelining of host sends (§6). Not from the paper, not fitted.
     */
    public static final double ASSUMED_HOST_BUSY_NS = 1000;

    static final double[] LANAI43 = NicCalibration.fit(16,
        NicPaperFigures.LANAI43_NIC_PE_16_US * NicPaperFigures.LANAI43_PE_FACTOR_16 * 1000,
        NicPaperFigures.LANAI43_NIC_PE_16_US * 1000, ASSUMED_NETWORK_NS);
    static final double[] LANAI72 = NicCalibration.fit(8, NicPaperFigures.LANAI72_HOST_PE_8_US * 1000,
        NicPaperFigures.LANAI72_NIC_PE_8_US * 1000, ASSUMED_NETWORK_NS);

    private NicParameters() {
    }

    /** @return the schema for one of the four backends */
    public static ParameterSchema schema(final String backend) {
        return new ParameterSchema(backend)
            .key(HOST_SEND_NS, "Send: host time to post a send or barrier token until the NIC sees it, ns")
            .key(HOST_SEND_BUSY_NS, "part of Send the host CPU is busy (writing the token); the rest overlaps, ns")
            .key(HOST_RECV_NS, "HRecv: host time to process a received message or completion event, ns")
            .key(HOST_RECV_BUSY_NS, "part of HRecv the host CPU is busy (reading the event); the rest is polling "
                + "delay that overlaps, ns")
            .key(NIC_ACTION_NS, "one LANai state-machine action (SDMA prepare, RECV, RDMA handle/DMA), ns")
            .key(NETWORK_NS, "Network: start of transmit to start of receive through the switch, ns")
            .key(FAN_OUT, "GB tree fan-out; 0 = the best fan-out for this size (as the paper reports)")
            .key(PROCESSES_PER_NIC, "GM ports (processes) sharing one NIC; pid p runs on node p / this")
            .preset("lanai43", "Myrinet LANai 4.3 (33 MHz), 300 MHz Pentium II hosts; fitted to the 16-node PE figures",
                HOST_SEND_NS, LANAI43[0], HOST_SEND_BUSY_NS, ASSUMED_HOST_BUSY_NS,
                HOST_RECV_NS, LANAI43[0], HOST_RECV_BUSY_NS, ASSUMED_HOST_BUSY_NS, NIC_ACTION_NS, LANAI43[1],
                NETWORK_NS, ASSUMED_NETWORK_NS, FAN_OUT, 0, PROCESSES_PER_NIC, 1)
            .preset("lanai72", "Myrinet LANai 7.2 (66 MHz), same hosts; fitted to the 8-node PE figures",
                HOST_SEND_NS, LANAI72[0], HOST_SEND_BUSY_NS, ASSUMED_HOST_BUSY_NS,
                HOST_RECV_NS, LANAI72[0], HOST_RECV_BUSY_NS, ASSUMED_HOST_BUSY_NS, NIC_ACTION_NS, LANAI72[1],
                NETWORK_NS, ASSUMED_NETWORK_NS, FAN_OUT, 0, PROCESSES_PER_NIC, 1);
    }
}
