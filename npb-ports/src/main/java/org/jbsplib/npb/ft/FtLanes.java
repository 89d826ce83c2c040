package org.jbsplib.npb.ft;

/**
 * FT's lines per FFT block on each axis, as option {@value FtKernel#LANES} gives them: one value for all axes
 * ({@code 16}; 0, the default, chooses by line length), three for x, y and z ({@code 4:16:32}; commas work too
 * where no command line splits the options on them, as {@code --opt} does), or {@code plan}: each
 * run measures the candidates ({@link FtPencils#PLAN_CANDIDATES}) per axis before its timed section and keeps the
 * fastest (see {@link FtProgram}). The checksums do not depend on the choice: every line's arithmetic is the same.
 * <pre>{@code
 * FtLanes lanes = FtLanes.parse("4:16:32");   // x 4, y 16, z 32
 * new FtPencils(ftClass, procs, 1, pid, lanes.x(), lanes.y(), lanes.z());
 * }</pre>
 *
 * @param x    lines per block along x, 0 to choose by line length
 * @param y    along y
 * @param z    along z
 * @param plan whether the planner chooses instead (then x, y and z are 0)
 */
public record FtLanes(int x, int y, int z, boolean plan) {
    /** The most lines per block an option may ask for. */
    public static final int MAX = 1 << 12;
    /** The default: blocks by line length on every axis. */
    public static final FtLanes RULE = new FtLanes(0, 0, 0, false);
    /** The planner. */
    public static final FtLanes PLAN = new FtLanes(0, 0, 0, true);

    /**
     * @throws IllegalArgumentException unless each block is 0 or a power of two up to {@link #MAX}, and all 0 when
     *     planned
     */
    public FtLanes {
        if (!valid(x) || !valid(y) || !valid(z) || plan && (x | y | z) != 0) {
            throw new IllegalArgumentException("lanes=" + x + ":" + y + ":" + z + (plan ? " (plan)" : "")
                + ": each must be 0 or a power of two up to " + MAX + ", all 0 when planned");
        }
    }

    /** @return {@code lanes} on every axis */
    public static FtLanes of(final int lanes) {
        return new FtLanes(lanes, lanes, lanes, false);
    }

    /**
     * @param value the option's value: {@code plan}, one block for all axes or three ({@code x:y:z} or
     *              {@code x,y,z}), each 0 (by line length) or a power of two up to {@link #MAX}; {@code null} for
     *              the default
     * @return the blocks
     * @throws IllegalArgumentException naming option {@value FtKernel#LANES} and the value otherwise
     */
    public static FtLanes parse(final String value) {
        if (value == null) {
            return RULE;
        }
        final String v = value.trim();
        if (v.equals("plan")) {
            return PLAN;
        }
        final String[] parts = v.split("[:,]", -1);
        if (parts.length == 1 || parts.length == 3) {
            final int[] n = new int[parts.length];
            boolean ok = true;
            for (int i = 0; i < parts.length && ok; i++) {
                try {
                    n[i] = Integer.parseInt(parts[i].trim());
                    ok = valid(n[i]);
                } catch (final NumberFormatException e) {
                    ok = false;
                }
            }
            if (ok) {
                return parts.length == 1 ? of(n[0]) : new FtLanes(n[0], n[1], n[2], false);
            }
        }
        throw new IllegalArgumentException(FtKernel.LANES + "=" + value + " must be plan, one block size for all axes "
            + "or three (x:y:z, e.g. 4:16:32), each 0 (by line length) or a power of two up to " + MAX);
    }

    private static boolean valid(final int lanes) {
        return lanes == 0 || lanes > 0 && lanes <= MAX && Integer.bitCount(lanes) == 1;
    }

    @Override
    public String toString() {
        return plan ? "plan" : x == y && y == z ? String.valueOf(x) : x + ":" + y + ":" + z;
    }
}
