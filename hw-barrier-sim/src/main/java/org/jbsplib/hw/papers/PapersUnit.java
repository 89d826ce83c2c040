package org.jbsplib.hw.papers;

/**
 * The PAPERS hardware for up to 64 PEs, as logic: each PE's output latch (barrier mask B, strobe S, data bit D,
 * interrupt request IR, go-causes-interrupt GI), the memory element BREG of each PE's logic module, and the inputs
 * each PE reads (GO, INT and the flag vector).
 *
 * <p>The equations are those of the PAPERS0 PAL (§5.4.2) generalized from 4 PEs to n: for the module of PE a,
 * <pre>
 * CLKSET_a = /BREG_a * AND_j ( /B_a[j] + B_j[a] * S_j )      barrier tree: a rising edge sets BREG_a
 * CLKRST_a =  BREG_a * AND_j ( /B_a[j] + B_j[a] * /S_j )     anti-barrier tree: resets BREG_a
 * IRQ_a    =  OR_j ( IR_j * B_j[a] )                         interrupt tree, method 2 (the sender's mask decides)
 * INT_a    =  IRQ_a + BREG_a * GI_a
 * GO_a     =  INT_a * /IRQ_a + /INT_a * BREG_a               as software reads it (Table 5.7)
 * </pre>
 * Flag vector of PE a: the D bits of every other PE (one-bit multi-broadcast); bit j is PE j.
 *
 * <p>A new unit is in the state after the initial synchronization: full masks, strobes low, BREGs clear.
 *
 * <p>Threading: confined to the simulating thread.
 */
public final class PapersUnit {
    /** Most PEs one unit models (masks are {@code long}s). */
    public static final int MAX_PES = 64;

    private final int pes;
    private final long[] mask;
    private final boolean[] strobe;
    private final boolean[] data;
    private final boolean[] interruptRequest;
    private final boolean[] goInterrupt;
    private final boolean[] breg;
    private long barrierSets;
    private long barrierResets;

    public PapersUnit(final int pes) {
        if (pes < 1 || pes > MAX_PES) {
            throw new IllegalArgumentException("papers: pes=" + pes + " must be in [1, " + MAX_PES + "]");
        }
        this.pes = pes;
        mask = new long[pes];
        strobe = new boolean[pes];
        data = new boolean[pes];
        interruptRequest = new boolean[pes];
        goInterrupt = new boolean[pes];
        breg = new boolean[pes];
        // Start where the interrupt-driven initial synchronization (§4.3) leaves the unit: every PE has the whole
        // group in its mask and has seen the last barrier (strobe low). An all-zero mask would be wrong: its empty
        // barrier tree is vacuously true and would set BREG before the PE ever arrives.
        java.util.Arrays.fill(mask, allMask());
        settle();
    }

    public int pes() {
        return pes;
    }

    /** @return a mask with bits 0..pes-1 set */
    public long allMask() {
        return pes == 64 ? -1L : (1L << pes) - 1;
    }

    /**
     * A PE's port write reached the unit: latch its outputs and let the trees settle.
     */
    public void write(final int pe, final long barrierMask, final boolean s, final boolean d, final boolean ir,
        final boolean gi) {
        checkPe(pe);
        if ((barrierMask & ~allMask()) != 0) {
            throw new IllegalArgumentException("papers: write: mask=0x" + Long.toHexString(barrierMask)
                + " names PEs beyond " + pes);
        }
        mask[pe] = barrierMask;
        strobe[pe] = s;
        data[pe] = d;
        interruptRequest[pe] = ir;
        goInterrupt[pe] = gi;
        settle();
    }

    private void settle() {
        // BREG_a depends only on the latches and BREG_a itself, so one pass settles every module
        for (int a = 0; a < pes; a++) {
            if (!breg[a] && tree(a, true)) {
                breg[a] = true;
                barrierSets++;
            } else if (breg[a] && tree(a, false)) {
                breg[a] = false;
                barrierResets++;
            }
        }
    }

    /** The barrier (strobe high) or anti-barrier (strobe low) AND tree of PE a's module. */
    private boolean tree(final int a, final boolean strobeLevel) {
        final long ma = mask[a];
        final long bitA = 1L << a;
        for (int j = 0; j < pes; j++) {
            if ((ma & (1L << j)) == 0) {
                continue; // /B_a[j]
            }
            if ((mask[j] & bitA) == 0 || strobe[j] != strobeLevel) {
                return false;
            }
        }
        return true;
    }

    public boolean breg(final int pe) {
        checkPe(pe);
        return breg[pe];
    }

    private boolean irq(final int a) {
        final long bitA = 1L << a;
        for (int j = 0; j < pes; j++) {
            if (interruptRequest[j] && (mask[j] & bitA) != 0) {
                return true;
            }
        }
        return false;
    }

    /** @return the INT input of PE a */
    public boolean interrupt(final int a) {
        checkPe(a);
        return irq(a) || (breg[a] && goInterrupt[a]);
    }

    /** @return the GO (RDY) input of PE a as software reads it */
    public boolean go(final int a) {
        checkPe(a);
        final boolean irq = irq(a);
        final boolean in = irq || (breg[a] && goInterrupt[a]);
        return (in && !irq) || (!in && breg[a]);
    }

    /** @return the flag vector PE a reads: bit j is PE j's data bit, for j != a */
    public long flags(final int a) {
        checkPe(a);
        long v = 0;
        for (int j = 0; j < pes; j++) {
            if (j != a && data[j]) {
                v |= 1L << j;
            }
        }
        return v;
    }

    /** @return how many times a module's BREG was set (barrier fired) */
    public long barrierSets() {
        return barrierSets;
    }

    public long barrierResets() {
        return barrierResets;
    }

    private void checkPe(final int pe) {
        if (pe < 0 || pe >= pes) {
            throw new IllegalArgumentException("papers: pe=" + pe + " outside [0, " + pes + ")");
        }
    }
}
