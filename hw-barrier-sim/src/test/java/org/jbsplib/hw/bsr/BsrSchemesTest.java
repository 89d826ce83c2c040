package org.jbsplib.hw.bsr;

import static org.jbsplib.hw.bsr.BsrModelVsPaperTest.steady;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The baseline schemes, the three switch architectures, member congestion and lazily computed routes. */
class BsrSchemesTest {
    private static BsrBarrierModel model(final String spec, final int parties) {
        return new BsrBarrierModel(BsrParameters.schema().parse(spec), parties);
    }

    /** @return the latency of the first episode (no tree yet for BSR) */
    private static EpisodeReport first(final BsrBarrierModel m) {
        for (int pid = 0; pid < m.parties(); pid++) {
            m.arrive(pid, 1_000_000_000L);
        }
        return m.lastReport();
    }

    @ParameterizedTest(name = "scheme={0}")
    @CsvSource({"1", "2"})
    void shouldNeedNoInitializationInTheStaticSchemes(final int scheme) {
        final BsrBarrierModel m = model("bsr/irregular:scheme=" + scheme, 40);
        final EpisodeReport init = first(m);
        final EpisodeReport later = steady(m);
        assertEquals(init.latencyNs(), later.latencyNs(), init + " vs " + later);
        assertEquals(2L * (40 - 1), later.messages(), "one message up and one down per non-center member");
    }

    @Test
    void shouldShapeTheStarAndTheBinaryTree() {
        final BsrBarrierModel star = model("bsr/irregular:scheme=1", 12);
        final BsrNetwork sn = star.network();
        assertEquals(11, sn.bsrChildren(sn.center()).length);
        final BsrBarrierModel tree = model("bsr/irregular:scheme=2", 12);
        final BsrNetwork tn = tree.network();
        assertEquals(2, tn.bsrChildren(tn.center()).length);
        assertTrue(tn.maxTreeDepthHops() > 0);
    }

    @Test
    void shouldBeatTheStarWithTheBsrTreeOnManyMembers() {
        final EpisodeReport bsr = steady(model("bsr/irregular", 200));
        final EpisodeReport star = steady(model("bsr/irregular:scheme=1", 200));
        assertTrue(bsr.latencyNs() < star.latencyNs(), bsr + " vs " + star);
    }

    @Test
    void shouldPreemptLessOftenWithAnyChannelThanWithOneFixedChannel() {
        final String congested = "bsr/irregular:congestionProbability=0.8,congestionCycles=100000,virtualChannels=4";
        final EpisodeReport any = steady(model(congested + ",switchArchitecture=1", 60));
        final EpisodeReport fixed = steady(model(congested + ",switchArchitecture=2", 60));
        assertTrue(any.preemptions() < fixed.preemptions(), any + " vs " + fixed);
        assertTrue(any.latencyNs() < fixed.latencyNs(), any + " vs " + fixed);
    }

    @Test
    void shouldWaitOnBlockedFlowInTheThirdArchitectureOnly() {
        final String blocked = "bsr/irregular:congestionProbability=1,congestionCycles=100000,virtualChannels=2,"
            + "flowBlockedProbability=1,switchArchitecture=";
        final EpisodeReport first = steady(model(blocked + 1, 20));
        final EpisodeReport third = steady(model(blocked + 3, 20));
        assertEquals(0, third.preemptions(), third.toString());
        // the data worms hold every link from the start for 100,000 cycles of 10 ns
        assertTrue(third.latencyNs() >= 100_000 * 10 && first.latencyNs() < 100_000, first + " vs " + third);
    }

    @ParameterizedTest(name = "preempt={0}")
    @CsvSource({"1", "0"})
    void shouldHoldCongestedMembersOnlyWithoutPreempting(final int preempt) {
        final String base = "bsr/irregular:congestedMembers=6,preempt=" + preempt + ",congestionCycles=";
        final EpisodeReport shortJam = steady(model(base + 10, 60));
        final EpisodeReport longJam = steady(model(base + 5000, 60));
        if (preempt == 1) {
            assertTrue(longJam.latencyNs() - shortJam.latencyNs() <= 2 * 4 * 10 * 6 * 10,
                "preempting costs at most a few cycles per congested member: " + shortJam + " vs " + longJam);
        } else {
            assertTrue(longJam.latencyNs() >= shortJam.latencyNs() + 4000 * 10, shortJam + " vs " + longJam);
        }
    }

    @Test
    void shouldWaitTheFullDurationPerBlockedHopWhenCongestionStartsAtTheWorm() {
        // a chain of 5 switches, both ends members: 4 hops up, 4 down, every channel busy
        final int[][] chain = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
        final BsrTopology topo = BsrTopology.fromLinks(5, chain);
        final Parameters free = BsrParameters.schema().parse("bsr:preempt=0");
        final Parameters jam = BsrParameters.schema().parse(
            "bsr:preempt=0,congestionProbability=1,congestionCycles=1000,congestionOrigin=1");
        final long[] arrival = {0, 0};
        final BsrNetwork a = new BsrNetwork(topo, new int[] {0, 4}, 0, free);
        final BsrNetwork b = new BsrNetwork(topo, new int[] {0, 4}, 0, jam);
        for (int e = 0; e < 2; e++) {
            a.runEpisode(e, arrival);
            b.runEpisode(e, arrival);
        }
        assertEquals(8 * 1000 * 10_000L, b.releasePs(1) - a.releasePs(1), "8 hops x 1000 cycles x 10 ns");
    }

    @Test
    void shouldRouteAsBeforeWhenColumnsAreComputedLazily() {
        final BsrTopology topo = BsrTopology.randomIrregular(500, 3, 3);
        for (int from = 0; from < 500; from += 7) {
            for (int to = 0; to < 500; to += 11) {
                final int hops = topo.routeLength(from, to);
                assertTrue(hops >= 0 && hops < 500, from + "->" + to + ": " + hops);
            }
        }
        final BsrTopology big = BsrTopology.randomIrregular(12_000, 3, 1);
        assertTrue(big.routeLength(11_999, 0) > 0);
    }

    @Test
    void shouldWorkOutEachRouteOnceWhenTheColumnsDoNotFitTheCache() {
        final int n = 400;
        final BsrTopology capped = BsrTopology.randomIrregular(n, 3, 5, 4 * n); // room for 4 of 400 columns
        final BsrTopology full = BsrTopology.randomIrregular(n, 3, 5);
        final int[] at = new int[n];
        final int[] to = new int[n];
        for (int w = 0; w < n; w++) { // n worms, one to every switch, advancing a hop each in turn
            at[w] = (w * 7 + 3) % n;
            to[w] = w;
        }
        for (int round = 0; round < 2; round++) { // the same routes again, as in the next episode
            final int[] pos = at.clone();
            for (boolean moving = true; moving;) {
                moving = false;
                for (int w = 0; w < n; w++) {
                    if (pos[w] != to[w]) {
                        final int next = capped.nextHop(pos[w], to[w]);
                        assertEquals(full.nextHop(pos[w], to[w]), next, pos[w] + "->" + to[w]);
                        pos[w] = next;
                        moving = true;
                    }
                }
            }
        }
        assertTrue(capped.columnsComputed() <= n, "one column per destination, got " + capped.columnsComputed());
    }

    @Test
    void shouldBlockTheStarInFullBuffersButNotTheBsrTreesLaterRounds() {
        final EpisodeReport starFree = steady(model("bsr/irregular:scheme=1,preempt=0", 200));
        final BsrBarrierModel starModel = model("bsr/irregular:scheme=1,preempt=0,bufferMessages=1", 200);
        final EpisodeReport starFull = steady(starModel);
        assertTrue(starModel.network().blockedHops() > 0, starFull.toString());
        assertTrue(starFull.latencyNs() > starFree.latencyNs(), starFree + " vs " + starFull);
        final EpisodeReport bsrFree = steady(model("bsr/irregular", 200));
        final EpisodeReport bsrFull = steady(model("bsr/irregular:bufferMessages=1", 200));
        assertEquals(bsrFree.latencyNs(), bsrFull.latencyNs(), "one message per tree link: " + bsrFull);
    }
}
