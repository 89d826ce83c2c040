package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The lower and upper sweeps of LU's SSOR ({@link LuTriangular} with {@link LuJacobians}) against their plain form
 * ({@link LuPlainSweeps}), bit for bit: from the same u and rsd (a serial twin after a few SSOR iterations), both
 * sweep every plane forward and then backward, and rsd must end the same in every element.
 */
class LuSweepsTest {

    @ParameterizedTest(name = "{0}x{1}x{2} grid, {3} SSOR iterations first")
    @CsvSource({"12, 12, 12, 2", "13, 11, 9, 3", "33, 33, 33, 1"})
    void shouldSweepBitwiseAsThePlainForm(final int nx, final int ny, final int nz, final int iterations) {
        final LuClass s = LuClass.of('S');
        final LuClass grid = new LuClass('S', nx, ny, nz, iterations, s.dt(), s.omega(), s.tolrsd(), s.xcrRef(),
            s.xceRef(), s.xciRef(), s.epsilon(), s.mops());
        final LuProcess p = LuSerialTwin.of(grid, null);
        p.setbv();
        p.setiv();
        p.erhs();
        p.ssor(iterations);
        final double[] before = p.rsd.clone();

        final LuTriangular production = new LuTriangular(p, new LuJacobians(p));
        sweeps(p, production::blts, production::buts);
        final double[] afterProduction = p.rsd.clone();

        System.arraycopy(before, 0, p.rsd, 0, before.length);
        final LuPlainSweeps plain = new LuPlainSweeps(p);
        sweeps(p, plain::blts, plain::buts);

        assertFalse(Arrays.equals(before, afterProduction), "the sweeps changed nothing: the test would prove nothing");
        int first = -1;
        for (int q = 0; q < before.length && first < 0; q++) {
            if (Double.doubleToRawLongBits(p.rsd[q]) != Double.doubleToRawLongBits(afterProduction[q])) {
                first = q;
            }
        }
        final int at = first;
        assertEquals(-1, first, () -> "rsd[" + at + "]: plain " + p.rsd[at] + ", production " + afterProduction[at]);
    }

    /** The lower sweep over planes 1 .. nz - 2, then the upper one back, as SSOR does at P = 1. */
    private static void sweeps(final LuProcess p, final java.util.function.IntConsumer lower,
                               final java.util.function.IntConsumer upper) {
        for (int k = 1; k < p.nz - 1; k++) {
            lower.accept(k);
        }
        for (int k = p.nz - 2; k >= 1; k--) {
            upper.accept(k);
        }
    }
}
