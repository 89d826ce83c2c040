package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sequential kernel receives without its lock: only the baton holder touches the kernel's state, so a poll that
 * takes frames, a wait that goes on at once and a gate that passes take no turn of it; hand-offs, sends and wake-ups
 * still do. With two processes running at once ({@code parallel=2}) a running process takes its frames without it
 * too, on a look at the kernel's state between two turns of the lock (every frame taken took a turn before).
 */
@Timeout(120)
class ReceiveLockTest {
    private static final int FRAMES = 5;
    private static final long MS = 1_000_000L;
    private static final long O = 10_000;
    private static final NetworkModel SP2 = new NetworkModel("sp2", 20_000, O, 10_000, 28.5714, CpuClock.FIXED, 1,
        0);

    /**
     * pid 1 sends pid 0 five frames and ends; pid 0, at 1 ms, waits until it ended, then takes the five frames in
     * one poll (or one drain, {@code Integer.MAX_VALUE}): 6 and 7 turns of the lock before (one per frame taken, one
     * for the frame given back, one for the drain's look at the inbox), none now; with {@code parallel=2} also none
     * (6 and 7 before).
     */
    @ParameterizedTest(name = "parallel={0} drain={1}")
    @CsvSource({"1,false", "1,true", "2,false", "2,true"})
    void shouldTakeNoTurnOfTheKernelLockForFramesTaken(final int parallel,
        final boolean drain) throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(SP2, 2, 1024, VirtualMachine.NO_SHUFFLE, parallel);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        final long[] locks = {-1};
        final int[] taken = {-1};
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 1) {
                for (int i = 0; i < FRAMES; i++) {
                    msg.putInt(0, i);
                    e.offer(0, 1, msg, 0, 8);
                }
                return;
            }
            e.advanceTo(MS);
            while (!m.control().hasEnded(1)) {
                e.idle();
            }
            e.advanceTo(MS); // a turn of the lock: pid 1's last turn (its end, which woke pid 0) is over
            final int[] next = {0};
            final long before = m.kernelLocks();
            taken[0] = e.poll((src, type, buffer, offset, length) -> assertEquals(next[0]++, buffer.getInt(offset)),
                drain ? Integer.MAX_VALUE : FRAMES);
            locks[0] = m.kernelLocks() - before;
        });
        assertEquals(FRAMES, taken[0], "frames taken");
        assertEquals(MS + FRAMES * O, m.clockNs(0), "pid 0 takes each frame at its clock, o apart");
        assertEquals(0, locks[0], "kernel lock turns for " + FRAMES + " frames taken with parallel=" + parallel);
    }

    /**
     * Rounds of an all-to-all exchange (org's COUNT frames, one offer each) at P = 8: in the sequential kernel the lock
     * is taken once per frame sent, once per hand-off and once for the last process's end, nothing for the 8 x 7 x 12
     * frames taken and the waits that went on at once (before: one more turn per frame taken and per empty look).
     */
    @Test
    void shouldTakeTheLockOnlyForSendsAndHandOffsInTheSequentialKernel() throws InterruptedException {
        final int p = 8;
        final int rounds = 12;
        final VirtualMachine m = new VirtualMachine(SP2, p, 1024);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[40]);
        MachineHarness.run(m, (e, pid) -> {
            for (int r = 0; r < rounds; r++) {
                for (int i = 1; i < p; i++) {
                    e.offer((pid + i) % p, 1, msg, 0, 40);
                }
                MachineHarness.receive(e, p - 1);
            }
        });
        assertEquals((long) p * (p - 1) * rounds, m.frames());
        assertTrue(m.switches() > 0, "the pattern hands off");
        assertEquals(m.frames() + m.switches() + 1, m.kernelLocks(), "kernel lock turns: frames sent "
            + m.frames() + ", hand-offs " + m.switches() + ", the last end");
    }
}
