package org.jbsplib.rbs;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.sync.ClassicSync;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A CI-sized sample of the RBS differential tester over {@code aeron-ipc}: random programs ({@link RandomProgram}),
 * half under the classic sync (its stream paths in turn) and half under the relaxed sync (each exchange policy, eager
 * limits 0 and the default), the smallest inbox for a third of the seeds, agree with the sequential reference. Each run has
 * its processes in this JVM over an embedded media driver: the frames travel through Aeron IPC logs as between JVMs.
 * A divergence prints the program, its seed and a replay command.
 */
class AeronIpcDifferentialTest {
    /** Programs of the sample (part of {@code mvn verify}). */
    static final int PROGRAMS = Integer.getInteger("aeron.diff.programs", 200);
    private static final String TRANSPORT = "aeron-ipc";

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void shouldAgreeWithTheReferenceOnRandomProgramsOverAeronIpc() {
        final long first = Long.getLong("aeron.diff.firstSeed", 1L);
        final String one = System.getProperty("aeron.diff.seed");
        if (one != null) {
            check(Long.parseLong(one.trim()));
            return;
        }
        for (long seed = first; seed < first + PROGRAMS; seed++) {
            check(seed);
        }
        System.out.println("differential tester over " + TRANSPORT + ": " + PROGRAMS + " programs (seeds " + first
            + ".." + (first + PROGRAMS - 1) + "), half under org and half under rbs, agreed with the reference");
    }

    /** Program {@code seed} under org (even seeds) or rbs (odd): each run starts a media driver, the sample's cost. */
    private static void check(final long seed) {
        final RandomProgram prog = RandomProgram.generate(seed, 6);
        final RandomProgram.Snapshot[] expected = prog.reference();
        // the smallest inbox for a third of the seeds: large puts travel in fragments, and staged claims wait
        final int ring = seed % 3 == 0 ? 4096 : 0;
        if (seed % 2 == 0) {
            final String path = DifferentialTest.ORG_PATHS[(int) Math.floorMod(seed / 2, 3L)];
            runAndCompare(prog, expected, "org(direct " + path + ", ring " + ring + ")", new BspConfig()
                .syncMode("org").option(ClassicSync.DIRECT_OPTION, path).ringCapacityBytes(ring));
        } else {
            final String policy = DifferentialTest.POLICIES[(int) Math.floorMod(seed / 2, 3L)];
            final int eager = seed % 4 == 1 ? 0 : BspConfig.DEFAULT_EAGER_LIMIT;
            runAndCompare(prog, expected, "rbs(" + policy + ", eager " + eager + ", ring " + ring + ")",
                new BspConfig().syncMode("rbs").option(ExchangePolicy.OPTION, policy).eagerLimitBytes(eager)
                    .ringCapacityBytes(ring));
        }
    }

    private static void runAndCompare(final RandomProgram prog, final RandomProgram.Snapshot[] expected,
        final String mode, final BspConfig config) {
        prog.assertRunAgrees(expected, config.transport(TRANSPORT), TimeUnit.SECONDS.toNanos(30),
            what -> report(prog, mode, what));
    }

    private static String report(final RandomProgram prog, final String mode, final String what) {
        return "DIVERGENCE over " + TRANSPORT + " under " + mode + " for seed " + prog.seed + ": " + what
            + "\nreplay: mvn -q -o -pl bsplib-aeron -am test -Dtest=AeronIpcDifferentialTest -Daeron.diff.seed="
            + prog.seed + " -Dsurefire.failIfNoSpecifiedTests=false\n" + prog;
    }
}
