package org.jbsplib.core.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The classic sync's inline streams: on the threads transport a stream of at most
 * {@value ClassicSync#INLINE_MAX_BYTES} bytes of records rides in its COUNT frame, so a superstep of small puts at
 * P = 2 sends one frame per process (before: COUNT, DATA and END); the writes keep their order and values.
 */
@Timeout(60)
class InlineStreamsTest {
    private static final int ROUNDS = 50;

    @Test
    void shouldSendASuperstepOfSmallPutsAsOneFramePerProcess() {
        final long[][] last = new long[2][];
        final RunResult result = BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final long[] area = new long[8];
            final Reg reg = bsp.pushReg(area);
            bsp.sync(); // one COUNT frame each, with the registration
            final int other = 1 - bsp.pid();
            for (int r = 0; r < ROUNDS; r++) {
                bsp.put(other, new long[] {r, 100L * bsp.pid() + r}, 0, reg, 2, 2);
                bsp.put(other, new long[] {-r}, 0, reg, 5, 1);
                bsp.sync();
                if (area[2] != r || area[3] != 100L * other + r || area[5] != -r) {
                    throw new IllegalStateException("pid " + bsp.pid() + " round " + r + ": " + area[2] + ", "
                        + area[3] + ", " + area[5]);
                }
            }
            last[bsp.pid()] = area.clone();
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(1 + ROUNDS, result.stats().get(pid).framesSent(), "frames sent by pid " + pid);
            assertEquals(ROUNDS, result.stats().get(pid).counter("org.inlineStreams"), "inline streams of pid " + pid);
            assertEquals(100L * (1 - pid) + ROUNDS - 1, last[pid][3], "pid " + pid);
        }
    }

    @Test
    void shouldSendStreamsInFramesWhenGetsTravelAsRequests() {
        final RunResult result = BspRuntime.run(new BspConfig().procs(2).option(ClassicSync.DIRECT_OPTION, "never"),
            bsp -> {
                final long[] area = new long[4];
                final Reg reg = bsp.pushReg(area);
                bsp.sync();
                bsp.put(1 - bsp.pid(), new long[] {7}, 0, reg, 0, 1);
                bsp.sync();
                if (area[0] != 7) {
                    throw new IllegalStateException("pid " + bsp.pid() + ": " + area[0]);
                }
            });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(0, result.stats().get(pid).counter("org.inlineStreams"), "inline streams of pid " + pid);
        }
    }

    @Test
    void shouldWriteInlineStreamsInAscendingPidOrder() {
        // every process puts its pid into slot 0 of pid 0, pid 0 included: the highest pid is written last
        final int p = 4;
        final long[] seen = new long[ROUNDS];
        BspRuntime.run(new BspConfig().procs(p), bsp -> {
            final long[] area = new long[2];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            for (int r = 0; r < ROUNDS; r++) {
                bsp.put(0, new long[] {1000L * r + bsp.pid()}, 0, reg, 0, 1);
                bsp.sync();
                if (bsp.pid() == 0) {
                    seen[r] = area[0];
                }
            }
        });
        for (int r = 0; r < ROUNDS; r++) {
            assertEquals(1000L * r + p - 1, seen[r], "round " + r);
        }
    }

    @Test
    void shouldKeepValuesWhenOneProcessRunsAheadWithMixedSmallAndLargeStreams() {
        // pid 1 enters each sync at once, pid 0 after random work: pid 1's next COUNT frame (with its inline stream)
        // may reach pid 0 while pid 0 is still writing the superstep before; large puts, messages, hpPuts and gets
        // are mixed in
        final long seed = 0x1e1eL;
        final int big = ClassicSync.INLINE_MAX_BYTES / 8 + 16;
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final long[] area = new long[big];
            final long[] hp = new long[2];
            final long[] fetched = new long[1];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final SplittableRandom random = new SplittableRandom(seed);
            final int other = 1 - bsp.pid();
            for (int r = 0; r < 4 * ROUNDS; r++) {
                final int kind = random.nextInt(4);
                final long stamp = 1000L * r + bsp.pid();
                area[big - 1] = stamp;
                if (kind == 0) {
                    final long[] block = new long[big - 1];
                    java.util.Arrays.fill(block, stamp);
                    bsp.put(other, block, 0, reg, 0, big - 1); // too large to ride in the COUNT frame
                } else {
                    hp[0] = stamp;
                    bsp.hpPut(other, hp, 0, reg, 0, 1);
                    bsp.send(other, new byte[0], new byte[] {(byte) r});
                }
                if (kind == 2) {
                    bsp.get(other, reg, big - 1, fetched, 0, 1);
                }
                final int spins = random.nextInt(20_000); // drawn by both: their draws stay the same
                if (bsp.pid() == 0) {
                    for (int s = 0; s < spins; s++) {
                        Thread.onSpinWait();
                    }
                }
                bsp.sync();
                final long expected = 1000L * r + other;
                if (area[0] != expected || (kind != 0 && bsp.qsize().packets() != 1)
                    || (kind == 2 && fetched[0] != expected)) {
                    throw new IllegalStateException("pid " + bsp.pid() + " round " + r + " kind " + kind + ": "
                        + area[0] + ", " + fetched[0] + " (seed " + seed + ")");
                }
            }
        });
    }
}
