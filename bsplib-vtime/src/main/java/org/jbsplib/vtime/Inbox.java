package org.jbsplib.vtime;

/**
 * One process's inbox on the virtual machine: the frames sent to it, taken in the order (arrival, send start, sender
 * pid, the sender's own send count). Not thread-safe: the sequential kernel's baton guards it (only its holder touches
 * an inbox); with several processes running at once its process's own thread while that process runs (senders then
 * push onto the process's incoming stack), the kernel's lock while it does not.
 *
 * <pre>{@code
 * Inbox in = new Inbox(nprocs);
 * in.add(frame);                                  // frame.src's frames must come in that sender's order
 * long first = in.firstArrival();                 // MinTree.NONE when empty
 * Frame f = in.poll();
 * }</pre>
 */
final class Inbox {
    // Implementation notes.
    // One FIFO per sender (linked through Frame.next) and a tournament over the senders' first frames, keyed by
    // (arrival, send start), ties to the smaller sender pid. A sender's frames to one receiver come in that order
    // already: a send starts at s >= the previous start + g + (k-1)G (and >= its clock, which the previous send
    // moved to s_prev + o), and arrives at s + o + L + (k'-1)G, so arrival and send start never decrease from one
    // send of a sender to its next, and its send count increases. A merge of P sorted lists therefore gives the same
    // order as one priority queue over all frames, with one tree update per add to an empty FIFO and per take,
    // comparing keys in two arrays instead of fields of frames scattered in memory (PriorityQueue.add was 9 % of
    // the samples of LU class W at P = 32 under org).
    // The tree's nodes are three longs each in one array, (arrival, send start, sender pid) at 3n, 3n + 1, 3n + 2:
    // a match reads and writes one place instead of one in each of three arrays (a path of the tree touched three
    // times as many cache lines, and the inboxes of 32 processes are cold by the time a sender adds to them).
    private static final int A = 0;
    private static final int S = 1;
    private static final int I = 2;
    private final int leaves;
    private final long[] node;
    /** Each sender's FIFO as (first, last) at (2 src, 2 src + 1): one cache line for both ends. */
    private final Frame[] fifo;
    private int size;

    /** @param nprocs number of processes that may send to this inbox */
    Inbox(final int nprocs) {
        int l = 1;
        while (l < nprocs) {
            l <<= 1;
        }
        this.leaves = l;
        this.node = new long[3 * 2 * l];
        this.fifo = new Frame[2 * nprocs];
        for (int n = 1; n < 2 * l; n++) {
            node[3 * n + A] = MinTree.NONE;
        }
        for (int i = 0; i < l; i++) {
            node[3 * (l + i) + I] = i;
        }
        for (int n = l - 1; n >= 1; n--) {
            node[3 * n + I] = node[3 * 2 * n + I];
        }
    }

    /** @return whether no frame is held */
    boolean isEmpty() {
        return size == 0;
    }

    /** @return the arrival time of the first frame, {@link MinTree#NONE} when empty */
    long firstArrival() {
        return node[3 + A];
    }

    /** @return the first frame, or null when empty */
    Frame peek() {
        return size == 0 ? null : fifo[2 * (int) node[3 + I]];
    }

    /**
     * Adds {@code f} behind its sender's earlier frames.
     *
     * @throws IllegalStateException if {@code f} precedes the sender's last frame (the model's FIFO order broken)
     */
    void add(final Frame f) {
        final int src = f.src;
        final Frame[] q = fifo;
        final Frame last = q[2 * src + 1];
        f.next = null;
        if (last == null) {
            q[2 * src] = f;
            q[2 * src + 1] = f;
            lower(src, f.arrival, f.sent);
        } else {
            if (f.arrival < last.arrival || f.arrival == last.arrival && f.sent < last.sent) {
                throw new IllegalStateException("inbox: frame of pid " + src + " arriving at " + f.arrival
                    + " ns (sent " + f.sent + " ns) precedes its previous frame arriving at " + last.arrival
                    + " ns (sent " + last.sent + " ns)");
            }
            last.next = f;
            q[2 * src + 1] = f;
        }
        size++;
    }

    /** @return the first frame, removed, or null when empty */
    Frame poll() {
        if (size == 0) {
            return null;
        }
        final int src = (int) node[3 + I];
        final Frame[] q = fifo;
        final Frame f = q[2 * src];
        final Frame n = f.next;
        q[2 * src] = n;
        if (n == null) {
            q[2 * src + 1] = null;
            raise(src, MinTree.NONE, 0);
        } else {
            raise(src, n.arrival, n.sent);
        }
        f.next = null;
        size--;
        return f;
    }

    /** @return the latest arrival time of the frames held, {@link Long#MIN_VALUE} when empty */
    long lastArrival() {
        long max = Long.MIN_VALUE;
        for (int i = 1; i < fifo.length; i += 2) {
            final Frame t = fifo[i];
            if (t != null) {
                max = Math.max(max, t.arrival);
            }
        }
        return max;
    }

    /**
     * Leaf {@code i} (an empty FIFO) gets its first frame {@code (a, s)}: every match's result is the smaller of its
     * old one and the new frame, so one comparison per match, up to the first the frame loses.
     */
    private void lower(final int i, final long a, final long s) {
        final long[] t = node;
        int n = leaves + i;
        t[3 * n + A] = a;
        t[3 * n + S] = s;
        for (n >>= 1; n >= 1; n >>= 1) {
            final int k = 3 * n;
            final long na = t[k + A];
            if (!(a < na || a == na && (s < t[k + S] || s == t[k + S] && i < t[k + I]))) {
                return; // the match's winner precedes the frame: it and those above keep their results
            }
            t[k + A] = a;
            t[k + S] = s;
            t[k + I] = i;
        }
    }

    /**
     * Leaf {@code i}, the winner of every match on its path, gets its next frame {@code (a, s)} (or none): each of
     * those matches is replayed from its two entrants.
     */
    private void raise(final int i, final long a, final long s) {
        final long[] t = node;
        int n = leaves + i;
        t[3 * n + A] = a;
        t[3 * n + S] = s;
        for (n >>= 1; n >= 1; n >>= 1) {
            final int l = 6 * n;
            final int r = l + 3;
            final boolean left = t[l + A] < t[r + A] || t[l + A] == t[r + A]
                && (t[l + S] < t[r + S] || t[l + S] == t[r + S] && t[l + I] <= t[r + I]);
            final int w = left ? l : r;
            final int k = 3 * n;
            t[k + A] = t[w + A];
            t[k + S] = t[w + S];
            t[k + I] = t[w + I];
        }
    }
}
