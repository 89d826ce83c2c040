package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The kernel's tournament tree against a linear scan, over seeded random updates (repeated keys included). */
class MinTreeTest {
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 8, 17, 32, 64})
    void shouldGiveTheSmallestKeyAndTheSmallestIndexAmongEqualKeys(final int n) {
        final long seed = 42L * n;
        final SplittableRandom random = new SplittableRandom(seed);
        final MinTree tree = new MinTree(n);
        final long[] keys = new long[n];
        java.util.Arrays.fill(keys, MinTree.NONE);
        for (int step = 0; step < 20_000; step++) {
            final int i = random.nextInt(n);
            final long k = random.nextInt(10) == 0 ? MinTree.NONE : random.nextInt(8);
            keys[i] = k;
            tree.set(i, k);
            int min = 0;
            for (int j = 1; j < n; j++) {
                if (keys[j] < keys[min]) {
                    min = j;
                }
            }
            assertEquals(keys[min], tree.minKey(), "min key after step " + step + ", seed " + seed);
            if (keys[min] != MinTree.NONE) {
                assertEquals(min, tree.minIndex(), "min index after step " + step + ", seed " + seed);
            }
        }
    }
}
