package org.jbsplib.core;

import java.util.List;

/**
 * The outcome of a successful run: the configuration and each process's statistics.
 *
 * @param config      the concluded configuration of the run
 * @param wallNs      wall-clock time of the run, from start to the end of the last process, in ns
 * @param stats       statistics of each process, indexed by pid
 * @param supersteps  number of supersteps of each process (syncs + 1), indexed by pid
 */
public record RunResult(BspConfig config, long wallNs, List<SyncStats> stats, long[] supersteps) {

    /** @return the mean over processes of T_sync (time in sync and commit), in seconds */
    public double meanSyncSeconds() {
        return stats.stream().mapToLong(SyncStats::syncNs).average().orElse(0) / 1e9;
    }

    /** @return the mean over processes of T_barrier (classic phase 1), in seconds */
    public double meanBarrierSeconds() {
        return stats.stream().mapToLong(SyncStats::barrierNs).average().orElse(0) / 1e9;
    }

    /** @return the mean over processes of T_comm (classic phase 2), in seconds */
    public double meanCommSeconds() {
        return stats.stream().mapToLong(SyncStats::commNs).average().orElse(0) / 1e9;
    }
}
