package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.transport.Endpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A failure while the processes exchange frames ends the run at once with that failure, without a hang and without a
 * race on the kernel's state: the sequential kernel's baton holder receives without the lock, and after a failure
 * every process runs freely, so a free machine must deliver nothing (else a woken process's send would meet the
 * holder's lock-free take in one inbox). Each process exchanges frames with all others in rounds, checks that every
 * sender's frames come in its order, and leaves its receive loop only through the run's failure check. Many runs,
 * each with a seeded host delay before the failure (and a seeded legal order with {@code shuffle}); the seed of a
 * failing run is in its message.
 */
@Timeout(300)
class FailureWhileReceivingTest {
    private static final int P = 8;
    private static final int RUNS = 40;
    private static final long MS = 1_000_000L;
    private static final NetworkModel SP2 = new NetworkModel("sp2", 20_000, 10_000, 10_000, 28.5714, CpuClock.FIXED, 1,
        0);

    /** A thread outside the processes (the runtime's watchdog, a deadline) fails the run after a random host delay. */
    @ParameterizedTest(name = "parallel={0} shuffle={1}")
    @CsvSource({"1,false", "1,true", "2,false", "2,true"})
    void shouldEndTheRunWithAFailureFromOutsideWhileTheProcessesReceive(final int parallel, final boolean shuffled)
        throws InterruptedException {
        final SplittableRandom seeds = new SplittableRandom(20);
        for (int run = 0; run < RUNS; run++) {
            final long delayNs = seeds.nextLong(2_000_000L);
            final String what = "run " + run + " (parallel=" + parallel + " shuffle=" + shuffled + ", failure after "
                + delayNs + " ns of host time)";
            final VirtualMachine m = new VirtualMachine(SP2, P, 1024, shuffled ? run + 1 : VirtualMachine.NO_SHUFFLE,
                parallel);
            final BspAbortException cause = new BspAbortException(-1, -1, "deadline of " + what, null);
            final FailingRun r = new FailingRun(m, (e, pid) -> exchange(m, e, pid, -1, 0));
            LockSupport.parkNanos(delayNs);
            m.control().fail(cause);
            r.await(what);
            final Throwable[] left = r.left;
            for (int pid = 0; pid < P; pid++) {
                assertSame(cause, left[pid], "pid " + pid + " left with " + left[pid] + " in " + what);
            }
        }
    }

    /** One process fails between two rounds, after its sends, while the others receive. */
    @ParameterizedTest(name = "parallel={0} shuffle={1}")
    @CsvSource({"1,false", "1,true", "2,false", "2,true"})
    void shouldEndTheRunWithAProcessFailureWhileTheOthersReceive(final int parallel, final boolean shuffled)
        throws InterruptedException {
        final SplittableRandom seeds = new SplittableRandom(21);
        for (int run = 0; run < RUNS; run++) {
            final int failing = seeds.nextInt(P);
            final int round = seeds.nextInt(1, 60);
            final String what = "run " + run + " (parallel=" + parallel + " shuffle=" + shuffled + ", pid " + failing
                + " fails in round " + round + ")";
            final VirtualMachine m = new VirtualMachine(SP2, P, 1024, shuffled ? run + 1 : VirtualMachine.NO_SHUFFLE,
                parallel);
            final FailingRun r = new FailingRun(m, (e, pid) -> exchange(m, e, pid, failing, round));
            r.await(what);
            final Throwable[] left = r.left;
            final BspAbortException failure = m.control().failure();
            assertTrue(failure != null, "no failure recorded in " + what);
            assertEquals(failing, failure.pid(), "the run's failure in " + what + ": " + failure);
            for (int pid = 0; pid < P; pid++) {
                if (pid != failing) {
                    assertSame(failure, left[pid], "pid " + pid + " left with " + left[pid] + " in " + what);
                }
            }
        }
    }

    /**
     * What keeps a process woken by a failure off the kernel's state while the sequential kernel's holder may still be
     * inside a step without the lock: after the failure a poll delivers nothing, though frames have arrived, an offer
     * sends nothing, and the clock stands still. pid 1 sends pid 0 three frames (arriving before 1 ms) and fails;
     * pid 0, blocked at 1 ms, wakes with the failure and looks. (The runs above cannot catch that race by chance: its
     * window is one take of a frame.)
     */
    @Test
    void shouldDeliverNothingAfterAFailure() throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(SP2, 2, 1024);
        final long[] seen = new long[4];
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        final FailingRun r = new FailingRun(m, (e, pid) -> {
            if (pid == 1) {
                for (int i = 0; i < 3; i++) {
                    e.offer(0, 1, msg, 0, 8);
                }
                throw new IllegalStateException("pid 1 fails after its sends");
            }
            e.advanceTo(MS);
            e.idle(); // no frame by 1 ms yet: blocks until the failure wakes it
            seen[0] = e.poll((src, type, buffer, offset, length) -> { }, 10);
            final long frames = m.frames();
            e.offer(1, 1, msg, 0, 8);
            seen[1] = m.frames() - frames;
            e.advanceTo(2 * MS);
            seen[2] = m.clockNs(0);
            seen[3] = m.frames();
            e.control().checkFailure();
        });
        r.await("a failure after three frames");
        assertTrue(r.left[1] instanceof IllegalStateException, "pid 1 left with " + r.left[1]);
        assertSame(m.control().failure(), r.left[0], "pid 0 left with " + r.left[0]);
        assertEquals(3, seen[3], "frames sent before the failure");
        assertEquals(0, seen[0], "frames delivered after the failure (three had arrived)");
        assertEquals(0, seen[1], "frames sent after the failure");
        assertEquals(MS, seen[2], "pid 0's clock after advanceTo(2 ms) following the failure");
    }

    /**
     * Rounds of an all-to-all exchange with a pid-dependent computation between them; a frame out of its sender's
     * order fails the process. Leaves only by an exception: the run's failure from its receive loop, or its own.
     */
    private static void exchange(final VirtualMachine m, final Endpoint e, final int pid, final int failing,
        final int round) {
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[40]);
        final int[] nextFrom = new int[P];
        for (int r = 0; ; r++) {
            e.advanceTo(m.clockNs(pid) + 3_000L * ((pid * 7 + r) % 5));
            msg.putInt(0, r);
            for (int i = 1; i < P; i++) {
                e.offer((pid + i) % P, 1, msg, 0, 40);
            }
            if (pid == failing && r == round) {
                throw new IllegalStateException("pid " + pid + " fails in round " + r);
            }
            MachineHarness.receiveRoundsInOrder(e, pid, nextFrom, P - 1);
        }
    }
}
