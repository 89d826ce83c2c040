package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.npb.common.VerificationData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The slab kernel with its transposes carried out by direct copies, all processes stepped on one thread. */
class FtSlabTest {
    private static final FtClass S = FtClass.of(VerificationData.load(), 'S');

    /** Runs P slabs in lockstep; the puts are copied at once, as a sync would. @return checksums [t][re, im] */
    static double[][] lockstep(final FtClass c, final int nprocs, final int lanes) {
        final FtSlab[] slabs = new FtSlab[nprocs];
        for (int p = 0; p < nprocs; p++) {
            slabs[p] = new FtSlab(c, nprocs, p, lanes);
            slabs[p].initialConditions();
            slabs[p].forwardXY();
        }
        for (final FtSlab slab : slabs) {
            slab.forwardPuts((q, src, so, d, len) -> System.arraycopy(src, so, slabs[q].freq(), d, len));
        }
        for (final FtSlab slab : slabs) {
            slab.forwardZ();
        }
        final double[][] sums = new double[c.niter()][2];
        final double[] partial = new double[2];
        for (int t = 1; t <= c.niter(); t++) {
            for (final FtSlab slab : slabs) {
                slab.evolveInverseZ(t);
            }
            for (final FtSlab slab : slabs) {
                slab.inversePuts((q, src, so, d, len) -> System.arraycopy(src, so, slabs[q].space(), d, len));
            }
            for (final FtSlab slab : slabs) {
                slab.inverseYX();
                slab.partialChecksum(partial, 0);
                sums[t - 1][0] += partial[0] / c.points();
                sums[t - 1][1] += partial[1] / c.points();
            }
        }
        return sums;
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {1, 2, 4, 8, 64})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldVerifyClassSWithDirectTransposes(final int nprocs) {
        final double[][] sums = lockstep(S, nprocs, 0);
        for (int t = 1; t <= S.niter(); t++) {
            final double err = S.relativeError(t, sums[t - 1][0], sums[t - 1][1]);
            assertTrue(err <= S.epsilon(), "P=" + nprocs + " iteration " + t + ": relative error " + err);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldMatchTheSerialTwinWithSmallBlocks() {
        final double[][] twin = new SerialFt(S).run();
        final double[][] sums = lockstep(S, 4, 1);
        for (int t = 0; t < S.niter(); t++) {
            assertEquals(twin[t][0], sums[t][0], 1e-12 * Math.abs(twin[t][0]), "re at t=" + (t + 1));
            assertEquals(twin[t][1], sums[t][1], 1e-12 * Math.abs(twin[t][1]), "im at t=" + (t + 1));
        }
    }

    @Test
    void shouldRejectProcessCountsTheSlabsCannotTake() {
        final IllegalArgumentException three = assertThrows(IllegalArgumentException.class,
            () -> new FtSlab(S, 3, 0, 0));
        assertTrue(three.getMessage().contains("procs=3"), three.getMessage());
        final IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
            () -> new FtSlab(S, 128, 0, 0));
        assertTrue(many.getMessage().contains("procs=128"), many.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FtSlab(S, 2, 2, 0));
    }
}
