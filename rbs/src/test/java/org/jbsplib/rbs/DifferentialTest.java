package org.jbsplib.rbs;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.sync.ClassicSync;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The differential tester: random BSP programs ({@link RandomProgram}) whose final memory must be identical under
 * the classic sync, under the relaxed sync (each of its exchange policies) and in the sequential reference
 * interpreter, with and without the chaos transport. A failure prints the program, its seed and a one-line replay
 * command.
 */
class DifferentialTest {
    /** Programs of the default run (part of {@code mvn verify}). */
    static final int PROGRAMS = Integer.getInteger("rbs.diff.programs", 2000);
    /** Programs of the soak run ({@code -Djbsplib.slow}). */
    static final int SOAK_PROGRAMS = Integer.getInteger("rbs.diff.soakPrograms", 20_000);
    static final String[] POLICIES = {"auto", "never", "always"};
    /** The values of {@link ClassicSync#DIRECT_OPTION} and {@link RelaxedSync#DIRECT_OPTION}, one per seed in turn. */
    static final String[] ORG_PATHS = {"auto", "always", "never", "unbuffered"};
    /** One program in this many also runs under the paper presets {@code org:paper} and {@code rbs:paper}. */
    static final int PRESET_SAMPLE = 10;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void shouldAgreeWithTheReferenceOnRandomPrograms() {
        final long first = Long.getLong("rbs.diff.firstSeed", 1L);
        final String one = System.getProperty("rbs.diff.seed");
        if (one != null) {
            check(Long.parseLong(one.trim()), 6);
            return;
        }
        for (long seed = first; seed < first + PROGRAMS; seed++) {
            check(seed, 6);
        }
        System.out.println("differential tester: " + PROGRAMS + " programs (seeds " + first + ".." + (first + PROGRAMS
            - 1) + "), each under org, rbs and rbs with chaos, and one in " + PRESET_SAMPLE
            + " under org:paper and rbs:paper, agreed with the reference");
    }

    @Test
    @Tag("slow")
    @Timeout(value = 2, unit = TimeUnit.HOURS)
    void shouldAgreeWithTheReferenceInASoak() {
        final long first = Long.getLong("rbs.diff.soakFirstSeed", System.nanoTime() & 0xFFFF_FFFFL);
        System.out.println("differential soak: seeds " + first + ".." + (first + SOAK_PROGRAMS - 1));
        for (long seed = first; seed < first + SOAK_PROGRAMS; seed++) {
            check(seed, 12);
        }
    }

    /** Runs program {@code seed} under every mode; fails with the program and a replay command on divergence. */
    static void check(final long seed, final int maxProcs) {
        final RandomProgram prog = RandomProgram.generate(seed, maxProcs);
        final RandomProgram.Snapshot[] expected = prog.reference();
        final String policy = POLICIES[Math.floorMod(seed, 3)];
        // the smallest inbox (512-byte frames) for a third of the seeds: large puts travel in fragments
        final int ring = seed % 3 == 0 ? 4096 : 0;
        // the classic sync's streams in frames, direct, by size, or by size and kind, each with and without chaos
        final String path = ORG_PATHS[(int) Math.floorMod(seed / 2, (long) ORG_PATHS.length)];
        // half of the blocks of 8 seeds split every direct copy of 16 bytes or more between its two processes
        final String split = Math.floorMod(seed / 8, 2L) == 0 ? "16" : "auto";
        runAndCompare(prog, expected, "org(direct " + path + ", split " + split + ")" + (seed % 2 == 0 ? "" : "+chaos"),
            new BspConfig().syncMode("org").option(ClassicSync.DIRECT_OPTION, path)
                .option(ClassicSync.SPLIT_OPTION, split).chaosSeed(seed % 2 == 0 ? -1 : seed).ringCapacityBytes(ring));
        // eager limit 0: every stream waits for its ack (the paper's handshake); 64 bytes: some streams are eager
        final int eager = seed % 4 == 1 ? 0 : BspConfig.DEFAULT_EAGER_LIMIT;
        // its streams in frames, direct, or by size
        final String rbsPath = ORG_PATHS[(int) Math.floorMod(seed / 3, 3L)];
        // the relaxed sync's direct streams split as the classic sync's, in the other half of the blocks of 8 seeds
        final String rbsSplit = Math.floorMod(seed / 8, 2L) == 0 ? "auto" : "16";
        runAndCompare(prog, expected, "rbs(" + policy + ", eager " + eager + ", ring " + ring + ", direct " + rbsPath
            + ", split " + rbsSplit + ")", new BspConfig().syncMode("rbs").option(ExchangePolicy.OPTION, policy)
                .eagerLimitBytes(eager).ringCapacityBytes(ring).option(RelaxedSync.DIRECT_OPTION, rbsPath)
                .option(RelaxedSync.SPLIT_OPTION, rbsSplit));
        final int chaosEager = seed % 2 == 0 ? 0 : 64;
        final int chaosRing = seed % 3 == 1 ? 4096 : 0;
        final String chaosPath = ORG_PATHS[(int) Math.floorMod(seed / 5, 3L)];
        runAndCompare(prog, expected, "rbs(never, eager " + chaosEager + ", ring " + chaosRing + ", direct "
            + chaosPath + ", split " + rbsSplit + ")+chaos", new BspConfig().syncMode("rbs")
                .option(ExchangePolicy.OPTION, "never").eagerLimitBytes(chaosEager).ringCapacityBytes(chaosRing)
                .chaosSeed(seed).option(RelaxedSync.DIRECT_OPTION, chaosPath)
                .option(RelaxedSync.SPLIT_OPTION, rbsSplit));
        if (seed % PRESET_SAMPLE == 0) {
            runAndCompare(prog, expected, "org:paper", new BspConfig().syncMode("org:paper").ringCapacityBytes(ring));
            runAndCompare(prog, expected, "rbs:paper", new BspConfig().syncMode("rbs:paper").ringCapacityBytes(ring)
                .chaosSeed(seed % 20 == 0 ? -1 : seed));
        }
    }

    private static void runAndCompare(final RandomProgram prog, final RandomProgram.Snapshot[] expected,
        final String mode, final BspConfig config) {
        prog.assertRunAgrees(expected, config, TimeUnit.SECONDS.toNanos(30), what -> report(prog, mode, what));
    }

    private static String report(final RandomProgram prog, final String mode, final String what) {
        return "DIVERGENCE under " + mode + " for seed " + prog.seed + ": " + what + "\nreplay: mvn -q -o -pl rbs -am "
            + "test -Dtest=DifferentialTest#shouldAgreeWithTheReferenceOnRandomPrograms -Drbs.diff.seed=" + prog.seed
            + " -Dsurefire.failIfNoSpecifiedTests=false\n" + prog;
    }
}
