package org.jbsplib.hw.reflex;

import org.jbsplib.hw.model.ParameterSchema;

/**
 * Parameters and presets of the {@code reflex} backend: LogGP ({@code o}, {@code G}) plus the paper's per-hop term.
 * TILE64: one 700 MHz cycle per static-network hop (the paper, §IV-A); the buffer sizes and the per-call overhead are
 * assumptions. InfiniBand: the paper takes its LogGP values from a reference it does not reproduce, so every value of
 * that preset is an assumption of typical DDR-era hardware, documented in MODELS.md.
 */
public final class ReflexParameters {
    public static final String HOP_NS = "hopNs";
    public static final String CREDIT_NS = "creditNs";
    public static final String FLIT_GAP_NS = "flitGapNs";
    public static final String OVERHEAD_NS = "overheadNs";
    public static final String CORE_BUFFER_FLITS = "coreBufferFlits";
    public static final String SWITCH_BUFFER_FLITS = "switchBufferFlits";

    /** One cycle of the TILE64 at 700 MHz, ns. */
    public static final double TILE64_CYCLE_NS = 1e3 / 700;

    private ReflexParameters() {
    }

    /** @return the schema of the {@code reflex} backend */
    public static ParameterSchema schema() {
        return new ParameterSchema("reflex")
            .key(HOP_NS, "per-hop latency of a flit from a switch to the next switch or to its core, ns")
            .key(CREDIT_NS, "time for a freed buffer slot's credit to reach the upstream switch, ns")
            .key(FLIT_GAP_NS, "G: time for a core to write or read one flit, ns")
            .key(OVERHEAD_NS, "o: software overhead of one SEND or RECV call (including the memory fence), ns")
            .key(CORE_BUFFER_FLITS, "B: a core's network input buffer, flits")
            .key(SWITCH_BUFFER_FLITS, "a switch's ring input buffer, flits")
            .preset("tile64", "TILE64 static network: one 700 MHz cycle per hop",
                HOP_NS, TILE64_CYCLE_NS, CREDIT_NS, TILE64_CYCLE_NS, FLIT_GAP_NS, TILE64_CYCLE_NS,
                OVERHEAD_NS, 10 * TILE64_CYCLE_NS, CORE_BUFFER_FLITS, 4, SWITCH_BUFFER_FLITS, 4)
            .preset("infiniband", "InfiniBand switches programmed as a ring (all values assumed)",
                HOP_NS, 150, CREDIT_NS, 150, FLIT_GAP_NS, 20, OVERHEAD_NS, 1000, CORE_BUFFER_FLITS, 4,
                SWITCH_BUFFER_FLITS, 8);
    }
}
