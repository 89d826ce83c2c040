package org.jbsplib.hw.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.Parameters;
import org.junit.jupiter.api.Test;

/** The design issues of §3: unexpected messages, initialization and cleanup, concurrent barriers on one NIC. */
class NicClusterTest {
    private static final Parameters LANAI43 = NicParameters.schema("nic-pe").parse("nic-pe/lanai43");
    private static final long US = 1_000_000L; // ps

    @Test
    void shouldCompleteWhenAPeerOpensItsPortAfterTheBarrierMessageArrived() {
        final NicCluster c = new NicCluster(LANAI43, 2, 1);
        final int g = c.addGroup(NicAlgorithm.NIC_PE, new int[] {c.endpoint(0, 0), c.endpoint(1, 0)}, 1);
        c.closePort(c.endpoint(1, 0));
        c.post(g, 0, 0);
        c.openPortAt(c.endpoint(1, 0), 500 * US);
        c.post(g, 1, 600 * US);
        c.run();
        assertTrue(c.completionPs(g, 0) > 600 * US);
        assertTrue(c.completionPs(g, 1) > 600 * US);
        assertEquals(1, c.nacks(), "the record made while closed is rejected once");
        assertEquals(1, c.retransmissions(), "and the sender, still the same process, resends once");
    }

    @Test
    void shouldNotLetAMessageFromADeadProcessCompleteItsSuccessorsBarrier() {
        final NicCluster c = new NicCluster(LANAI43, 2, 1);
        final int a = c.endpoint(0, 0);
        final int b = c.endpoint(1, 0);
        final int g = c.addGroup(NicAlgorithm.NIC_PE, new int[] {a, b}, 1);
        c.closePort(b);
        c.post(g, 0, 0);        // process A sends to B's closed port
        c.run();
        c.closePort(a);          // A dies before B started
        c.openPortAt(a, 1000 * US); // A' and B' start on the same ports
        c.openPortAt(b, 1000 * US);
        c.post(g, 1, 1100 * US); // B' enters the barrier
        c.run();
        assertEquals(-1, c.completionPs(g, 1), "B' must not complete on A's stale message");
        assertEquals(0, c.retransmissions(), "A' must not resend what A sent");
        c.post(g, 0, 3000 * US); // A' enters
        c.run();
        assertTrue(c.completionPs(g, 0) > 3000 * US);
        assertTrue(c.completionPs(g, 1) > 3000 * US);
    }

    @Test
    void shouldDropMessagesRecordedForAPortWhenItCloses() {
        final NicCluster c = new NicCluster(LANAI43, 2, 1);
        final int a = c.endpoint(0, 0);
        final int b = c.endpoint(1, 0);
        final int g = c.addGroup(NicAlgorithm.NIC_PE, new int[] {a, b}, 1);
        c.post(g, 0, 0);        // A sends to B's open port; B has not entered: recorded as unexpected
        c.run();
        assertTrue(c.hasPendingRecords(), "A's message must wait in B's record");
        c.closePort(b);          // B dies: §3.2, its records must not outlive it
        c.closePort(a);          // then A dies
        c.openPortAt(a, 1000 * US); // A' and B' start on the same ports
        c.openPortAt(b, 1000 * US);
        c.post(g, 1, 1100 * US); // B' enters the barrier
        c.run();
        assertEquals(-1, c.completionPs(g, 1), "B' must not complete on A's message recorded for B");
        c.post(g, 0, 3000 * US); // A' enters
        c.run();
        assertTrue(c.completionPs(g, 0) > 3000 * US);
        assertTrue(c.completionPs(g, 1) > 3000 * US);
        assertTrue(!c.hasPendingRecords());
    }

    @Test
    void shouldRunTwoConcurrentBarriersThroughTheSameNics() {
        final NicCluster shared = new NicCluster(LANAI43, 4, 2);
        final int[] port0 = new int[4];
        final int[] port1 = new int[4];
        for (int n = 0; n < 4; n++) {
            port0[n] = shared.endpoint(n, 0);
            port1[n] = shared.endpoint(n, 1);
        }
        final int g0 = shared.addGroup(NicAlgorithm.NIC_PE, port0, 1);
        final int g1 = shared.addGroup(NicAlgorithm.NIC_GB, port1, 2);
        for (int m = 0; m < 4; m++) {
            shared.post(g0, m, 0);
            shared.post(g1, m, 0);
        }
        shared.run();
        final double alone = NicBarrierModel.simultaneousLatencyNs(LANAI43, NicAlgorithm.NIC_PE, 4, 1);
        long last = 0;
        for (int m = 0; m < 4; m++) {
            assertTrue(shared.completionPs(g0, m) > 0 && shared.completionPs(g1, m) > 0);
            last = Math.max(last, shared.completionPs(g0, m));
        }
        assertTrue(last / 1000.0 > alone, "sharing the LANai must slow the PE barrier: " + last / 1000.0 + " vs "
            + alone);
        assertTrue(!shared.hasPendingRecords());
    }

    @Test
    void shouldRecordMessagesOfProcessesThatArriveEarlyAsUnexpected() {
        final NicBarrierModel m = new NicBarrierModel(LANAI43, NicAlgorithm.NIC_PE, 8);
        final long base = 1_000_000_000L;
        for (int pid = 1; pid < 8; pid++) {
            m.arrive(pid, base);
        }
        m.arrive(0, base + 1_000_000); // 1 ms late: everyone else's first messages wait in its record
        final EpisodeReport r = m.lastReport();
        assertEquals(8 * 3, r.messages());
        // the late process still has its three exchange steps ahead of it
        assertTrue(r.latencyNs() > 3 * 3 * NicParameters.LANAI43[1], r.toString());
        assertTrue(r.latencyNs() < 1_000_000, r.toString());
    }

    @Test
    void shouldPlaceSeveralProcessesOnOneNic() {
        final Parameters two = NicParameters.schema("nic-pe").parse("nic-pe/lanai43:processesPerNic=2");
        final double shared = NicBarrierModel.simultaneousLatencyNs(two, NicAlgorithm.NIC_PE, 8, 1);
        final double own = NicBarrierModel.simultaneousLatencyNs(LANAI43, NicAlgorithm.NIC_PE, 8, 1);
        assertTrue(shared > own, shared + " vs " + own);
    }
}
