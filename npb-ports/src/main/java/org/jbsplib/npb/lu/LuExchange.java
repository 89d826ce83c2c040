package org.jbsplib.npb.lu;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.npb.common.SyncTimeline;

/**
 * The communication of LU as BSP supersteps of puts: NPB's {@code exchange_1} (one row and one column of rsd per
 * k-plane of the wavefronts, one put each; a wavefront superstep carries those of its stage's consecutive planes,
 * each at its plane's slot of the receive buffer), {@code exchange_3} (two ghost layers of a field, one superstep),
 * {@code exchange_4..6} (the corner values of the surface integral) and the all-reduce of the norms.
 *
 * <p><b>Threading.</b> Confined to the thread of its BSP process; the methods that sync are collective. With
 * {@code bsp == null} (the serial twin, a 1×1 grid) there are no neighbours, the syncs only count, and the
 * all-reduce returns the process's own values.
 *
 * <p><b>Supersteps.</b> Each superstep's received data is read only after {@link Bsp#commit} of its buffer, right
 * after the sync that ends the superstep of the puts, so the same code is correct under the classic and the
 * relaxed sync. Every process registers the buffers in the same order ({@link #register}).
 *
 * <pre>{@code
 * LuExchange ex = new LuExchange(block, bsp);
 * ex.register();
 * ex.halo(block.u);   // u's ghost layers from the four neighbours
 * }</pre>
 */
final class LuExchange extends LuBlock {
    /** Width of a process's entry in the gather buffer of the reductions. */
    static final int GATHER = 9;

    private final Bsp bsp;
    // communication buffers; registered in this order by every process
    private final double[] recvN;
    private final double[] recvS;
    private final double[] recvW;
    private final double[] recvE;
    private final double[] haloN;
    private final double[] haloS;
    private final double[] haloW;
    private final double[] haloE;
    private final double[] pintS;
    private final double[] pintE;
    private final double[] gather;
    private final double[] send;
    private Reg regN;
    private Reg regS;
    private Reg regW;
    private Reg regE;
    private Reg regHaloN;
    private Reg regHaloS;
    private Reg regHaloW;
    private Reg regHaloE;
    private Reg regPintS;
    private Reg regPintE;
    private Reg regGather;
    private long syncs;
    private SyncTimeline timeline;

    /**
     * @param block  the process's block, whose rsd the wavefront exchanges move
     * @param bsp    the process's BSP context, or {@code null} for the serial twin
     * @param planes the most k-planes one wavefront superstep carries (room for that many rows and columns)
     */
    LuExchange(final LuBlock block, final Bsp bsp, final int planes) {
        super(block);
        this.bsp = bsp;
        recvN = new double[planes * 5 * nyl];
        recvS = new double[planes * 5 * nyl];
        recvW = new double[planes * 5 * nxl];
        recvE = new double[planes * 5 * nxl];
        haloN = new double[2 * 5 * nyl * nz];
        haloS = new double[2 * 5 * nyl * nz];
        haloW = new double[2 * 5 * nxl * nz];
        haloE = new double[2 * 5 * nxl * nz];
        pintS = new double[2 * (nyl + 1) + 2 * nz];
        pintE = new double[2 * nxl + 2 * nz];
        gather = new double[GATHER * dec.nprocs()];
        send = new double[Math.max(Math.max(haloN.length, haloW.length), Math.max(pintS.length, pintE.length))];
    }

    /** Registers the buffers, in the same order on every process, and syncs. Collective. */
    void register() {
        if (bsp != null) {
            regN = bsp.pushReg(recvN);
            regS = bsp.pushReg(recvS);
            regW = bsp.pushReg(recvW);
            regE = bsp.pushReg(recvE);
            regHaloN = bsp.pushReg(haloN);
            regHaloS = bsp.pushReg(haloS);
            regHaloW = bsp.pushReg(haloW);
            regHaloE = bsp.pushReg(haloE);
            regPintS = bsp.pushReg(pintS);
            regPintE = bsp.pushReg(pintE);
            regGather = bsp.pushReg(gather);
        }
        sync();
    }

    /** Records every sync and commit of this process in {@code line} while its recording is started. */
    void recordInto(final SyncTimeline line) {
        timeline = line;
    }

    /** @return the syncs this process has called */
    long syncs() {
        return syncs;
    }

    // ================================================================== exchange_1: the wavefronts

    /**
     * Lower sweep, before the first of a stage's {@code count} planes: makes visible the rows and columns of rsd the
     * north and west neighbours put in the stage before (one put per plane).
     */
    void awaitLower(final int count) {
        if (dec.north() >= 0) {
            await(regN, count);
        }
        if (dec.west() >= 0) {
            await(regW, count);
        }
    }

    /** Lower sweep, before plane k, the stage's plane {@code slot}: reads the row and column received for it. */
    void receiveLower(final int k, final int slot) {
        if (dec.north() >= 0) {
            unpackRow(recvN, slot * 5 * nyl, iLo - 1, k);
        }
        if (dec.west() >= 0) {
            unpackColumn(recvW, slot * 5 * nxl, jLo - 1, k);
        }
    }

    /** Lower sweep, after plane k: puts its last row and column of rsd to the south and east neighbours. */
    void sendLower(final int k, final int slot) {
        if (dec.south() >= 0) {
            put(dec.south(), send, packRow(iHi, k), regN, slot * 5 * nyl);
        }
        if (dec.east() >= 0) {
            put(dec.east(), send, packColumn(jHi, k), regW, slot * 5 * nxl);
        }
    }

    /** Upper sweep, before the first of a stage's {@code count} planes: as {@link #awaitLower}, from south and east. */
    void awaitUpper(final int count) {
        if (dec.south() >= 0) {
            await(regS, count);
        }
        if (dec.east() >= 0) {
            await(regE, count);
        }
    }

    /** Upper sweep, before plane k, the stage's plane {@code slot}: reads the row and column received for it. */
    void receiveUpper(final int k, final int slot) {
        if (dec.south() >= 0) {
            unpackRow(recvS, slot * 5 * nyl, iHi + 1, k);
        }
        if (dec.east() >= 0) {
            unpackColumn(recvE, slot * 5 * nxl, jHi + 1, k);
        }
    }

    /** Upper sweep, after plane k: puts its first row and column of rsd to the north and west neighbours. */
    void sendUpper(final int k, final int slot) {
        if (dec.north() >= 0) {
            put(dec.north(), send, packRow(iLo, k), regS, slot * 5 * nyl);
        }
        if (dec.west() >= 0) {
            put(dec.west(), send, packColumn(jLo, k), regE, slot * 5 * nxl);
        }
    }

    /** Packs rsd of row i, interior j, plane k into {@code send}; @return the length */
    private int packRow(final int i, final int k) {
        int n = 0;
        for (int j = jst; j <= jend; j++) {
            System.arraycopy(rsd, at(i, j, k), send, n, 5);
            n += 5;
        }
        return n;
    }

    private void unpackRow(final double[] buf, final int from, final int i, final int k) {
        int n = from;
        for (int j = jst; j <= jend; j++) {
            System.arraycopy(buf, n, rsd, at(i, j, k), 5);
            n += 5;
        }
    }

    /** Packs rsd of column j, interior i, plane k into {@code send}; @return the length */
    private int packColumn(final int j, final int k) {
        final int n = 5 * (iend - ist + 1);
        System.arraycopy(rsd, at(ist, j, k), send, 0, n);
        return n;
    }

    private void unpackColumn(final double[] buf, final int from, final int j, final int k) {
        System.arraycopy(buf, from, rsd, at(ist, j, k), 5 * (iend - ist + 1));
    }

    // ================================================================== exchange_3: the ghost layers

    /** Exchanges two ghost layers of g with the four neighbours in one superstep (NPB's exchange_3). */
    void halo(final double[] g) {
        if (dec.north() >= 0) {
            put(dec.north(), send, packRows(g, iLo), regHaloS);
        }
        if (dec.south() >= 0) {
            put(dec.south(), send, packRows(g, iHi - 1), regHaloN);
        }
        if (dec.west() >= 0) {
            put(dec.west(), send, packColumns(g, jLo), regHaloE);
        }
        if (dec.east() >= 0) {
            put(dec.east(), send, packColumns(g, jHi - 1), regHaloW);
        }
        sync();
        if (dec.north() >= 0) {
            await(regHaloN, 1);
            unpackRows(haloN, g, iLo - 2);
        }
        if (dec.south() >= 0) {
            await(regHaloS, 1);
            unpackRows(haloS, g, iHi + 1);
        }
        if (dec.west() >= 0) {
            await(regHaloW, 1);
            unpackColumns(haloW, g, jLo - 2);
        }
        if (dec.east() >= 0) {
            await(regHaloE, 1);
            unpackColumns(haloE, g, jHi + 1);
        }
    }

    private int packRows(final double[] g, final int i) {
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = jLo; j <= jHi; j++) {
                System.arraycopy(g, at(i, j, k), send, n, 10);
                n += 10;
            }
        }
        return n;
    }

    private void unpackRows(final double[] buf, final double[] g, final int i) {
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = jLo; j <= jHi; j++) {
                System.arraycopy(buf, n, g, at(i, j, k), 10);
                n += 10;
            }
        }
    }

    private int packColumns(final double[] g, final int j) {
        final int len = 5 * nxl;
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int c = j; c <= j + 1; c++) {
                System.arraycopy(g, at(iLo, c, k), send, n, len);
                n += len;
            }
        }
        return n;
    }

    private void unpackColumns(final double[] buf, final double[] g, final int j) {
        final int len = 5 * nxl;
        int n = 0;
        for (int k = 0; k < nz; k++) {
            for (int c = j; c <= j + 1; c++) {
                System.arraycopy(buf, n, g, at(iLo, c, k), len);
                n += len;
            }
        }
    }

    // ================================================================== exchange_4..6: the surface integral

    /**
     * Brings the corner values of the surface integral one point further south and east, in two supersteps (east
     * to west, then south to north including the just received corner), as NPB's exchange_4, 5 and 6 do. The
     * arrays are {@link LuNorms#pintgr}'s: a1, a2 over (i, j) with rows of nyl + 1, b1, b2 over (i, k) and c1, c2
     * over (j, k) with rows of nk, with room for the ghost points at i = nxl (south) and j = nyl (east).
     * Collective.
     */
    void surfaceGhosts(final double[] a1, final double[] a2, final double[] b1, final double[] b2, final double[] c1,
                       final double[] c2, final int nk) {
        final int w1 = nyl + 1;
        // east to west: column j = 0 of a1, a2 and row j = 0 of c1, c2
        if (dec.west() >= 0) {
            int n = 0;
            for (int i = 0; i < nxl; i++) {
                send[n++] = a1[i * w1];
                send[n++] = a2[i * w1];
            }
            System.arraycopy(c1, 0, send, n, nk);
            System.arraycopy(c2, 0, send, n + nk, nk);
            put(dec.west(), send, n + 2 * nk, regPintE);
        }
        sync();
        if (dec.east() >= 0) {
            await(regPintE, 1);
            int n = 0;
            for (int i = 0; i < nxl; i++) {
                a1[i * w1 + nyl] = pintE[n++];
                a2[i * w1 + nyl] = pintE[n++];
            }
            System.arraycopy(pintE, n, c1, nyl * nk, nk);
            System.arraycopy(pintE, n + nk, c2, nyl * nk, nk);
        }
        // south to north: row i = 0 of a1, a2 (with the east ghost) and of b1, b2
        if (dec.north() >= 0) {
            System.arraycopy(a1, 0, send, 0, w1);
            System.arraycopy(a2, 0, send, w1, w1);
            System.arraycopy(b1, 0, send, 2 * w1, nk);
            System.arraycopy(b2, 0, send, 2 * w1 + nk, nk);
            put(dec.north(), send, 2 * w1 + 2 * nk, regPintS);
        }
        sync();
        if (dec.south() >= 0) {
            await(regPintS, 1);
            System.arraycopy(pintS, 0, a1, nxl * w1, w1);
            System.arraycopy(pintS, w1, a2, nxl * w1, w1);
            System.arraycopy(pintS, 2 * w1, b1, nxl * nk, nk);
            System.arraycopy(pintS, 2 * w1 + nk, b2, nxl * nk, nk);
        }
    }

    // ================================================================== reductions and supersteps

    /**
     * Sums {@code part} over all processes in one superstep: each process puts its values into every other
     * process's gather buffer, and all add the entries in pid order, so every process gets the same sums.
     * Entry 8 is reduced by maximum (the time).
     */
    void allReduce(final double[] part) {
        final int pid = dec.pid();
        final int p = dec.nprocs();
        System.arraycopy(part, 0, gather, pid * GATHER, GATHER);
        for (int q = 0; q < p; q++) {
            if (q != pid) {
                bsp.put(q, part, 0, regGather, pid * GATHER, GATHER);
            }
        }
        sync();
        await(regGather, p - 1);
        for (int m = 0; m < GATHER; m++) {
            double s = m == 8 ? Double.NEGATIVE_INFINITY : 0.0;
            for (int q = 0; q < p; q++) {
                final double x = gather[q * GATHER + m];
                s = m == 8 ? Math.max(s, x) : s + x;
            }
            part[m] = s;
        }
    }

    /** Puts src[0 .. length) at offset 0 of dst on process pid. */
    private void put(final int pid, final double[] src, final int length, final Reg dst) {
        put(pid, src, length, dst, 0);
    }

    /** Puts src[0 .. length) at offset {@code dstOffset} of dst on process pid (buffered: src may change next). */
    private void put(final int pid, final double[] src, final int length, final Reg dst, final int dstOffset) {
        bsp.put(pid, src, 0, dst, dstOffset, length);
    }

    /** Makes the n puts this superstep received into reg visible (see {@link Bsp#commit}). */
    private void await(final Reg reg, final int n) {
        if (bsp != null && n > 0) {
            if (timeline != null) {
                timeline.enterCommit(bsp.pid());
                bsp.commit(reg, n);
                timeline.leaveCommit(bsp.pid());
            } else {
                bsp.commit(reg, n);
            }
        }
    }

    /** Ends the superstep: syncs with every process (only counts for the serial twin). Collective. */
    void sync() {
        syncs++;
        if (bsp != null) {
            if (timeline != null) {
                timeline.enterSync(bsp.pid());
                bsp.sync();
                timeline.leaveSync(bsp.pid());
            } else {
                bsp.sync();
            }
        }
    }
}
