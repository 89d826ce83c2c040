package org.jbsplib.npb.ft;

/**
 * One BSP process's share of the FT grid in the 1-D (slab) decomposition of NPB's MPI FT, and the computation on
 * it. Communication is left to the caller: the transposes are described as lists of puts ({@link PutSink}).
 *
 * <p>Two layouts, both complex numbers interleaved (re, im) with x fastest:
 * <ul>
 *   <li><em>space</em> {@code [zl][y][x]}: planes {@code z0 .. z0+nz/P-1}; the x and y FFTs, the checksum;</li>
 *   <li><em>freq</em> {@code [yl][z][x]}: rows {@code y0 .. y0+ny/P-1} for every z; the z FFT, the evolution.</li>
 * </ul>
 * The forward 3-D FFT does x and y in space, transposes into freq (one all-to-all), then z. Each iteration
 * evolves freq into the z FFT's input (the PDE's exact solution factor, computed per axis), does the inverse z
 * FFT, transposes into space (one all-to-all), then y and x. Lines are gathered a block at a time into a
 * {@link LineFft}; the FFT before a transpose writes its result straight into the destination order: its own
 * part into the other layout, the rest into the send buffer, arranged so that every put is one contiguous run.
 *
 * <p>Confined to its process's thread. Allocation happens only in the constructor.
 * <pre>{@code
 * FtSlab slab = new FtSlab(ftClass, nprocs, pid, 0);
 * slab.initialConditions();
 * slab.forwardXY();
 * slab.forwardPuts(sink);   // then sync: the data lands in every process's freq()
 * slab.forwardZ();
 * }</pre>
 */
public final class FtSlab {
    /** Receives one put of a transpose: {@code len} doubles of {@code src} from {@code srcOff} to {@code pid}. */
    @FunctionalInterface
    public interface PutSink {
        void put(int pid, double[] src, int srcOff, int dstOff, int len);
    }

    private final FtClass c;
    private final int nprocs;
    private final int pid;
    private final int nx;
    private final int ny;
    private final int nz;
    private final int nzl;
    private final int nyl;
    private final int z0;
    private final int y0;
    private final double[] space;
    private final double[] freq;
    private final double[] send;
    private final LineFft fftX;
    private final LineFft fftY;
    private final LineFft fftZ;
    private final double[] facX;
    private final double[] facY;
    private final double[] facZ;

    /**
     * @param c      the problem class
     * @param nprocs P, a power of two dividing both ny and nz
     * @param pid    this process, {@code 0 .. P-1}
     * @param lanes  lines per FFT block, or 0 to choose by line length
     * @throws IllegalArgumentException if P does not fit the slab decomposition of {@code c}
     */
    public FtSlab(final FtClass c, final int nprocs, final int pid, final int lanes) {
        checkProcs(c, nprocs);
        if (pid < 0 || pid >= nprocs) {
            throw new IllegalArgumentException("pid=" + pid + " must be in 0.." + (nprocs - 1));
        }
        if (lanes < 0) {
            throw new IllegalArgumentException("lanes=" + lanes + " must be >= 0 (0: choose by line length)");
        }
        this.c = c;
        this.nprocs = nprocs;
        this.pid = pid;
        nx = c.nx();
        ny = c.ny();
        nz = c.nz();
        nzl = nz / nprocs;
        nyl = ny / nprocs;
        z0 = pid * nzl;
        y0 = pid * nyl;
        space = new double[2 * nzl * ny * nx];
        freq = new double[2 * nyl * nz * nx];
        send = new double[nprocs == 1 ? 0 : space.length];
        fftX = new LineFft(nx, Math.min(ny, lanes(nx, lanes)));
        fftY = new LineFft(ny, Math.min(nx, lanes(ny, lanes)));
        fftZ = new LineFft(nz, Math.min(nx, lanes(nz, lanes)));
        facX = new double[nx];
        facY = new double[ny];
        facZ = new double[nz];
    }

    /**
     * Checks that {@code nprocs} processes can share class {@code c} in slabs.
     *
     * @throws IllegalArgumentException naming P and the class otherwise
     */
    public static void checkProcs(final FtClass c, final int nprocs) {
        if (nprocs < 1 || Integer.bitCount(nprocs) != 1) {
            throw new IllegalArgumentException("procs=" + nprocs + ": FT runs on a power of two of processes");
        }
        if (nprocs > c.nz() || nprocs > c.ny()) {
            throw new IllegalArgumentException("procs=" + nprocs + " exceeds the slab decomposition of FT class "
                + c.name() + " (" + c.size() + "): at most min(ny, nz)=" + Math.min(c.ny(), c.nz())
                + " processes");
        }
    }

    private static int lanes(final int n, final int lanes) {
        if (lanes > 0) {
            return lanes;
        }
        // about 4K complex numbers per block buffer: the FFT's four buffers (128 KiB) stay in L2 (measured on
        // class A: 16 lanes of 256 beat 32 lanes by a quarter)
        return Math.max(8, Math.min(64, 4096 / n));
    }

    /** @return the space layout {@code [zl][y][x]}, the destination of the inverse transpose's puts */
    public double[] space() {
        return space;
    }

    /** @return the freq layout {@code [yl][z][x]}, the destination of the forward transpose's puts */
    public double[] freq() {
        return freq;
    }

    /** Fills space with the initial conditions: NPB's random stream in global {@code [z][y][x]} order. */
    public void initialConditions() {
        final long skip = 2L * nx * ny * z0;
        final long start = Randlc.next(Randlc.SEED, Randlc.pow(Randlc.A, skip));
        Randlc.vranlc(space.length, start, Randlc.A, space, 0);
    }

    /** Forward FFTs along x and y in space; the result goes to freq (own rows) and the send buffer. */
    public void forwardXY() {
        final int count = fftY.lanes();
        for (int zl = 0; zl < nzl; zl++) {
            // plane by plane, so that the y FFTs find the x FFTs' output still in cache
            xFfts(zl, LineFft.FORWARD);
            for (int x = 0; x < nx; x += count) {
                gatherColumns(space, zl * ny * nx + x, nx, fftY, count);
                fftY.transform(LineFft.FORWARD, count);
                scatterYToFreq(zl, x, count);
            }
        }
    }

    /** Issues the forward transpose's puts: into every other process's {@link #freq()}. */
    public void forwardPuts(final PutSink sink) {
        final int run = 2 * nzl * nx;
        for (int d = 1; d < nprocs; d++) {
            final int q = (pid + d) % nprocs;
            for (int yl = 0; yl < nyl; yl++) {
                sink.put(q, send, run * (q * nyl + yl), 2 * (yl * nz + z0) * nx, run);
            }
        }
    }

    /** @return how many puts each process's freq receives in the forward transpose */
    public int forwardPutCount() {
        return (nprocs - 1) * nyl;
    }

    /** Forward FFTs along z in freq, after the forward transpose has landed. */
    public void forwardZ() {
        final int count = fftZ.lanes();
        for (int yl = 0; yl < nyl; yl++) {
            for (int x = 0; x < nx; x += count) {
                gatherColumns(freq, yl * nz * nx + x, nx, fftZ, count);
                fftZ.transform(LineFft.FORWARD, count);
                scatterColumns(freq, yl * nz * nx + x, nx, fftZ, count);
            }
        }
    }

    /**
     * Evolves freq to time step {@code t} (freq itself is left unchanged) and does the inverse z FFTs; the result
     * goes to space (own planes) and the send buffer.
     *
     * @param t the time step, {@code >= 1}
     */
    public void evolveInverseZ(final int t) {
        factors(facX, t);
        factors(facY, t);
        factors(facZ, t);
        final int count = fftZ.lanes();
        for (int yl = 0; yl < nyl; yl++) {
            for (int x = 0; x < nx; x += count) {
                gatherEvolved(yl, x, count);
                fftZ.transform(LineFft.INVERSE, count);
                scatterZToSpace(yl, x, count);
            }
        }
    }

    /** Issues the inverse transpose's puts: into every other process's {@link #space()}. */
    public void inversePuts(final PutSink sink) {
        final int run = 2 * nyl * nx;
        for (int d = 1; d < nprocs; d++) {
            final int q = (pid + d) % nprocs;
            for (int zl = 0; zl < nzl; zl++) {
                sink.put(q, send, run * (q * nzl + zl), 2 * (zl * ny + y0) * nx, run);
            }
        }
    }

    /** @return how many puts each process's space receives in the inverse transpose */
    public int inversePutCount() {
        return (nprocs - 1) * nzl;
    }

    /** Inverse FFTs along y and x in space, after the inverse transpose has landed. */
    public void inverseYX() {
        final int count = fftY.lanes();
        for (int zl = 0; zl < nzl; zl++) {
            for (int x = 0; x < nx; x += count) {
                gatherColumns(space, zl * ny * nx + x, nx, fftY, count);
                fftY.transform(LineFft.INVERSE, count);
                scatterColumns(space, zl * ny * nx + x, nx, fftY, count);
            }
            xFfts(zl, LineFft.INVERSE);
        }
    }

    /**
     * Writes this process's part of NPB's checksum (the sum of the 1024 sample points in its planes, not yet
     * divided by N) into {@code out[offset]} (real) and {@code out[offset + 1]} (imaginary).
     */
    public void partialChecksum(final double[] out, final int offset) {
        double re = 0;
        double im = 0;
        for (int j = 1; j <= 1024; j++) {
            final int z = 5 * j % nz;
            if (z >= z0 && z < z0 + nzl) {
                final int g = 2 * (((z - z0) * ny + 3 * j % ny) * nx + j % nx);
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

    private void xFfts(final int zl, final int sign) {
        final int count = fftX.lanes();
        for (int y = 0; y < ny; y += count) {
            final int base = (zl * ny + y) * nx;
            gatherRows(base, count);
            fftX.transform(sign, count);
            scatterRows(base, count);
        }
    }

    private void gatherRows(final int base, final int count) {
        final double[] re = fftX.re();
        final double[] im = fftX.im();
        final int lanes = fftX.lanes();
        for (int l = 0; l < count; l++) {
            final int s = 2 * (base + l * nx);
            for (int i = 0; i < nx; i++) {
                re[i * lanes + l] = space[s + 2 * i];
                im[i * lanes + l] = space[s + 2 * i + 1];
            }
        }
    }

    private void scatterRows(final int base, final int count) {
        final double[] re = fftX.resultRe();
        final double[] im = fftX.resultIm();
        final int lanes = fftX.lanes();
        for (int l = 0; l < count; l++) {
            final int d = 2 * (base + l * nx);
            for (int i = 0; i < nx; i++) {
                space[d + 2 * i] = re[i * lanes + l];
                space[d + 2 * i + 1] = im[i * lanes + l];
            }
        }
    }

    /** Gathers {@code count} adjacent lines, element i of line l at {@code src[base + i * stride + l]}. */
    private static void gatherColumns(final double[] src, final int base, final int stride, final LineFft fft,
                                      final int count) {
        final double[] re = fft.re();
        final double[] im = fft.im();
        final int lanes = fft.lanes();
        for (int i = 0; i < fft.n(); i++) {
            final int s = 2 * (base + i * stride);
            final int d = i * lanes;
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
        final int lanes = fft.lanes();
        for (int i = 0; i < fft.n(); i++) {
            store(dst, 2 * (base + i * stride), re, im, i * lanes, count);
        }
    }

    private static void store(final double[] dst, final int d, final double[] re, final double[] im, final int s,
                              final int count) {
        for (int l = 0; l < count; l++) {
            dst[d + 2 * l] = re[s + l];
            dst[d + 2 * l + 1] = im[s + l];
        }
    }

    /** Element (x, y, zl) goes to freq {@code [y-y0][z0+zl][x]} if y is ours, else to send {@code [y][zl][x]}. */
    private void scatterYToFreq(final int zl, final int x, final int count) {
        final double[] re = fftY.resultRe();
        final double[] im = fftY.resultIm();
        final int lanes = fftY.lanes();
        for (int y = 0; y < ny; y++) {
            final int yl = y - y0;
            if (yl >= 0 && yl < nyl) {
                store(freq, 2 * ((yl * nz + z0 + zl) * nx + x), re, im, y * lanes, count);
            } else {
                store(send, 2 * ((y * nzl + zl) * nx + x), re, im, y * lanes, count);
            }
        }
    }

    /** Element (x, yl, z) goes to space {@code [z-z0][y0+yl][x]} if z is ours, else to send {@code [z][yl][x]}. */
    private void scatterZToSpace(final int yl, final int x, final int count) {
        final double[] re = fftZ.resultRe();
        final double[] im = fftZ.resultIm();
        final int lanes = fftZ.lanes();
        for (int z = 0; z < nz; z++) {
            final int zl = z - z0;
            if (zl >= 0 && zl < nzl) {
                store(space, 2 * ((zl * ny + y0 + yl) * nx + x), re, im, z * lanes, count);
            } else {
                store(send, 2 * ((z * nyl + yl) * nx + x), re, im, z * lanes, count);
            }
        }
    }

    private void gatherEvolved(final int yl, final int x, final int count) {
        final double[] re = fftZ.re();
        final double[] im = fftZ.im();
        final int lanes = fftZ.lanes();
        final double fy = facY[y0 + yl];
        for (int z = 0; z < nz; z++) {
            final double fyz = fy * facZ[z];
            final int s = 2 * ((yl * nz + z) * nx + x);
            final int d = z * lanes;
            for (int l = 0; l < count; l++) {
                final double f = fyz * facX[x + l];
                re[d + l] = freq[s + 2 * l] * f;
                im[d + l] = freq[s + 2 * l + 1] * f;
            }
        }
    }
}
