package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.jbsplib.core.Transports;
import org.jbsplib.core.barrier.BarrierRun;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.RunOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class TransportSpiTest {
    @Test
    void shouldFindTheThreadsTransportByName() {
        assertTrue(Transports.providers().containsKey("threads"), Transports.providers().keySet().toString());
        for (final var e : Transports.providers().entrySet()) {
            assertEquals(e.getKey(), e.getValue().name());
            assertTrue(!e.getValue().description().isBlank() && !e.getValue().description().contains("\n"),
                e.getKey() + ": one-line description");
        }
    }

    @Test
    void shouldRefuseAnUnknownTransportListingTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().transport("carrier-pigeon").conclude());
        assertTrue(e.getMessage().contains("transport=carrier-pigeon") && e.getMessage().contains("threads"),
            e.getMessage());
    }

    @Test
    void shouldTakeTheTransportFromTheCommandLine() {
        final BspConfig c = RunOptions.config(Args.parse(List.of("--transport", "half-local", "--procs", "4"),
            RunOptions.VALUE_OPTIONS, RunOptions.FLAG_OPTIONS));
        assertEquals("half-local", c.transport());
    }

    @Test
    void shouldKeepSharedMemoryBackendsUnderChaos() {
        final BspConfig config = new BspConfig().procs(2).chaosSeed(7).conclude();
        try (Transport t = Transports.create(config)) {
            assertTrue(t instanceof ChaosTransport, t.getClass().getName());
            assertTrue(t.sharesMemory(), "chaos over threads shares memory");
            assertEquals("shm", BarrierRun.forRun(config.barrier(), config.cores(), t).spec().name(), "the default barrier under chaos");
        }
    }

    @Test
    void shouldRunTheShmBarrierUnderChaos() {
        final RunResult r = BspRuntime.run(new BspConfig().procs(3).chaosSeed(11).barrier("shm"), bsp -> {
            for (int s = 0; s < 20; s++) {
                bsp.sync();
            }
        });
        assertEquals(21, r.supersteps()[2]);
    }

    @Test
    void shouldRunOnlyTheLocalProcessesAndGatherTheOthersResults() {
        // half-local: this JVM runs the even pids; the transport makes up the odd pids' results
        final Set<Integer> ran = ConcurrentHashMap.newKeySet();
        final RunResult r = BspRuntime.run(new BspConfig().procs(4).transport(HalfLocalTransport.NAME),
            bsp -> ran.add(bsp.pid()));
        assertEquals(Set.of(0, 2), ran);
        assertEquals(4, r.stats().size());
        assertEquals(HalfLocalTransport.REMOTE_SYNCS, r.stats().get(1).syncs());
        assertEquals(HalfLocalTransport.REMOTE_SYNCS + 1, r.supersteps()[3]);
        assertEquals(1, r.supersteps()[0]);
        assertEquals(HalfLocalTransport.REMOTE_ELAPSED_NS, r.wallNs());
    }

    @Test
    void shouldEncodeAndDecodeStatistics() {
        final SyncStats s = new SyncStats();
        s.recordSync(10, 20);
        s.recordCommit(5);
        s.addWaitNs(3);
        s.addSent(2, 100);
        s.addReceived(4, 300);
        s.count("barrier.episodes", 7);
        s.count("relaxed.wäits", 9);
        s.startSection();
        s.recordSync(100, 200);
        s.stopSection();
        final SyncStats d = SyncStats.decode(s.encode());
        assertEquals(300, d.section().syncNs(), "the timed section travels with the statistics");
        assertEquals(1, d.section().syncs());
        assertEquals(List.of(s.syncs(), s.syncNs(), s.barrierNs(), s.commNs(), s.commitNs(), s.waitNs(),
            s.bytesSent(), s.bytesReceived(), s.framesSent(), s.framesReceived()), List.of(d.syncs(), d.syncNs(),
            d.barrierNs(), d.commNs(), d.commitNs(), d.waitNs(), d.bytesSent(), d.bytesReceived(), d.framesSent(),
            d.framesReceived()));
        assertEquals(Map.of("barrier.episodes", 7L, "relaxed.wäits", 9L), d.counters());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SyncStats.decode(new byte[5]));
        assertTrue(e.getMessage().contains("bytes.length=5"), e.getMessage());
    }
}
