package org.jbsplib.core;

/**
 * The memory a run of the runtime itself takes, apart from the program's data, so that a command can refuse a
 * configuration the JVM cannot hold before it starts (instead of an OutOfMemoryError minutes in). Estimates, kept
 * on the safe side; stateless.
 * <pre>{@code
 * long heap = RuntimeFootprint.heapBytes(config.procs()) + procs * dataBytesPerProcess;
 * if (heap > Runtime.getRuntime().maxMemory()) { ... refuse, naming both figures ... }
 * }</pre>
 */
public final class RuntimeFootprint {
    /** Heap per process besides the per-pair state: its statistics, tables and a scratch frame (measured). */
    public static final long HEAP_BYTES_PER_PROCESS = 48 * 1024;

    private RuntimeFootprint() {
    }

    /**
     * @param procs           the number of processes
     * @param bytesPerPair    the sync's state per pair of processes ({@code SyncProtocolFactory.heapBytesPerPair()})
     * @param ringCapacityBytes the inbox capacity, 0 for the default by P
     * @return the runtime's heap for {@code procs} processes, bytes
     */
    public static long heapBytes(final int procs, final long bytesPerPair, final int ringCapacityBytes) {
        final long p = procs;
        return p * p * bytesPerPair + p * (HEAP_BYTES_PER_PROCESS + ring(procs, ringCapacityBytes) / 8);
    }

    /** @return the runtime's heap for the run {@code config} describes, under its sync mode, bytes */
    public static long heapBytes(final BspConfig config) {
        return heapBytes(config.procs(), BspRuntime.syncMode(config.syncMode()).heapBytesPerPair(),
            config.ringCapacityBytes());
    }

    /**
     * @param ringCapacityBytes the configured inbox capacity, 0 for the default by P
     * @return the direct (off-heap) memory of the inboxes of {@code procs} processes, bytes
     */
    public static long directBytes(final int procs, final int ringCapacityBytes) {
        return (long) procs * ring(procs, ringCapacityBytes);
    }

    private static int ring(final int procs, final int ringCapacityBytes) {
        return ringCapacityBytes == 0 ? BspConfig.defaultRingCapacity(procs) : ringCapacityBytes;
    }

    /** @return -XX:MaxDirectMemorySize, or the heap's maximum, which is its default */
    public static long maxDirectBytes() {
        try {
            final String v = java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("MaxDirectMemorySize").getValue();
            final long set = Long.parseLong(v);
            return set > 0 ? set : Runtime.getRuntime().maxMemory();
        } catch (final RuntimeException | LinkageError e) {
            return Runtime.getRuntime().maxMemory();
        }
    }
}
