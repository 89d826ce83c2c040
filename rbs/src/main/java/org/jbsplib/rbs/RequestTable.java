package org.jbsplib.rbs;

/**
 * The paper's <em>request table</em>: this process's requests of the current superstep, at most one per
 * destination (all the superstep's puts to one destination travel in one stream, so one req/ack pair covers them).
 * A request is <em>served</em> when it was acknowledged and its whole stream, closed by an end frame, was sent.
 * Confined to the owning process's thread.
 *
 * <pre>{@code
 * RequestTable t = new RequestTable(nprocs);
 * t.add(3, false);                        // a req to pid 3 is due
 * for (int d = t.nextOpen(0); d >= 0; d = t.nextOpen(d + 1)) { ... }   // requested, not served, ascending pid
 * t.clear();                              // at the end of the superstep: touches only what was set
 * }</pre>
 */
final class RequestTable {
    // Implementation notes.
    // The sync's wait loop asks every turn whether all requests are served and walks the open ones (sendStreams,
    // the wait's diagnosis), and the superstep's end clears the table. A process talks to a few destinations per
    // superstep while P grows to 1,024 on the virtual-time machine, so those run on bit sets and counts, not on
    // scans of the P-long flags: the open set (requested and not served) with its size, the set of destinations
    // whose flags were set this superstep (what clear() resets), and the number of unsent reqs (flushControl's
    // shortcut). The flags stay in their arrays: every per-destination question is still one load.
    private final boolean[] requested;
    private final boolean[] unsent;
    private final boolean[] deferred;
    private final boolean[] acked;
    private final boolean[] served;
    private final long[] open;
    private final long[] touched;
    private int openCount;
    private int unsentCount;

    RequestTable(final int nprocs) {
        requested = new boolean[nprocs];
        unsent = new boolean[nprocs];
        deferred = new boolean[nprocs];
        acked = new boolean[nprocs];
        served = new boolean[nprocs];
        open = new long[(nprocs + 63) >>> 6];
        touched = new long[open.length];
    }

    /** Adds the request to {@code dst}; {@code sent} tells whether its req frame is already out. */
    void add(final int dst, final boolean sent) {
        requested[dst] = true;
        setUnsent(dst, !sent);
        updateOpen(dst);
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
        updateOpen(dst);
    }

    boolean isDeferred(final int dst) {
        return deferred[dst];
    }

    /** The deferred request needs its own req after all (the stream grew): it becomes unsent. */
    void undefer(final int dst) {
        deferred[dst] = false;
        setUnsent(dst, true);
    }

    boolean isUnsent(final int dst) {
        return unsent[dst];
    }

    /** @return whether some request's req is unsent (found a full inbox, or waits for an owed ack) */
    boolean anyUnsent() {
        return unsentCount > 0;
    }

    void markSent(final int dst) {
        setUnsent(dst, false);
        deferred[dst] = false;
    }

    void acknowledge(final int dst) {
        acked[dst] = true;
        touch(dst);
    }

    boolean isAcked(final int dst) {
        return acked[dst];
    }

    void markServed(final int dst) {
        served[dst] = true;
        updateOpen(dst);
    }

    boolean isServed(final int dst) {
        return served[dst];
    }

    /** @return whether every request is served */
    boolean allServed() {
        return openCount == 0;
    }

    /**
     * @return the smallest destination at or after {@code from} whose request is not served (requested and not
     *         served), or -1 if none
     */
    int nextOpen(final int from) {
        int w = from >>> 6;
        if (w >= open.length) {
            return -1;
        }
        long bits = open[w] & (-1L << from); // a shift counts mod 64: from's bit within its word
        while (true) {
            if (bits != 0) {
                return (w << 6) + Long.numberOfTrailingZeros(bits);
            }
            if (++w == open.length) {
                return -1;
            }
            bits = open[w];
        }
    }

    /** ORs the destinations whose requests are not served into {@code pids}, a bit set of at least this size. */
    void orOpenInto(final long[] pids) {
        for (int w = 0; w < open.length; w++) {
            pids[w] |= open[w];
        }
    }

    /** Removes every request (at the end of the superstep's sync): resets the destinations set this superstep. */
    void clear() {
        for (int w = 0; w < touched.length; w++) {
            long bits = touched[w];
            touched[w] = 0;
            open[w] = 0;
            while (bits != 0) {
                final int d = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                requested[d] = false;
                unsent[d] = false;
                deferred[d] = false;
                acked[d] = false;
                served[d] = false;
            }
        }
        openCount = 0;
        unsentCount = 0;
    }

    private void setUnsent(final int dst, final boolean value) {
        if (unsent[dst] != value) {
            unsent[dst] = value;
            unsentCount += value ? 1 : -1;
            if (value) {
                touch(dst);
            }
        }
    }

    /** Keeps {@code dst}'s bit of the open set equal to requested and not served. */
    private void updateOpen(final int dst) {
        touch(dst);
        final long bit = 1L << dst;
        final boolean wasOpen = (open[dst >>> 6] & bit) != 0;
        final boolean isOpen = requested[dst] && !served[dst];
        if (isOpen != wasOpen) {
            open[dst >>> 6] ^= bit;
            openCount += isOpen ? 1 : -1;
        }
    }

    private void touch(final int dst) {
        touched[dst >>> 6] |= 1L << dst;
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
