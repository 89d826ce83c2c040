package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The kernel's own work, counted: how many hand-offs a pattern costs (each one a park and an unpark of a thread,
 * the simulation's main cost besides the programs' computation), with the virtual times it must not change
 * (computation charged as zero: {@code cpu=fixed}).
 */
@Timeout(120)
class KernelEventCountTest {
    private static final long L = 5_000;
    private static final long O = 700;
    private static final long GAP = 1_100;
    private static final NetworkModel MODEL = new NetworkModel("test", L, O, GAP, 0, CpuClock.FIXED, 1, 0);

    @Test
    void shouldKeepTheBatonWhileAProcessOnlySends() throws InterruptedException {
        final int frames = 100;
        final VirtualMachine m = new VirtualMachine(MODEL, 2, 1024);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 0) {
                for (int i = 0; i < frames; i++) {
                    e.offer(1, 1, msg, 0, 8);
                }
            } else {
                MachineHarness.receive(e, frames);
            }
        });
        // pid 0 sends every g; the frames arrive every g from o + L on, and pid 1 keeps up (o < g)
        assertEquals((frames - 1) * GAP + O, m.clockNs(0), "the sender's clock");
        assertEquals((frames - 1) * GAP + O + L + O, m.clockNs(1), "the receiver's clock");
        assertEquals(frames, m.frames());
        // the sender keeps the baton for all its sends and hands it over when it ends (it is past the receiver's
        // time + lookahead); the receiver hands it back when it waits for a frame sent after the sender's clock,
        // and gets it again when the sender has ended. A send gated like a receive handed off every o + L of
        // virtual time (five sends here)
        assertEquals(3, m.switches(), "hand-offs of a one-way stream of " + frames + " frames");
    }

    /**
     * An all-to-all exchange, as org's COUNT frames: every process sends one frame to every other, then receives
     * P - 1, for several rounds. A receiver whose clock is past the others' event times + lookahead takes the frames
     * that arrived before that bound without a hand-off each; the clocks are those of the kernel's order and of
     * random legal orders alike.
     */
    @Test
    void shouldTakeFramesThatArrivedBeforeTheOthersCanSendWithoutAHandOffEach() throws InterruptedException {
        final int p = 8;
        final int rounds = 20;
        final long[] reference = allToAll(p, rounds, VirtualMachine.NO_SHUFFLE);
        // each round: P - 1 sends and P - 1 receives of o each, never waiting (the first frame arrives at o + L
        // = 3o, before the receiver is done sending at (P - 1)o, and the others follow every g = o)
        final long[] expected = new long[p];
        java.util.Arrays.fill(expected, rounds * 2L * (p - 1) * 10_000);
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(reference), "the clocks");
        for (long seed = 1; seed <= 3; seed++) {
            assertEquals(java.util.Arrays.toString(reference), java.util.Arrays.toString(allToAll(p, rounds, seed)),
                "clocks with shuffle=" + seed);
        }
        assertEquals(HAND_OFFS_ALL_TO_ALL, lastSwitches, "hand-offs of " + rounds + " all-to-all rounds at P=" + p);
    }

    /** The same all-to-all rounds with two processes running at once: the same clocks, in every legal order. */
    @Test
    void shouldGiveTheSameClocksWithTwoProcessesRunningAtOnce() throws InterruptedException {
        final int p = 8;
        final int rounds = 20;
        final String reference = java.util.Arrays.toString(allToAll(p, rounds, VirtualMachine.NO_SHUFFLE));
        assertEquals(reference, java.util.Arrays.toString(allToAll(p, rounds, VirtualMachine.NO_SHUFFLE, 2)),
            "clocks with parallel=2");
        for (long seed = 1; seed <= 3; seed++) {
            assertEquals(reference, java.util.Arrays.toString(allToAll(p, rounds, seed, 2)),
                "clocks with parallel=2 shuffle=" + seed);
        }
    }

    /**
     * Hand-offs of {@link #shouldTakeFramesThatArrivedBeforeTheOthersCanSendWithoutAHandOffEach}: 427 when every
     * receive passed the gate; 154 while the test harness ended a process through its gate, not in the runtime's order
     * (each end waits for virtual order first: one more hand-off here, {@link HandOffCauseTest}).
     */
    private static final long HAND_OFFS_ALL_TO_ALL = 155;

    private long lastSwitches;

    private long[] allToAll(final int p, final int rounds, final long seed) throws InterruptedException {
        return allToAll(p, rounds, seed, 1);
    }

    private long[] allToAll(final int p, final int rounds, final long seed, final int parallel)
        throws InterruptedException {
        // sp2-us's figures: o = g, so a receiver falls behind the frames arriving from P - 1 senders
        final VirtualMachine m = new VirtualMachine(new NetworkModel("sp2", 20_000, 10_000, 10_000, 0, CpuClock.FIXED,
            1, 0), p, 1024, seed, parallel);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        MachineHarness.run(m, (e, pid) -> {
            for (int r = 0; r < rounds; r++) {
                for (int i = 1; i < p; i++) {
                    e.offer((pid + i) % p, 1, msg, 0, 8);
                }
                MachineHarness.receive(e, p - 1);
            }
        });
        final long[] clocks = new long[p];
        for (int pid = 0; pid < p; pid++) {
            clocks[pid] = m.clockNs(pid);
        }
        if (seed == VirtualMachine.NO_SHUFFLE && parallel == 1) {
            lastSwitches = m.switches();
        }
        return clocks;
    }
}
