package org.jbsplib.hw.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.core.barrier.BarrierGroup;
import org.jbsplib.core.barrier.BarrierPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class HwBarrierProviderTest {
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);

    @Test
    void shouldRegisterTheSevenBackends() {
        final TreeSet<String> names = new TreeSet<>();
        for (BarrierProvider p : ServiceLoader.load(BarrierProvider.class)) {
            names.add(p.name());
        }
        assertTrue(names.containsAll(java.util.List.of("papers", "reflex", "bsr", "nic-gb", "nic-pe", "host-gb",
            "host-pe")), names.toString());
    }

    /**
     * Runs {@code episodes} barriers on two threads; returns the wall time of process 0, and in {@code modelledNs}
     * process 0's modelled time in all (index 0) and in its least episode (index 1).
     */
    private static long runTwo(String spec, int episodes, long[] modelledNs) throws InterruptedException {
        try (BarrierGroup g = new BarrierGroup(spec, 2, Runtime.getRuntime().availableProcessors(), TIMEOUT_NS)) {
            final long[] wall = new long[1];
            final Thread other = new Thread(() -> {
                final BarrierPort port = g.port(1);
                for (int e = 0; e < episodes; e++) {
                    port.sync();
                }
            });
            other.start();
            final BarrierPort port = g.port(0);
            long leastEpisode = Long.MAX_VALUE;
            final long start = System.nanoTime();
            for (int e = 0; e < episodes; e++) {
                final long before = port.modelledNs();
                port.sync();
                leastEpisode = Math.min(leastEpisode, port.modelledNs() - before);
            }
            wall[0] = System.nanoTime() - start;
            modelledNs[1] = leastEpisode;
            other.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(!other.isAlive(), "process 1 still waits");
            modelledNs[0] = port.modelledNs();
            assertEquals(episodes, port.episodes());
            return wall[0];
        }
    }

    /**
     * Runs 40 episodes of {@code spec} three times, checking each run's wall and modelled time with {@code check}, and
     * returns the least modelled time of one episode. A process descheduled before it arrives (a loaded host) can
     * only add modelled time to that episode, so the least of the 120 is the model's latency for simultaneous
     * arrivals; a model that is off by more than the tolerance fails whatever the skew of the other episodes.
     */
    private static long leastEpisodeOfThree(final String spec,
        final java.util.function.BiConsumer<Long, Long> check) throws InterruptedException {
        long least = Long.MAX_VALUE;
        for (int run = 0; run < 3; run++) {
            final long[] modelled = new long[2];
            final long wall = runTwo(spec, 40, modelled);
            check.accept(wall, modelled[0]);
            least = Math.min(least, modelled[1]);
        }
        return least;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldHoldProcessesForTheModelledLatencyWhenEmulating() throws InterruptedException {
        // 40 episodes of a 2-node NIC-PE barrier: ~50.8 µs each from the last arrival
        final long least = leastEpisodeOfThree("nic-pe:preset=lanai43,mode=emulate", (wall, modelled) ->
            assertTrue(wall >= modelled, "emulated wall time " + wall + " ns < modelled " + modelled + " ns"));
        assertEquals(50_820, least, 50_820 * 0.05, "the least episode's modelled latency");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldReportTheSameModelledTimeWhenAccounting() throws InterruptedException {
        final long least = leastEpisodeOfThree("nic-pe:preset=lanai43,mode=account", (wall, modelled) ->
            assertTrue(modelled >= 40 * 50_820 * 0.95, "modelled " + modelled + " ns for 40 episodes"));
        assertEquals(50_820, least, 50_820 * 0.05, "the least episode's modelled latency");
    }

    /** {@code --barrier nic-pe/lanai43}, the form of the models' names (MODELS.md), is {@code nic-pe:preset=lanai43}. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldTakeTheSlashFormAsThePreset() throws InterruptedException {
        final long least = leastEpisodeOfThree("nic-pe/lanai43:mode=account", (wall, modelled) -> { });
        assertEquals(50_820, least, 50_820 * 0.05, "the least episode's modelled latency of lanai43");
        final long least72 = leastEpisodeOfThree("nic-pe/lanai72:mode=account", (wall, modelled) -> { });
        assertEquals(leastEpisodeOfThree("nic-pe:preset=lanai72,mode=account", (wall, modelled) -> { }), least72);
        assertTrue(least72 < least, "lanai72 (" + least72 + " ns) is faster than lanai43 (" + least + " ns)");
    }

    @Test
    void shouldNameBadOptionsAndForeignTransports() {
        final BarrierProvider papers = new HwBarrierProvider.Papers();
        final Map<String, String> bad = new LinkedHashMap<>();
        bad.put("portOpsPerSecond", "1e6");
        final IllegalArgumentException key = assertThrows(IllegalArgumentException.class,
            () -> papers.create(new FakeChannel(true), bad));
        assertTrue(key.getMessage().contains("key=portOpsPerSecond") && key.getMessage().contains("value=1e6"),
            key.getMessage());
        final IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
            () -> papers.create(new FakeChannel(true), Map.of("mode", "fast")));
        assertTrue(mode.getMessage().contains("mode=fast"), mode.getMessage());
        final IllegalArgumentException transport = assertThrows(IllegalArgumentException.class,
            () -> papers.create(new FakeChannel(false), Map.of()));
        assertTrue(transport.getMessage().contains("transport=tcp"), transport.getMessage());
        assertEquals("papers/papers0-2op:portOpsPerSec=1e6",
            HwBarrierProvider.spec("papers", new LinkedHashMap<>(Map.of("preset", "papers0-2op", "mode", "account",
                "portOpsPerSec", "1e6"))));
    }

    private static final class FakeChannel implements BarrierChannel {
        private final boolean shared;

        FakeChannel(boolean shared) {
            this.shared = shared;
        }

        @Override
        public int pid() {
            return 0;
        }

        @Override
        public int nprocs() {
            return 2;
        }

        @Override
        public int cores() {
            return 2;
        }

        @Override
        public String transport() {
            return shared ? "threads" : "tcp";
        }

        @Override
        public int maxFrameLength() {
            return 64;
        }

        @Override
        public void send(int dstPid, int type, DirectBuffer buffer, int offset, int length) {
            throw new UnsupportedOperationException("send");
        }

        @Override
        public void send(int dstPid, int type, long word) {
            throw new UnsupportedOperationException("send");
        }

        @Override
        public void await(BooleanSupplier condition) {
            throw new UnsupportedOperationException("await");
        }

        @Override
        public boolean sharedMemory() {
            return shared;
        }

        @Override
        public <T> T sharedState(String key, Supplier<T> factory) {
            return factory.get();
        }

        @Override
        public void reportEpisode(long modelledLatencyNs, long modelledMessages) {
        }
    }
}
