package org.jbsplib.hw.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The LogGP-plus-hop formulas (Fig. 9/10) and comparison barriers (Fig. 6/8), and split-phase Notify/Wait. */
class ReflexComparisonTest {
    private static double lastReleaseNs(final ReflexRing ring) {
        long last = 0;
        for (int c = 0; c < ring.cores(); c++) {
            last = Math.max(last, ring.releasePs(c));
        }
        return last / 1000.0;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reflex/tile64", "reflex/infiniband"})
    void shouldMatchTheSimulatedRingWithTheLogGpFormulaFromSixteenCores(final String spec) {
        final ReflexComparison formula = new ReflexComparison(ReflexParameters.schema().parse(spec));
        for (int p : new int[] {16, 64, 256}) {
            final double simulated = ReflexModelVsPaperTest.latencyNs(spec, p);
            assertEquals(simulated, formula.reflexNs(p), 0.01 * simulated, spec + " P=" + p);
        }
    }

    @Test
    void shouldTakeLogTwoRoundsInTheDisseminationBarrier() {
        // overhead only: a message costs 2o = 20 ns, whatever the distance
        final ReflexComparison c = new ReflexComparison(
            ReflexParameters.schema().parse("reflex/tile64:hopNs=0.000001,flitGapNs=0,overheadNs=10"));
        assertEquals(6 * 20.0, c.latencyNs("dissemination", 64, false), 0.01);
        assertEquals(3 * 20.0, c.latencyNs("dissemination", 5, false), 0.01);
        // the centralized counter: P lock round trips together, one when the last comes alone, then the flag
        assertEquals(64 * 40.0 + 20, c.latencyNs("centralized", 64, false), 0.01);
        assertEquals(40.0 + 20, c.latencyNs("centralized", 64, true), 0.01);
        assertThrows(IllegalArgumentException.class, () -> c.latencyNs("tournament", 4, false));
    }

    @Test
    void shouldBeatTheCentralizedTreeAndSpinBarriersOnTile64() {
        // §IV: Reflex outperformed the others (the dissemination barrier is a documented disagreement, see README)
        final Parameters p = ReflexParameters.schema().parse("reflex/tile64");
        final ReflexComparison c = new ReflexComparison(p);
        final double reflex = ReflexModelVsPaperTest.latencyNs("reflex/tile64", 64);
        for (String scheme : new String[] {"centralized", "tree", "spin"}) {
            assertTrue(reflex < c.latencyNs(scheme, 64, false), scheme + ": " + c.latencyNs(scheme, 64, false)
                + " vs Reflex " + reflex);
        }
    }

    @Test
    void shouldHideTheNotifyButNotTheReleaseInSplitPhase() {
        final Parameters p = ReflexParameters.schema().parse("reflex/tile64");
        final int cores = 64;
        final ReflexRing ring = new ReflexRing(p, cores);
        final long[] zero = new long[cores];
        ring.runEpisode(zero);
        final double together = lastReleaseNs(ring);
        ring.runSplitPhase(zero, zero);
        assertEquals(together, lastReleaseNs(ring), 0.0, "Notify then Wait at once is the full barrier");
        final long[] late = new long[cores];
        final double work = 2 * together;
        java.util.Arrays.fill(late, Math.round(work * 1000));
        ring.runSplitPhase(zero, late);
        final double waitToRelease = lastReleaseNs(ring) - work;
        final double hop = p.get(ReflexParameters.HOP_NS);
        assertTrue(waitToRelease < together - cores / 2 * hop, "most of the notify trip is hidden: " + waitToRelease);
        assertTrue(waitToRelease >= cores * hop, "the root sends the release only when it waits: " + waitToRelease);
        assertThrows(IllegalArgumentException.class, () -> ring.runSplitPhase(zero, new long[3]));
    }
}
