package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The request and acknowledge tables keep bit sets and counts beside their flags, so that the relaxed sync walks the
 * open requests and the delayed ones without a scan of all P pids: seeded random operations against a plain model
 * (the flags alone, scanned), across word boundaries of the bit sets (P = 1 .. 200), with many supersteps so that
 * {@code clear()} must reset exactly what the superstep set.
 */
class RequestTableTest {
    private static final int OPERATIONS = 20_000;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 63, 64, 65, 128, 200})
    void shouldWalkTheOpenRequestsAsAScanOfTheFlagsWould(final int nprocs) {
        final long seed = 0x5EED_0000L + nprocs;
        final SplittableRandom random = new SplittableRandom(seed);
        final RequestTable table = new RequestTable(nprocs);
        final boolean[] requested = new boolean[nprocs];
        final boolean[] unsent = new boolean[nprocs];
        final boolean[] deferred = new boolean[nprocs];
        final boolean[] acked = new boolean[nprocs];
        final boolean[] served = new boolean[nprocs];
        for (int op = 0; op < OPERATIONS; op++) {
            final int d = random.nextInt(nprocs);
            final String where = "seed=" + seed + " P=" + nprocs + " operation " + op;
            switch (random.nextInt(9)) {
                case 0 -> {
                    final boolean sent = random.nextBoolean();
                    table.add(d, sent);
                    requested[d] = true;
                    unsent[d] = !sent;
                }
                case 1 -> {
                    table.defer(d);
                    requested[d] = true;
                    deferred[d] = true;
                }
                case 2 -> {
                    table.undefer(d);
                    deferred[d] = false;
                    unsent[d] = true;
                }
                case 3 -> {
                    table.markSent(d);
                    unsent[d] = false;
                    deferred[d] = false;
                }
                case 4 -> {
                    table.acknowledge(d);
                    acked[d] = true;
                }
                case 5, 6 -> {
                    table.markServed(d);
                    served[d] = true;
                }
                case 7 -> {
                    if (random.nextInt(8) == 0) { // the end of a superstep
                        table.clear();
                        java.util.Arrays.fill(requested, false);
                        java.util.Arrays.fill(unsent, false);
                        java.util.Arrays.fill(deferred, false);
                        java.util.Arrays.fill(acked, false);
                        java.util.Arrays.fill(served, false);
                    }
                }
                default -> { } // a look without a change
            }
            boolean allServed = true;
            boolean anyUnsent = false;
            final long[] open = new long[(nprocs + 63) >>> 6];
            for (int q = 0; q < nprocs; q++) {
                assertEquals(requested[q], table.isRequested(q), where);
                assertEquals(unsent[q], table.isUnsent(q), where);
                assertEquals(deferred[q], table.isDeferred(q), where);
                assertEquals(acked[q], table.isAcked(q), where);
                assertEquals(served[q], table.isServed(q), where);
                if (requested[q] && !served[q]) {
                    allServed = false;
                    open[q >>> 6] |= 1L << q;
                }
                anyUnsent |= unsent[q];
            }
            assertEquals(allServed, table.allServed(), where);
            assertEquals(anyUnsent, table.anyUnsent(), where);
            final long[] or = new long[open.length];
            table.orOpenInto(or);
            assertEquals(java.util.Arrays.toString(open), java.util.Arrays.toString(or), where);
            final int from = random.nextInt(nprocs + 1);
            int expected = -1;
            for (int q = from; q < nprocs; q++) {
                if (requested[q] && !served[q]) {
                    expected = q;
                    break;
                }
            }
            assertEquals(expected, table.nextOpen(from), where + " nextOpen(" + from + ")");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 63, 64, 65, 128, 200})
    void shouldWalkTheDelayedRequestsAsAScanOfTheFlagsWould(final int nprocs) {
        final long seed = 0xACCL + nprocs;
        final SplittableRandom random = new SplittableRandom(seed);
        final AcknowledgeTable table = new AcknowledgeTable(nprocs);
        final boolean[] pending = new boolean[nprocs];
        final long[] sstep = new long[nprocs];
        for (int op = 0; op < OPERATIONS; op++) {
            final int src = random.nextInt(nprocs);
            final String where = "seed=" + seed + " P=" + nprocs + " operation " + op;
            if (random.nextBoolean()) {
                final long r = random.nextInt(1000);
                assertEquals(!pending[src], table.delay(src, r), where);
                if (!pending[src]) {
                    pending[src] = true;
                    sstep[src] = r;
                }
            } else {
                table.remove(src);
                pending[src] = false;
            }
            boolean any = false;
            for (int q = 0; q < nprocs; q++) {
                assertEquals(pending[q], table.isPending(q), where);
                if (pending[q]) {
                    assertEquals(sstep[q], table.sstep(q), where);
                }
                any |= pending[q];
            }
            assertEquals(any, table.anyPending(), where);
            final int from = random.nextInt(nprocs + 1);
            int expected = -1;
            for (int q = from; q < nprocs; q++) {
                if (pending[q]) {
                    expected = q;
                    break;
                }
            }
            assertEquals(expected, table.nextPending(from), where + " nextPending(" + from + ")");
        }
    }
}
