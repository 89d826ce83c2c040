package org.jbsplib.hw.reflex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The Reflex ring against the paper's claims: one hop per added processor, switches off between episodes. */
class ReflexModelVsPaperTest {
    static double latencyNs(String spec, int cores) {
        final Parameters p = ReflexParameters.schema().parse(spec);
        final ReflexRing ring = new ReflexRing(p, cores);
        long worst = 0;
        for (int e = 0; e < 2; e++) {
            ring.runEpisode(new long[cores]);
            worst = 0;
            for (int c = 0; c < cores; c++) {
                worst = Math.max(worst, ring.releasePs(c));
            }
        }
        return worst / 1000.0;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"reflex/tile64", "reflex/infiniband"})
    void shouldCostOneHopPerSignalForEveryAddedProcessor(String spec) {
        // the model keeps whole picoseconds: one TILE64 cycle is 1429 ps
        final double hop = Math.round(ReflexParameters.schema().parse(spec).get(ReflexParameters.HOP_NS) * 1000)
            / 1000.0;
        for (int p : new int[] {40, 64, 100}) {
            // the notify and the release each cross one more switch
            assertEquals(2 * hop, latencyNs(spec, p + 1) - latencyNs(spec, p), 0.01, spec + " P=" + p);
        }
        // latency = hops x per-hop latency + a constant (the LogGP software overheads and buffer draining)
        assertEquals(latencyNs(spec, 50) - 2 * 50 * hop, latencyNs(spec, 300) - 2 * 300 * hop, 0.01);
    }

    @Test
    void shouldChargeTheOverheadOfEveryCallOnTheCriticalPath() {
        // Algorithm 1 as modelled: the root makes four calls (SEND 1; RECV B+1, SEND B+1, RECV 1), every call costs
        // o. With simultaneous arrivals on 16 InfiniBand switches the critical path holds two of them: the notify
        // (the root's send or a core's drain, in parallel) and the release send, which waits for the notify to come
        // back; the other calls overlap a flit's trip around the ring
        final String base = "reflex/infiniband:overheadNs=";
        final double slope = latencyNs(base + 2000, 16) - latencyNs(base + 1000, 16);
        assertEquals(2 * 1000, slope, 0.01, "latency must grow by two o per o: the notify and the release send");
    }

    @Test
    void shouldAddOnlyAFewMicrosecondsForAThousandMoreTileCores() {
        final double added = latencyNs("reflex/tile64", 1064) - latencyNs("reflex/tile64", 64);
        assertEquals(2 * 1000 * ReflexParameters.TILE64_CYCLE_NS, added, 1.0);
        assertTrue(added < 3_000, "paper §III-A: a thousand cores add a few microseconds; model: " + added + " ns");
    }

    @Test
    void shouldLeaveEverySwitchOffWithAFullBufferAfterAnEpisode() {
        final Parameters p = ReflexParameters.schema().parse("reflex/tile64");
        final ReflexRing ring = new ReflexRing(p, 9);
        for (int s = 1; s < 9; s++) {
            assertTrue(ring.switchOff(s), "Init must turn switch " + s + " off");
        }
        for (int e = 0; e < 3; e++) {
            final long[] arrival = new long[9];
            arrival[e + 2] = 5_000_000; // one late core per episode
            ring.runEpisode(arrival);
            for (int c = 0; c < 9; c++) {
                assertTrue(ring.releasePs(c) >= 5_000_000, "episode " + e + ": core " + c + " left early");
            }
            for (int s = 1; s < 9; s++) {
                assertTrue(ring.switchOff(s), "episode " + e + ": switch " + s + " left on");
                assertEquals(p.get(ReflexParameters.CORE_BUFFER_FLITS), ring.buffered(s), 0.0);
            }
        }
    }

    @Test
    void shouldHoldTheNotifyAtTheFirstSwitchStillOff() {
        final ReflexRing ring = new ReflexRing(ReflexParameters.schema().parse("reflex/tile64"), 6);
        final long[] arrival = new long[6];
        arrival[3] = 2_000_000; // 2 µs late
        ring.runEpisode(arrival);
        final double cycle = ReflexParameters.TILE64_CYCLE_NS;
        // everybody leaves after core 3 drained its buffer and the notify and release crossed the ring
        for (int c = 0; c < 6; c++) {
            assertTrue(ring.releasePs(c) > 2_000_000 + 6 * cycle * 1000, "core " + c);
        }
    }
}
