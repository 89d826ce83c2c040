package org.jbsplib.hw.papers;

import java.util.Arrays;

import org.jbsplib.hw.model.EventQueue;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * PEs driving a {@link PapersUnit} through their printer ports, in modelled time.
 *
 * <p>Every port operation takes {@code 1 / portOpsPerSec}. A write's new latch value reaches the unit one cable delay
 * after the write ends; the unit's outputs (GO, INT, and the flag vector through the data buffer) reach a PE's pins one
 * logic delay plus one cable delay after the unit changed, and a read samples the pins at its end. A PE runs one
 * sequence per {@link #exchange}:
 * <ul>
 * <li>5 operations (§4.2.3, PAPERS0): write mask with S=1; read until GO=1; read the flag vector again; write mask
 * with S=0; read until GO=0. Reads that find GO not yet changed are repeated and counted.</li>
 * <li>4 operations (§6.5): as above, with the flags taken from the read that saw GO.</li>
 * <li>2 operations (§6.5): write mask with the strobe inverted since the last barrier; read until GO equals it.</li>
 * </ul>
 * Before its first write a PE spends {@code softwareNsPerSequence} of CPU time in the library. For more PEs than a
 * write carries mask bits, a new mask costs extra writes into the unit's mask latches, and the flag vector extra reads
 * (§4.2.3, last paragraph); an unchanged mask is not rewritten (§3.6.5).
 *
 * <p>A PE whose read finds INT set and GO clear (an interrupt for all PEs, Table 5.7) leaves its sequence aborted.
 *
 * <p>Threading: confined to one thread.
 */
public final class PapersCluster {
    /** Modelled time after which a PE still polling is a deadlock (10 s). */
    private static final long DEADLOCK_PS = 10_000_000_000_000L;
    private static final int EV_STEP = 1;
    private static final int EV_UNIT_WRITE = 2;
    private static final int EV_SAMPLE = 3;

    private static final int S_SOFTWARE = 0;
    private static final int S_MASK_WRITES = 1;
    private static final int S_WRITE_STROBE = 2;
    private static final int S_READ_GO = 3;
    private static final int S_READ_FLAGS = 4;
    private static final int S_WRITE_CLEAR = 5;
    private static final int S_READ_GO_CLEAR = 6;
    private static final int S_DONE = 7;

    private static final int[] FIVE = {S_SOFTWARE, S_MASK_WRITES, S_WRITE_STROBE, S_READ_GO, S_READ_FLAGS,
        S_WRITE_CLEAR, S_READ_GO_CLEAR, S_DONE};
    private static final int[] TWO = {S_SOFTWARE, S_MASK_WRITES, S_WRITE_STROBE, S_READ_GO, S_DONE};

    private final PapersUnit unit;
    private final int pes;
    private final long portPs;
    private final long cablePs;
    private final long outputPs;
    private final long softwarePs;
    private final int opsPerBarrier;
    private final int maskBitsPerWrite;
    private final int flagBitsPerRead;
    private final int[] program;
    private final EventQueue queue = new EventQueue(64);

    private final int[] pc;
    private final long[] mask;
    private final long[] writtenMask;
    private final boolean[] data;
    private final boolean[] strobe;
    private final boolean[] interruptRequest;
    private final long[] flagsRead;
    private final long[] endPs;
    private final boolean[] aborted;
    private long portOperations;

    public PapersCluster(final Parameters p, final int pes) {
        this.unit = new PapersUnit(pes);
        this.pes = pes;
        this.portPs = Time.ps(1e9 / p.getPositive(PapersParameters.PORT_OPS_PER_SEC));
        this.cablePs = Time.ps(p.get(PapersParameters.CABLE_DELAY_NS));
        this.outputPs = Time.ps(p.get(PapersParameters.LOGIC_DELAY_NS)) + cablePs;
        this.softwarePs = Time.ps(p.get(PapersParameters.SOFTWARE_NS));
        this.opsPerBarrier = p.getInt(PapersParameters.PORT_OPS_PER_BARRIER, 2, 5);
        if (opsPerBarrier == 3) {
            throw new IllegalArgumentException("papers: key=" + PapersParameters.PORT_OPS_PER_BARRIER
                + " value=3 is not a sequence; use 5, 4 or 2");
        }
        this.maskBitsPerWrite = p.getInt(PapersParameters.MASK_BITS_PER_WRITE, 1, 64);
        this.flagBitsPerRead = p.getInt(PapersParameters.FLAG_BITS_PER_READ, 1, 64);
        if (outputPs > portPs) {
            throw new IllegalArgumentException("papers: logicDelayNs + cableDelayNs = " + outputPs / 1000.0
                + " ns exceeds one port operation (" + portPs / 1000.0 + " ns); reads could not see their own writes");
        }
        this.program = opsPerBarrier == 2 ? TWO : FIVE;
        pc = new int[pes];
        mask = new long[pes];
        writtenMask = new long[pes];
        data = new boolean[pes];
        strobe = new boolean[pes];
        interruptRequest = new boolean[pes];
        flagsRead = new long[pes];
        endPs = new long[pes];
        aborted = new boolean[pes];
        Arrays.fill(pc, program.length - 1);
        Arrays.fill(mask, unit.allMask());
        Arrays.fill(writtenMask, unit.allMask());
    }

    public PapersUnit unit() {
        return unit;
    }

    public int pes() {
        return pes;
    }

    /** @return port operations performed since the last {@link #resetClock()} */
    public long portOperations() {
        return portOperations;
    }

    /** Starts a new episode at time 0 (hardware state persists). */
    public void resetClock() {
        queue.clear();
        portOperations = 0;
    }

    /**
     * Runs one barrier sequence on every PE with {@code startPs[pe] >= 0} (PEs with a negative start stay out) and
     * steps the model until all of them are done.
     *
     * @param masks    barrier mask per PE, or {@code null} for everybody
     * @param dataBits data bit per PE, or {@code null} for 0
     */
    public void exchange(final long[] startPs, final long[] masks, final boolean[] dataBits) {
        exchange(startPs, masks, dataBits, DEADLOCK_PS);
        for (int pe = 0; pe < pes; pe++) {
            if (startPs[pe] >= 0 && endPs[pe] < 0) {
                throw new IllegalStateException("papers: PE " + pe + " still waits after " + DEADLOCK_PS / 1e12
                    + " s of modelled time: inconsistent masks or a missing PE");
            }
        }
    }

    /**
     * As {@link #exchange(long[], long[], boolean[])}, but stops stepping at {@code untilPs} even if some PEs still
     * wait (they keep polling when the model is stepped again, e.g. by {@link #raiseInterrupt}).
     */
    public void exchange(final long[] startPs, final long[] masks, final boolean[] dataBits, final long untilPs) {
        for (int pe = 0; pe < pes; pe++) {
            if (startPs[pe] < 0) {
                continue;
            }
            mask[pe] = masks == null ? unit.allMask() : masks[pe];
            data[pe] = dataBits != null && dataBits[pe];
            pc[pe] = 0;
            aborted[pe] = false;
            flagsRead[pe] = 0;
            endPs[pe] = -1;
            queue.add(startPs[pe], EV_STEP, pe, 0, 0);
        }
        run(untilPs);
    }

    /**
     * PE {@code pe}, not in a sequence, raises its interrupt request towards the PEs of {@code groupMask} with one port
     * write at {@code atPs} (method 2: the sender's mask decides who is interrupted), e.g. to abort the group.
     */
    public void raiseInterrupt(final int pe, final long groupMask, final long atPs) {
        mask[pe] = groupMask;
        interruptRequest[pe] = true;
        portOperations++;
        queueWrite(pe, atPs + portPs);
        run(DEADLOCK_PS);
    }

    /** Lowers the interrupt request of {@code pe} (one port write) and aborts nobody. */
    public void clearInterrupt(final int pe, final long atPs) {
        interruptRequest[pe] = false;
        portOperations++;
        queueWrite(pe, atPs + portPs);
        run(DEADLOCK_PS);
    }

    public long endPs(final int pe) {
        return endPs[pe];
    }

    /** @return the flag vector the PE read in its last sequence, with its own data bit added */
    public long flagsRead(final int pe) {
        return flagsRead[pe];
    }

    public boolean aborted(final int pe) {
        return aborted[pe];
    }

    private void run(final long untilPs) {
        while (!queue.isEmpty()) {
            if (queue.peekTime() > untilPs) {
                return;
            }
            queue.poll();
            final long t = queue.time();
            switch (queue.kind()) {
                case EV_STEP -> step(queue.a(), t);
                case EV_UNIT_WRITE -> {
                    final int a = queue.a();
                    final long m = (queue.b() & 0xFFFFFFFFL) | ((long) queue.c() << 32);
                    unit.write(a & 0xFF, m, (a & 0x100) != 0, (a & 0x200) != 0, (a & 0x400) != 0, false);
                }
                case EV_SAMPLE -> sample(queue.a(), queue.b(), queue.c(), t);
                default -> throw new IllegalStateException("papers: unknown event kind=" + queue.kind());
            }
        }
    }

    private void queueWrite(final int pe, final long writeEndPs) {
        final int packed = pe | (strobe[pe] ? 0x100 : 0) | (data[pe] ? 0x200 : 0) | (interruptRequest[pe] ? 0x400 : 0);
        queue.add(writeEndPs + cablePs, EV_UNIT_WRITE, packed, (int) mask[pe], (int) (mask[pe] >>> 32));
    }

    private void step(final int pe, final long t) {
        final int s = program[pc[pe]];
        switch (s) {
            case S_SOFTWARE -> {
                pc[pe]++;
                queue.add(t + softwarePs, EV_STEP, pe, 0, 0);
            }
            case S_MASK_WRITES -> {
                pc[pe]++;
                // the last mask chunk travels with the strobe write
                final int extra = mask[pe] == writtenMask[pe] ? 0 : chunks(pes, maskBitsPerWrite) - 1;
                writtenMask[pe] = mask[pe];
                portOperations += extra;
                queue.add(t + extra * portPs, EV_STEP, pe, 0, 0);
            }
            case S_WRITE_STROBE -> {
                strobe[pe] = opsPerBarrier == 2 ? !strobe[pe] : true;
                write(pe, t);
            }
            case S_WRITE_CLEAR -> {
                strobe[pe] = false;
                write(pe, t);
            }
            case S_READ_GO, S_READ_GO_CLEAR -> {
                portOperations++;
                queue.add(t + portPs - outputPs, EV_SAMPLE, pe, s, 0);
            }
            case S_READ_FLAGS -> {
                pc[pe]++;
                int reads = chunks(pes - 1, flagBitsPerRead);
                if (opsPerBarrier == 4) {
                    reads--; // the first chunk came with the read that saw GO
                }
                portOperations += reads;
                if (reads > 0) {
                    // the library reads the vector again once GO was seen (noise on PAPERS0's data lines, §6.6)
                    queue.add(t + portPs - outputPs, EV_SAMPLE, pe, S_READ_FLAGS, reads);
                } else {
                    queue.add(t, EV_STEP, pe, 0, 0);
                }
            }
            case S_DONE -> endPs[pe] = t;
            default -> throw new IllegalStateException("papers: bad step=" + s);
        }
    }

    private void write(final int pe, final long t) {
        pc[pe]++;
        portOperations++;
        queueWrite(pe, t + portPs);
        queue.add(t + portPs, EV_STEP, pe, 0, 0);
    }

    private void sample(final int pe, final int s, final int flagReads, final long t) {
        final long readEnd = t + outputPs;
        if (s == S_READ_FLAGS) {
            flagsRead[pe] = unit.flags(pe) | (data[pe] ? 1L << pe : 0);
            queue.add(t + outputPs + (flagReads - 1L) * portPs, EV_STEP, pe, 0, 0);
            return;
        }
        final boolean go = unit.go(pe);
        if (unit.interrupt(pe) && !go) {
            aborted[pe] = true;
            endPs[pe] = readEnd;
            pc[pe] = program.length - 1;
            return;
        }
        final boolean want = s == S_READ_GO ? strobe[pe] : false;
        if (go == want) {
            if (s == S_READ_GO && opsPerBarrier == 4) {
                flagsRead[pe] = unit.flags(pe) | (data[pe] ? 1L << pe : 0);
            }
            pc[pe]++;
        }
        queue.add(readEnd, EV_STEP, pe, 0, 0);
    }

    private static int chunks(final int bits, final int perOp) {
        return Math.max(1, (bits + perOp - 1) / perOp);
    }
}
