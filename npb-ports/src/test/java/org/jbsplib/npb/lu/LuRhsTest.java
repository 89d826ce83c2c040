package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * LU's right-hand side ({@link LuRhs}) against its plain form ({@link LuPlainRhs}), bit for bit: the forcing term
 * frct and, from the same u (a serial twin after a few SSOR iterations), the residual rsd must be the same in every
 * element, on grids whose blocks have every kind of dissipation point.
 */
class LuRhsTest {

    @ParameterizedTest(name = "{0}x{1}x{2} grid, {3} SSOR iterations first")
    @CsvSource({"12, 12, 12, 2", "13, 11, 9, 3", "33, 33, 33, 1", "6, 7, 5, 1"})
    void shouldComputeBitwiseThePlainFormsRhsAndForcing(final int nx, final int ny, final int nz,
                                                        final int iterations) {
        final LuClass s = LuClass.of('S');
        final LuClass grid = new LuClass('S', nx, ny, nz, iterations, s.dt(), s.omega(), s.tolrsd(), s.xcrRef(),
            s.xceRef(), s.xciRef(), s.epsilon(), s.mops());
        final LuProcess p = LuSerialTwin.of(grid, null);
        final LuExchange exchange = new LuExchange(p, null, 1);
        final LuRhs production = new LuRhs(p, new LuExact(p), exchange);
        final LuPlainRhs plain = new LuPlainRhs(p, new LuExact(p), exchange);
        p.setbv();
        p.setiv();

        production.erhs();
        final double[] frct = p.frct.clone();
        plain.erhs();
        assertBitwise(p.frct, frct, "frct");

        p.ssor(iterations);
        Arrays.fill(p.rsd, 0.0);
        production.rhs();
        final double[] rsd = p.rsd.clone();
        Arrays.fill(p.rsd, 0.0);
        plain.rhs();
        assertFalse(Arrays.equals(new double[rsd.length], rsd), "rhs left rsd zero: the test would prove nothing");
        assertBitwise(p.rsd, rsd, "rsd");
    }

    private static void assertBitwise(final double[] plain, final double[] production, final String name) {
        int first = -1;
        for (int q = 0; q < plain.length && first < 0; q++) {
            if (Double.doubleToRawLongBits(plain[q]) != Double.doubleToRawLongBits(production[q])) {
                first = q;
            }
        }
        final int at = first;
        assertEquals(-1, first, () -> name + "[" + at + "]: plain " + plain[at] + ", production " + production[at]);
    }
}
