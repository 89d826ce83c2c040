package org.jbsplib.rbs;

/**
 * The paper's <em>acknowledge table</em>: requests of other processes that arrived too early and wait to be
 * acknowledged at the start of the right sync. A source has at most one delayed request (it cannot issue the
 * request of its next superstep before this one is served). Confined to the owning process's thread.
 */
final class AcknowledgeTable {
    // Implementation notes.
    // Every relaxed sync walks the delayed requests; a bit set beside the flags keeps that walk to the delayed ones
    // (in ascending pid, as the scan of the flags went) instead of P flags (P reaches 1,024 on the virtual-time
    // machine).
    private final boolean[] pending;
    private final long[] sstep;
    private final long[] pendingBits;
    private int pendingCount;

    AcknowledgeTable(final int nprocs) {
        pending = new boolean[nprocs];
        sstep = new long[nprocs];
        pendingBits = new long[(nprocs + 63) >>> 6];
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
        pendingBits[src >>> 6] |= 1L << src;
        pendingCount++;
        return true;
    }

    boolean isPending(final int src) {
        return pending[src];
    }

    long sstep(final int src) {
        return sstep[src];
    }

    void remove(final int src) {
        if (pending[src]) {
            pending[src] = false;
            pendingBits[src >>> 6] &= ~(1L << src);
            pendingCount--;
        }
    }

    /** @return whether any request waits */
    boolean anyPending() {
        return pendingCount > 0;
    }

    /** @return the smallest source at or after {@code from} with a waiting request, or -1 if none */
    int nextPending(final int from) {
        int w = from >>> 6;
        if (w >= pendingBits.length) {
            return -1;
        }
        long bits = pendingBits[w] & (-1L << from);
        while (true) {
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
            if (++w == pendingBits.length) {
                return -1;
            }
            bits = pendingBits[w];
        }
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
