package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A token passed around a ring of P processes, lap after lap: every hop goes to a process blocked waiting for it, so
 * every hop is a hand-off to a woken receiver. A receiver that is not woken leaves the run hanging (the harness fails
 * it after 60 s); a token taken before its virtual arrival shows in the receiver's clock, which must be exactly the
 * hop's arrival + o: hop h (from 1) is sent at (h - 1)(2o + L) and taken at h(2o + L).
 */
@Timeout(120)
class TokenRingWakeUpTest {
    private static final long L = 5_000;
    private static final long O = 700;
    private static final long GAP = 1_100;
    private static final NetworkModel MODEL = new NetworkModel("test", L, O, GAP, 0, CpuClock.FIXED, 1, 0);

    @ParameterizedTest(name = "parallel={0}")
    @ValueSource(ints = {1, 2, 3})
    void shouldWakeEveryReceiverAtItsTokensArrival(final int parallel) throws InterruptedException {
        final int p = 8;
        final int laps = 40;
        final int hops = p * laps;
        final long[] takenAt = new long[hops + 1];
        Arrays.fill(takenAt, -1);
        final VirtualMachine m = new VirtualMachine(MODEL, p, 1024, VirtualMachine.NO_SHUFFLE, parallel);
        MachineHarness.run(m, (e, pid) -> {
            final UnsafeBuffer token = new UnsafeBuffer(new byte[8]);
            final long[] hop = {0};
            if (pid == 0) {
                token.putLong(0, 1);
                e.offer(1, 1, token, 0, 8);
            }
            // pid q takes hops q, q + P, ... (pid 0 from P on) and passes each on but the last
            for (long next = pid == 0 ? p : pid; next <= hops; next += p) {
                hop[0] = 0;
                while (hop[0] == 0) {
                    if (e.poll((src, type, buffer, offset, length) -> hop[0] = buffer.getLong(offset), 1) == 0) {
                        e.idle();
                    }
                }
                if (hop[0] != next) {
                    throw new IllegalStateException("pid " + pid + " got hop " + hop[0] + ", expected " + next);
                }
                takenAt[(int) next] = e.nanoTime();
                if (next < hops) {
                    token.putLong(0, next + 1);
                    e.offer((pid + 1) % p, 1, token, 0, 8);
                }
            }
        });
        final long[] expected = new long[hops + 1];
        expected[0] = -1;
        for (int h = 1; h <= hops; h++) {
            expected[h] = h * (2 * O + L);
        }
        assertEquals(Arrays.toString(expected), Arrays.toString(takenAt), "the clock at which each hop was taken");
        assertEquals(hops, m.frames(), "frames");
        assertEquals(hops * (2 * O + L), m.clockNs(0), "pid 0's clock after the last hop");
    }
}
