package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.jbsplib.npb.common.VerificationData;
import org.jbsplib.npb.common.Warmup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** FT class S on the BSP runtime, every process count and sync mode available. */
class FtKernelTest {
    static List<Arguments> runs() {
        final List<Arguments> runs = new java.util.ArrayList<>();
        for (final String sync : BspRuntime.syncModes().keySet()) {
            for (final int p : new int[] {1, 2, 4, 8}) {
                runs.add(Arguments.of(sync, p, "1d", "step"));
            }
            runs.add(Arguments.of(sync, 4, "2d", "step"));
            runs.add(Arguments.of(sync, 1, "1d", "transpose"));
            runs.add(Arguments.of(sync, 4, "1d", "transpose"));
            runs.add(Arguments.of(sync, 4, "2d", "transpose"));
        }
        return runs;
    }

    @ParameterizedTest(name = "sync={0} P={1} layout={2} checksum={3}")
    @MethodSource("runs")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyClassS(final String sync, final int procs, final String layout, final String checksum) {
        final BspConfig config = new BspConfig().procs(procs).syncMode(sync).option(NpbOptions.WARMUP, "0")
            .option(FtKernel.LAYOUT, layout).option(FtKernel.CHECKSUM, checksum);
        final NpbResult r = new FtKernel().run('S', config, null);
        assertTrue(r.verified(), () -> "relative errors " + r.details().get("relative_errors"));
        assertEquals(procs, r.run().stats().size());
        assertEquals(checksum, r.details().get("checksum"));
        // registration sync, transposes (1 per 3-D FFT in slabs, 2 in pencils), the checksums' supersteps (one per
        // step; with checksum=transpose only the last step's, none at P = 1: the others ride on the next step's
        // first transpose), plus the initial superstep
        final long transposes = "1d".equals(layout) ? 1 : 2;
        final long checksums = "step".equals(checksum) ? r.iterations() : procs > 1 ? 1 : 0;
        assertEquals(1 + transposes * (1 + r.iterations()) + checksums + 1, r.run().supersteps()[0]);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldWarmUpOnHalfTheIterationsSoThatTheJitCompilesBeforeTheTimedSection() {
        final BspConfig config = new BspConfig().procs(2).syncMode("org").option(NpbOptions.WARMUP, "1");
        final NpbResult r = new FtKernel().run('S', config, null);
        assertTrue(r.verified(), () -> "relative errors " + r.details().get("relative_errors"));
        assertEquals(1, r.details().get("warmup_runs"));
        assertEquals(3, r.details().get("warmup_iterations"));
        assertEquals(10, FtKernel.warmupIterations(FtClass.of(VerificationData.load(), 'B')));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldWarmUpUntilTheJitIsQuietByDefault() {
        final NpbResult r = new FtKernel().run('S', new BspConfig().procs(2).syncMode("org"), null);
        assertTrue(r.verified(), () -> "relative errors " + r.details().get("relative_errors"));
        final int runs = (Integer) r.details().get("warmup_runs");
        assertTrue(runs >= 1 && runs <= Warmup.AUTO_MAX_RUNS, "warmup_runs " + runs);
        assertEquals(runs, ((List<?>) r.details().get("warmup_compile_ms")).size());
        assertEquals(runs, ((List<?>) r.details().get("warmup_wall_ms")).size());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldReportTheCpuTimeOfEveryPhaseAndTheThreadTimesOfEveryProcess() {
        final BspConfig config = new BspConfig().procs(2).syncMode("org").option(NpbOptions.WARMUP, "0")
            .threads("platform");
        final NpbResult r = new FtKernel().run('S', config, null);
        @SuppressWarnings("unchecked")
        final java.util.Map<String, Object> cpu = (java.util.Map<String, Object>) r.details().get("phase_cpu_seconds");
        assertEquals(FtProgram.Outcome.PHASES, List.copyOf(cpu.keySet()));
        for (int p = 0; p < 2; p++) {
            double fft = 0;
            for (final String phase : List.of("fft_x", "fft_y", "evolve_fft_z")) {
                final double s = ((double[]) cpu.get(phase))[p];
                assertTrue(s >= 0, phase + " of pid " + p + ": " + s);
                fft += s;
            }
            assertTrue(fft > 0, "pid " + p + " computed its FFTs without CPU time");
        }
        @SuppressWarnings("unchecked")
        final java.util.Map<String, double[]> threads = (java.util.Map<String, double[]>) r.details()
            .get("thread_times");
        assertEquals(List.of("cpu_seconds", "run_seconds", "runqueue_wait_seconds", "timeslices", "allocated_bytes"),
            List.copyOf(threads.keySet()));
        final double[] sectionCpu = threads.get("cpu_seconds");
        assertTrue(sectionCpu[0] > 0 && sectionCpu[1] > 0, () -> java.util.Arrays.toString(sectionCpu));
        @SuppressWarnings("unchecked")
        final java.util.Map<String, Object> jvm = (java.util.Map<String, Object>) r.details().get("jvm_activity");
        assertEquals(List.of("compile_ms", "gc_count", "gc_ms", "jit_thread_cpu_seconds", "gc_thread_cpu_seconds"),
            List.copyOf(jvm.keySet()), () -> String.valueOf(r.details()));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldReportTheTimeOfEveryPhaseOfEveryProcess() {
        final BspConfig config = new BspConfig().procs(2).syncMode("org").option(NpbOptions.WARMUP, "0");
        final NpbResult r = new FtKernel().run('S', config, null);
        @SuppressWarnings("unchecked")
        final java.util.Map<String, Object> phases = (java.util.Map<String, Object>) r.details().get("phase_seconds");
        assertEquals(FtProgram.Outcome.PHASES, List.copyOf(phases.keySet()));
        double sum = 0;
        for (final Object perProcess : phases.values()) {
            final double[] s = (double[]) perProcess;
            assertEquals(2, s.length);
            assertTrue(s[0] > 0 && s[1] > 0, () -> java.util.Arrays.toString(s));
            sum += s[0];
        }
        // the phases tile the timed section but for the progress lines (1e-9: the laps round apart)
        final double total = ((double[]) r.details().get("process_seconds"))[0];
        assertTrue(sum <= total + 1e-9 && sum > 0.9 * total, () -> "phases " + phases + " against " + total);
    }

    @ParameterizedTest(name = "barrier={0}")
    @ValueSource(strings = {"central", "dissemination", "tree:fanout=2", "pairwise"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyClassSOnBarrierBackendsOfTheClassicSync(final String barrier) {
        final BspConfig config = new BspConfig().procs(4).syncMode("org").barrier(barrier)
            .option(NpbOptions.WARMUP, "0");
        final NpbResult r = new FtKernel().run('S', config, null);
        assertTrue(r.verified(), () -> "relative errors " + r.details().get("relative_errors"));
        assertEquals(barrier, r.run().config().barrier());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldMatchTheSerialTwinOnEveryProcess() {
        final FtClass s = FtClass.of(VerificationData.load(), 'S');
        final double[][] twin = new SerialFt(s).run();
        final FtProgram.Outcome outcome = new FtProgram.Outcome(s.niter(), 4);
        BspRuntime.run(new BspConfig().procs(4), new FtProgram(s, s.niter(), 1, 0, outcome, null));
        for (int p = 0; p < 4; p++) {
            for (int t = 0; t < s.niter(); t++) {
                assertEquals(twin[t][0], outcome.checksums(p)[t][0], 1e-12 * Math.abs(twin[t][0]));
                assertEquals(twin[t][1], outcome.checksums(p)[t][1], 1e-12 * Math.abs(twin[t][1]));
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldComputeBitwiseTheSameChecksumsWhereverTheyTravel() {
        final FtClass s = FtClass.of(VerificationData.load(), 'S');
        final double[][][] sums = new double[2][][];
        for (int m = 0; m < 2; m++) {
            final FtProgram.Outcome outcome = new FtProgram.Outcome(s.niter(), 4);
            BspRuntime.run(new BspConfig().procs(4), new FtProgram(s, s.niter(), 1, 0, outcome, null, m == 1));
            for (int p = 1; p < 4; p++) {
                assertTrue(java.util.Arrays.deepEquals(outcome.checksums(0), outcome.checksums(p)), "pid " + p);
            }
            sums[m] = outcome.checksums(0);
        }
        assertTrue(java.util.Arrays.deepEquals(sums[0], sums[1]), () -> java.util.Arrays.deepToString(sums));
    }

    @ParameterizedTest(name = "P={0} layout={1}")
    @org.junit.jupiter.params.provider.CsvSource({"1,1d", "2,1d", "4,2d"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldPlanTheBlocksAgreeOnThemAndKeepTheChecksumsBitwise(final int procs, final String layout) {
        final NpbResult rule = new FtKernel().run('S', new BspConfig().procs(procs).option(NpbOptions.WARMUP, "0")
            .option(FtKernel.LAYOUT, layout), null);
        final NpbResult planned = new FtKernel().run('S', new BspConfig().procs(procs).option(NpbOptions.WARMUP, "0")
            .option(FtKernel.LAYOUT, layout).option(FtKernel.LANES, "plan"), null);
        final NpbResult fixed = new FtKernel().run('S', new BspConfig().procs(procs).option(NpbOptions.WARMUP, "0")
            .option(FtKernel.LAYOUT, layout).option(FtKernel.LANES, "4:32:8"), null);
        assertTrue(planned.verified() && fixed.verified());
        assertEquals(deep(rule.details().get("checksums")), deep(planned.details().get("checksums")));
        assertEquals(deep(rule.details().get("checksums")), deep(fixed.details().get("checksums")));
        // class S's lines are 64 long: by length, 64 lines per block, bounded by the lines each axis has
        assertEquals(procs == 4 ? "32:32:32" : "64:64:64", rule.details().get("lanes"));
        assertEquals("4:32:8", fixed.details().get("lanes"));
        // one choice for every process (no " / " between differing ones), each a candidate
        final String chosen = (String) planned.details().get("lanes");
        assertTrue(chosen.matches("(4|8|16|32|64):(4|8|16|32|64):(4|8|16|32|64)"), chosen);
        assertEquals("plan", planned.details().get("lanes_option"));
        final double[] ms = (double[]) planned.details().get("lanes_plan_ms");
        assertEquals(procs, ms.length);
        for (final double m : ms) {
            assertTrue(m > 0, java.util.Arrays.toString(ms));
        }
        // the planner's superstep comes before the timed section, one more than the fixed blocks' run
        assertEquals(rule.run().supersteps()[0] + 1, planned.run().supersteps()[0]);
        assertEquals(rule.run().supersteps()[0], fixed.run().supersteps()[0]);
    }

    private static String deep(final Object checksums) {
        final StringBuilder sb = new StringBuilder();
        for (final Object o : (List<?>) checksums) {
            sb.append(java.util.Arrays.toString((double[]) o));
        }
        return sb.toString();
    }

    static List<Arguments> rehearsals() {
        final List<Arguments> runs = new java.util.ArrayList<>();
        for (final String sync : List.of("org", "rbs")) {
            runs.add(Arguments.of(sync, 2, "1d", false));
            runs.add(Arguments.of(sync, 2, "1d", true));
            runs.add(Arguments.of(sync, 4, "2d", false));
            runs.add(Arguments.of(sync, 4, "2d", true));
        }
        return runs;
    }

    @ParameterizedTest(name = "sync={0} P={1} layout={2} checksumOnTranspose={3}")
    @MethodSource("rehearsals")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRehearseEveryTransposeAndChecksumSuperstepAndLeaveTheChecksumsBitwise(final String sync,
            final int procs, final String layout, final boolean onTranspose) {
        final FtClass s = FtClass.of(VerificationData.load(), 'S');
        final int p1 = FtPencils.rowSize(s, procs, layout);
        final long[] supersteps = new long[2];
        final double[][][] sums = new double[2][][];
        for (int m = 0; m < 2; m++) {
            final FtProgram.Outcome outcome = new FtProgram.Outcome(s.niter(), procs);
            supersteps[m] = BspRuntime.run(new BspConfig().procs(procs).syncMode(sync),
                new FtProgram(s, s.niter(), p1, FtLanes.of(0), outcome, null, onTranspose).rehearse(m == 0 ? 0 : 12))
                .supersteps()[0];
            for (int p = 1; p < procs; p++) {
                assertTrue(java.util.Arrays.deepEquals(outcome.checksums(0), outcome.checksums(p)), "pid " + p);
            }
            sums[m] = outcome.checksums(0);
        }
        // a round: one superstep per transpose (1 per 3-D FFT in slabs, 2 in pencils, forward and inverse), the
        // checksum's own (none when it rides on a transpose) and one that registers and moves nothing; and one
        // after the rounds that pops the last round's registration
        final long perRound = 2L * (p1 > 1 ? 2 : 1) + (onTranspose ? 0 : 1) + 1;
        assertEquals(12 * perRound + 1, supersteps[1] - supersteps[0]); // 12 rounds: one with a late partner
        assertTrue(java.util.Arrays.deepEquals(sums[0], sums[1]), () -> java.util.Arrays.deepToString(sums));
    }

    @Test
    void shouldRehearseByDefaultOnlyWhereTheJitCanTakeAProcesssCore() {
        final java.util.function.BiFunction<Character, BspConfig, Integer> rounds =
            (c, config) -> FtKernel.rehearsals(FtClass.of(VerificationData.load(), c), config);
        assertEquals(FtKernel.REHEARSE_ROUNDS, rounds.apply('S', new BspConfig().procs(2)));
        assertEquals(FtKernel.REHEARSE_ROUNDS, rounds.apply('A', new BspConfig().procs(4)));
        assertEquals(25, rounds.apply('B', new BspConfig().procs(2)), "class B has 4 times class A's points");
        assertEquals(FtKernel.REHEARSE_MIN_ROUNDS, rounds.apply('C', new BspConfig().procs(2)));
        assertEquals(0, rounds.apply('S', new BspConfig().procs(1)), "P = 1 puts nothing");
        assertEquals(0, rounds.apply('S', new BspConfig().procs(2).machine("virtual:sp2-us")), "a machine model");
        assertEquals(7, rounds.apply('C', new BspConfig().procs(2).option(FtKernel.REHEARSE, "7")));
        assertEquals(0, rounds.apply('S', new BspConfig().procs(2).option(FtKernel.REHEARSE, " 0 ")));
        for (final String bad : List.of("-1", "lots", "100001")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> rounds.apply('S', new BspConfig().procs(2).option(FtKernel.REHEARSE, bad)));
            assertTrue(e.getMessage().contains("ft.rehearse=" + bad), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new FtProgram(FtClass.of(VerificationData.load(), 'S'), 1,
            1, 0, new FtProgram.Outcome(1, 1), null).rehearse(-1));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldReportTheRoundsRehearsedAndNoneWithoutAWarmUp() {
        final BspConfig warm = new BspConfig().procs(2).syncMode("rbs").option(NpbOptions.WARMUP, "1")
            .option(FtKernel.REHEARSE, "4");
        final NpbResult r = new FtKernel().run('S', warm, null);
        assertTrue(r.verified(), () -> "relative errors " + r.details().get("relative_errors"));
        assertEquals(4, r.details().get("rehearsal_rounds"));
        final NpbResult cold = new FtKernel().run('S', new BspConfig().procs(2).option(NpbOptions.WARMUP, "0"), null);
        assertEquals(0, cold.details().get("rehearsal_rounds"));
    }

    @Test
    void shouldRejectBadBlocksNamingTheOption() {
        final BspConfig config = new BspConfig().procs(2).option(FtKernel.LANES, "4:16");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new FtKernel().run('S', config, null));
        assertTrue(e.getMessage().contains("ft.lanes=4:16"), e.getMessage());
    }

    @Test
    void shouldRejectAnUnknownChecksumPlaceNamingIt() {
        final BspConfig config = new BspConfig().procs(2).option(FtKernel.CHECKSUM, "allreduce");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new FtKernel().run('S', config, null));
        assertTrue(e.getMessage().contains("ft.checksum=allreduce"), e.getMessage());
    }

    @Test
    void shouldRejectAProcessCountNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new FtKernel().run('S', new BspConfig().procs(6), null));
        assertTrue(e.getMessage().contains("procs=6"), e.getMessage());
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
            () -> new FtKernel().run('X', new BspConfig().procs(1), null));
        assertTrue(x.getMessage().contains("class=X"), x.getMessage());
    }
}
