package org.jbsplib.core.sync;

/**
 * Where a sync protocol records its times and counts: the process's statistics, as the protocol writes them.
 * Thread-confined to the process's thread, like the protocol.
 */
public interface SyncRecorder {
    /** Records one sync's two phases (phase 1 counts as the barrier, phase 2 as communication), in ns. */
    void recordSync(long phase1Ns, long phase2Ns);

    /** Records time spent in a sync that is not split into phases, in ns. */
    void recordSyncTotal(long ns);

    /** Records time spent in commit, in ns (counted in T_sync as the paper does). */
    void recordCommit(long ns);

    /** Adds time spent waiting for other processes, in ns. */
    void addWaitNs(long ns);

    /** Adds time spent in the barrier part of a sync, in ns. */
    void addBarrierNs(long ns);

    /** Adds time spent moving data in a sync, in ns. */
    void addCommNs(long ns);

    /** Counts frames and their bytes sent. */
    void addSent(int frames, long bytes);

    /** Counts frames and their bytes received. */
    void addReceived(int frames, long bytes);

    /** Adds {@code delta} to the named counter. */
    void count(String name, long delta);

    /**
     * Counts one superstep of a protocol with two kinds of superstep (RBS): {@code exchange} for one that used the
     * count exchange, otherwise a relaxed one. Counted at each sync, so that a section of a run sees its own.
     */
    default void countSuperstep(final boolean exchange) {
        // protocols with one kind of superstep need not count
    }

    /**
     * Adds a source of counters the protocol keeps as running totals in fields of its own (no map update per
     * step): they are read into the counters at the edges of a timed section and at the end of the program.
     *
     * @param source reports each total to the consumer it is given
     */
    default void liveCounters(final java.util.function.Consumer<java.util.function.ObjLongConsumer<String>> source) {
        // a recorder without sections reads nothing
    }
}
