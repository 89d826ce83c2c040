package org.jbsplib.hw.bsr;

import org.jbsplib.hw.model.ParameterSchema;

/**
 * Parameters and presets of the {@code bsr} backend. Cycle costs are Table 1's; the cycle time (10 ns), the network
 * sizes (300 switches with three switch-to-switch ports; 10x10 mesh) and the software overheads (100 or 1000 cycles)
 * are those of the paper's simulations (§4.2, §4.3).
 */
public final class BsrParameters {
    public static final String TOPOLOGY = "topology";
    public static final String SWITCHES = "switches";
    public static final String SWITCH_PORTS = "switchPorts";
    public static final String SEED = "seed";
    public static final String CENTER = "center";
    public static final String CYCLE_NS = "cycleNs";
    public static final String SOFTWARE_CYCLES = "softwareCycles";
    public static final String LINK_CYCLES = "linkCycles";
    public static final String ROUTE_CYCLES = "routeCycles";
    public static final String CROSSBAR_CYCLES = "crossbarCycles";
    public static final String BUFFER_READ_CYCLES = "bufferReadCycles";
    public static final String RELIABILITY_CYCLES = "reliabilityCycles";
    public static final String ARBITRATION_CYCLES = "arbitrationCycles";
    public static final String BARRIER_FLITS = "barrierFlits";
    public static final String PREEMPT = "preempt";
    public static final String PREEMPT_CYCLES = "preemptCycles";
    public static final String CONGESTION_PROBABILITY = "congestionProbability";
    public static final String CONGESTION_CYCLES = "congestionCycles";
    public static final String SCHEME = "scheme";
    public static final String SWITCH_ARCHITECTURE = "switchArchitecture";
    public static final String VIRTUAL_CHANNELS = "virtualChannels";
    public static final String FLOW_BLOCKED_PROBABILITY = "flowBlockedProbability";
    public static final String CONGESTION_ORIGIN = "congestionOrigin";
    public static final String CONGESTED_MEMBERS = "congestedMembers";
    public static final String BUFFER_MESSAGES = "bufferMessages";

    /** {@link #SCHEME}: the BSR tree, built by the first episode (§2). */
    public static final int SCHEME_BSR = 0;
    /** {@link #SCHEME}: star, every member to the center and back, unicast (the "well-known star-based" scheme). */
    public static final int SCHEME_STAR = 1;
    /** {@link #SCHEME}: a static combining tree of the members, known beforehand (the baseline "Tree" of [4], [5]). */
    public static final int SCHEME_TREE = 2;

    private BsrParameters() {
    }

    private static Object[] common(final int topology, final int switches, final int softwareCycles) {
        return new Object[] {TOPOLOGY, topology, SWITCHES, switches, SWITCH_PORTS, 3, SEED, 1, CENTER, 0,
            CYCLE_NS, 10, SOFTWARE_CYCLES, softwareCycles, LINK_CYCLES, 2, ROUTE_CYCLES, 2, CROSSBAR_CYCLES, 1,
            BUFFER_READ_CYCLES, 1, RELIABILITY_CYCLES, 4, ARBITRATION_CYCLES, 2, BARRIER_FLITS, 2, PREEMPT, 1,
            PREEMPT_CYCLES, 8, CONGESTION_PROBABILITY, 0, CONGESTION_CYCLES, 0, SCHEME, SCHEME_BSR,
            SWITCH_ARCHITECTURE, 1, VIRTUAL_CHANNELS, 1, FLOW_BLOCKED_PROBABILITY, 0, CONGESTION_ORIGIN, 0,
            CONGESTED_MEMBERS, 0, BUFFER_MESSAGES, 0};
    }

    /** @return the schema of the {@code bsr} backend */
    public static ParameterSchema schema() {
        return new ParameterSchema("bsr")
            .key(TOPOLOGY, "0 = random irregular network with up*/down* routing, 1 = 2-D mesh with X-Y routing")
            .key(SWITCHES, "switches (one processor each); a mesh is the smallest square holding them")
            .key(SWITCH_PORTS, "switch-to-switch ports per switch (irregular network)")
            .key(SEED, "seed of the random network, of the members' placement and of the data traffic")
            .key(CENTER, "pid whose switch is the center (root of the BSR tree)")
            .key(CYCLE_NS, "router cycle time, ns")
            .key(SOFTWARE_CYCLES, "Ts: software overhead per barrier (send + receive), cycles")
            .key(LINK_CYCLES, "time for a flit to cross a physical link, cycles")
            .key(ROUTE_CYCLES, "time to route a unicast packet at a switch, cycles")
            .key(CROSSBAR_CYCLES, "time for a flit to cross the switch crossbar, cycles")
            .key(BUFFER_READ_CYCLES, "time for a flit to be read from an input buffer, cycles")
            .key(RELIABILITY_CYCLES, "reliability-related handling of a packet at its destination, cycles")
            .key(ARBITRATION_CYCLES, "arbitration between input and output, cycles")
            .key(BARRIER_FLITS, "flits of a barrier message (16-bit flits: 1 or 2)")
            .key(PREEMPT, "1 = barrier worms preempt channels held by data worms (first switch architecture), "
                + "0 = they wait")
            .key(PREEMPT_CYCLES, "Tp: padding request to the next switch (6) + virtual channel switch (2), cycles")
            .key(CONGESTION_PROBABILITY, "probability that a link carries a data worm when the barrier starts")
            .key(CONGESTION_CYCLES, "how long such a data worm holds the link (the congestion duration), cycles")
            .key(SCHEME, "0 = BSR tree built by the first episode, 1 = star (every member to the center and back), "
                + "2 = static combining tree of the members, binary, ordered by route length to the center")
            .key(SWITCH_ARCHITECTURE, "with preempt=1: 1 = any busy virtual channel can be preempted (Fig. 7), "
                + "2 = only one fixed virtual channel (Fig. 9), 3 = only while some data flit flow moves (Fig. 10)")
            .key(VIRTUAL_CHANNELS, "k: virtual channels per link, each busy with congestionProbability")
            .key(FLOW_BLOCKED_PROBABILITY, "pf: probability that a link whose channels are all busy has its flit "
                + "flow blocked (third architecture: then the barrier worm waits)")
            .key(CONGESTION_ORIGIN, "0 = data worms hold their links from the barrier's start (§4.2), "
                + "1 = from when the barrier worm reaches the link, so a blocked hop waits the full duration (§4.1)")
            .key(CONGESTED_MEMBERS, "members, drawn at random each episode, whose output links are all held by data "
                + "for congestionCycles from the barrier's start (§4.2: they receive but cannot forward)")
            .key(BUFFER_MESSAGES, "barrier messages an input channel's buffer holds; a full one blocks the header "
                + "before it, which holds its own buffer meanwhile (0 = unbounded)")
            .preset("irregular", "300 switches, 3 switch ports each, Ts = 100 cycles (§4.2)", common(0, 300, 100))
            .preset("irregular-ts1000", "as irregular, Ts = 1000 cycles", common(0, 300, 1000))
            .preset("mesh", "10x10 mesh, X-Y routing, Ts = 100 cycles (§4.3)", common(1, 100, 100));
    }
}
