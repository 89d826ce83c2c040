package org.jbsplib.vtime;

import java.util.Arrays;

/**
 * A tournament tree over P keys: the smallest key and its index in O(1), an update in O(log P). Ties go to the
 * smaller index, so the kernel's choices are deterministic. Not thread-safe: the kernel's lock guards it.
 */
final class MinTree {
    /** The key of an entry that is not a candidate. */
    static final long NONE = Long.MAX_VALUE;

    private final int leaves;
    private final long[] key;
    private final int[] index;

    MinTree(final int n) {
        int l = 1;
        while (l < n) {
            l <<= 1;
        }
        this.leaves = l;
        this.key = new long[2 * l];
        this.index = new int[2 * l];
        Arrays.fill(key, NONE);
        for (int i = 0; i < l; i++) {
            index[l + i] = i;
        }
        for (int i = l - 1; i >= 1; i--) {
            index[i] = index[2 * i];
        }
    }

    void set(final int i, final long k) {
        final int leaf = leaves + i;
        final long old = key[leaf];
        if (old == k) {
            return;
        }
        key[leaf] = k;
        if (k < old) {
            lower(i, k, leaf >> 1);
        } else {
            raise(i, leaf >> 1);
        }
    }

    /**
     * Leaf {@code i}'s key fell to {@code k}: every match's result is the smaller of its old result and
     * {@code (k, i)}, so one comparison per match, up to the first that {@code i} loses (the matches above it keep
     * theirs).
     */
    private void lower(final int i, final long k, final int from) {
        for (int n = from; n >= 1; n >>= 1) {
            // a match i won holds its old, larger key: i wins it again
            if (!(k < key[n] || k == key[n] && i < index[n])) {
                return;
            }
            key[n] = k;
            index[n] = i;
        }
    }

    /**
     * Leaf {@code i}'s key rose: only the matches {@code i} won can change, each replayed from its two entrants,
     * up to the first that {@code i} did not win.
     */
    private void raise(final int i, final int from) {
        for (int n = from; n >= 1 && index[n] == i; n >>= 1) {
            final int a = 2 * n;
            final int b = a + 1;
            final boolean left = key[a] < key[b] || key[a] == key[b] && index[a] <= index[b];
            key[n] = left ? key[a] : key[b];
            index[n] = left ? index[a] : index[b];
        }
    }

    long get(final int i) {
        return key[leaves + i];
    }

    /** @return the smallest key, {@link #NONE} if there is no candidate */
    long minKey() {
        return key[1];
    }

    /** @return the index of the smallest key (the smallest index among equal keys) */
    int minIndex() {
        return index[1];
    }
}
