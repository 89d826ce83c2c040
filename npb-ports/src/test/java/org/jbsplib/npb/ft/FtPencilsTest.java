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
        return lockstep(c, nprocs, p1, FtLanes.of(lanes));
    }

    /** As {@link #lockstep(FtClass, int, int, int)} with a block per axis; under plan each part plans on its own. */
    static double[][] lockstep(final FtClass c, final int nprocs, final int p1, final FtLanes lanes) {
        final FtPencils[] parts = new FtPencils[nprocs];
        for (int p = 0; p < nprocs; p++) {
            parts[p] = new FtPencils(c, nprocs, p1, p, lanes.x(), lanes.y(), lanes.z());
            if (lanes.plan()) {
                final long[][] nanos = parts[p].planTimes(16, 1);
                final int[] pick = new int[3];
                for (int axis = 0; axis < 3; axis++) {
                    int best = 0;
                    for (int i = 1; i < nanos[axis].length; i++) {
                        best = nanos[axis][i] < nanos[axis][best] ? i : best;
                    }
                    pick[axis] = FtPencils.PLAN_CANDIDATES[best];
                }
                parts[p].useLanes(pick[0], pick[1], pick[2]);
            }
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

    @ParameterizedTest(name = "class {0} P={1} p1={2}")
    @CsvSource({"S,1,1", "S,2,1", "S,4,1", "S,4,2", "W,1,1", "W,2,1", "W,4,1", "W,4,2"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void shouldComputeBitwiseTheSameChecksumsWithAnyBlockPerAxis(final char npbClass, final int nprocs,
                                                                 final int p1) {
        final FtClass c = FtClass.of(DATA, npbClass);
        final double[][] rule = lockstep(c, nprocs, p1, FtLanes.RULE);
        for (final String triple : new String[] {"4:16:32", "1:64:8", "32:4:2", "64:64:64", "2:0:128", "plan"}) {
            final double[][] sums = lockstep(c, nprocs, p1, FtLanes.parse(triple));
            assertTrue(java.util.Arrays.deepEquals(rule, sums), () -> "lanes " + triple + ": "
                + java.util.Arrays.deepToString(sums) + " against " + java.util.Arrays.deepToString(rule));
        }
    }

    @Test
    void shouldPlanOnZerosWithoutChangingThemOrTheBlocks() {
        final FtPencils part = new FtPencils(S, 4, 2, 3, 8, 16, 4);
        final long[][] nanos = part.planTimes(64, 2);
        assertEquals(3, nanos.length);
        for (final long[] axis : nanos) {
            assertEquals(FtPencils.PLAN_CANDIDATES.length, axis.length);
            for (final long t : axis) {
                assertTrue(t > 0 && t < Long.MAX_VALUE, java.util.Arrays.toString(axis));
            }
        }
        assertEquals("[8, 16, 4]", java.util.Arrays.toString(part.lanesInUse()));
        for (final double[] a : new double[][] {part.space(), part.mid(), part.freq()}) {
            for (final double v : a) {
                assertEquals(0.0, v);
            }
        }
        // S is 64^3; a 2x2 grid leaves 32 lines per plane on each axis, which bounds the blocks
        part.useLanes(64, 0, 2); // 0: by length, 64 for lines of 64
        assertEquals("[32, 32, 2]", java.util.Arrays.toString(part.lanesInUse()));
        part.initialConditions();
        final IllegalStateException late = assertThrows(IllegalStateException.class, () -> part.planTimes(64, 1));
        assertTrue(late.getMessage().contains("initialConditions"), late.getMessage());
        assertThrows(IllegalArgumentException.class, () -> part.useLanes(4, 12, 4));
    }

    @Test
    void shouldParseOneBlockThreeOrThePlanAndRejectTheRestNamingTheOption() {
        assertEquals(FtLanes.RULE, FtLanes.parse(null));
        assertEquals(FtLanes.of(16), FtLanes.parse(" 16 "));
        assertEquals(new FtLanes(4, 16, 32, false), FtLanes.parse("4:16:32"));
        assertEquals(new FtLanes(4, 0, 32, false), FtLanes.parse("4,0,32"));
        assertEquals(FtLanes.PLAN, FtLanes.parse("plan"));
        assertEquals("4:16:32", FtLanes.parse("4,16,32").toString());
        assertEquals("16", FtLanes.parse("16:16:16").toString());
        for (final String bad : new String[] {"3", "4:16", "4:16:32:64", "-4", "8192", "4:x:8", "", "planned",
            "4::8"}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FtLanes.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("ft.lanes=" + bad + " must be"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new FtLanes(4, 0, 0, true));
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
