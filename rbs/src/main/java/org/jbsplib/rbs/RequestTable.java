package org.jbsplib.rbs;

/**
 * The paper's <em>request table</em>: this process's requests of the current superstep, at most one per
 * destination (all the superstep's puts to one destination travel in one stream, so one req/ack pair covers them).
 * A request is <em>served</em> when it was acknowledged and its whole stream, closed by an end frame, was sent.
 * Confined to the owning process's thread.
 */
final class RequestTable {
    private final boolean[] requested;
    private final boolean[] unsent;
    private final boolean[] deferred;
    private final boolean[] acked;
    private final boolean[] served;

    RequestTable(final int nprocs) {
        requested = new boolean[nprocs];
        unsent = new boolean[nprocs];
        deferred = new boolean[nprocs];
        acked = new boolean[nprocs];
        served = new boolean[nprocs];
    }

    /** Adds the request to {@code dst}; {@code sent} tells whether its req frame is already out. */
    void add(final int dst, final boolean sent) {
        requested[dst] = true;
        unsent[dst] = !sent;
    }

    boolean isRequested(final int dst) {
        return requested[dst];
    }

    /**
     * Adds the request to {@code dst} without sending its req: while the stream stays small it travels with its
     * data at the sync, in one frame.
     */
    void defer(final int dst) {
        requested[dst] = true;
        deferred[dst] = true;
    }

    boolean isDeferred(final int dst) {
        return deferred[dst];
    }

    /** The deferred request needs its own req after all (the stream grew): it becomes unsent. */
    void undefer(final int dst) {
        deferred[dst] = false;
        unsent[dst] = true;
    }

    boolean isUnsent(final int dst) {
        return unsent[dst];
    }

    void markSent(final int dst) {
        unsent[dst] = false;
        deferred[dst] = false;
    }

    void acknowledge(final int dst) {
        acked[dst] = true;
    }

    boolean isAcked(final int dst) {
        return acked[dst];
    }

    void markServed(final int dst) {
        served[dst] = true;
    }

    boolean isServed(final int dst) {
        return served[dst];
    }

    /** @return whether every request is served */
    boolean allServed() {
        for (int d = 0; d < requested.length; d++) {
            if (requested[d] && !served[d]) {
                return false;
            }
        }
        return true;
    }

    /** Removes every request (at the end of the superstep's sync). */
    void clear() {
        java.util.Arrays.fill(requested, false);
        java.util.Arrays.fill(unsent, false);
        java.util.Arrays.fill(deferred, false);
        java.util.Arrays.fill(acked, false);
        java.util.Arrays.fill(served, false);
    }

    /** Appends a description of the pending requests, for diagnostics. */
    void describe(final StringBuilder sb, final long sstep) {
        boolean any = false;
        for (int d = 0; d < requested.length; d++) {
            if (requested[d] && !served[d]) {
                sb.append(any ? ", " : "").append("to pid ").append(d).append(" (superstep ").append(sstep)
                    .append(deferred[d] ? ", small: req to go with the data" : unsent[d] ? ", req not yet sent"
                        : acked[d] ? ", acknowledged, data being sent"
                        : ", not acknowledged").append(')');
                any = true;
            }
        }
        if (!any) {
            sb.append("none");
        }
    }
}
