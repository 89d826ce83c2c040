package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LuPiecesTest {

    private static LuProcess serialS() {
        final LuClass s = LuClass.of('S');
        return new LuProcess(s, LuDecomposition.of(1, 0, s.nx(), s.ny()), null, null);
    }

    @Test
    void shouldReadClassSFromTheVerificationFile() {
        final LuClass s = LuClass.of('s');
        assertEquals('S', s.name());
        assertEquals(12, s.nx());
        assertEquals(50, s.itmax());
        assertEquals(0.5, s.dt());
        assertEquals(1e-8, s.epsilon());
        assertEquals(7.8418928865937083, s.xciRef());
        assertEquals("SWABC", LuClass.names());
    }

    @Test
    void shouldRejectAnUnknownClassNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LuClass.of('Q'));
        assertTrue(e.getMessage().contains("npbClass=Q"), e.getMessage());
    }

    @Test
    void shouldComputeMopsByNpbsFormula() {
        final LuClass a = LuClass.of('A');
        final double ops = 250 * (1984.77 * 64 * 64 * 64 - 10923.3 * 64.0 * 64.0 + 27770.9 * 64.0 - 144010.0);
        assertEquals(ops / 1e6 / 10.0, a.mops(10.0), 1e-9);
    }

    @ParameterizedTest(name = "P={0} -> {1}x{2}")
    @CsvSource({"1, 1, 1", "2, 2, 1", "4, 2, 2", "8, 4, 2", "16, 4, 4", "32, 8, 4", "64, 8, 8"})
    void shouldChooseNpbsProcessGridAndCoverThePlane(final int p, final int xdim, final int ydim) {
        final int n = 64;
        final int[] owner = new int[n * n];
        for (int pid = 0; pid < p; pid++) {
            final LuDecomposition d = LuDecomposition.of(p, pid, n, n);
            assertEquals(xdim, d.xdim());
            assertEquals(ydim, d.ydim());
            for (int i = d.i0(); i < d.i0() + d.nx(); i++) {
                for (int j = d.j0(); j < d.j0() + d.ny(); j++) {
                    owner[i * n + j]++;
                }
            }
            if (d.south() >= 0) {
                final LuDecomposition s = LuDecomposition.of(p, d.south(), n, n);
                assertEquals(d.i0() + d.nx(), s.i0(), "south neighbour starts after this block");
                assertEquals(d.pid(), s.north());
            }
            if (d.east() >= 0) {
                final LuDecomposition e = LuDecomposition.of(p, d.east(), n, n);
                assertEquals(d.j0() + d.ny(), e.j0(), "east neighbour starts after this block");
                assertEquals(d.pid(), e.west());
            }
        }
        for (final int c : owner) {
            assertEquals(1, c, "every point owned exactly once");
        }
    }

    @Test
    void shouldRejectProcessCountsThatAreNoPowerOfTwoOrTooMany() {
        final IllegalArgumentException three = assertThrows(IllegalArgumentException.class,
            () -> LuDecomposition.of(3, 0, 12, 12));
        assertTrue(three.getMessage().contains("procs=3"), three.getMessage());
        final IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
            () -> LuDecomposition.of(64, 0, 12, 12));
        assertTrue(many.getMessage().contains("procs=64"), many.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> new LuKernel().run('S', new BspConfig().procs(6), null));
    }

    @Test
    void shouldPutTheExactSolutionOnEveryBoundaryFace() {
        final LuProcess p = serialS();
        p.setbv();
        final double[] e = new double[5];
        int checked = 0;
        for (int k = 0; k < 12; k++) {
            for (int j = 0; j < 12; j++) {
                for (int i = 0; i < 12; i++) {
                    if (i == 0 || i == 11 || j == 0 || j == 11 || k == 0 || k == 11) {
                        p.exact(i, j, k, e, 0);
                        final int q = p.at(i + 2, j + 2, k);
                        for (int m = 0; m < 5; m++) {
                            assertEquals(e[m], p.u[q + m], 0.0, "u(" + m + ") at " + i + "," + j + "," + k);
                        }
                        checked++;
                    } else {
                        assertEquals(0.0, p.u[p.at(i + 2, j + 2, k)], 0.0, "interior untouched by setbv");
                    }
                }
            }
        }
        assertEquals(12 * 12 * 12 - 10 * 10 * 10, checked);
    }

    @Test
    void shouldInterpolateTheInteriorAsTheBooleanSumOfTheFaces() {
        final LuProcess p = serialS();
        p.setbv();
        final double[] before = p.u.clone();
        p.setiv();
        final double[] e = new double[30];
        for (int k = 0; k < 12; k++) {
            for (int j = 0; j < 12; j++) {
                for (int i = 0; i < 12; i++) {
                    final int q = p.at(i + 2, j + 2, k);
                    if (i == 0 || i == 11 || j == 0 || j == 11 || k == 0 || k == 11) {
                        assertEquals(before[q], p.u[q], 0.0, "boundary kept");
                        continue;
                    }
                    final double xi = i / 11.0;
                    final double eta = j / 11.0;
                    final double zeta = k / 11.0;
                    p.exact(0, j, k, e, 0);
                    p.exact(11, j, k, e, 5);
                    p.exact(i, 0, k, e, 10);
                    p.exact(i, 11, k, e, 15);
                    p.exact(i, j, 0, e, 20);
                    p.exact(i, j, 11, e, 25);
                    for (int m = 0; m < 5; m++) {
                        // the transfinite (Boolean sum) interpolation written as 1 - product of complements
                        final double a = 1.0 - ((1.0 - xi) * e[m] + xi * e[5 + m]);
                        final double b = 1.0 - ((1.0 - eta) * e[10 + m] + eta * e[15 + m]);
                        final double c = 1.0 - ((1.0 - zeta) * e[20 + m] + zeta * e[25 + m]);
                        assertEquals(1.0 - a * b * c, p.u[q + m], 1e-12 * Math.max(1.0, Math.abs(p.u[q + m])),
                            "u(" + m + ") at " + i + "," + j + "," + k);
                    }
                }
            }
        }
    }

    @Test
    void shouldGiveZeroNormsForAZeroResidualAndRmsOtherwise() {
        final LuProcess p = serialS();
        final double[] norm = new double[5];
        p.l2norm(p.rsd, norm);
        for (final double x : norm) {
            assertEquals(0.0, x, 0.0);
        }
        // 3 in component 2 at every interior point: the RMS norm is 3 there and 0 elsewhere
        for (int k = 1; k < 11; k++) {
            for (int j = 1; j < 11; j++) {
                for (int i = 1; i < 11; i++) {
                    p.rsd[p.at(i + 2, j + 2, k) + 2] = 3.0;
                }
            }
        }
        p.rsd[p.at(2, 2, 0) + 2] = 100.0; // boundary points are not part of the norm
        p.l2norm(p.rsd, norm);
        assertEquals(0.0, norm[0], 0.0);
        assertEquals(3.0, norm[2], 1e-15);
    }

    @Test
    void shouldMatchTheSerialTwinAtFourProcessesUnderBothGridDirections() throws Exception {
        final double[] twin = (double[]) LuKernel.serial('S', null).details().get("xcr");
        final double[] par = (double[]) new LuKernel().run('S', new BspConfig().procs(4), null).details().get("xcr");
        for (int m = 0; m < 5; m++) {
            assertEquals(twin[m], par[m], Math.abs(twin[m]) * 1e-12, "xcr[" + m + "] vs serial twin");
        }
    }
}
