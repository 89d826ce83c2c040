package org.jbsplib.bench;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The benchmark's superstep under the classic sync, whose commit checks the count: every process commits exactly
 * the puts it receives, with all senders and with one, for h below, at and above P - 1.
 */
@Timeout(30)
class HRelationBenchmarkTest {
    @ParameterizedTest(name = "P={0} h={1} all={2}")
    @CsvSource({"1, 5, true", "2, 4, true", "2, 4, false", "3, 1, true", "3, 1, false", "4, 2, true", "4, 2, false",
        "4, 9, true", "4, 9, false"})
    void shouldCommitExactlyThePutsEachProcessReceives(final int p, final int h, final boolean all) throws Exception {
        try (Lockstep run = new Lockstep(new BspConfig().procs(p).syncMode("org"),
            bsp -> HRelationBenchmark.superstep(bsp, h, all))) {
            run.batch(3);
        }
    }
}
