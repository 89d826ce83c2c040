package org.jbsplib.core.sync;


/**
 * Creates a {@link SyncProtocol} per process; found with {@link java.util.ServiceLoader} by {@link #name()}
 * (register in {@code META-INF/services/org.jbsplib.core.sync.SyncProtocolFactory}).
 */
public interface SyncProtocolFactory {
    /** @return the mode's name for {@code --sync} and {@code bsplib.sync}, e.g. {@code org}, {@code rbs} */
    String name();

    /** @return a one-line description */
    String description();

    /** @return the protocol of {@code process} */
    SyncProtocol create(SyncProcess process);

    /**
     * The heap one process's protocol keeps per other process (its arrays indexed by pid), for the memory check
     * before a run starts: a run holds P² of these. Measure it (live heap after a full GC at two values of P).
     *
     * @return bytes per pair of processes
     */
    default long heapBytesPerPair() {
        return 256;
    }
}
