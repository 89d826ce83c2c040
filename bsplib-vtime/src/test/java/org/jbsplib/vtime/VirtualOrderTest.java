package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exactness: frames with equal virtual arrival times are received in an order made of virtual quantities only
 * (arrival, send start, sender pid, the sender's own count), and the kernel's order of running the processes (its
 * own, or a seeded random legal order with {@code shuffle}) changes neither the receive order nor any clock.
 */
@Timeout(120)
class VirtualOrderTest {
    private static final long L = 5_000;
    private static final long O = 700;
    private static final long GAP = 1_100;
    private static final NetworkModel MODEL = new NetworkModel("test", L, O, GAP, 0.5, CpuClock.FIXED, 1, 0);
    private static final int P = 6;
    private static final int FRAMES = 3;

    /** Every pid but 0 sends FRAMES frames to pid 0 at the same virtual times; pid 0 records who sent what. */
    private static String run(final long seed, final long[] clocks) throws InterruptedException {
        return run(seed, clocks, 1);
    }

    private static String run(final long seed, final long[] clocks, final int parallel) throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(MODEL, P, 1024, seed, parallel);
        final List<String> order = new ArrayList<>();
        MachineHarness.run(m, (e, pid) -> {
            final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
            if (pid == 0) {
                final int[] got = {0};
                while (got[0] < (P - 1) * FRAMES) {
                    final int n = e.poll((src, type, buffer, offset, length) -> {
                        order.add(src + "." + buffer.getInt(offset));
                        got[0]++;
                    }, 1);
                    if (n == 0) {
                        e.idle();
                    }
                }
            } else {
                for (int i = 0; i < FRAMES; i++) {
                    msg.putInt(0, i);
                    e.offer(0, 1, msg, 0, 8);
                }
            }
        });
        for (int pid = 0; pid < P; pid++) {
            clocks[pid] = m.clockNs(pid);
        }
        return String.join(" ", order);
    }

    @ParameterizedTest(name = "shuffle={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void shouldReceiveEqualArrivalsInVirtualOrderWhateverOrderTheKernelRunsTheProcessesIn(final long seed)
        throws InterruptedException {
        final long[] reference = new long[P];
        final String expected = run(VirtualMachine.NO_SHUFFLE, reference);
        // the i-th frames of all senders start at the same time and arrive together: by sender pid
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < FRAMES; i++) {
            for (int src = 1; src < P; src++) {
                sb.append(sb.length() == 0 ? "" : " ").append(src).append('.').append(i);
            }
        }
        assertEquals(sb.toString(), expected, "receive order in the kernel's own order");
        final long[] clocks = new long[P];
        assertEquals(expected, run(seed, clocks), "receive order with shuffle=" + seed);
        assertEquals(Arrays.toString(reference), Arrays.toString(clocks), "clocks with shuffle=" + seed);
    }

    /** The parallel kernel (two processes at once), in its own order and in random legal orders, changes nothing. */
    @ParameterizedTest(name = "parallel=2 shuffle={0}")
    @ValueSource(longs = {VirtualMachine.NO_SHUFFLE, 1, 2, 3, 4, 5, 6})
    void shouldReceiveInTheSameOrderWithTwoProcessesRunningAtOnce(final long seed) throws InterruptedException {
        final long[] reference = new long[P];
        final String expected = run(VirtualMachine.NO_SHUFFLE, reference);
        final long[] clocks = new long[P];
        assertEquals(expected, run(seed, clocks, 2), "receive order with parallel=2 shuffle=" + seed);
        assertEquals(Arrays.toString(reference), Arrays.toString(clocks), "clocks with parallel=2 shuffle=" + seed);
    }
}
