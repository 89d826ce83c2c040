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

    /**
     * The mode's named presets for {@code --sync NAME:PRESET} (see {@link SyncSpec}): each a set of the mode's
     * options ({@link SyncProcess#option(String, String)}), which options set by the run itself override. The mode
     * without a preset runs its engineering defaults.
     *
     * @return preset name to its options, in the order to list them; empty (the default) for none
     */
    default java.util.Map<String, java.util.Map<String, String>> presets() {
        return java.util.Map.of();
    }

    /**
     * Says why a run with these options would never wait on the barrier backend ({@code --barrier}); a run that gives
     * a backend to such a sync is refused with this reason, so that no backend is silently ignored.
     *
     * @param option the run's value of a mode option, preset included ({@code (key, default) -> value})
     * @return the reason, naming the option that makes the backend unused; empty (the default) when the backend
     *         takes part in every sync
     */
    default java.util.Optional<String> unusedBarrierReason(final java.util.function.BinaryOperator<String> option) {
        return java.util.Optional.empty();
    }
}
