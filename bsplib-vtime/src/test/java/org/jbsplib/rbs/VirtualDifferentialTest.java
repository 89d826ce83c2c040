package org.jbsplib.rbs;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A CI-sized sample of the RBS differential tester on the virtual-time machine: random programs under the classic
 * sync and under the relaxed sync (each exchange policy) agree with the sequential reference. The seed of a
 * divergence is printed.
 */
class VirtualDifferentialTest {
    private static final int PROGRAMS = 40;
    private static final String[] POLICIES = {"never", "always", "auto"};

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void shouldAgreeWithTheReferenceOnRandomProgramsOnTheVirtualMachine() {
        for (long seed = 1; seed <= PROGRAMS; seed++) {
            final RandomProgram prog = RandomProgram.generate(seed, 8);
            final RandomProgram.Snapshot[] expected = prog.reference();
            final String machine = seed % 2 == 0 ? "virtual:sp2-us" : "virtual:infiniband;stepCost=5us";
            final int eager = seed % 4 == 1 ? 0 : BspConfig.DEFAULT_EAGER_LIMIT;
            runAndCompare(prog, expected, "org on " + machine, new BspConfig().syncMode("org").machine(machine));
            final String policy = POLICIES[(int) (seed % 3)];
            runAndCompare(prog, expected, "rbs(" + policy + ", eager " + eager + ") on " + machine,
                new BspConfig().syncMode("rbs").option(ExchangePolicy.OPTION, policy).eagerLimitBytes(eager)
                    .machine(machine));
        }
    }

    private static void runAndCompare(final RandomProgram prog, final RandomProgram.Snapshot[] expected,
        final String mode, final BspConfig config) {
        prog.assertRunAgrees(expected, config, TimeUnit.SECONDS.toNanos(60),
            what -> "DIVERGENCE under " + mode + " for seed " + prog.seed + ": " + what + "\n" + prog);
    }
}
