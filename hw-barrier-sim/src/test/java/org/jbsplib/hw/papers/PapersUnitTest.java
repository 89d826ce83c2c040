package org.jbsplib.hw.papers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PapersUnitTest {
    private static final long ALL = 0b1111;

    @Test
    void shouldSetBregOnlyWhenEveryMaskedPeStrobes() {
        final PapersUnit u = new PapersUnit(4);
        for (int pe = 0; pe < 3; pe++) {
            u.write(pe, ALL, true, false, false, false);
            assertFalse(u.go(pe), "fired before PE 3 arrived");
        }
        u.write(3, ALL, true, false, false, false);
        for (int pe = 0; pe < 4; pe++) {
            assertTrue(u.breg(pe));
            assertTrue(u.go(pe));
        }
        assertEquals(4, u.barrierSets());
    }

    @Test
    void shouldHoldGoUntilEveryPeHasSeenTheBarrier() {
        final PapersUnit u = new PapersUnit(4);
        for (int pe = 0; pe < 4; pe++) {
            u.write(pe, ALL, true, false, false, false);
        }
        // PE 0 saw it and lowers its strobe; the others may still be descheduled: GO must stay up (§4.2.2)
        u.write(0, ALL, false, false, false, false);
        for (int pe = 0; pe < 4; pe++) {
            assertTrue(u.go(pe), "memory element lost the barrier for PE " + pe);
        }
        for (int pe = 1; pe < 4; pe++) {
            u.write(pe, ALL, false, false, false, false);
        }
        for (int pe = 0; pe < 4; pe++) {
            assertFalse(u.go(pe));
        }
        assertEquals(4, u.barrierResets());
    }

    @Test
    void shouldFireDisjointSubgroupsIndependently() {
        final PapersUnit u = new PapersUnit(4);
        u.write(2, 0b1100, true, false, false, false);
        u.write(3, 0b1100, true, false, false, false);
        assertTrue(u.go(2) && u.go(3));
        assertFalse(u.go(0) || u.go(1));
        u.write(0, 0b0011, true, false, false, false);
        assertFalse(u.go(0));
        u.write(1, 0b0011, true, false, false, false);
        assertTrue(u.go(0) && u.go(1));
    }

    @Test
    void shouldNotFireOnInconsistentMasks() {
        final PapersUnit u = new PapersUnit(2);
        u.write(0, 0b11, true, false, false, false);
        u.write(1, 0b10, true, false, false, false); // PE 1 does not include PE 0
        assertFalse(u.go(0), "PE 0's tree needs B_1[0]");
        assertTrue(u.go(1), "PE 1 only waits for itself");
    }

    @Test
    void shouldBroadcastEachDataBitToTheOtherPes() {
        final PapersUnit u = new PapersUnit(4);
        u.write(1, ALL, true, true, false, false);
        u.write(3, ALL, true, true, false, false);
        assertEquals(0b1010, u.flags(0));
        assertEquals(0b1000, u.flags(1), "a PE does not read its own bit");
    }

    @Test
    void shouldInterruptThePesInTheSendersMaskAndKeepGoLow() {
        final PapersUnit u = new PapersUnit(4);
        u.write(0, 0b0110, false, false, true, false); // method 2: PE 0 interrupts PEs 1 and 2
        assertTrue(u.interrupt(1) && u.interrupt(2));
        assertFalse(u.interrupt(3));
        assertFalse(u.interrupt(0), "PE 0 only interrupts itself if its own bit is set");
        assertFalse(u.go(1), "Table 5.7: GO=0, INT=1 is an interrupt for all PEs");
    }

    @Test
    void shouldSignalCompletionAsAnInterruptWhenGoInterruptIsEnabled() {
        final PapersUnit u = new PapersUnit(2);
        u.write(0, 0b11, true, false, false, true);
        u.write(1, 0b11, true, false, false, false);
        assertTrue(u.go(0) && u.interrupt(0), "Table 5.7: GO=1, INT=1");
        assertTrue(u.go(1) && !u.interrupt(1), "Table 5.7: GO=1, INT=0");
    }

    @Test
    void shouldRejectMasksBeyondTheUnit() {
        final PapersUnit u = new PapersUnit(4);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> u.write(0, 0b10000, true, false, false, false));
        assertTrue(e.getMessage().contains("mask=0x10"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PapersUnit(65));
    }
}
