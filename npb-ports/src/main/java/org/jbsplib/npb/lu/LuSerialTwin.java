package org.jbsplib.npb.lu;

import java.io.PrintStream;

/**
 * The serial twin of LU: the same code as a BSP process, on a 1×1 process grid and without a BSP runtime, so that
 * its supersteps only count and its reductions return its own sums. The parallel runs are checked against it.
 *
 * <p><b>Threading.</b> Each call is an independent run on the caller's thread.
 *
 * <pre>{@code
 * LuProcess twin = LuSerialTwin.of(LuClass.of('S'), null);
 * twin.benchmark();
 * }</pre>
 */
final class LuSerialTwin {
    private LuSerialTwin() {
    }

    /**
     * @param cls      the benchmark class
     * @param progress where the time steps are printed, or {@code null}
     * @return a serial twin of {@code cls}, ready for {@link LuProcess#benchmark}
     */
    static LuProcess of(final LuClass cls, final PrintStream progress) {
        return new LuProcess(cls, LuDecomposition.of(1, 0, cls.nx(), cls.ny()), null, progress);
    }

    /**
     * @param cls      the benchmark class
     * @param progress where the time steps are printed, or {@code null}
     * @return the twin's benchmark run of {@code cls}
     */
    static LuProcess run(final LuClass cls, final PrintStream progress) {
        final LuProcess p = of(cls, progress);
        p.benchmark();
        return p;
    }
}
