package org.jbsplib.hw.bsr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Theorem 2's bound and the bandwidth-preempting technique of §3. */
class BsrModelVsPaperTest {
    private static final long BASE = 1_000_000_000L;

    /** Runs three simultaneous episodes; returns the report of the last one (the tree is built in the first). */
    static EpisodeReport steady(BsrBarrierModel m) {
        for (int e = 0; e < 3; e++) {
            for (int pid = 0; pid < m.parties(); pid++) {
                m.arrive(pid, BASE * (e + 1));
            }
        }
        return m.lastReport();
    }

    static double boundNs(Parameters p, BsrBarrierModel m, int extraPerHopCycles) {
        return 2.0 * (BsrNetwork.perHopCycles(p) + extraPerHopCycles) * m.network().maxTreeDepthHops()
            * p.get(BsrParameters.CYCLE_NS);
    }

    static double softwareNs(Parameters p) {
        return p.get(BsrParameters.SOFTWARE_CYCLES) * p.get(BsrParameters.CYCLE_NS);
    }

    @ParameterizedTest(name = "{0} P={1}")
    @CsvSource({"bsr/irregular,2", "bsr/irregular,8", "bsr/irregular,33", "bsr/irregular-ts1000,16", "bsr/mesh,5",
        "bsr/mesh,33", "bsr/irregular:seed=7,20", "bsr/mesh:barrierFlits=1,12"})
    void shouldStayWithinTheorem2Bound(String spec, int parties) {
        final Parameters p = BsrParameters.schema().parse(spec);
        final BsrBarrierModel m = new BsrBarrierModel(p, parties);
        final EpisodeReport r = steady(m);
        final double network = r.latencyNs() - softwareNs(p);
        assertTrue(network <= boundNs(p, m, 0), spec + " P=" + parties + ": " + network + " ns > 2 Tb max D_T = "
            + boundNs(p, m, 0) + " ns; " + r);
        // and it is a bound that bites: a tree path costs at least 8 of Tb's cycles per hop
        assertTrue(network >= boundNs(p, m, 0) * 8 / BsrNetwork.perHopCycles(p) * 0.5, r.toString());
    }

    @ParameterizedTest(name = "P={0}")
    @CsvSource({"8", "33"})
    void shouldKeepTheBoundUnderCongestionOnlyWhenPreempting(int parties) {
        final String congested = "bsr/irregular:congestionProbability=0.6,congestionCycles=20000";
        final Parameters pre = BsrParameters.schema().parse(congested);
        final BsrBarrierModel preempting = new BsrBarrierModel(pre, parties);
        final EpisodeReport rp = steady(preempting);
        final int tp = pre.getInt(BsrParameters.PREEMPT_CYCLES, 0, 1000);
        assertTrue(rp.preemptions() > 0, rp.toString());
        assertTrue(rp.latencyNs() - softwareNs(pre) <= boundNs(pre, preempting, tp), rp.toString());

        final Parameters wait = BsrParameters.schema().parse(congested + ",preempt=0");
        final BsrBarrierModel waiting = new BsrBarrierModel(wait, parties);
        final EpisodeReport rw = steady(waiting);
        assertEquals(0, rw.preemptions());
        assertTrue(rw.latencyNs() - softwareNs(wait) > boundNs(wait, waiting, tp), rw.toString());
    }

    @org.junit.jupiter.api.Test
    void shouldCostTwelveCyclesForAPreemptedHop() {
        // §4.2: padding to the neighbour (6) + link (2) + the two crossbars (2) + the destination unit preempting the
        // virtual channel (2) = 12 cycles, with no routing step; a free hop's header costs 1 + 2 + 2 + 1 + 2 = 8
        final String mesh = "bsr/mesh:switches=16";
        final EpisodeReport free = steady(new BsrBarrierModel(BsrParameters.schema().parse(mesh), 2));
        final EpisodeReport jammed = steady(new BsrBarrierModel(BsrParameters.schema().parse(
            mesh + ",congestionProbability=1,congestionCycles=1000000"), 2));
        assertEquals(0, free.preemptions(), free.toString());
        assertEquals(jammed.hops(), jammed.preemptions(), "every hop is preempted: " + jammed);
        final double cycleNs = BsrParameters.schema().parse(mesh).get(BsrParameters.CYCLE_NS);
        // two members: the reduction and the distribution cross the same hops one after the other
        assertEquals(jammed.hops() * (12 - 8) * cycleNs, jammed.latencyNs() - free.latencyNs(), 1e-9,
            free + " vs " + jammed);
    }

    @ParameterizedTest(name = "preempt={0}")
    @CsvSource({"1", "0"})
    void shouldMakeLatencyIndependentOfCongestionDurationOnlyWhenPreempting(int preempt) {
        final String base = "bsr/mesh:congestionProbability=0.5,preempt=" + preempt + ",congestionCycles=";
        // both jams outlast the barrier itself; only their length differs
        final EpisodeReport shortJam = steady(new BsrBarrierModel(BsrParameters.schema().parse(base + 10_000), 20));
        final EpisodeReport longJam = steady(new BsrBarrierModel(BsrParameters.schema().parse(base + 200_000), 20));
        if (preempt == 1) {
            assertEquals(shortJam.latencyNs(), longJam.latencyNs(), "preempting: " + shortJam + " vs " + longJam);
        } else {
            assertTrue(longJam.latencyNs() > shortJam.latencyNs() + 1_000_000, shortJam + " vs " + longJam);
        }
    }

    /** §4.2: "in the worst case, the latency of the first round ... is twice as large as that of the nonround". */
    @ParameterizedTest(name = "bufferMessages={0}")
    @CsvSource({"0", "1"})
    @org.junit.jupiter.api.Disabled("known gap 2 of hw-barrier-sim/README.md: the model's first round is 7x (unbounded "
        + "buffers) to 28x (one message) the later ones with every node a member")
    void shouldKeepTheFirstRoundWithinTwiceTheLaterOnes(int buffer) {
        final BsrBarrierModel m = new BsrBarrierModel(BsrParameters.schema().parse("bsr/irregular:bufferMessages="
            + buffer), 300);
        for (int pid = 0; pid < m.parties(); pid++) {
            m.arrive(pid, BASE);
        }
        final EpisodeReport first = m.lastReport();
        for (int pid = 0; pid < m.parties(); pid++) {
            m.arrive(pid, 2 * BASE);
        }
        final EpisodeReport later = m.lastReport();
        assertTrue(first.latencyNs() <= 2 * later.latencyNs(), first + " vs " + later);
    }
}
