package org.jbsplib.core.transport;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.ProcessResult;
import org.jbsplib.core.SyncStats;
import org.jbsplib.core.TransportProvider;

/**
 * A test transport standing for one JVM of a run spread over two: it runs the even pids (over a
 * {@link ThreadsTransport}) and makes up the odd pids' results, as a transport between JVMs would receive them.
 */
public final class HalfLocalTransport implements Transport, TransportProvider {
    /** The name to configure. */
    public static final String NAME = "half-local";
    /** Syncs of every made-up process. */
    static final long REMOTE_SYNCS = 5;
    /** Elapsed time of every made-up process, longer than any local one. */
    static final long REMOTE_ELAPSED_NS = 3_600_000_000_000L;

    private final ThreadsTransport inner;

    /** The provider (ServiceLoader). */
    public HalfLocalTransport() {
        this.inner = null;
    }

    private HalfLocalTransport(final BspConfig config) {
        this.inner = new ThreadsTransport(config.procs(), config.ringCapacityBytes(), config.cores());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "test: the even pids run here, the odd ones elsewhere";
    }

    @Override
    public Transport create(final BspConfig config) {
        return new HalfLocalTransport(config);
    }

    @Override
    public int nprocs() {
        return inner.nprocs();
    }

    @Override
    public Endpoint endpoint(final int pid) {
        if (!isLocal(pid)) {
            throw new IllegalArgumentException("pid=" + pid + " is not local");
        }
        return inner.endpoint(pid);
    }

    @Override
    public RunControl control() {
        return inner.control();
    }

    @Override
    public boolean sharesMemory() {
        return false; // as a transport between JVMs
    }

    @Override
    public boolean sharesClock() {
        return false;
    }

    @Override
    public boolean isLocal(final int pid) {
        return pid % 2 == 0;
    }

    @Override
    public void gatherResults(final byte[][] results) {
        for (int pid = 1; pid < results.length; pid += 2) {
            final SyncStats s = new SyncStats();
            for (int i = 0; i < REMOTE_SYNCS; i++) {
                s.recordSyncTotal(1);
            }
            results[pid] = new ProcessResult(pid, s, REMOTE_SYNCS + 1, REMOTE_ELAPSED_NS).encode();
        }
    }

    @Override
    public void close() {
        if (inner != null) {
            inner.close();
        }
    }
}
