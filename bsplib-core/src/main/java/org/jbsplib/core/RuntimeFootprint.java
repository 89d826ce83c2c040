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
    /**
     * Heap per ordered pair of processes: each process keeps an {@code Outbox} of four growable buffers per
     * destination (measured with empty supersteps: 987 bytes per pair at P = 256, 929 at P = 1024, the per-process
     * state included). Update it with the outbox's allocation.
     */
    public static final long HEAP_BYTES_PER_PAIR = 1024;
    /** Heap per process besides its outboxes: the process, its registration table, sync state and statistics. */
    public static final long HEAP_BYTES_PER_PROCESS = 64 * 1024;

    private RuntimeFootprint() {
    }

    /** @return the runtime's heap for {@code procs} processes, bytes */
    public static long heapBytes(final int procs) {
        return (long) procs * procs * HEAP_BYTES_PER_PAIR + (long) procs * HEAP_BYTES_PER_PROCESS;
    }

    /**
     * @param ringCapacityBytes the configured inbox capacity, 0 for the default by P
     * @return the direct (off-heap) memory of the inboxes of {@code procs} processes, bytes
     */
    public static long directBytes(final int procs, final int ringCapacityBytes) {
        final int ring = ringCapacityBytes == 0 ? BspConfig.defaultRingCapacity(procs) : ringCapacityBytes;
        return (long) procs * (ring + 1024);
    }

    /** @return the most direct memory this JVM allows (-XX:MaxDirectMemorySize, by default the heap limit) */
    public static long maxDirectBytes() {
        try {
            return (Long) Class.forName("jdk.internal.misc.VM").getMethod("maxDirectMemory").invoke(null);
        } catch (final ReflectiveOperationException | RuntimeException e) {
            return Runtime.getRuntime().maxMemory();
        }
    }
}
