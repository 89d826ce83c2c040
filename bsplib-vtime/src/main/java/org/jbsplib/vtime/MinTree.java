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
        int n = leaves + i;
        if (key[n] == k) {
            return;
        }
        key[n] = k;
        for (n >>= 1; n >= 1; n >>= 1) {
            final int a = 2 * n;
            final int b = a + 1;
            final boolean left = key[a] < key[b] || key[a] == key[b] && index[a] <= index[b];
            final long winnerKey = left ? key[a] : key[b];
            final int winner = left ? index[a] : index[b];
            if (key[n] == winnerKey && index[n] == winner) {
                return; // this match's result is unchanged, so are those above it
            }
            key[n] = winnerKey;
            index[n] = winner;
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
