package org.jbsplib.hw.nic;

import java.util.Arrays;

/**
 * Compiles a member's part of GB or PE into an operation list. Operations are ints: {@code kind << 16 | peer}, with
 * the peer given as a member index of the group.
 */
final class NicPrograms {
    static final int SEND = 1;
    static final int WAIT = 2;
    static final int COMPLETE = 3;

    private NicPrograms() {
    }

    static int op(final int kind, final int peer) {
        return kind << 16 | peer;
    }

    static int kind(final int op) {
        return op >>> 16;
    }

    static int peer(final int op) {
        return op & 0xFFFF;
    }

    /**
     * Pairwise exchange for any {@code n}: the largest power of two {@code m <= n} does recursive doubling (send to the
     * partner, then wait for it); each extra member {@code m + j} first sends to member {@code j} and waits for its
     * release, which {@code j} sends after its exchanges.
     */
    static int[] pairwiseExchange(final int member, final int n) {
        final int m = Integer.highestOneBit(n);
        final int[] ops = new int[2 * Integer.numberOfTrailingZeros(m) + 4];
        int k = 0;
        if (member >= m) {
            ops[k++] = op(SEND, member - m);
            ops[k++] = op(WAIT, member - m);
            ops[k++] = op(COMPLETE, 0);
            return Arrays.copyOf(ops, k);
        }
        final boolean hasExtra = member + m < n;
        if (hasExtra) {
            ops[k++] = op(WAIT, member + m);
        }
        for (int bit = 1; bit < m; bit <<= 1) {
            final int partner = member ^ bit;
            ops[k++] = op(SEND, partner);
            ops[k++] = op(WAIT, partner);
        }
        if (hasExtra) {
            ops[k++] = op(SEND, member + m);
        }
        ops[k++] = op(COMPLETE, 0);
        return Arrays.copyOf(ops, k);
    }

    /**
     * Gather-and-broadcast on the heap-ordered tree of the given fan-out rooted at member 0: wait for every child's
     * gather, send gather to the parent, wait for the parent's broadcast, complete, then broadcast to each child.
     */
    static int[] gatherBroadcast(final int member, final int n, final int fanOut) {
        final int[] ops = new int[2 * fanOut + 4];
        int k = 0;
        final int firstChild = member * fanOut + 1;
        final int lastChild = Math.min(n - 1, member * fanOut + fanOut);
        for (int c = firstChild; c <= lastChild; c++) {
            ops[k++] = op(WAIT, c);
        }
        if (member != 0) {
            final int parent = (member - 1) / fanOut;
            ops[k++] = op(SEND, parent);
            ops[k++] = op(WAIT, parent);
        }
        ops[k++] = op(COMPLETE, 0);
        for (int c = firstChild; c <= lastChild; c++) {
            ops[k++] = op(SEND, c);
        }
        return Arrays.copyOf(ops, k);
    }
}
