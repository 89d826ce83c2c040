package org.jbsplib.npb.lu;

/**
 * The 2-D partition of the x–y plane of LU over a grid of {@code xdim × ydim} processes, as the NPB MPI code
 * chooses it: for P = 2^d, {@code xdim = 2^ceil(d/2)} and {@code ydim = P / xdim}; process {@code pid} sits at
 * {@code row = pid mod xdim} (the i direction) and {@code col = pid / xdim} (the j direction). Rows and columns
 * get {@code n / dim} points each, the first {@code n mod dim} one more.
 *
 * <p>Directions follow NPB: north is the neighbour with smaller i, south larger i, west smaller j, east larger j.
 * The lower (blts) wavefront flows from north-west to south-east, the upper (buts) one back.
 *
 * <p>Immutable value; {@code -1} stands for "no neighbour" (the physical boundary).
 *
 * @param nprocs P
 * @param pid    this process
 * @param xdim   processes along i
 * @param ydim   processes along j
 * @param row    this process's position along i, 0-based
 * @param col    this process's position along j, 0-based
 * @param i0     first global i (0-based) owned
 * @param nx     number of i points owned
 * @param j0     first global j (0-based) owned
 * @param ny     number of j points owned
 * @param north  pid of the neighbour at row - 1, or -1
 * @param south  pid of the neighbour at row + 1, or -1
 * @param west   pid of the neighbour at col - 1, or -1
 * @param east   pid of the neighbour at col + 1, or -1
 */
public record LuDecomposition(int nprocs, int pid, int xdim, int ydim, int row, int col, int i0, int nx, int j0,
                              int ny, int north, int south, int west, int east) {

    /** The fewest points a process may own along i or j: the ghost exchange of rhs reaches two points deep. */
    public static final int MIN_POINTS = 2;

    /**
     * @param nprocs P, a power of two
     * @param pid    the process, 0 .. P-1
     * @param nx0    global points along i
     * @param ny0    global points along j
     * @return the block of {@code pid}
     * @throws IllegalArgumentException if P is not a power of two, pid is out of range, or a block would be
     *                                  thinner than {@link #MIN_POINTS}
     */
    public static LuDecomposition of(final int nprocs, final int pid, final int nx0, final int ny0) {
        if (nprocs < 1 || Integer.bitCount(nprocs) != 1) {
            throw new IllegalArgumentException("procs=" + nprocs + " must be a power of two for LU");
        }
        if (pid < 0 || pid >= nprocs) {
            throw new IllegalArgumentException("pid=" + pid + " must be in 0.." + (nprocs - 1));
        }
        final int xdim = xdim(nprocs);
        final int ydim = nprocs / xdim;
        if (nx0 / xdim < MIN_POINTS || ny0 / ydim < MIN_POINTS) {
            throw new IllegalArgumentException("procs=" + nprocs + " is too many for LU grid " + nx0 + "x" + ny0
                + ": the " + xdim + "x" + ydim + " process grid leaves blocks of " + nx0 / xdim + "x" + ny0 / ydim
                + " points, fewer than " + MIN_POINTS + " along a side");
        }
        final int row = pid % xdim;
        final int col = pid / xdim;
        return new LuDecomposition(nprocs, pid, xdim, ydim, row, col, start(nx0, xdim, row), count(nx0, xdim, row),
            start(ny0, ydim, col), count(ny0, ydim, col), row > 0 ? pid - 1 : -1, row < xdim - 1 ? pid + 1 : -1,
            col > 0 ? pid - xdim : -1, col < ydim - 1 ? pid + xdim : -1);
    }

    /** @return NPB's number of processes along i for P = 2^d: 2^ceil(d/2) */
    public static int xdim(final int nprocs) {
        final int d = Integer.numberOfTrailingZeros(nprocs);
        return 1 << ((d + 1) / 2);
    }

    /** @return the stage of this process in the lower (north-west to south-east) wavefront */
    public int lowerDepth() {
        return row + col;
    }

    /** @return the stage of this process in the upper (south-east to north-west) wavefront */
    public int upperDepth() {
        return (xdim - 1 - row) + (ydim - 1 - col);
    }

    /** @return the number of stages of one wavefront over {@code planes} k-planes */
    public int stages(final int planes) {
        return planes + xdim - 1 + ydim - 1;
    }

    private static int count(final int n, final int dim, final int pos) {
        return n / dim + (pos < n % dim ? 1 : 0);
    }

    private static int start(final int n, final int dim, final int pos) {
        return pos * (n / dim) + Math.min(pos, n % dim);
    }
}
