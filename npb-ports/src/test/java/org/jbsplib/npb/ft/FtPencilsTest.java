package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.npb.common.VerificationData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The kernel with its transposes carried out by direct copies, all processes stepped on one thread. */
class FtPencilsTest {
    private static final VerificationData DATA = VerificationData.load();
    private static final FtClass S = FtClass.of(DATA, 'S');

    /** Runs P parts in lockstep; the puts are copied at once, as a sync would. @return checksums [t][re, im] */
    static double[][] lockstep(final FtClass c, final int nprocs, final int p1, final int lanes) {
        final FtPencils[] parts = new FtPencils[nprocs];
        for (int p = 0; p < nprocs; p++) {
            parts[p] = new FtPencils(c, nprocs, p1, p, lanes);
            parts[p].initialConditions();
            parts[p].forwardX();
        }
        for (final FtPencils part : parts) {
            part.forwardXPuts((q, src, so, d, len) -> System.arraycopy(src, so, parts[q].mid(), d, len));
        }
        for (final FtPencils part : parts) {
            part.forwardY();
        }
        for (final FtPencils part : parts) {
            part.forwardYPuts((q, src, so, d, len) -> System.arraycopy(src, so, parts[q].freq(), d, len));
        }
        for (final FtPencils part : parts) {
            part.forwardZ();
        }
        final double[][] sums = new double[c.niter()][2];
        final double[] partial = new double[2];
        for (int t = 1; t <= c.niter(); t++) {
            for (final FtPencils part : parts) {
                part.evolveInverseZ(t);
            }
            for (final FtPencils part : parts) {
                part.inverseZPuts((q, src, so, d, len) -> System.arraycopy(src, so, parts[q].mid(), d, len));
            }
            for (final FtPencils part : parts) {
                part.inverseY();
            }
            for (final FtPencils part : parts) {
                part.inverseYPuts((q, src, so, d, len) -> System.arraycopy(src, so, parts[q].space(), d, len));
            }
            for (final FtPencils part : parts) {
                part.inverseX();
                part.partialChecksum(partial, 0);
                sums[t - 1][0] += partial[0] / c.points();
                sums[t - 1][1] += partial[1] / c.points();
            }
        }
        return sums;
    }

    @ParameterizedTest(name = "class {0} P={1} p1={2}")
    @CsvSource({"S,1,1", "S,2,1", "S,4,1", "S,8,1", "S,64,1", "S,2,2", "S,4,2", "S,8,2", "S,16,4", "S,64,8",
        "S,32,4", "W,64,8"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyWithDirectTransposes(final char npbClass, final int nprocs, final int p1) {
        final FtClass c = FtClass.of(DATA, npbClass);
        final double[][] sums = lockstep(c, nprocs, p1, 0);
        for (int t = 1; t <= c.niter(); t++) {
            final double err = c.relativeError(t, sums[t - 1][0], sums[t - 1][1]);
            assertTrue(err <= c.epsilon(), "P=" + nprocs + " p1=" + p1 + " iteration " + t + ": error " + err);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldMatchTheSerialTwinWithSmallBlocks() {
        final double[][] twin = new SerialFt(S).run();
        for (final int p1 : new int[] {1, 2}) {
            final double[][] sums = lockstep(S, 4, p1, 1);
            for (int t = 0; t < S.niter(); t++) {
                assertEquals(twin[t][0], sums[t][0], 1e-12 * Math.abs(twin[t][0]), "re at t=" + (t + 1));
                assertEquals(twin[t][1], sums[t][1], 1e-12 * Math.abs(twin[t][1]), "im at t=" + (t + 1));
            }
        }
    }

    @Test
    void shouldChooseSlabsWhileTheyFitAndPencilsBeyond() {
        final FtClass w = FtClass.of(DATA, 'W');
        assertEquals(1, FtPencils.rowSize(w, 32, "auto"));
        assertEquals(8, FtPencils.rowSize(w, 64, "auto"));
        assertEquals(4, FtPencils.rowSize(w, 16, "2d"));
        assertEquals(1, FtPencils.rowSize(S, 64, "1d"));
        final IllegalArgumentException slab = assertThrows(IllegalArgumentException.class,
            () -> FtPencils.rowSize(w, 64, "1d"));
        assertTrue(slab.getMessage().contains("procs=64"), slab.getMessage());
        final IllegalArgumentException layout = assertThrows(IllegalArgumentException.class,
            () -> FtPencils.rowSize(w, 4, "3d"));
        assertTrue(layout.getMessage().contains("layout=3d"), layout.getMessage());
    }

    @Test
    void shouldRejectProcessCountsNoGridTakes() {
        final IllegalArgumentException three = assertThrows(IllegalArgumentException.class,
            () -> new FtPencils(S, 3, 1, 0, 0));
        assertTrue(three.getMessage().contains("procs=3"), three.getMessage());
        final IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
            () -> FtPencils.rowSize(S, 8192, "auto"));
        assertTrue(many.getMessage().contains("procs=8192"), many.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FtPencils(S, 2, 1, 2, 0));
        assertThrows(IllegalArgumentException.class, () -> new FtPencils(S, 4, 3, 0, 0));
        final IllegalArgumentException lanes = assertThrows(IllegalArgumentException.class,
            () -> new FtPencils(S, 1, 1, 0, 3));
        assertTrue(lanes.getMessage().contains("lanes=3"), lanes.getMessage());
    }
}
