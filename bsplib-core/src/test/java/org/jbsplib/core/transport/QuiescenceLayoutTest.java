package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each process's entry in {@link Quiescence} lies a cache line away from the array's header and its end. */
class QuiescenceLayoutTest {
    private static final int LINE_LONGS = 8;
    private static final int ENTRY_LONGS = 4;

    @ParameterizedTest(name = "P = {0}")
    @ValueSource(ints = {1, 2, 3, 32})
    void shouldKeepEveryEntryACacheLineFromTheArraysHeaderAndEnd(final int nprocs) {
        final Quiescence q = new Quiescence(nprocs);
        // the header, which every access reads for the bounds check, precedes index 0
        assertTrue(Quiescence.at(0) >= LINE_LONGS, "pid 0's entry starts at index " + Quiescence.at(0)
            + ": it shares a cache line with the array's header");
        for (int pid = 1; pid < nprocs; pid++) {
            assertTrue(Quiescence.at(pid) - Quiescence.at(pid - 1) - ENTRY_LONGS >= LINE_LONGS,
                "pid " + pid + "'s entry at index " + Quiescence.at(pid) + " is within a cache line of pid " + (pid - 1)
                    + "'s at " + Quiescence.at(pid - 1));
        }
        final int last = Quiescence.at(nprocs - 1) + ENTRY_LONGS;
        assertTrue(q.slots() - last >= LINE_LONGS, "the last entry ends at index " + last + " of " + q.slots()
            + ": it shares a cache line with the next object");
    }
}
