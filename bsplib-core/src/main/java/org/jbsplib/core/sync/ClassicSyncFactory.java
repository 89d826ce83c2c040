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

    @Override
    public SyncProtocol create(final SyncProcess process) {
        return new ClassicSync(process);
    }
}
