package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LuParallelTest {

    @ParameterizedTest(name = "class S, P={0}, sync={1}")
    @CsvSource({"1, org", "2, org", "4, org", "8, org", "16, org", "1, rbs", "2, rbs", "4, rbs", "8, rbs"})
    void shouldVerifyClassSAndMatchTheSerialTwin(final int procs, final String sync) throws Exception {
        assumeTrue(BspRuntime.syncModes().containsKey(sync), () -> "sync mode " + sync + " is not on the class path");
        final NpbResult r = new LuKernel().run('S', new BspConfig().procs(procs).syncMode(sync), null);
        assertTrue(r.verified(), () -> "not verified: " + r.details());
        final NpbResult twin = LuKernel.serial('S', null);
        for (final String key : new String[] {"xcr", "xce"}) {
            final double[] x = (double[]) r.details().get(key);
            final double[] y = (double[]) twin.details().get(key);
            for (int m = 0; m < 5; m++) {
                assertEquals(y[m], x[m], Math.abs(y[m]) * 1e-12, key + "[" + m + "] vs serial twin");
            }
        }
        assertEquals((double) twin.details().get("xci"), (double) r.details().get("xci"), 1e-12 * 8, "xci");
    }

    /** {@code --warmup N} reaches LU too: N untimed runs of half the iterations, then the verified measured run. */
    @ParameterizedTest(name = "class S, P=2, npb.warmup={0}")
    @CsvSource({"0, 0", "2, 25"})
    void shouldRunItsWarmUpRunsOfHalfTheIterationsBeforeTheMeasuredOne(final int warmups, final int iterations)
        throws Exception {
        final BspConfig config = new BspConfig().procs(2).option(NpbOptions.WARMUP, String.valueOf(warmups));
        final NpbResult r = new LuKernel().run('S', config, null);
        assertTrue(r.verified(), () -> "not verified: " + r.details());
        assertEquals(50, r.iterations());
        assertEquals(warmups, r.details().get("warmup_runs"));
        assertEquals(iterations, r.details().get("warmup_iterations"));
    }

    @Test
    void shouldPrintProgressFromProcessZeroAtNpbsTimeSteps() throws Exception {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            new LuKernel().run('S', new BspConfig().procs(4), out);
        }
        assertEquals(List.of("LU class S: iteration 1 of 50", "LU class S: iteration 20 of 50",
            "LU class S: iteration 40 of 50", "LU class S: iteration 50 of 50"),
            bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }

    @ParameterizedTest(name = "class S, P={0}, org on barrier {1}")
    @CsvSource({"4, dissemination", "4, tree", "8, central", "2, pairwise"})
    void shouldVerifyClassSOnOtherBarrierBackends(final int procs, final String barrier) throws Exception {
        final NpbResult r = new LuKernel().run('S', new BspConfig().procs(procs).syncMode("org").barrier(barrier),
            null);
        assertTrue(r.verified(), () -> "not verified on " + barrier + ": " + r.details());
        assertEquals(barrier, r.run().config().barrier());
    }

    /**
     * Class A's grid, shortened to two iterations: its ghost exchanges are large streams (hundreds of KiB), which a
     * relaxed sync must deliver as exactly as small ones. The relaxed run must be bitwise the classic one.
     */
    @ParameterizedTest(name = "class A grid, 2 iterations, P={0}: rbs == org")
    @CsvSource({"2", "4"})
    void shouldComputeBitwiseTheSameUnderBothSyncsOnClassAsGrid(final int procs) throws Exception {
        assumeTrue(BspRuntime.syncModes().containsKey("rbs"), "sync mode rbs is not on the class path");
        final LuClass a = LuClass.of('A');
        final LuClass shortA = new LuClass('A', a.nx(), a.ny(), a.nz(), 2, a.dt(), a.omega(), a.tolrsd(), a.xcrRef(),
            a.xceRef(), a.xciRef(), a.epsilon(), a.mops());
        final NpbResult org = LuKernel.run(shortA, new BspConfig().procs(procs).syncMode("org"), null);
        final NpbResult rbs = LuKernel.run(shortA, new BspConfig().procs(procs).syncMode("rbs"), null);
        final NpbResult twin = LuKernel.serial(shortA, null);
        for (final String key : new String[] {"xcr", "xce"}) {
            assertArrayEquals((double[]) org.details().get(key), (double[]) rbs.details().get(key), 0.0, key);
            final double[] x = (double[]) org.details().get(key);
            final double[] y = (double[]) twin.details().get(key);
            for (int m = 0; m < 5; m++) {
                assertEquals(y[m], x[m], Math.abs(y[m]) * 1e-12, key + "[" + m + "] vs serial twin");
            }
        }
        assertEquals((double) org.details().get("xci"), (double) rbs.details().get("xci"), 0.0, "xci");
    }

    /** A 20^3 grid, 3 iterations: P = 32 (8x4 grid) and 64 (8x8, blocks of 2 and 3 points) against the twin. */
    @ParameterizedTest(name = "20^3 grid, P={0}: serial twin")
    @CsvSource({"32", "64"})
    void shouldMatchTheSerialTwinOnThirtyTwoAndSixtyFourProcesses(final int procs) throws Exception {
        final LuClass s = LuClass.of('S');
        final LuClass small = new LuClass('S', 20, 20, 20, 3, s.dt(), s.omega(), s.tolrsd(), s.xcrRef(), s.xceRef(),
            s.xciRef(), s.epsilon(), s.mops());
        final NpbResult par = LuKernel.run(small, new BspConfig().procs(procs).syncMode("org"), null);
        final NpbResult twin = LuKernel.serial(small, null);
        for (final String key : new String[] {"xcr", "xce"}) {
            final double[] x = (double[]) par.details().get(key);
            final double[] y = (double[]) twin.details().get(key);
            for (int m = 0; m < 5; m++) {
                assertEquals(y[m], x[m], Math.abs(y[m]) * 1e-12, key + "[" + m + "] vs serial twin");
            }
        }
        assertEquals((double) twin.details().get("xci"), (double) par.details().get("xci"),
            1e-12 * Math.abs((double) twin.details().get("xci")), "xci");
    }

    @ParameterizedTest(name = "P={0}: {1} stages per sweep")
    @CsvSource({"1, 10", "2, 11", "4, 12", "8, 14", "16, 16"})
    void shouldTakeOneSuperstepPerPipelineStage(final int procs, final int stages) throws Exception {
        final NpbResult r = new LuKernel().run('S', new BspConfig().procs(procs).syncMode("org"), null);
        // registration, erhs halo; each ssor: rhs halo + norm, per iteration two sweeps + rhs halo, and at the
        // last of itmax iterations two norms; then two pintgr exchanges and the final reduction
        final int itmax = 50;
        final long syncs = 1 + 1 + (2 + (2L * stages + 1)) + (2 + itmax * (2L * stages + 1) + 2) + 3;
        final long[] expected = new long[procs];
        Arrays.fill(expected, syncs + 1);
        assertArrayEquals(expected, (long[]) r.details().get("supersteps"));
    }

    /**
     * Stages of several k-planes: the same computation in the same order, so bitwise NPB's one-plane pipeline under
     * both syncs, with {@code ceil(10 / planes) + depth} stages per sweep of class S's 10 interior planes.
     */
    @ParameterizedTest(name = "class S, P={0}, {1} planes per stage, sync={2}: {3} stages per sweep")
    @CsvSource({"2, 3, org, 5", "2, 3, rbs, 5", "4, 2, org, 7", "8, 4, org, 7", "1, 10, org, 1", "2, 10, rbs, 2"})
    void shouldComputeBitwiseTheSameWithSeveralPlanesPerStage(final int procs, final int planes, final String sync,
                                                            final int stages) throws Exception {
        assumeTrue(BspRuntime.syncModes().containsKey(sync), () -> "sync mode " + sync + " is not on the class path");
        final BspConfig grouped = new BspConfig().procs(procs).syncMode(sync).option(NpbOptions.WARMUP, "0")
            .option(LuKernel.PLANES, String.valueOf(planes));
        final NpbResult r = new LuKernel().run('S', grouped, null);
        final NpbResult one = new LuKernel().run('S', new BspConfig().procs(procs).syncMode(sync)
            .option(NpbOptions.WARMUP, "0").option(LuKernel.PLANES, "1"), null);
        assertTrue(r.verified(), () -> "not verified: " + r.details());
        for (final String key : new String[] {"xcr", "xce"}) {
            assertArrayEquals((double[]) one.details().get(key), (double[]) r.details().get(key), 0.0, key);
        }
        assertEquals((double) one.details().get("xci"), (double) r.details().get("xci"), 0.0, "xci");
        assertEquals(planes, r.details().get("planes_per_stage"));
        assertEquals(stages, r.details().get("stages_per_sweep"));
        final int itmax = 50;
        final long syncs = 1 + 1 + (2 + (2L * stages + 1)) + (2 + itmax * (2L * stages + 1) + 2) + 3;
        assertEquals(syncs + 1, ((long[]) r.details().get("supersteps"))[0]);
    }

    @Test
    void shouldRejectMorePlanesPerStageThanTheClassHasNamingTheOption() {
        final IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> new LuKernel().run('S', new BspConfig().procs(2)
                .option(LuKernel.PLANES, "11"), null));
        assertTrue(e.getMessage().contains("lu.planes=11") && e.getMessage().contains("1..10"), e.getMessage());
    }

    /** {@code lu.syncsplit=on} splits every timed superstep's sync time; other values are refused by name. */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldSplitTheSyncTimeOfEveryTimedSuperstepOnRequest() {
        final BspConfig config = new BspConfig().procs(2).option(NpbOptions.WARMUP, "0")
            .option(LuKernel.SYNC_SPLIT, "on");
        final NpbResult r = new LuKernel().run('S', config, null);
        assertTrue(r.verified());
        @SuppressWarnings("unchecked")
        final java.util.Map<String, Object> split = (java.util.Map<String, Object>) r.details().get("sync_split");
        assertEquals(r.run().stats().get(0).syncs(), ((Integer) split.get("supersteps")).longValue(),
            "every sync of the timed section: " + split);
        final double[] wait = (double[]) split.get("wait_seconds");
        final double[] overhead = (double[]) split.get("overhead_seconds");
        for (int p = 0; p < 2; p++) {
            final double sync = r.run().stats().get(p).syncNs() / 1e9;
            assertTrue(wait[p] + overhead[p] <= sync * 1.5 + 1e-3 && wait[p] >= 0 && overhead[p] >= 0,
                "pid " + p + ": wait " + wait[p] + " + overhead " + overhead[p] + " against T_sync " + sync);
        }
        assertTrue(new LuKernel().run('S', new BspConfig().procs(2).option(NpbOptions.WARMUP, "0"), null)
            .details().get("sync_split") == null, "off by default");
        final IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> new LuKernel().run('S', new BspConfig().procs(2)
                .option(NpbOptions.WARMUP, "0").option(LuKernel.SYNC_SPLIT, "maybe"), null));
        assertTrue(e.getMessage().contains("lu.syncsplit=maybe"), e.getMessage());
    }
}
