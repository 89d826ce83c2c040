package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.barrier.BarrierRun;
import org.jbsplib.core.transport.ChaosTransport;
import org.jbsplib.core.transport.DenseCountsTransport;
import org.jbsplib.core.transport.ThreadsTransport;
import org.jbsplib.core.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The classic sync's sparse count exchange: on the threads transport a process sends a COUNT frame only to the
 * processes it has something for (every one in a superstep with registration calls or a new tag size), and takes a
 * missing one as empty after the barrier; where the transport does not allow it, or the count exchange is the
 * barrier, every process sends all P-1 COUNT frames.
 */
@Timeout(60)
class SparseCountsTest {
    private static final int SYNCS = 20;

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 4, 9})
    void shouldSendNoFrameInAnEmptySuperstep(final int p) {
        final RunResult result = BspRuntime.run(new BspConfig().procs(p), bsp -> {
            for (int i = 0; i < SYNCS; i++) {
                bsp.sync();
            }
        });
        for (int pid = 0; pid < p; pid++) {
            assertEquals(0, result.stats().get(pid).counter("org.countFrames"), "COUNT frames of pid " + pid);
            assertEquals((long) SYNCS * (p - 1), result.stats().get(pid).counter("org.countFramesOmitted"),
                "COUNT frames left out by pid " + pid);
            assertEquals(0, result.stats().get(pid).framesSent(), "frames of pid " + pid + " (shm barrier)");
        }
    }

    @Test
    void shouldSendCountFramesOnlyToTheProcessesWithTraffic() {
        final int p = 4;
        final int[][] got = new int[p][];
        final int[] fetched = new int[1];
        final RunResult result = BspRuntime.run(new BspConfig().procs(p), bsp -> {
            final int[] area = new int[4];
            area[0] = 100 + bsp.pid();
            final Reg reg = bsp.pushReg(area);
            bsp.sync(); // a registration: every process tells every other one
            if (bsp.pid() == 0) {
                bsp.put(3, new int[] {7}, 0, reg, 1, 1); // only pid 3 hears from pid 0
            }
            if (bsp.pid() == 2) {
                bsp.get(1, reg, 0, fetched, 0, 1); // only pid 1 hears from pid 2
            }
            bsp.sync();
            bsp.sync(); // empty
            got[bsp.pid()] = area.clone();
        });
        final long[] expected = {(p - 1) + 1, p - 1, (p - 1) + 1, p - 1};
        for (int pid = 0; pid < p; pid++) {
            assertEquals(expected[pid], result.stats().get(pid).counter("org.countFrames"),
                "COUNT frames of pid " + pid);
            assertEquals(3L * (p - 1) - expected[pid], result.stats().get(pid).counter("org.countFramesOmitted"),
                "COUNT frames left out by pid " + pid);
        }
        assertArrayEquals(new int[] {103, 7, 0, 0}, got[3]);
        assertEquals(101, fetched[0]);
    }

    @Test
    void shouldKeepAProcessThatHearsNothingInStepWithTheOthers() {
        // pid 2 neither sends nor receives in the odd supersteps while 0 and 1 exchange puts and messages, then
        // gets from both and receives from both in the even ones
        final int p = 3;
        final int rounds = 30;
        final long[][] seen = new long[p][];
        BspRuntime.run(new BspConfig().procs(p).option(ClassicSync.DIRECT_OPTION, "never"), bsp -> {
            final long[] area = new long[4];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] got = new long[2 * rounds];
            for (int r = 0; r < rounds; r++) {
                area[0] = 1000L * bsp.pid() + r;
                if (bsp.pid() < 2) {
                    bsp.put(1 - bsp.pid(), new long[] {area[0]}, 0, reg, 1, 1);
                    bsp.send(1 - bsp.pid(), new byte[0], new byte[] {(byte) r});
                }
                bsp.sync(); // silent for pid 2
                if (bsp.pid() < 2 && (bsp.qsize().packets() != 1 || area[1] != 1000L * (1 - bsp.pid()) + r)) {
                    throw new IllegalStateException("pid " + bsp.pid() + " round " + r + ": " + area[1]);
                }
                if (bsp.pid() == 2) {
                    bsp.get(0, reg, 0, got, 2 * r, 1);
                    bsp.get(1, reg, 0, got, 2 * r + 1, 1);
                } else {
                    bsp.put(2, new long[] {area[0]}, 0, reg, 2 + bsp.pid(), 1);
                }
                bsp.sync();
                if (bsp.pid() == 2 && (area[2] != r || area[3] != 1000L + r)) {
                    throw new IllegalStateException("pid 2 round " + r + ": " + area[2] + ", " + area[3]);
                }
            }
            seen[bsp.pid()] = got;
        });
        for (int r = 0; r < rounds; r++) {
            assertEquals(r, seen[2][2 * r], "get from pid 0, round " + r);
            assertEquals(1000L + r, seen[2][2 * r + 1], "get from pid 1, round " + r);
        }
    }

    @Test
    void shouldCountNoUpdateForCommitAfterASuperstepInWhichNothingMoved() {
        final int[][] counted = new int[2][];
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final int[] area = new int[4];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            if (bsp.pid() == 0) {
                bsp.put(1, new int[] {5}, 0, reg, 0, 1);
            }
            bsp.sync();
            bsp.commit(reg, bsp.pid() == 1 ? 1 : 0);
            bsp.sync(); // nothing moves
            bsp.commit(reg, 0); // the update two supersteps ago is no update of the last one
            counted[bsp.pid()] = area.clone();
        });
        assertEquals(5, counted[1][0]);
    }

    @Test
    void shouldRefuseAnUnknownCountsModeNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(
            new BspConfig().procs(2).option(ClassicSync.COUNTS_OPTION, "some"), bsp -> { }));
        assertTrue(e.getMessage().contains("org.counts=some"), e.getMessage());
    }

    @Test
    void shouldTellEveryProcessOfANewTagSize() {
        final int p = 3;
        final RunResult result = BspRuntime.run(new BspConfig().procs(p), bsp -> {
            bsp.setTagSize(8);
            bsp.sync();
            bsp.sync();
        });
        for (int pid = 0; pid < p; pid++) {
            assertEquals(p - 1, result.stats().get(pid).counter("org.countFrames"), "COUNT frames of pid " + pid);
        }
    }

    @Test
    void shouldFindADifferentTagSizeWhenOnlyOneProcessSetsIt() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(3), bsp -> {
                if (bsp.pid() == 1) {
                    bsp.setTagSize(8);
                }
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("setTagSize differs"), e.getMessage());
    }

    @Test
    void shouldFindARegistrationOnlyOneProcessMade() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(3), bsp -> {
                if (bsp.pid() == 2) {
                    bsp.pushReg(new int[4]);
                }
                bsp.sync();
            }));
        assertTrue(e.getMessage().contains("registration sequences differ across processes"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dense-option", "counts-barrier"})
    void shouldSendEveryCountFrameWhereAbsenceCannotBeTrustedOrIsNotWanted(final String where) {
        final int p = 4;
        final BspConfig config = new BspConfig().procs(p);
        if ("dense-option".equals(where)) {
            config.option(ClassicSync.COUNTS_OPTION, "dense");
        } else {
            config.option(ClassicSync.BARRIER_OPTION, "counts");
        }
        final RunResult result = BspRuntime.run(config, bsp -> {
            for (int i = 0; i < SYNCS; i++) {
                bsp.sync();
            }
        });
        for (int pid = 0; pid < p; pid++) {
            assertEquals((long) SYNCS * (p - 1), result.stats().get(pid).counter("org.countFrames"),
                where + ": COUNT frames of pid " + pid);
            assertEquals(0, result.stats().get(pid).counter("org.countFramesOmitted"), where + ": pid " + pid);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 3, 32})
    void shouldAbortPromptlyWhenAProcessEndsEarly(final int p) {
        final long t0 = System.nanoTime();
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(p), bsp -> {
                bsp.sync();
                if (bsp.pid() != p - 1) {
                    bsp.sync(); // pid p-1 has ended: nobody may wait for it here
                }
            }));
        assertTrue(e.getMessage().contains("pid " + (p - 1) + " ended its program"), e.getMessage());
        assertEquals(1, e.superstep(), e.getMessage());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(10), "prompt");
    }

    @Test
    void shouldNotMistakeAProcessThatEndedAfterTheSyncForOneThatSkippedIt() {
        // pid 0 leaves the last sync and ends at once, while the others may still be in that sync
        for (int round = 0; round < 50; round++) {
            final RunResult result = BspRuntime.run(new BspConfig().procs(4), bsp -> {
                for (int i = 0; i < 5; i++) {
                    bsp.sync();
                }
            });
            assertEquals(4, result.stats().size());
        }
    }

    @Test
    void shouldReportTheFirstCauseWhenAProcessFailsBeforeASync() {
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(4), bsp -> {
                bsp.sync();
                if (bsp.pid() == 2) {
                    throw new IllegalStateException("first from 2");
                }
                bsp.sync();
            }));
        assertEquals(2, e.pid());
        assertTrue(e.getMessage().contains("first from 2"), e.getMessage());
    }

    @Test
    void shouldLetOnlyTransportsThatSaySoLeaveFramesOut() {
        try (Transport threads = new ThreadsTransport(2, 1 << 16, 2)) {
            assertTrue(threads.drainsAfterBarrier());
            try (Transport chaos = new ChaosTransport(threads, 1L)) {
                assertTrue(chaos.drainsAfterBarrier(), "a decorator answers for what it decorates");
            }
        }
        try (Transport dense = new DenseCountsTransport(new ThreadsTransport(2, 1 << 16, 2))) {
            assertTrue(dense.sharesMemory());
            assertFalse(dense.drainsAfterBarrier(), "by default a transport promises nothing");
            // the flag reaches the protocol through the run's barrier: the classic sync stays dense here
            assertFalse(BarrierRun.forRun("", 2, dense).drainsAfterRelease());
            try (Transport threads = new ThreadsTransport(2, 1 << 16, 2)) {
                assertTrue(BarrierRun.forRun("", 2, threads).drainsAfterRelease());
            }
        }
    }
}
