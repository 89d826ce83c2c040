package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Endpoint#offerBatch} on the virtual machine: one turn of the kernel's lock for the whole batch, each payload
 * written straight into its frame, and the same sends as offering the frames one by one: the same virtual times,
 * receive orders, hand-offs and frames, in the kernel's order, in random legal orders and with two processes
 * running at once.
 */
@Timeout(120)
class BatchSendTest {
    private static final int P = 8;
    private static final int ROUNDS = 12;
    private static final NetworkModel SP2 = new NetworkModel("sp2", 20_000, 10_000, 10_000, 28.5714, CpuClock.FIXED, 1,
        0);

    @Test
    void shouldTakeTheKernelLockOnceForABatch() throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(SP2, P, 1024);
        final long[] locks = new long[1];
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 0) {
                final long before = m.kernelLocks(); // pid 0 holds the baton: the others are parked
                e.offerBatch(1, 40, MachineHarness.exchangeBatch(pid, 0, P), 0, P - 1, new UnsafeBuffer(new byte[40]));
                locks[0] = m.kernelLocks() - before;
            } else {
                MachineHarness.receive(e, 1);
            }
        });
        assertEquals(1, locks[0], "kernel lock turns for a batch of " + (P - 1) + " frames (one per frame before)");
        assertEquals(P - 1, m.frames());
    }

    @Test
    void shouldSendABatchAsTheSameFramesOneByOne() throws InterruptedException {
        for (final long seed : new long[] {VirtualMachine.NO_SHUFFLE, 1, 2, 3}) {
            for (final int parallel : new int[] {1, 2}) {
                final String single = allToAll(false, seed, parallel);
                final String batched = allToAll(true, seed, parallel);
                assertEquals(single, batched, "shuffle=" + seed + " parallel=" + parallel);
            }
        }
    }

    /**
     * Rounds of org's count exchange: every process sends every other one a 40-byte frame, then receives P - 1,
     * with a computation between rounds that differs by pid.
     *
     * @return each receiver's order (sender, round, index), the clocks, the frames and the hand-offs by cause
     */
    private static String allToAll(final boolean batched, final long seed, final int parallel)
        throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(SP2, P, 1024, seed, parallel);
        final List<List<String>> order = MachineHarness.ordersPerProcess(P);
        MachineHarness.run(m, (e, pid) -> {
            final UnsafeBuffer scratch = new UnsafeBuffer(new byte[40]);
            for (int r = 0; r < ROUNDS; r++) {
                e.advanceTo(m.clockNs(pid) + 3_000L * ((pid * 7 + r) % 5));
                final FrameBatch b = MachineHarness.exchangeBatch(pid, r, P);
                if (batched) {
                    e.offerBatch(1, 40, b, 0, P - 1, scratch);
                } else {
                    for (int i = 0; i < P - 1; i++) {
                        b.write(i, scratch, 0);
                        e.offer(b.destination(i), 1, scratch, 0, 40);
                    }
                }
                MachineHarness.receiveRecorded(e, m, pid, order.get(pid), P - 1);
            }
        });
        final StringBuilder sb = MachineHarness.describeOrders(m, order);
        sb.append("frames ").append(m.frames());
        if (seed == VirtualMachine.NO_SHUFFLE && parallel == 1) { // two carriers: counts depend on host timing
            for (final HandOffCause c : HandOffCause.values()) {
                sb.append(' ').append(c).append('=').append(m.switches(c));
            }
        }
        return sb.toString();
    }

    /** Frame i of {@code pid}'s batch goes to {@code pid + 1 + i} (mod P) and carries the round and i. */
}
