package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A drain ({@code poll(handler, Integer.MAX_VALUE)}, what a sync does after seeing that a peer ended) delivers every
 * frame sent before it, but none ahead of its virtual arrival time: it waits for them in virtual time, and a frame
 * another process sends meanwhile that arrives earlier is taken first.
 */
@Timeout(120)
class DrainTest {
    private static final long L = 20_000;
    private static final long O = 10_000;
    private static final long MS = 1_000_000;
    /** G = 100 ns/B: a frame of 1,001 bytes takes 100 µs more than an 8-byte one. */
    private static final NetworkModel MODEL = new NetworkModel("test", L, O, O, 100, CpuClock.FIXED, 1, 0);
    private static final int BIG = 1_001;

    /**
     * pid 1 computes 1 ms, sends pid 0 a big frame (arriving at 1 ms + o + L + 100 µs), wakes pid 0 and pid 2 at
     * 1 ms and ends; pid 0 then drains, and pid 2, which the kernel runs after it (same time, larger pid), sends pid 0
     * an 8-byte frame at 1 ms that arrives at 1 ms + o + L + 0.7 µs, before the big one.
     */
    @ParameterizedTest(name = "shuffle={0} parallel={1}")
    @CsvSource({VirtualMachine.NO_SHUFFLE + ",1", "1,1", "2,1", "3,1", VirtualMachine.NO_SHUFFLE + ",2", "1,2", "2,2",
        "3,2", VirtualMachine.NO_SHUFFLE + ",3"})
    void shouldTakeNoFrameAheadOfItsArrivalAndTakeALaterSentEarlierArrivingFrameFirst(final long seed,
        final int parallel) throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(MODEL, 3, 2048, seed, parallel);
        final List<String> got = new ArrayList<>();
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 0) {
                e.idle();
                while (got.size() < 2) {
                    if (e.poll((src, type, buffer, offset, length) -> got.add(src + "@" + e.nanoTime()),
                        Integer.MAX_VALUE) == 0) {
                        e.idle();
                    }
                }
            } else if (pid == 1) {
                e.advanceTo(MS);
                e.offer(0, 1, new UnsafeBuffer(new byte[BIG]), 0, BIG);
                e.signal(0, MS);
                e.signal(2, MS);
            } else {
                e.idle();
                e.offer(0, 1, new UnsafeBuffer(new byte[8]), 0, 8);
            }
        });
        final long small = MS + O + L + 100 * 7;
        final long big = MS + O + L + 100 * (BIG - 1);
        assertEquals(List.of("2@" + (small + O), "1@" + (big + O)), got,
            "pid 0's frames as src@clock after taking each (small arrives at " + small + " ns, big at " + big + " ns)");
        assertEquals(big + O, m.clockNs(0), "pid 0's clock");
    }
}
