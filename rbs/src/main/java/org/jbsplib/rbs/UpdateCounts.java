package org.jbsplib.rbs;

/**
 * The paper's {@code count(addr)}, made superstep-aware: for each registration slot, how many puts of which
 * superstep have been written into it, and which superstep's count was last committed. A plain counter would
 * mix the puts of different supersteps (the paper's §5 counter-example); keyed by the putting superstep it
 * cannot. Confined to the owning process's thread.
 */
final class UpdateCounts {
    static final long NONE = Long.MIN_VALUE;

    private long[] countSstep = new long[0];
    private int[] count = new int[0];
    private long[] committedSstep = new long[0];
    private int[] committedN = new int[0];
    private Object[] owner = new Object[0];

    /** Makes room for {@code slots} slots. */
    void ensure(final int slots) {
        if (slots > count.length) {
            final int old = count.length;
            final int n = Math.max(slots, old * 2);
            countSstep = java.util.Arrays.copyOf(countSstep, n);
            count = java.util.Arrays.copyOf(count, n);
            committedSstep = java.util.Arrays.copyOf(committedSstep, n);
            committedN = java.util.Arrays.copyOf(committedN, n);
            owner = java.util.Arrays.copyOf(owner, n);
            for (int i = old; i < n; i++) {
                reset(i);
            }
        }
    }

    /** Forgets {@code slot}'s history unless it still names {@code handle} (after registrations changed). */
    void rebind(final int slot, final Object handle) {
        if (owner[slot] != handle) {
            reset(slot);
            owner[slot] = handle;
        }
    }

    private void reset(final int slot) {
        countSstep[slot] = NONE;
        count[slot] = 0;
        committedSstep[slot] = NONE;
        committedN[slot] = 0;
    }

    /**
     * Counts one update of {@code slot} put in superstep {@code sstep}.
     *
     * @return the count of that superstep after this update if it was already committed (too many updates), else -1
     */
    int update(final int slot, final long sstep) {
        if (sstep == countSstep[slot]) {
            count[slot]++;
        } else if (sstep > countSstep[slot]) {
            countSstep[slot] = sstep;
            count[slot] = 1;
        } else {
            // Late data of an older superstep that was not committed: nothing can wait for it any more.
            return -1;
        }
        return committedSstep[slot] == sstep ? count[slot] : -1;
    }

    /** @return updates of {@code slot} put in superstep {@code sstep} */
    int count(final int slot, final long sstep) {
        return countSstep[slot] == sstep ? count[slot] : 0;
    }

    boolean isCommitted(final int slot, final long sstep) {
        return committedSstep[slot] == sstep;
    }

    int committedN(final int slot) {
        return committedN[slot];
    }

    void commit(final int slot, final long sstep, final int n) {
        committedSstep[slot] = sstep;
        committedN[slot] = n;
    }
}
