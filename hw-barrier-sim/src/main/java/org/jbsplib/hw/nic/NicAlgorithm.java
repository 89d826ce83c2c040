package org.jbsplib.hw.nic;

/**
 * The barrier algorithms of the paper's §5 and where they run. Each member's part of the algorithm is compiled into a
 * program of SEND(peer), WAIT(peer) and COMPLETE operations, executed by the NIC or by the host.
 */
public enum NicAlgorithm {
    /** Gather-and-broadcast on a fixed fan-out tree, run by the NIC. */
    NIC_GB("nic-gb", true, true),
    /** Pairwise exchange (recursive doubling as in MPICH), run by the NIC. */
    NIC_PE("nic-pe", true, false),
    /** Gather-and-broadcast run by the host over host-based GM messages. */
    HOST_GB("host-gb", false, true),
    /** Pairwise exchange run by the host over host-based GM messages. */
    HOST_PE("host-pe", false, false);

    private final String backend;
    private final boolean onNic;
    private final boolean gatherBroadcast;

    NicAlgorithm(final String backend, final boolean onNic, final boolean gatherBroadcast) {
        this.backend = backend;
        this.onNic = onNic;
        this.gatherBroadcast = gatherBroadcast;
    }

    public String backend() {
        return backend;
    }

    public boolean onNic() {
        return onNic;
    }

    public boolean gatherBroadcast() {
        return gatherBroadcast;
    }

    /** @return the algorithm whose backend name is {@code backend} */
    public static NicAlgorithm ofBackend(final String backend) {
        for (NicAlgorithm a : values()) {
            if (a.backend.equalsIgnoreCase(backend)) {
                return a;
            }
        }
        throw new IllegalArgumentException("nic: backend=" + backend + " is not one of [nic-gb, nic-pe, host-gb, "
            + "host-pe]");
    }
}
