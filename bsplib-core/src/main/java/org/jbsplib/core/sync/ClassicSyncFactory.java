package org.jbsplib.core.sync;


/** The {@code org} sync mode: {@link ClassicSync}. */
public final class ClassicSyncFactory implements SyncProtocolFactory {
    /** The mode's name. */
    public static final String NAME = "org";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "classic two-phase sync of the Oxford BSP toolset (count exchange = barrier, then data)";
    }

    /** Measured: 175 bytes per pair (live heap after a full GC, P = 512 and 1024, Java 17), runtime included. */
    @Override
    public long heapBytesPerPair() {
        return 192;
    }

    /**
     * {@code paper}: the Oxford toolset's sync as the relaxed-barrier paper measured it: the count exchange is the
     * barrier ({@value ClassicSync#BARRIER_OPTION}{@code =counts}), every stream goes right after it without
     * grants ({@value ClassicSync#RENDEZVOUS_OPTION}{@code =unlimited}: the receiver must buffer all the incoming
     * streams of a superstep). Streams are still written in ascending source pid (BSPlib's order for overlapping
     * puts and for the message queue, which this library guarantees under every sync), so frames that arrive out
     * of turn wait aside; {@value ClassicSync#APPLY_OPTION}{@code =arrival} writes them on arrival instead. All data
     * travels in frames ({@value ClassicSync#DIRECT_OPTION}{@code =never}), gets included.
     */
    @Override
    public java.util.Map<String, java.util.Map<String, String>> presets() {
        return java.util.Map.of("paper", java.util.Map.of(
            ClassicSync.BARRIER_OPTION, "counts",
            ClassicSync.RENDEZVOUS_OPTION, "unlimited",
            ClassicSync.DIRECT_OPTION, "never"));
    }

    /** @return a reason under {@value ClassicSync#BARRIER_OPTION}{@code =counts}: the count exchange is the barrier */
    @Override
    public java.util.Optional<String> unusedBarrierReason(final java.util.function.BinaryOperator<String> option) {
        if ("counts".equals(option.apply(ClassicSync.BARRIER_OPTION, "backend"))) {
            return java.util.Optional.of(ClassicSync.BARRIER_OPTION + "=counts makes the count exchange the barrier"
                + " (as in the Oxford toolset): drop the barrier backend, or set " + ClassicSync.BARRIER_OPTION
                + "=backend to sync through it");
        }
        return java.util.Optional.empty();
    }

    @Override
    public SyncProtocol create(final SyncProcess process) {
        return new ClassicSync(process);
    }
}
