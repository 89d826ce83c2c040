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
}
