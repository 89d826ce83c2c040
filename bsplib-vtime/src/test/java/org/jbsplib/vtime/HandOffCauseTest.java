package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The kernel's hand-offs by cause, and the waits that went on without one (a process whose own next event came
 * first keeps the baton, with its clock moved to that event): deterministic counters (computation charged as
 * zero: {@code cpu=fixed}), with the virtual times they must not change.
 */
@Timeout(120)
class HandOffCauseTest {
    private static final long L = 5_000;
    private static final long O = 700;
    private static final long GAP = 1_100;

    @Test
    void shouldCountTheHandOffsOfAOneWayStreamByCause() throws InterruptedException {
        final int frames = 100;
        final VirtualMachine m = new VirtualMachine(new NetworkModel("test", L, O, GAP, 0, CpuClock.FIXED, 1, 0), 2,
            1024);
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
        assertEquals((frames - 1) * GAP + O + L + O, m.clockNs(1), "the receiver's clock");
        // the sender's end waits for virtual order (its clock is past the receiver's: an EARLIEST hand-off; at the
        // gate while the test harness ended a process through processEnded alone); the receiver then waits for each
        // frame in turn, going on at once while the frame arrives before the sender's end, and hands the baton back
        // for the first that arrives after it; the sender's end wakes it (an end's hand-off)
        assertEquals(0, m.switches(HandOffCause.GATE), "hand-offs at a receive's gate");
        assertEquals(1, m.switches(HandOffCause.EARLIEST), "hand-offs of an end waiting for virtual order");
        assertEquals(1, m.switches(HandOffCause.WAIT), "hand-offs waiting for an event");
        assertEquals(1, m.switches(HandOffCause.END), "hand-offs at an end");
        assertEquals(m.switches(), sumOfCauses(m), "the causes add up to the hand-offs");
        // frames 0..94 arrive before the sender's end at 109,600 ns (5,700 + 1,100 i ns): the receiver's wait for
        // each goes on at once; frame 95 (110,200 ns) comes after it, so that wait hands the baton to the sender,
        // whose end wakes the receiver at its clock (109,800 ns); its waits for frames 95..99 then go on at once
        assertEquals(WAITS_ON_AT_ONCE_ONE_WAY, m.continuedWaits(), "waits that went on at once");
    }

    /** Waits of the one-way stream that went on without a hand-off. */
    private static final long WAITS_ON_AT_ONCE_ONE_WAY = 100;

    /**
     * The all-to-all rounds of {@link KernelEventCountTest} (org's COUNT frames at P = 8 on sp2-us's figures): its
     * hand-offs by cause, and the clocks in the kernel's order and in random legal orders.
     */
    @Test
    void shouldCountTheHandOffsOfAllToAllRoundsByCause() throws InterruptedException {
        final int p = 8;
        final int rounds = 20;
        final VirtualMachine m = allToAll(p, rounds, VirtualMachine.NO_SHUFFLE);
        final long[] expected = new long[p];
        java.util.Arrays.fill(expected, rounds * 2L * (p - 1) * 10_000);
        assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(clocks(m)), "the clocks");
        assertEquals(155, m.switches(), "hand-offs (KernelEventCountTest's count)");
        assertEquals(GATE_ALL_TO_ALL, m.switches(HandOffCause.GATE), "hand-offs at a receive's gate");
        // every end waits for virtual order once (154 hand-offs, 147 at the gate, while the test harness ended a
        // process through its gate)
        assertEquals(p, m.switches(HandOffCause.EARLIEST), "hand-offs of an end waiting for virtual order");
        // no process waits for a frame that another's event precedes: its frames have all arrived by then, so its
        // turns end at the gate (and seven at the ends of the programs)
        assertEquals(0, m.switches(HandOffCause.WAIT), "hand-offs waiting for an event");
        assertEquals(p - 1, m.switches(HandOffCause.END), "hand-offs at an end");
        assertEquals(m.switches(), sumOfCauses(m), "the causes add up to the hand-offs");
        for (long seed = 1; seed <= 3; seed++) {
            final VirtualMachine s = allToAll(p, rounds, seed);
            assertEquals(java.util.Arrays.toString(expected), java.util.Arrays.toString(clocks(s)),
                "clocks with shuffle=" + seed);
            assertEquals(s.switches(), sumOfCauses(s), "the causes add up with shuffle=" + seed);
        }
    }

    /**
     * A poll stopped at its gate while it holds a frame that arrived by its clock takes that frame first, so it
     * reaches no other process before its clock + o, and the others' gates count from there: all-to-all rounds at
     * P = 4, and at P = 7 with computation that differs by process and round, end fewer turns at the gate (21 and 51
     * hand-offs when such a poll counted from its clock, 19 and 48 after, while the test harness ended a process
     * through its gate; 22 and 49 with every end waiting for virtual order, as in the runtime), with the same clocks
     * in the kernel's order and in random legal orders.
     */
    @Test
    void shouldCountAStoppedPollThatHoldsAnArrivedFrameFromItsClockPlusO() throws InterruptedException {
        assertSkewedRounds(4, 0, 22, "300000,300000,300000,300000");
        assertSkewedRounds(7, 3_000, 49, "630000,642000,654000,645000,636000,648000,660000");
    }

    private static void assertSkewedRounds(final int p, final long skewNs, final long handOffs, final String clocks)
        throws InterruptedException {
        final VirtualMachine m = skewedRounds(p, skewNs, VirtualMachine.NO_SHUFFLE);
        assertEquals(clocks, join(clocks(m)), "the clocks at P=" + p);
        assertEquals(handOffs, m.switches(), "hand-offs of 5 all-to-all rounds at P=" + p + ", skew " + skewNs + " ns");
        for (long seed = 1; seed <= 3; seed++) {
            assertEquals(clocks, join(clocks(skewedRounds(p, skewNs, seed))), "clocks at P=" + p + " shuffle=" + seed);
        }
    }

    /**
     * Five all-to-all rounds on sp2-us's figures; before round r, pid computes {@code skew x ((5 pid + r) mod P)}
     * (charged with {@code advanceTo}, the computation being fixed at zero).
     */
    private static VirtualMachine skewedRounds(final int p, final long skewNs, final long seed)
        throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(new NetworkModel("sp2", 20_000, 10_000, 10_000, 0, CpuClock.FIXED,
            1, 0), p, 1024, seed);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        MachineHarness.run(m, (e, pid) -> {
            for (int r = 0; r < 5; r++) {
                e.advanceTo(e.nanoTime() + skewNs * ((pid * 5 + r) % p));
                for (int i = 1; i < p; i++) {
                    e.offer((pid + i) % p, 1, msg, 0, 8);
                }
                MachineHarness.receive(e, p - 1);
            }
        });
        return m;
    }

    private static String join(final long[] values) {
        final StringBuilder sb = new StringBuilder();
        for (final long v : values) {
            sb.append(sb.length() == 0 ? "" : ",").append(v);
        }
        return sb.toString();
    }

    private static final long GATE_ALL_TO_ALL = 140;

    private static long sumOfCauses(final VirtualMachine m) {
        long sum = 0;
        for (final HandOffCause c : HandOffCause.values()) {
            sum += m.switches(c);
        }
        return sum;
    }

    private static long[] clocks(final VirtualMachine m) {
        final long[] clocks = new long[m.nprocs()];
        for (int pid = 0; pid < clocks.length; pid++) {
            clocks[pid] = m.clockNs(pid);
        }
        return clocks;
    }

    private static VirtualMachine allToAll(final int p, final int rounds, final long seed)
        throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(new NetworkModel("sp2", 20_000, 10_000, 10_000, 0, CpuClock.FIXED,
            1, 0), p, 1024, seed);
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        MachineHarness.run(m, (e, pid) -> {
            for (int r = 0; r < rounds; r++) {
                for (int i = 1; i < p; i++) {
                    e.offer((pid + i) % p, 1, msg, 0, 8);
                }
                MachineHarness.receive(e, p - 1);
            }
        });
        return m;
    }
}
