package org.jbsplib.core;

import org.jbsplib.core.sync.Outbox;
import org.jbsplib.core.trace.SuperstepTracer;

/**
 * What a traced process measures per superstep for its {@link SuperstepTracer}: differences of its
 * {@link SyncStats} between two syncs, the records in its outboxes when it enters sync, and the protocol's barrier
 * model and waits. Exists only when the run is traced; confined to the process's thread. Allocates nothing after
 * construction.
 */
final class SuperstepProbe {
    private final BspProcess process;
    private final SuperstepTracer tracer;
    private final long[] waitedFor;

    private long startNs;
    private long syncStartNs;
    private int puts;
    private int gets;
    private int sends;
    private long commitStartNs;
    private long commitStatsNs;
    private long commitWaitNs;
    // the statistics at the end of the previous superstep
    private long syncNs;
    private long commitNs;
    private long barrierNs;
    private long waitNs;
    private long bytesOut;
    private long bytesIn;
    private long framesOut;
    private long framesIn;
    private long modelledNs;

    SuperstepProbe(final BspProcess process, final SuperstepTracer tracer) {
        this.process = process;
        this.tracer = tracer;
        this.waitedFor = new long[(process.nprocs() + 63) >>> 6];
    }

    /** The program starts: its first superstep starts now. */
    void start() {
        startNs = process.endpoint().nanoTime();
    }

    /** The program entered sync (or ended): counts what it issued in the superstep. */
    void beforeSync() {
        syncStartNs = process.endpoint().nanoTime();
        int p = 0;
        int g = 0;
        int m = 0;
        for (int i = 0, n = process.outboxCount(); i < n; i++) {
            final Outbox out = process.outbox(process.outboxPid(i));
            p += out.putRecords();
            g += out.getRequestCount();
            m += out.messageRecords();
        }
        puts = p;
        gets = g;
        sends = m;
    }

    /** The sync returned (or the program's end was handled): reports superstep {@code superstep}. */
    void afterSync(final long superstep) {
        final SyncStats s = process.stats();
        final long modelled = process.protocol().modelledBarrierNs();
        process.protocol().drainWaitedFor(waitedFor);
        final long dCommit = s.commitNs() - commitNs;
        tracer.superstep(process.pid(), superstep, startNs, syncStartNs, s.syncNs() - syncNs - dCommit, dCommit,
            s.barrierNs() - barrierNs, s.waitNs() - waitNs, s.bytesSent() - bytesOut, s.bytesReceived() - bytesIn,
            s.framesSent() - framesOut, s.framesReceived() - framesIn, puts, gets, sends, modelled - modelledNs,
            waitedFor);
        java.util.Arrays.fill(waitedFor, 0L);
        syncNs = s.syncNs();
        commitNs = s.commitNs();
        barrierNs = s.barrierNs();
        waitNs = s.waitNs();
        bytesOut = s.bytesSent();
        bytesIn = s.bytesReceived();
        framesOut = s.framesSent();
        framesIn = s.framesReceived();
        modelledNs = modelled;
        startNs = process.endpoint().nanoTime();
    }

    /** The program called {@code commit}. */
    void beforeCommit() {
        final SyncStats s = process.stats();
        commitStatsNs = s.commitNs();
        commitWaitNs = s.waitNs();
        commitStartNs = process.endpoint().nanoTime();
    }

    /**
     * The {@code commit} returned: reports its time and idle waiting as the run's statistics counted them (so the
     * trace's totals equal the run's), and what it committed.
     *
     * @param reg the registration's slot
     * @param n   the updates committed
     */
    void afterCommit(final int reg, final int n) {
        final SyncStats s = process.stats();
        tracer.commit(process.pid(), process.superstep(), commitStartNs, s.commitNs() - commitStatsNs,
            s.waitNs() - commitWaitNs, reg, n);
    }
}
