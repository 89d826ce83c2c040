package org.jbsplib.hw.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The semantics every hardware barrier model must keep, written once and run against each backend (subclasses name
 * the backend).
 */
public abstract class BarrierModelContract {
    /** @return a fresh model of the backend under test for {@code parties} processes */
    protected abstract BarrierModel newModel(int parties);

    static IntStream parties() {
        return IntStream.rangeClosed(1, 33);
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("parties")
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void shouldReleaseNobodyBeforeTheLastArrivalAndEverybodyAfterIt(int p) {
        final BarrierModel model = newModel(p);
        final Random random = new Random(1000 + p);
        final long base = 1_000_000_000L;
        final long[] arrival = new long[p];
        long last = 0;
        for (int pid = 0; pid < p; pid++) {
            arrival[pid] = base + random.nextInt(50_000);
            last = Math.max(last, arrival[pid]);
        }
        for (int pid = 0; pid < p - 1; pid++) {
            model.arrive(pid, arrival[pid]);
        }
        for (int pid = 0; pid < p - 1; pid++) {
            assertFalse(model.isReleased(pid), "pid " + pid + " released before the last arrival");
        }
        model.arrive(p - 1, arrival[p - 1]);
        for (int pid = 0; pid < p; pid++) {
            assertTrue(model.isReleased(pid), "pid " + pid + " not released after the last arrival");
            assertTrue(model.releaseTimeNs(pid) >= last, "pid " + pid + " released before the last arrival");
        }
        final EpisodeReport report = model.lastReport();
        assertNotNull(report);
        assertEquals(0, report.episode());
        assertEquals(p, report.parties());
        assertEquals(last, report.lastArrivalNs());
        assertTrue(report.latencyNs() >= 0, report::toString);
        if (p > 1) {
            assertTrue(report.latencyNs() > 0, "a barrier of " + p + " must cost something: " + report);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @MethodSource("parties")
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void shouldGiveTheSameLatencyInConsecutiveEpisodesWithTheSameArrivals(int p) {
        // episode 0 may differ (a BSR tree is built then); the hardware must then return to the same state
        final BarrierModel model = newModel(p);
        long first = -1;
        for (int episode = 0; episode < 5; episode++) {
            final long base = 5_000_000L * (episode + 1);
            for (int pid = 0; pid < p; pid++) {
                model.arrive(pid, base + 7L * pid);
            }
            final EpisodeReport r = model.lastReport();
            assertEquals(episode, r.episode());
            assertEquals(episode + 1, model.completedEpisodes());
            if (episode == 0) {
                continue;
            }
            if (first < 0) {
                first = r.latencyNs();
            } else {
                assertEquals(first, r.latencyNs(), "episode " + episode + " of a stateless repeat differs: " + r);
            }
        }
    }

    @Test
    void shouldRejectBadPidsAndDoubleArrivals() {
        final BarrierModel model = newModel(3);
        final IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> model.arrive(3, 0));
        assertTrue(bad.getMessage().contains("pid=3"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> model.isReleased(-1));
        model.arrive(1, 10);
        final IllegalStateException twice = assertThrows(IllegalStateException.class, () -> model.arrive(1, 11));
        assertTrue(twice.getMessage().contains("pid=1"), twice.getMessage());
        assertThrows(IllegalStateException.class, () -> model.releaseTimeNs(1));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldReleaseConcurrentThreadsOnlyAfterTheLastArrivalOfEachEpisode() throws InterruptedException {
        final int p = 5;
        final int episodes = 12;
        final long seed = System.nanoTime();
        final BarrierModel model = newModel(p);
        final long[][] arrivedAt = new long[episodes][p];
        final long[][] releasedSeenAt = new long[episodes][p];
        final long[][] modelled = new long[episodes][p];
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] threads = new Thread[p];
        for (int pid = 0; pid < p; pid++) {
            final int me = pid;
            threads[pid] = new Thread(() -> {
                final Random random = new Random(seed + me);
                try {
                    for (int e = 0; e < episodes; e++) {
                        final long until = System.nanoTime() + random.nextInt(200_000);
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                        final long now = System.nanoTime();
                        arrivedAt[e][me] = now;
                        model.arrive(me, now);
                        while (!model.isReleased(me)) {
                            Thread.yield();
                        }
                        releasedSeenAt[e][me] = System.nanoTime();
                        modelled[e][me] = model.releaseTimeNs(me);
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }, "contract-" + pid);
            threads[pid].start();
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(50));
            if (t.isAlive()) {
                fail("seed=" + seed + ": " + t.getName() + " is still waiting");
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("seed=" + seed, failure.get());
        }
        for (int e = 0; e < episodes; e++) {
            long last = 0;
            for (int pid = 0; pid < p; pid++) {
                last = Math.max(last, arrivedAt[e][pid]);
            }
            for (int pid = 0; pid < p; pid++) {
                assertTrue(releasedSeenAt[e][pid] >= last, "seed=" + seed + " episode " + e + " pid " + pid
                    + " saw its release before the last arrival");
                assertTrue(modelled[e][pid] >= last, "seed=" + seed + " episode " + e + " pid " + pid
                    + " modelled release before the last arrival");
            }
        }
        assertEquals(episodes, model.completedEpisodes());
    }
}
