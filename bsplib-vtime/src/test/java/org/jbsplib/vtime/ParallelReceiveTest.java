package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ObjIntConsumer;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.transport.Endpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The parallel kernel ({@code parallel=2}) receives without its lock: a running process takes the frames pushed for
 * it, deciding on a look at the kernel's state between two turns of the lock, while another process runs. Before,
 * every frame taken took a turn of the one lock that both carriers contend for (and every send another).
 */
@Timeout(300)
class ParallelReceiveTest {
    private static final int FRAMES = 5;
    private static final int P = 8;
    private static final int RUNS = 40;
    private static final long MS = 1_000_000L;
    private static final long O = 10_000;
    private static final NetworkModel SP2 = new NetworkModel("sp2", 20_000, O, 10_000, 28.5714, CpuClock.FIXED, 1,
        0);

    /**
     * pid 1 runs in the other slot, computing at 10 ms of virtual time, until pid 0 has taken its frames; pid 2 sends
     * pid 0 five frames and ends; pid 0, at 1 ms, takes them in one poll: no turn of the lock (one per frame, plus one
     * for the last frame given back, before), in its senders' order, each at its clock o apart.
     */
    @Test
    void shouldTakeFramesWithoutTheLockWhileAnotherProcessComputes() throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(SP2, 3, 1024, VirtualMachine.NO_SHUFFLE, 2);
        final CountDownLatch polled = new CountDownLatch(1);
        final AtomicBoolean computing = new AtomicBoolean();
        final boolean[] besideComputing = new boolean[1];
        final long[] locks = {-1};
        final int[] taken = {-1};
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 1) {
                e.advanceTo(10 * MS);
                e.leaveLibrary();
                computing.set(true);
                try {
                    polled.await(20, TimeUnit.SECONDS);
                } catch (final InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
                computing.set(false);
                e.enterLibrary(1);
            } else if (pid == 2) {
                for (int i = 0; i < FRAMES; i++) {
                    msg.putInt(0, i);
                    e.offer(0, 1, msg, 0, 8);
                }
            } else {
                e.advanceTo(MS);
                while (!m.control().hasEnded(2)) {
                    e.idle();
                }
                e.advanceTo(MS); // a turn of the lock: pid 2's last turn (its end, which woke pid 0) is over
                final int[] next = {0};
                final long before = m.kernelLocks();
                taken[0] = e.poll((src, type, buffer, offset, length) -> assertEquals(next[0]++, buffer.getInt(
                    offset)), FRAMES);
                locks[0] = m.kernelLocks() - before;
                besideComputing[0] = computing.get();
                polled.countDown();
            }
        });
        assertTrue(besideComputing[0], "pid 1 computed in the other slot while pid 0 polled");
        assertEquals(FRAMES, taken[0], "frames taken");
        assertEquals(MS + FRAMES * O, m.clockNs(0), "pid 0 takes each frame at its clock, o apart");
        assertEquals(0, locks[0], "kernel lock turns for " + FRAMES + " frames taken beside a running process");
    }

    /**
     * Rounds of org's count exchange at P = 8, each process's P - 1 frames one batch: with two processes at once the
     * receive orders and clocks are the sequential kernel's, and the lock is taken fewer times than frames are taken
     * (before: at least once per frame taken, and once per batch).
     */
    @Test
    void shouldExchangeInTheSequentialOrderWithFewerLockTurnsThanFrames() throws InterruptedException {
        final int rounds = 40;
        final VirtualMachine sequential = new VirtualMachine(SP2, P, 1024);
        final String expected = allToAll(sequential, rounds);
        for (int run = 0; run < 4; run++) {
            final VirtualMachine m = new VirtualMachine(SP2, P, 1024, VirtualMachine.NO_SHUFFLE, 2);
            assertEquals(expected, allToAll(m, rounds), "run " + run + " with parallel=2");
            final long taken = (long) P * (P - 1) * rounds;
            assertEquals(taken, m.frames());
            assertTrue(m.kernelLocks() < taken, "run " + run + ": kernel lock turns " + m.kernelLocks() + " for "
                + taken + " frames taken, " + (long) P * rounds + " batches, " + m.switches() + " hand-offs");
        }
    }

    /** @return each receiver's order (sender.round.index@clock) and the final clocks */
    private static String allToAll(final VirtualMachine m, final int rounds) throws InterruptedException {
        final List<List<String>> order = MachineHarness.ordersPerProcess(P);
        MachineHarness.run(m, (e, pid) -> {
            final UnsafeBuffer scratch = new UnsafeBuffer(new byte[40]);
            for (int r = 0; r < rounds; r++) {
                e.advanceTo(m.clockNs(pid) + 3_000L * ((pid * 7 + r) % 5));
                e.offerBatch(1, 40, MachineHarness.exchangeBatch(pid, r, P), 0, P - 1, scratch);
                MachineHarness.receiveRecorded(e, m, pid, order.get(pid), P - 1);
            }
        });
        return MachineHarness.describeOrders(m, order).toString();
    }

    /**
     * A process fails after its batch of a random round while the others send and receive beside it, two at once:
     * every process leaves within 20 s with the failing process's failure, and no receiver saw a frame out of its
     * sender's order. Many seeded runs (the seed's run is in the message).
     */
    @Test
    void shouldEndTheRunWithAProcessFailureWhileOthersSendAndReceive() throws InterruptedException {
        final SplittableRandom seeds = new SplittableRandom(22);
        for (int run = 0; run < RUNS; run++) {
            final int failing = seeds.nextInt(P);
            final int round = seeds.nextInt(0, 60);
            final String what = "run " + run + " (parallel=2, pid " + failing + " fails in round " + round + ")";
            final VirtualMachine m = new VirtualMachine(SP2, P, 1024, VirtualMachine.NO_SHUFFLE, 2);
            final Throwable[] left = runUntilFailure(m, (e, pid) -> exchange(m, e, pid, failing, round), null, 0,
                what);
            final BspAbortException failure = m.control().failure();
            assertTrue(failure != null, "no failure recorded in " + what);
            assertEquals(failing, failure.pid(), "the run's failure in " + what + ": " + failure);
            assertTrue(left[failing] instanceof IllegalStateException && left[failing].getMessage().startsWith("pid "
                + failing + " fails"), "pid " + failing + " left with " + left[failing] + " in " + what);
            for (int pid = 0; pid < P; pid++) {
                if (pid != failing) {
                    assertSame(failure, left[pid], "pid " + pid + " left with " + left[pid] + " in " + what);
                }
            }
        }
    }

    /** A thread outside the processes fails the run after a random host delay while they send and receive. */
    @Test
    void shouldEndTheRunWithAFailureFromOutsideWhileTheProcessesSendAndReceive() throws InterruptedException {
        final SplittableRandom seeds = new SplittableRandom(23);
        for (int run = 0; run < RUNS; run++) {
            final long delayNs = seeds.nextLong(3_000_000L);
            final String what = "run " + run + " (parallel=2, failure after " + delayNs + " ns of host time)";
            final VirtualMachine m = new VirtualMachine(SP2, P, 1024, VirtualMachine.NO_SHUFFLE, 2);
            final BspAbortException cause = new BspAbortException(-1, -1, "deadline of " + what, null);
            final Throwable[] left = runUntilFailure(m, (e, pid) -> exchange(m, e, pid, -1, 0), cause, delayNs,
                what);
            for (int pid = 0; pid < P; pid++) {
                assertSame(cause, left[pid], "pid " + pid + " left with " + left[pid] + " in " + what);
            }
        }
    }

    /**
     * Runs {@code body} on every process until the run fails (with {@code cause} from outside after
     * {@code delayNs}, when given); a process that still runs 20 s later fails the test (a hang).
     *
     * @return what each process left with
     */
    private static Throwable[] runUntilFailure(final VirtualMachine m, final ObjIntConsumer<Endpoint> body,
        final BspAbortException cause, final long delayNs, final String what) throws InterruptedException {
        final FailingRun r = new FailingRun(m, body);
        if (cause != null) {
            LockSupport.parkNanos(delayNs);
            m.control().fail(cause);
        }
        r.await(what);
        return r.left;
    }

    /**
     * Rounds of an all-to-all exchange, each process's frames one batch, with a pid-dependent computation between
     * them; a frame out of its sender's order fails the process. Leaves only by an exception: the run's failure from
     * its receive loop, or its own after its batch of {@code round}.
     */
    private static void exchange(final VirtualMachine m, final Endpoint e, final int pid, final int failing,
        final int round) {
        final UnsafeBuffer scratch = new UnsafeBuffer(new byte[40]);
        final int[] nextFrom = new int[P];
        for (int r = 0; ; r++) {
            e.advanceTo(m.clockNs(pid) + 3_000L * ((pid * 7 + r) % 5));
            e.offerBatch(1, 40, MachineHarness.exchangeBatch(pid, r, P), 0, P - 1, scratch);
            if (pid == failing && r == round) {
                throw new IllegalStateException("pid " + pid + " fails in round " + r);
            }
            MachineHarness.receiveRoundsInOrder(e, pid, nextFrom, P - 1);
        }
    }

    /** Frame i of {@code pid}'s batch goes to {@code pid + 1 + i} (mod P) and carries the round and i. */
}
