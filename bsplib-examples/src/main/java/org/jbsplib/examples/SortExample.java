package org.jbsplib.examples;

import java.io.PrintStream;
import java.util.Arrays;

import org.jbsplib.api.Bsp;
import org.jbsplib.collectives.Collectives;

/**
 * Sample sort of n pseudo-random longs, block-distributed, with {@link Collectives#sort(long[], int, int)}
 * (regular sampling: 4 supersteps). Every process sorts the whole input sequentially and compares its block, whose
 * place it finds with a scan of the block lengths.
 */
public final class SortExample extends CheckedExample {
    private volatile int largest;

    /**
     * @param out where pid 0 prints
     * @param n   number of keys
     */
    public SortExample(final PrintStream out, final int n) {
        super("sort", out, n);
    }

    static long key(final int i) {
        return mix(i) % 1_000_000_000L;
    }

    @Override
    protected int compute(final Bsp bsp, final Collectives coll) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int lo = blockStart(n, p, me);
        final int hi = blockStart(n, p, me + 1);
        final long[] local = new long[hi - lo];
        for (int i = lo; i < hi; i++) {
            local[i - lo] = key(i);
        }
        final long[] mine = coll.sort(local, 0, local.length);
        final int start = coll.scanInt(mine.length, Integer::sum) - mine.length;
        final int max = coll.allReduceInt(mine.length, Math::max);
        final long[] all = new long[n];
        for (int i = 0; i < n; i++) {
            all[i] = key(i);
        }
        Arrays.sort(all);
        int bad = 0;
        for (int i = 0; i < mine.length; i++) {
            if (start + i >= n || all[start + i] != mine[i]) {
                bad++;
            }
        }
        if (me == p - 1 && start + mine.length != n) {
            bad++;
        }
        if (me == 0) {
            largest = max;
            result.put("largest_block", max);
        }
        return bad;
    }

    @Override
    protected String summary() {
        return "sorted, largest block " + largest;
    }
}
