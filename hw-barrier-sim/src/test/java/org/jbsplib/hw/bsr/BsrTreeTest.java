package org.jbsplib.hw.bsr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The BNT protocol of Fig. 4 against the paper's Fig. 3 example and against Theorem 1 on random networks. */
class BsrTreeTest {
    private static final Parameters DEFAULTS = BsrParameters.schema().parse("bsr");
    private static final long US = 1_000_000L;

    // Fig. 3 (figure not in the text; reconstructed from §2's walk-through): m1 travels 1-2-4-5-7-center, m3 enters
    // at 4, m6 at 7. Switch index = node label - 1; the center is node 8.
    private static final int[][] FIG3_LINKS = {{0, 1}, {1, 3}, {2, 3}, {3, 4}, {4, 6}, {5, 6}, {6, 7}};
    private static final int[] FIG3_MEMBERS = {0, 2, 5, 7}; // nodes 1, 3, 6, 8

    private static int[][] permutations(int[] items) {
        if (items.length == 1) {
            return new int[][] {items};
        }
        int[][] out = new int[0][];
        for (int i = 0; i < items.length; i++) {
            final int[] rest = new int[items.length - 1];
            for (int j = 0, k = 0; j < items.length; j++) {
                if (j != i) {
                    rest[k++] = items[j];
                }
            }
            for (int[] p : permutations(rest)) {
                final int[] full = new int[items.length];
                full[0] = items[i];
                System.arraycopy(p, 0, full, 1, p.length);
                out = Arrays.copyOf(out, out.length + 1);
                out[out.length - 1] = full;
            }
        }
        return out;
    }

    @Test
    void shouldBuildTheFig3TreeWhateverOrderTheReductionsArriveIn() {
        final BsrTopology topo = BsrTopology.fromLinks(8, FIG3_LINKS);
        for (int[] order : permutations(new int[] {0, 1, 2, 3})) {
            final BsrNetwork net = new BsrNetwork(topo, FIG3_MEMBERS, 3, DEFAULTS);
            final long[] arrival = new long[4];
            for (int rank = 0; rank < 4; rank++) {
                arrival[order[rank]] = rank * 10 * US;
            }
            net.runEpisode(0, arrival);
            final String why = "arrival order " + Arrays.toString(order);
            for (int s : new int[] {0, 2, 3, 5, 6, 7}) {
                assertTrue(net.isBsrNode(s), why + ": node " + (s + 1) + " must be a BSR node");
            }
            for (int s : new int[] {1, 4}) {
                assertTrue(!net.isBsrNode(s), why + ": node " + (s + 1) + " is only an intermediate node");
            }
            assertArrayEquals(new int[] {6}, sorted(net.bsrChildren(7)), why + ": children of the center");
            assertArrayEquals(new int[] {3, 5}, sorted(net.bsrChildren(6)), why + ": children of node 7");
            assertArrayEquals(new int[] {0, 2}, sorted(net.bsrChildren(3)), why + ": children of node 4");
            assertEquals(6, net.bsrParent(3), why);
            assertEquals(3, net.bsrParent(0), why);
            assertEquals(3, net.bsrParent(2), why);
            assertEquals(6, net.bsrParent(5), why);
            assertEquals(7, net.bsrParent(6), why);
            // D_T(node 1, center) = 1-2-4-5-7-8: five links
            assertEquals(5, net.maxTreeDepthHops(), why);
        }
    }

    private static int[] sorted(int[] a) {
        final int[] c = a.clone();
        Arrays.sort(c);
        return c;
    }

    @ParameterizedTest(name = "seed={0} bufferMessages={1}")
    @CsvSource({"1,0", "2,0", "3,0", "4,0", "5,0", "1,1", "2,2", "3,1", "4,2", "5,1", "6,1", "7,2"})
    void shouldBuildTheUniqueBsrTreeOfTheRoutesTheorem1(long seed, int buffer) {
        final Random random = new Random(seed);
        final BsrTopology topo = BsrTopology.randomIrregular(60 + random.nextInt(60), 3, seed);
        final int members = 2 + random.nextInt(30);
        final int[] sw = BsrBarrierModel.placement(topo.switches(), members, seed);
        final int centerMember = random.nextInt(members);
        final BsrNetwork net = new BsrNetwork(topo, sw, centerMember,
            BsrParameters.schema().parse("bsr:bufferMessages=" + buffer));
        final long[] arrival = new long[members];
        for (int m = 0; m < members; m++) {
            // with finite buffers: all at once, so that headers queue and overtake each other across channels
            arrival[m] = random.nextInt(20_000) * 1000L * (buffer == 0 ? 1 : 0);
        }
        net.runEpisode(0, arrival);

        // offline: the BS tree is the union of the routes to the center
        final int center = sw[centerMember];
        final Set<Integer> memberSet = new HashSet<>();
        for (int s : sw) {
            memberSet.add(s);
        }
        final int[] childCount = new int[topo.switches()];
        final Set<Long> edges = new HashSet<>();
        for (int s : sw) {
            for (int x = s; x != center; x = topo.nextHop(x, center)) {
                if (edges.add((long) x << 32 | topo.nextHop(x, center))) {
                    childCount[topo.nextHop(x, center)]++;
                }
            }
        }
        for (int s = 0; s < topo.switches(); s++) {
            final boolean expected = memberSet.contains(s) || childCount[s] >= 2;
            assertEquals(expected, net.isBsrNode(s), "seed=" + seed + " switch " + s);
            if (expected && s != center) {
                int up = topo.nextHop(s, center);
                while (!memberSet.contains(up) && childCount[up] < 2) {
                    up = topo.nextHop(up, center);
                }
                assertEquals(up, net.bsrParent(s), "seed=" + seed + " parent of BSR node " + s);
            }
        }
    }
}
