package org.jbsplib.rbs;

/**
 * The paper's <em>acknowledge table</em>: requests of other processes that arrived too early and wait to be
 * acknowledged at the start of the right sync. A source has at most one delayed request (it cannot issue the
 * request of its next superstep before this one is served). Confined to the owning process's thread.
 */
final class AcknowledgeTable {
    private final boolean[] pending;
    private final long[] sstep;

    AcknowledgeTable(final int nprocs) {
        pending = new boolean[nprocs];
        sstep = new long[nprocs];
    }

    /**
     * Records the request of {@code src} made in its superstep {@code reqSstep}.
     *
     * @return {@code false} if a request of {@code src} is already waiting (a protocol error)
     */
    boolean delay(final int src, final long reqSstep) {
        if (pending[src]) {
            return false;
        }
        pending[src] = true;
        sstep[src] = reqSstep;
        return true;
    }

    boolean isPending(final int src) {
        return pending[src];
    }

    long sstep(final int src) {
        return sstep[src];
    }

    void remove(final int src) {
        pending[src] = false;
    }

    /** Appends a description of the delayed requests, for diagnostics. */
    void describe(final StringBuilder sb) {
        boolean any = false;
        for (int s = 0; s < pending.length; s++) {
            if (pending[s]) {
                sb.append(any ? ", " : "").append("from pid ").append(s).append(" (superstep ").append(sstep[s])
                    .append(')');
                any = true;
            }
        }
        if (!any) {
            sb.append("none");
        }
    }
}
