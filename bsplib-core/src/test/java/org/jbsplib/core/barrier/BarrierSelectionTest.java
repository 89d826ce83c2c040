package org.jbsplib.core.barrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.transport.ThreadsTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class BarrierSelectionTest {
    @Test
    void shouldFindEveryBuiltInBackendByName() {
        assertTrue(Barriers.providers().keySet().containsAll(List.of("central", "dissemination", "tree", "pairwise",
            "shm")), Barriers.providers().keySet().toString());
        for (final var e : Barriers.providers().entrySet()) {
            assertEquals(e.getKey(), e.getValue().name());
            assertTrue(!e.getValue().description().isBlank() && !e.getValue().description().contains("\n"),
                e.getKey() + ": one-line description");
        }
    }

    @Test
    void shouldRefuseAnUnknownBackendListingTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().barrier("hypercube").conclude());
        assertTrue(e.getMessage().contains("barrier=hypercube") && e.getMessage().contains("dissemination")
            && e.getMessage().contains("shm"), e.getMessage());
    }

    @Test
    void shouldParseSpecsWithOptions() {
        final BarrierSpec s = BarrierSpec.parse(" tree:fanout=8 ");
        assertEquals("tree", s.name());
        assertEquals(Map.of("fanout", "8"), s.options());
        assertEquals("tree:fanout=8", s.toString());
        assertEquals(Map.of(), BarrierSpec.parse("shm").options());
    }

    @Test
    void shouldReadNameSlashPresetAsThePresetOption() {
        final BarrierSpec s = BarrierSpec.parse("nic-pe/lanai43:mode=account");
        assertEquals("nic-pe", s.name());
        assertEquals(Map.of("preset", "lanai43", "mode", "account"), s.options());
        assertEquals(BarrierSpec.parse("nic-pe:preset=lanai43,mode=account"), s);
    }

    @Test
    void shouldRefuseMalformedSpecsNamingThem() {
        for (final String bad : List.of("", ":x=1", "tree:fanout", "tree:fanout=2,fanout=3", "nic-pe/",
            "nic-pe/lanai43:preset=lanai72", "/lanai43")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BarrierSpec.parse(bad), bad);
            assertTrue(e.getMessage().contains("barrier="), e.getMessage());
        }
    }

    @Test
    void shouldRefuseBadOptionsNamingOptionAndValue() {
        final IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> new BarrierGroup("tree:fanout=zero", 2, 2, 1_000_000_000L));
        assertTrue(bad.getMessage().contains("fanout=zero"), bad.getMessage());
        final IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
            () -> new BarrierGroup("tree:fanout=0", 2, 2, 1_000_000_000L));
        assertTrue(range.getMessage().contains("fanout=0") && range.getMessage().contains("1..1024"),
            range.getMessage());
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> new BarrierGroup("dissemination:radix=4", 2, 2, 1_000_000_000L));
        assertTrue(unknown.getMessage().contains("radix=4"), unknown.getMessage());
    }

    @Test
    void shouldDefaultToShmOnSharedMemoryAndDisseminationElsewhere() {
        assertEquals("shm", Barriers.resolve("", true).name());
        assertEquals("dissemination", Barriers.resolve(null, false).name());
        assertEquals("tree", Barriers.resolve("tree", false).name());
    }

    @Test
    void shouldRefuseShmOnATransportWithoutSharedMemory() {
        final BarrierRun run = new BarrierRun("shm", "aeron", false, 2);
        final ThreadsTransport t = new ThreadsTransport(2, 64 * 1024, 2);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> run.open(t.endpoint(0), (src, type, b, o, l) -> { }, (start, what) -> { }));
        assertTrue(e.getMessage().contains("barrier=shm") && e.getMessage().contains("transport=aeron"),
            e.getMessage());
        // message-based backends run there
        new BarrierRun("dissemination", "aeron", false, 2).open(t.endpoint(0), (src, type, b, o, l) -> { },
            (start, what) -> { });
    }

    @Test
    void shouldRefuseArrivingTwiceInOneEpisode() throws Exception {
        for (final String spec : List.of("central", "dissemination", "tree", "pairwise", "shm")) {
            try (BarrierGroup g = new BarrierGroup(spec, 2, 2, 1_000_000_000L)) {
                g.port(1).arrive();
                final IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.port(1).arrive(),
                    spec);
                assertTrue(e.getMessage().contains("episode 1"), e.getMessage());
            }
        }
    }

    @Test
    void shouldAddTheFiguresABackendReportsToTheSyncStatistics() {
        // The example ring backend reports the frames it sent per episode: a token and a release on every pid
        // except the last, which sends only the token.
        final int p = 3;
        final int syncs = 7;
        final var result = BspRuntime.run(new BspConfig().procs(p).barrier("ring"), bsp -> {
            for (int s = 0; s < syncs; s++) {
                bsp.sync();
            }
        });
        for (int pid = 0; pid < p; pid++) {
            final var stats = result.stats().get(pid);
            assertEquals(syncs, stats.counter("barrier.episodes"), "episodes of pid " + pid);
            assertEquals((pid == p - 1 ? 1 : 2) * syncs, stats.counter("barrier.modelledMessages"), "pid " + pid);
            assertEquals(stats.counter("barrier.framesSent"), stats.counter("barrier.modelledMessages"));
        }
    }

    @Test
    void shouldCloseTheBarrierPortOfEveryProcessAtTheEndOfTheRun() {
        // A backend reports on the run when its port closes (hw models warn about overrun releases there).
        final int p = 3;
        CloseCountingBarrierProvider.CLOSED.set(0);
        BspRuntime.run(new BspConfig().procs(p).syncMode("org").barrier("closecount"), bsp -> bsp.sync());
        assertEquals(p, CloseCountingBarrierProvider.CLOSED.get(), "barrier ports closed");
    }

    @Test
    void shouldCloseTheBarrierPortsOfAFailedRun() {
        final int p = 3;
        CloseCountingBarrierProvider.CLOSED.set(0);
        assertThrows(BspAbortException.class, () -> BspRuntime.run(new BspConfig().procs(p).syncMode("org")
            .barrier("closecount"), bsp -> {
                bsp.sync();
                if (bsp.pid() == 1) {
                    throw new IllegalStateException("pid 1 fails on purpose");
                }
                bsp.sync();
            }));
        assertEquals(p, CloseCountingBarrierProvider.CLOSED.get(), "barrier ports closed");
    }

    @Test
    void shouldFailTheRunWithAProtocolErrorOnAForgedFrame() {
        // A frame no dissemination barrier sends (round 5 with P=2) must fail the run, not be ignored.
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(new BspConfig()
            .procs(2).barrier("dissemination").syncTimeoutNs(10_000_000_000L), bsp -> {
                if (bsp.pid() == 0) {
                    final org.agrona.concurrent.UnsafeBuffer b = new org.agrona.concurrent.UnsafeBuffer(new byte[8]);
                    b.putLong(0, 1L << 8 | 5);
                    ((org.jbsplib.core.BspProcess) bsp).endpoint().offer(1, org.jbsplib.core.sync.Wire.BARRIER_BASE,
                        b, 0, 8);
                }
                bsp.sync();
            }));
        assertTrue(String.valueOf(e.getMessage()).contains("protocol error")
            || String.valueOf(e.getCause()).contains("protocol error"), e.toString());
    }
}
