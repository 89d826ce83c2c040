package org.jbsplib.npb.ft;

import java.util.Arrays;

/**
 * One BSP process's share of the FT grid, in the decompositions of NPB's MPI FT, and the computation on it.
 * Communication is left to the caller: each transpose is described as a list of puts ({@link PutSink}).
 *
 * <p>The P processes form a {@code p1 x p2} grid; process {@code pid} sits at {@code a = pid % p1},
 * {@code b = pid / p1}. Three layouts, complex numbers interleaved (re, im), first index slowest:
 * <ul>
 *   <li><em>space</em>, x-pencils {@code [zl][yl][x]}: z in part b of p2, y in part a of p1; the x FFTs and the
 *       checksum;</li>
 *   <li><em>mid</em>, y-pencils {@code [zl][y][xl]}: z in part b of p2, x in part a of p1; the y FFTs;</li>
 *   <li><em>freq</em>, z-pencils {@code [yq][z][xl]}: y in part b of p2, x in part a of p1; the z FFTs and the
 *       evolution.</li>
 * </ul>
 * The x&harr;y transposes are all-to-alls among the p1 processes of a row (same b), the y&harr;z transposes among
 * the p2 processes of a column (same a). With {@code p1 = 1} this is NPB's 1-D slab layout: mid is space itself,
 * the x&harr;y transposes vanish, and one all-to-all remains per 3-D FFT.
 *
 * <p>Lines are gathered a block at a time into a {@link LineFft}; the FFT before a transpose writes its result
 * straight into the destination order (its own part into the next layout, the rest into the send buffer), so that
 * every put is one contiguous run and no separate reordering pass is needed.
 *
 * <p>Confined to its process's thread. Allocation happens only in the constructor, {@link #useLanes} and
 * {@link #planTimes}.
 * <pre>{@code
 * FtPencils part = new FtPencils(ftClass, nprocs, 1, pid, 0);   // slab layout
 * part.initialConditions();
 * part.forwardX();                // then, if p1 > 1: forwardXPuts, sync
 * part.forwardY();
 * part.forwardYPuts(sink);        // then sync: the data lands in every process's freq()
 * part.forwardZ();
 * }</pre>
 */
public final class FtPencils {
    /** Receives one put of a transpose: {@code len} doubles of {@code src} from {@code srcOff} to {@code pid}. */
    @FunctionalInterface
    public interface PutSink {
        void put(int pid, double[] src, int srcOff, int dstOff, int len);
    }

    private final FtClass c;
    private final int p1;
    private final int p2;
    private final int a;
    private final int b;
    private final int nx;
    private final int ny;
    private final int nz;
    private final int nxl;
    private final int nyl;
    private final int nzl;
    private final int nyq;
    private final int x0;
    private final int y0;
    private final int z0;
    private final int yq0;
    private final double[] space;
    private final double[] mid;
    private final double[] freq;
    private final double[] send;
    private LineFft fftX;
    private LineFft fftY;
    private LineFft fftZ;
    private final double[] facX;
    private final double[] facY;
    private final double[] facZ;
    private boolean filled;

    /**
     * @param c      the problem class
     * @param nprocs P, a power of two
     * @param p1     the processes per row of the grid (1 for slabs); see {@link #checkGrid}
     * @param pid    this process, {@code 0 .. P-1}
     * @param lanes  lines per FFT block on every axis (a power of two: blocks tile the power-of-two line counts),
     *               or 0 to choose by line length
     * @throws IllegalArgumentException if the grid does not fit class {@code c}
     */
    public FtPencils(final FtClass c, final int nprocs, final int p1, final int pid, final int lanes) {
        this(c, nprocs, p1, pid, lanes, lanes, lanes);
    }

    /**
     * @param c      the problem class
     * @param nprocs P, a power of two
     * @param p1     the processes per row of the grid (1 for slabs); see {@link #checkGrid}
     * @param pid    this process, {@code 0 .. P-1}
     * @param lanesX lines per FFT block along x (a power of two), or 0 to choose by line length; likewise
     * @param lanesY along y and
     * @param lanesZ along z. The results do not depend on the blocks: each line's arithmetic is the same.
     * @throws IllegalArgumentException if the grid does not fit class {@code c} or a block is not 0 or a power of two
     */
    public FtPencils(final FtClass c, final int nprocs, final int p1, final int pid, final int lanesX,
                     final int lanesY, final int lanesZ) {
        checkGrid(c, nprocs, p1);
        if (pid < 0 || pid >= nprocs) {
            throw new IllegalArgumentException("pid=" + pid + " must be in 0.." + (nprocs - 1));
        }
        checkLanes(lanesX);
        checkLanes(lanesY);
        checkLanes(lanesZ);
        this.c = c;
        this.p1 = p1;
        this.p2 = nprocs / p1;
        a = pid % p1;
        b = pid / p1;
        nx = c.nx();
        ny = c.ny();
        nz = c.nz();
        nxl = nx / p1;
        nyl = ny / p1;
        nzl = nz / p2;
        nyq = ny / p2;
        x0 = a * nxl;
        y0 = a * nyl;
        z0 = b * nzl;
        yq0 = b * nyq;
        space = new double[2 * nzl * nyl * nx];
        mid = p1 == 1 ? space : new double[2 * nzl * ny * nxl];
        freq = new double[2 * nyq * nz * nxl];
        send = new double[nprocs == 1 ? 0 : space.length];
        fftX = newBlock(nx, Math.min(nyl, lanes(nx, lanesX)));
        fftY = newBlock(ny, Math.min(nxl, lanes(ny, lanesY)));
        fftZ = newBlock(nz, Math.min(nxl, lanes(nz, lanesZ)));
        facX = new double[nx];
        facY = new double[ny];
        facZ = new double[nz];
    }

    private static void checkLanes(final int lanes) {
        if (lanes < 0 || lanes > 0 && Integer.bitCount(lanes) != 1) {
            throw new IllegalArgumentException("lanes=" + lanes + " must be a power of two, or 0 to choose by line "
                + "length");
        }
    }

    /** @return the lines per FFT block in use along x, y and z (bounded by the lines each axis has) */
    public int[] lanesInUse() {
        return new int[] {fftX.lanes(), fftY.lanes(), fftZ.lanes()};
    }

    /**
     * Switches the FFT blocks to {@code lanesX, lanesY, lanesZ} lines (each 0 or a power of two, as in the
     * constructor); allocates new blocks only where the size changes. Results do not depend on the blocks.
     */
    public void useLanes(final int lanesX, final int lanesY, final int lanesZ) {
        checkLanes(lanesX);
        checkLanes(lanesY);
        checkLanes(lanesZ);
        fftX = block(fftX, Math.min(nyl, lanes(nx, lanesX)));
        fftY = block(fftY, Math.min(nxl, lanes(ny, lanesY)));
        fftZ = block(fftZ, Math.min(nxl, lanes(nz, lanesZ)));
    }

    private static LineFft block(final LineFft now, final int lanes) {
        return now.lanes() == lanes ? now : newBlock(now.n(), lanes);
    }

    /**
     * @return a block of {@code lanes} lines of length {@code n}, its rows padded by 4 doubles from 8 lines up:
     *     with a power-of-two row stride the four inputs and four outputs of a radix-4 butterfly lie a multiple of
     *     4 KiB apart and share L1 sets (measured: {@code LineFft.transform} on 32 lines of 256 points, 3.1-4.3 us
     *     per line with stride 32, 1.5-1.6 with stride 36; 16 lines 1.8-2.5 against 1.6 with stride 20)
     */
    static LineFft newBlock(final int n, final int lanes) {
        return new LineFft(n, lanes, lanes >= 8 ? lanes + 4 : lanes);
    }

    /** The block sizes the planner tries, each bounded by the lines an axis has. */
    public static final int[] PLAN_CANDIDATES = {4, 8, 16, 32, 64};

    /**
     * The planner's measurement: for each axis and each candidate block of {@link #PLAN_CANDIDATES}, the least
     * time over {@code rounds} rounds (candidates interleaved within a round) of the block FFT the timed section
     * runs on that axis (gather, transform, scatter: x as {@link #forwardX}, y as {@link #forwardY}, z as
     * {@link #evolveInverseZ}) on the first {@code lines} lines of this process's real arrays (bounded by the
     * lines the axis has). Call it before {@link #initialConditions}: the arrays hold zeros then, the FFT of zeros
     * is zeros, and the initial conditions and transposes overwrite every value anyway; the evolution factors are
     * left as they were (zeros until the first {@link #evolveInverseZ}). Leaves the blocks as they were.
     *
     * @param lines  lines timed per axis and candidate, {@code >= 1}
     * @param rounds rounds, {@code >= 1}
     * @throws IllegalStateException after {@link #initialConditions} (the passes would overwrite data)
     * @return nanoseconds, {@code [axis][candidate]} with axis 0 = x, 1 = y, 2 = z; a candidate above the
     *     lines of an axis times the axis's whole line count as its block (the same block as the largest that fits)
     */
    public long[][] planTimes(final int lines, final int rounds) {
        if (lines < 1 || rounds < 1) {
            throw new IllegalArgumentException("planTimes: lines=" + lines + " and rounds=" + rounds
                + " must be >= 1");
        }
        if (filled) {
            throw new IllegalStateException("planTimes: after initialConditions the passes would overwrite data");
        }
        final LineFft keepX = fftX;
        final LineFft keepY = fftY;
        final LineFft keepZ = fftZ;
        final int k = PLAN_CANDIDATES.length;
        final LineFft[][] blocks = new LineFft[3][k];
        for (int i = 0; i < k; i++) {
            blocks[0][i] = block(keepX, Math.min(nyl, PLAN_CANDIDATES[i]));
            blocks[1][i] = block(keepY, Math.min(nxl, PLAN_CANDIDATES[i]));
            blocks[2][i] = block(keepZ, Math.min(nxl, PLAN_CANDIDATES[i]));
        }
        final long[][] best = new long[3][k];
        for (final long[] row : best) {
            Arrays.fill(row, Long.MAX_VALUE);
        }
        try {
            for (int r = 0; r < rounds; r++) {
                for (int axis = 0; axis < 3; axis++) {
                    for (int i = 0; i < k; i++) {
                        final long t0 = System.nanoTime();
                        planPass(axis, blocks[axis][i], lines);
                        best[axis][i] = Math.min(best[axis][i], System.nanoTime() - t0);
                    }
                }
            }
        } finally {
            fftX = keepX;
            fftY = keepY;
            fftZ = keepZ;
        }
        return best;
    }

    /** One timed pass of the planner: the first {@code lines} lines (whole blocks) of an axis, block {@code fft}. */
    private void planPass(final int axis, final LineFft fft, final int lines) {
        final int count = fft.lanes();
        int done = 0;
        if (axis == 0) {
            fftX = fft;
            for (int zl = 0; zl < nzl && done < lines; zl++) {
                for (int yl = 0; yl < nyl && done < lines; yl += count, done += count) {
                    gatherRows((zl * nyl + yl) * nx, count);
                    fftX.transform(LineFft.FORWARD, count);
                    scatterXToMid(zl, yl, count);
                }
            }
        } else if (axis == 1) {
            fftY = fft;
            for (int zl = 0; zl < nzl && done < lines; zl++) {
                for (int xl = 0; xl < nxl && done < lines; xl += count, done += count) {
                    gatherColumns(mid, zl * ny * nxl + xl, nxl, fftY, count);
                    fftY.transform(LineFft.FORWARD, count);
                    scatterYToFreq(zl, xl, count);
                }
            }
        } else {
            fftZ = fft;
            for (int yq = 0; yq < nyq && done < lines; yq++) {
                for (int xl = 0; xl < nxl && done < lines; xl += count, done += count) {
                    gatherEvolved(yq, xl, count);
                    fftZ.transform(LineFft.INVERSE, count);
                    scatterZToMid(yq, xl, count);
                }
            }
        }
    }

    /**
     * Checks that a {@code p1 x (nprocs/p1)} grid of processes can share class {@code c}: P and p1 powers of two,
     * p1 dividing nx and ny, P/p1 dividing ny and nz.
     *
     * @throws IllegalArgumentException naming P, p1 and the class otherwise
     */
    public static void checkGrid(final FtClass c, final int nprocs, final int p1) {
        if (nprocs < 1 || Integer.bitCount(nprocs) != 1) {
            throw new IllegalArgumentException("procs=" + nprocs + ": FT runs on a power of two of processes");
        }
        if (p1 < 1 || Integer.bitCount(p1) != 1 || p1 > nprocs) {
            throw new IllegalArgumentException("p1=" + p1 + " must be a power of two from 1 to procs=" + nprocs);
        }
        final int p2 = nprocs / p1;
        if (p1 > c.nx() || p1 > c.ny() || p2 > c.ny() || p2 > c.nz()) {
            throw new IllegalArgumentException("procs=" + nprocs + " as a " + p1 + "x" + p2 + " grid does not fit FT"
                + " class " + c.name() + " (" + c.size() + "): needs " + p1 + " <= min(nx, ny) and " + p2
                + " <= min(ny, nz)");
        }
    }

    /**
     * @param layout {@code 1d} (slabs), {@code 2d} (pencils) or {@code auto} (slabs while P fits, else pencils)
     * @return p1, the processes per grid row, for {@code nprocs} processes on class {@code c}
     * @throws IllegalArgumentException naming the layout or the process count when no grid fits
     */
    public static int rowSize(final FtClass c, final int nprocs, final String layout) {
        final int pencilRow = 1 << (Integer.numberOfTrailingZeros(Math.max(1, Integer.highestOneBit(nprocs))) / 2);
        final int p1;
        switch (layout) {
            case "1d" -> p1 = 1;
            case "2d" -> p1 = pencilRow;
            case "auto" -> p1 = nprocs <= Math.min(c.ny(), c.nz()) ? 1 : pencilRow;
            default -> throw new IllegalArgumentException(FtKernel.LAYOUT + "=" + layout
                + " must be 1d (slabs), 2d (pencils) or auto");
        }
        checkGrid(c, nprocs, p1);
        return p1;
    }

    /** @return the lines per FFT block for lines of length {@code n}: {@code lanes}, or by length when 0 */
    static int lanes(final int n, final int lanes) {
        if (lanes > 0) {
            return lanes;
        }
        // about 4K complex numbers per block buffer: the FFT's four buffers (128 KiB) stay in L2 (measured on
        // class A: 16 lanes of 256 beat 32 lanes by a quarter)
        return Math.max(8, Math.min(64, 4096 / n));
    }

    /** @return p1, the processes per grid row */
    public int p1() {
        return p1;
    }

    /** @return p2, the processes per grid column */
    public int p2() {
        return p2;
    }

    /** @return the x-pencils {@code [zl][yl][x]}, the destination of the y-to-x transpose */
    public double[] space() {
        return space;
    }

    /** @return the y-pencils {@code [zl][y][xl]} (space itself when p1 = 1), destination of x-to-y and z-to-y */
    public double[] mid() {
        return mid;
    }

    /** @return the z-pencils {@code [yq][z][xl]}, the destination of the y-to-z transpose */
    public double[] freq() {
        return freq;
    }

    /** Fills space with the initial conditions: NPB's random stream in global {@code [z][y][x]} order. */
    public void initialConditions() {
        filled = true;
        for (int zl = 0; zl < nzl; zl++) {
            for (int yl = 0; yl < nyl; yl++) {
                final long g = ((long) (z0 + zl) * ny + y0 + yl) * nx;
                final long start = Randlc.next(Randlc.SEED, Randlc.pow(Randlc.A, 2 * g));
                Randlc.vranlc(2 * nx, start, Randlc.A, space, 2 * (zl * nyl + yl) * nx);
            }
        }
    }

    /** Forward FFTs along x in space; the result goes to mid (own columns) and the send buffer. */
    public void forwardX() {
        final int count = fftX.lanes();
        for (int zl = 0; zl < nzl; zl++) {
            planeX(zl, count, true);
        }
    }

    // The axes' FFTs are called one block of lines at a time, forward and inverse in one method per axis (blockX
    // and below), from one method per plane (planeX and below): the JIT compiles a block's method, its gather, FFT
    // and scatter inlined, during the warm-up (thousands of calls per run, both directions profiled). A plane's
    // method, called a few hundred times per run, and a driver, a few times, reach C2's thresholds only runs later,
    // inside the timed runs; they then compile little, since C2 does not inline a method already compiled big.
    // (The drivers looping over all blocks themselves compiled the whole axis, 0.05-0.13 s, in the 5th timed run.)
    private void planeX(final int zl, final int count, final boolean forward) {
        for (int yl = 0; yl < nyl; yl += count) {
            blockX(zl, yl, count, forward);
        }
    }

    private void blockX(final int zl, final int yl, final int count, final boolean forward) {
        final int base = (zl * nyl + yl) * nx;
        gatherRows(base, count);
        fftX.transform(forward ? LineFft.FORWARD : LineFft.INVERSE, count);
        if (forward) {
            scatterXToMid(zl, yl, count);
        } else {
            scatterRows(base, count);
        }
    }

    /** Issues the x-to-y transpose's puts into the row's mid (none when p1 = 1). */
    public void forwardXPuts(final PutSink sink) {
        final int run = 2 * nyl * nxl;
        for (int d = 1; d < p1; d++) {
            final int ar = (a + d) % p1;
            for (int zl = 0; zl < nzl; zl++) {
                sink.put(b * p1 + ar, send, run * (ar * nzl + zl), 2 * (zl * ny + y0) * nxl, run);
            }
        }
    }

    /** @return how many puts each process's mid receives in the x-to-y transpose */
    public int forwardXPutCount() {
        return (p1 - 1) * nzl;
    }

    /** Forward FFTs along y in mid; the result goes to freq (own rows) and the send buffer. */
    public void forwardY() {
        final int count = fftY.lanes();
        for (int zl = 0; zl < nzl; zl++) {
            planeY(zl, count, true);
        }
    }

    private void planeY(final int zl, final int count, final boolean forward) {
        for (int xl = 0; xl < nxl; xl += count) {
            blockY(zl, xl, count, forward);
        }
    }

    private void blockY(final int zl, final int xl, final int count, final boolean forward) {
        gatherColumns(mid, zl * ny * nxl + xl, nxl, fftY, count);
        fftY.transform(forward ? LineFft.FORWARD : LineFft.INVERSE, count);
        if (forward) {
            scatterYToFreq(zl, xl, count);
        } else {
            scatterYToSpace(zl, xl, count);
        }
    }

    /** Issues the y-to-z transpose's puts into the column's freq. */
    public void forwardYPuts(final PutSink sink) {
        final int run = 2 * nzl * nxl;
        for (int d = 1; d < p2; d++) {
            final int br = (b + d) % p2;
            for (int yq = 0; yq < nyq; yq++) {
                sink.put(br * p1 + a, send, run * (br * nyq + yq), 2 * (yq * nz + z0) * nxl, run);
            }
        }
    }

    /** @return how many puts each process's freq receives in the y-to-z transpose */
    public int forwardYPutCount() {
        return (p2 - 1) * nyq;
    }

    /** Forward FFTs along z in freq, after the y-to-z transpose has landed. */
    public void forwardZ() {
        final int count = fftZ.lanes();
        for (int yq = 0; yq < nyq; yq++) {
            planeZ(yq, count, true);
        }
    }

    /** Forward: z FFTs in freq, in place; inverse: evolved freq's z FFTs into mid and the send buffer. */
    private void planeZ(final int yq, final int count, final boolean forward) {
        for (int xl = 0; xl < nxl; xl += count) {
            blockZ(yq, xl, count, forward);
        }
    }

    private void blockZ(final int yq, final int xl, final int count, final boolean forward) {
        if (forward) {
            gatherColumns(freq, yq * nz * nxl + xl, nxl, fftZ, count);
        } else {
            gatherEvolved(yq, xl, count);
        }
        fftZ.transform(forward ? LineFft.FORWARD : LineFft.INVERSE, count);
        if (forward) {
            scatterColumns(freq, yq * nz * nxl + xl, nxl, fftZ, count);
        } else {
            scatterZToMid(yq, xl, count);
        }
    }

    /**
     * Evolves freq to time step {@code t} (freq itself is left unchanged) and does the inverse z FFTs; the result
     * goes to mid (own planes) and the send buffer.
     *
     * @param t the time step, {@code >= 1}
     */
    public void evolveInverseZ(final int t) {
        factors(facX, t);
        factors(facY, t);
        factors(facZ, t);
        final int count = fftZ.lanes();
        for (int yq = 0; yq < nyq; yq++) {
            planeZ(yq, count, false);
        }
    }

    /** Issues the z-to-y transpose's puts into the column's mid. */
    public void inverseZPuts(final PutSink sink) {
        final int run = 2 * nyq * nxl;
        for (int d = 1; d < p2; d++) {
            final int br = (b + d) % p2;
            for (int zl = 0; zl < nzl; zl++) {
                sink.put(br * p1 + a, send, run * (br * nzl + zl), 2 * (zl * ny + yq0) * nxl, run);
            }
        }
    }

    /** @return how many puts each process's mid receives in the z-to-y transpose */
    public int inverseZPutCount() {
        return (p2 - 1) * nzl;
    }

    /** Inverse FFTs along y in mid; the result goes to space (own rows) and the send buffer. */
    public void inverseY() {
        final int count = fftY.lanes();
        for (int zl = 0; zl < nzl; zl++) {
            planeY(zl, count, false);
        }
    }

    /** Issues the y-to-x transpose's puts into the row's space (none when p1 = 1). */
    public void inverseYPuts(final PutSink sink) {
        final int run = 2 * nxl;
        for (int d = 1; d < p1; d++) {
            final int ar = (a + d) % p1;
            for (int zl = 0; zl < nzl; zl++) {
                for (int yl = 0; yl < nyl; yl++) {
                    sink.put(b * p1 + ar, send, run * ((ar * nzl + zl) * nyl + yl), 2 * ((zl * nyl + yl) * nx + x0),
                        run);
                }
            }
        }
    }

    /** @return how many puts each process's space receives in the y-to-x transpose */
    public int inverseYPutCount() {
        return (p1 - 1) * nzl * nyl;
    }

    /** Inverse FFTs along x in space, in place. */
    public void inverseX() {
        final int count = fftX.lanes();
        for (int zl = 0; zl < nzl; zl++) {
            planeX(zl, count, false);
        }
    }

    /**
     * Writes this process's part of NPB's checksum (the sum of the 1024 sample points in its share of space, not
     * yet divided by N) into {@code out[offset]} (real) and {@code out[offset + 1]} (imaginary).
     */
    public void partialChecksum(final double[] out, final int offset) {
        double re = 0;
        double im = 0;
        for (int j = 1; j <= 1024; j++) {
            final int zl = 5 * j % nz - z0;
            final int yl = 3 * j % ny - y0;
            if (zl >= 0 && zl < nzl && yl >= 0 && yl < nyl) {
                final int g = 2 * ((zl * nyl + yl) * nx + j % nx);
                re += space[g];
                im += space[g + 1];
            }
        }
        out[offset] = re;
        out[offset + 1] = im;
    }

    private void factors(final double[] f, final int t) {
        final double ap = -4 * c.alpha() * Math.PI * Math.PI;
        final int n = f.length;
        for (int i = 0; i < n; i++) {
            final int k = (i + n / 2) % n - n / 2;
            f[i] = Math.exp(ap * t * k * k);
        }
    }

    private void gatherRows(final int base, final int count) {
        final double[] re = fftX.re();
        final double[] im = fftX.im();
        final int step = fftX.stride();
        for (int l = 0; l < count; l++) {
            final int s = 2 * (base + l * nx);
            for (int i = 0; i < nx; i++) {
                re[i * step + l] = space[s + 2 * i];
                im[i * step + l] = space[s + 2 * i + 1];
            }
        }
    }

    private void scatterRows(final int base, final int count) {
        final double[] re = fftX.resultRe();
        final double[] im = fftX.resultIm();
        final int step = fftX.stride();
        for (int l = 0; l < count; l++) {
            final int d = 2 * (base + l * nx);
            for (int i = 0; i < nx; i++) {
                space[d + 2 * i] = re[i * step + l];
                space[d + 2 * i + 1] = im[i * step + l];
            }
        }
    }

    /** Row yl+l, column x = ar*nxl + xl goes to mid {@code [zl][y0+yl+l][xl]} if ar is ours, else to send. */
    private void scatterXToMid(final int zl, final int yl, final int count) {
        final double[] re = fftX.resultRe();
        final double[] im = fftX.resultIm();
        final int step = fftX.stride();
        for (int l = 0; l < count; l++) {
            for (int ar = 0; ar < p1; ar++) {
                final double[] dst = ar == a ? mid : send;
                final int d = 2 * (ar == a ? (zl * ny + y0 + yl + l) * nxl : ((ar * nzl + zl) * nyl + yl + l) * nxl);
                final int s = ar * nxl * step + l;
                for (int xl = 0; xl < nxl; xl++) {
                    dst[d + 2 * xl] = re[s + xl * step];
                    dst[d + 2 * xl + 1] = im[s + xl * step];
                }
            }
        }
    }

    /** Gathers {@code count} adjacent lines, element i of line l at {@code src[base + i * stride + l]}. */
    private static void gatherColumns(final double[] src, final int base, final int stride, final LineFft fft,
                                      final int count) {
        final double[] re = fft.re();
        final double[] im = fft.im();
        final int step = fft.stride();
        for (int i = 0; i < fft.n(); i++) {
            final int s = 2 * (base + i * stride);
            final int d = i * step;
            for (int l = 0; l < count; l++) {
                re[d + l] = src[s + 2 * l];
                im[d + l] = src[s + 2 * l + 1];
            }
        }
    }

    private static void scatterColumns(final double[] dst, final int base, final int stride, final LineFft fft,
                                       final int count) {
        final double[] re = fft.resultRe();
        final double[] im = fft.resultIm();
        final int step = fft.stride();
        for (int i = 0; i < fft.n(); i++) {
            store(dst, 2 * (base + i * stride), re, im, i * step, count);
        }
    }

    private static void store(final double[] dst, final int d, final double[] re, final double[] im, final int s,
                              final int count) {
        for (int l = 0; l < count; l++) {
            dst[d + 2 * l] = re[s + l];
            dst[d + 2 * l + 1] = im[s + l];
        }
    }

    /** Element (xl, y, zl) goes to freq {@code [y-yq0][z0+zl][xl]} if y is ours, else to send {@code [y][zl][xl]}. */
    private void scatterYToFreq(final int zl, final int xl, final int count) {
        final double[] re = fftY.resultRe();
        final double[] im = fftY.resultIm();
        final int step = fftY.stride();
        for (int y = 0; y < ny; y++) {
            final int yq = y - yq0;
            if (yq >= 0 && yq < nyq) {
                store(freq, 2 * ((yq * nz + z0 + zl) * nxl + xl), re, im, y * step, count);
            } else {
                store(send, 2 * ((y * nzl + zl) * nxl + xl), re, im, y * step, count);
            }
        }
    }

    /** Element (xl, yq, z) goes to mid {@code [z-z0][yq0+yq][xl]} if z is ours, else to send {@code [z][yq][xl]}. */
    private void scatterZToMid(final int yq, final int xl, final int count) {
        final double[] re = fftZ.resultRe();
        final double[] im = fftZ.resultIm();
        final int step = fftZ.stride();
        for (int z = 0; z < nz; z++) {
            final int zl = z - z0;
            if (zl >= 0 && zl < nzl) {
                store(mid, 2 * ((zl * ny + yq0 + yq) * nxl + xl), re, im, z * step, count);
            } else {
                store(send, 2 * ((z * nyq + yq) * nxl + xl), re, im, z * step, count);
            }
        }
    }

    /**
     * Element (xl, y, zl) goes to space {@code [zl][y-y0][x0+xl]} if y is ours, else to send
     * {@code [y/nyl][zl][y%nyl][xl]}. With p1 = 1 this writes mid (which is space) in place.
     */
    private void scatterYToSpace(final int zl, final int xl, final int count) {
        final double[] re = fftY.resultRe();
        final double[] im = fftY.resultIm();
        final int step = fftY.stride();
        for (int y = 0; y < ny; y++) {
            final int ar = y / nyl;
            final int yl = y - ar * nyl;
            if (ar == a) {
                store(space, 2 * ((zl * nyl + yl) * nx + x0 + xl), re, im, y * step, count);
            } else {
                store(send, 2 * (((ar * nzl + zl) * nyl + yl) * nxl + xl), re, im, y * step, count);
            }
        }
    }

    private void gatherEvolved(final int yq, final int xl, final int count) {
        final double[] re = fftZ.re();
        final double[] im = fftZ.im();
        final int step = fftZ.stride();
        final double fy = facY[yq0 + yq];
        for (int z = 0; z < nz; z++) {
            final double fyz = fy * facZ[z];
            final int s = 2 * ((yq * nz + z) * nxl + xl);
            final int d = z * step;
            for (int l = 0; l < count; l++) {
                final double f = fyz * facX[x0 + xl + l];
                re[d + l] = freq[s + 2 * l] * f;
                im[d + l] = freq[s + 2 * l + 1] * f;
            }
        }
    }
}
