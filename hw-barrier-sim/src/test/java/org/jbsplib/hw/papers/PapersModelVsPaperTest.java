package org.jbsplib.hw.papers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Test;

/** Pins the PAPERS model against Table 6.1 and checks partitioning, multi-broadcast and the interrupt. */
class PapersModelVsPaperTest {
    private static final Parameters PAPERS0 = PapersParameters.schema().parse("papers/papers0");
    private static final long US = 1_000_000L; // ps

    static double lastEndUs(PapersCluster c, int pes) {
        long end = 0;
        for (int pe = 0; pe < pes; pe++) {
            end = Math.max(end, c.endPs(pe));
        }
        return end / 1e6;
    }

    /** The ANY conditional: every PE puts its condition on D; the result is the OR of the flag vector. */
    static double anyUs(boolean[] conditions, boolean[] result) {
        final PapersCluster c = new PapersCluster(PAPERS0, conditions.length);
        c.exchange(new long[conditions.length], null, conditions);
        for (int pe = 0; pe < conditions.length; pe++) {
            result[pe] = c.flagsRead(pe) != 0;
        }
        return lastEndUs(c, conditions.length);
    }

    /**
     * Multiple broadcast of one byte from the group: every PE sends one bit per exchange, so 8 bits take
     * ceil(8 / P) exchanges. Returns the time and checks every PE assembled the same byte.
     */
    static double multiBroadcastByteUs(int pes, int value) {
        final PapersCluster c = new PapersCluster(PAPERS0, pes);
        final int exchanges = (8 + pes - 1) / pes;
        final int[] assembled = new int[pes];
        final long[] start = new long[pes];
        for (int x = 0; x < exchanges; x++) {
            final boolean[] bits = new boolean[pes];
            for (int pe = 0; pe < pes; pe++) {
                final int bit = x * pes + pe;
                bits[pe] = bit < 8 && ((value >>> bit) & 1) != 0;
            }
            c.exchange(start, null, bits);
            for (int pe = 0; pe < pes; pe++) {
                for (int from = 0; from < pes; from++) {
                    final int bit = x * pes + from;
                    if (bit < 8 && (c.flagsRead(pe) & (1L << from)) != 0) {
                        assembled[pe] |= 1 << bit;
                    }
                }
                start[pe] = c.endPs(pe);
            }
        }
        for (int pe = 0; pe < pes; pe++) {
            assertEquals(value, assembled[pe], "PE " + pe + " assembled a different byte");
        }
        return lastEndUs(c, pes);
    }

    @Test
    void shouldTakeTheFittedElevenPointTwoMicrosecondsWithFivePortOperationsPerPe() {
        final PapersCluster c = new PapersCluster(PAPERS0, 4);
        c.exchange(new long[4], null, null);
        assertEquals(11.2, lastEndUs(c, 4), 0.001);
        assertEquals(20, c.portOperations(), "5 port operations per PE when all arrive together");
        assertEquals(4950, PapersParameters.PAPERS0_FITTED_SOFTWARE_NS, 1, "fitted library time per sequence");
    }

    @Test
    void shouldPredictTheAnyConditionalWithin15Percent() {
        final boolean[] result = new boolean[4];
        final double us = anyUs(new boolean[] {false, false, true, false}, result);
        assertEquals(11.2, us, 11.2 * 0.15);
        for (boolean r : result) {
            assertTrue(r);
        }
        anyUs(new boolean[4], result);
        for (boolean r : result) {
            assertFalse(r);
        }
    }

    /**
     * Random communication of one byte per PE (Table 6.1): PE i sends a byte to PE perm[i]. §6.3: data moves as "a
     * series of barriers, one data bit sent by each processor", and every PE sees every other's bit, so each PE
     * broadcasts its byte over 8 exchanges and each keeps the bits of the PE sending to it. Returns the time and
     * checks every PE received its sender's byte.
     */
    static double randomByteUs(final int[] perm, final int[] bytes) {
        final int pes = perm.length;
        final PapersCluster c = new PapersCluster(PAPERS0, pes);
        final int[] received = new int[pes];
        final long[] start = new long[pes];
        for (int bit = 0; bit < 8; bit++) {
            final boolean[] bits = new boolean[pes];
            for (int pe = 0; pe < pes; pe++) {
                bits[pe] = ((bytes[pe] >>> bit) & 1) != 0;
            }
            c.exchange(start, null, bits);
            for (int from = 0; from < pes; from++) {
                final int to = perm[from];
                if ((c.flagsRead(to) & (1L << from)) != 0) {
                    received[to] |= 1 << bit;
                }
            }
            for (int pe = 0; pe < pes; pe++) {
                start[pe] = c.endPs(pe);
            }
        }
        for (int from = 0; from < pes; from++) {
            assertEquals(bytes[from], received[perm[from]], "PE " + perm[from] + " received a different byte");
        }
        return lastEndUs(c, pes);
    }

    @Test
    void shouldPredictTheRandomOneByteCommunicationWithin15Percent() {
        final double us = randomByteUs(new int[] {2, 0, 3, 1}, new int[] {0xA5, 0x3C, 0xFF, 0x01});
        assertEquals(92.0, us, 92.0 * 0.15, "8 one-bit exchanges carry a byte from every PE to any other");
        assertEquals(us, randomByteUs(new int[] {1, 2, 3, 0}, new int[] {0x00, 0x80, 0x7E, 0x55}), 1e-9,
            "the destinations cost nothing: every bit reaches every PE");
    }

    @Test
    void shouldPredictTheMultipleBroadcastWithin15Percent() {
        final double us = multiBroadcastByteUs(4, 0xA5);
        assertEquals(25.0, us, 25.0 * 0.15, "two one-bit multi-broadcasts carry a byte among 4 PEs");
        multiBroadcastByteUs(3, 0x3C);
    }

    @Test
    void shouldSpinOnGoAndCountEveryRead() {
        final PapersCluster c = new PapersCluster(PAPERS0, 4);
        c.exchange(new long[] {100 * US, 0, 0, 0}, null, null);
        // PEs 1..3 poll GO every 1.25 µs for ~100 µs
        assertTrue(c.portOperations() > 20 + 3 * 75, "ops=" + c.portOperations());
        assertTrue(c.endPs(1) > 100 * US);
    }

    @Test
    void shouldLetASubgroupFinishWithoutWaitingForTheOthers() {
        final PapersCluster c = new PapersCluster(PAPERS0, 4);
        c.exchange(new long[] {-1, -1, 0, 0}, new long[] {0, 0, 0b1100, 0b1100}, null);
        assertTrue(c.endPs(2) > 0 && c.endPs(2) < 12 * US, "end=" + c.endPs(2));
        c.exchange(new long[] {0, 0, -1, -1}, new long[] {0b0011, 0b0011, 0, 0}, null);
        assertTrue(c.endPs(0) > 0);
    }

    @Test
    void shouldPartitionTheGroupOnAFlag() {
        final PapersCluster c = new PapersCluster(PAPERS0, 4);
        final boolean[] flag = {true, false, true, false};
        c.exchange(new long[4], null, flag);
        final long[] next = new long[4];
        for (int pe = 0; pe < 4; pe++) {
            final long vector = c.flagsRead(pe);
            next[pe] = flag[pe] ? vector : ~vector & 0b1111; // §3.6.3 step 9: invert for the false side
        }
        assertEquals(0b0101, next[0]);
        assertEquals(0b1010, next[1]);
        // the "false" group synchronizes on its own while PE 0 of the "true" group is 200 µs late
        final long[] start = {200 * US, 0, 0, 0};
        c.exchange(start, next, null);
        assertTrue(c.endPs(1) < 20 * US && c.endPs(3) < 20 * US);
        assertTrue(c.endPs(2) > 200 * US, "PE 2 waits for PE 0 of its own group");
    }

    @Test
    void shouldAbortTheGroupThroughTheInterrupt() {
        final PapersCluster c = new PapersCluster(PAPERS0, 4);
        c.exchange(new long[] {-1, 0, 0, 0}, null, null, 30 * US); // PE 0 does not arrive...
        for (int pe = 1; pe < 4; pe++) {
            assertTrue(!c.aborted(pe) && c.endPs(pe) < 0, "nobody may pass without PE 0");
        }
        c.raiseInterrupt(0, 0b1111, 30 * US); // ...it fails and interrupts its group instead
        for (int pe = 1; pe < 4; pe++) {
            assertTrue(c.aborted(pe), "PE " + pe + " must see the abort");
            assertTrue(c.endPs(pe) > 30 * US);
        }
    }

    @Test
    void shouldMultiplexMasksAndFlagsOverSeveralPortOperationsBeyondFourPes() {
        final PapersCluster c = new PapersCluster(PAPERS0, 8);
        c.exchange(new long[8], null, null);
        // per PE: strobe write, GO read, ceil(7 / 3) = 3 flag reads, clear write, GO read
        assertEquals(8 * 7, c.portOperations());
        c.resetClock();
        final long[] halves = {0x0F, 0x0F, 0x0F, 0x0F, 0xF0, 0xF0, 0xF0, 0xF0};
        c.exchange(new long[8], halves, null);
        // a new mask needs one more write: 8 bits, 4 per write
        assertEquals(8 * 8, c.portOperations());
        c.resetClock();
        c.exchange(new long[8], halves, null);
        assertEquals(8 * 7, c.portOperations(), "an unchanged mask is not written again (§3.6.5)");
    }

    @Test
    void shouldTakeFourPortOperationsWhenFlagsComeWithGo() {
        final PapersCluster c = new PapersCluster(PapersParameters.schema().parse("papers:portOpsPerBarrier=4"), 4);
        c.exchange(new long[4], null, new boolean[] {true, false, false, false});
        assertEquals(16, c.portOperations());
        assertEquals(0b0001, c.flagsRead(3), "the flag vector is taken from the read that saw GO");
        assertEquals(PapersParameters.PAPERS0_FITTED_SOFTWARE_NS / 1000 + 4 * 1.25, lastEndUs(c, 4), 0.001);
    }
}
