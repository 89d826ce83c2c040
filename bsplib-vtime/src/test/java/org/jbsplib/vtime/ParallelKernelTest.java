package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The parallel kernel ({@code parallel=K}): several processes really run at once, and a process receives only when
 * no other, running ones included, can still send it a frame that arrives earlier.
 */
@Timeout(120)
class ParallelKernelTest {
    private static final long L = 20_000;
    private static final long O = 10_000;
    private static final NetworkModel MODEL = new NetworkModel("test", L, O, O, 0, CpuClock.FIXED, 1, 0);

    /** Two processes compute at once: each waits, outside the library, until the other has reached the same point. */
    @Test
    void shouldRunTwoProcessesAtTheSameTime() throws InterruptedException {
        final CyclicBarrier bothComputing = new CyclicBarrier(2);
        final boolean[] met = new boolean[2];
        final VirtualMachine m = new VirtualMachine(MODEL, 2, 1024, VirtualMachine.NO_SHUFFLE, 2);
        MachineHarness.run(m, (e, pid) -> {
            e.leaveLibrary(); // computing
            try {
                bothComputing.await(10, TimeUnit.SECONDS);
                met[pid] = true;
            } catch (final TimeoutException | java.util.concurrent.BrokenBarrierException x) {
                met[pid] = false;
            } catch (final InterruptedException x) {
                Thread.currentThread().interrupt();
            }
            e.enterLibrary(1);
        });
        assertTrue(met[0] && met[1], "both processes were inside their computation at once: pid 0 " + met[0]
            + ", pid 1 " + met[1]);
    }

    /**
     * pid 1 runs from the start and computes (at clock 0) until pid 2 has taken a frame or a second has passed,
     * then sends pid 2 a frame arriving at o + L; pid 0 sends pid 2 a frame at 1 µs (arriving at 1 µs + o + L) and
     * ends, so that pid 2 gets its slot. pid 2 must take pid 1's frame first: a gate that ignored the running pid 1
     * would let pid 2 take pid 0's frame while pid 1 still computes.
     */
    @Test
    void shouldNotLetAFrameOfARunningProcessBeOvertaken() throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(MODEL, 3, 1024, VirtualMachine.NO_SHUFFLE, 2);
        final CountDownLatch taken = new CountDownLatch(1);
        final List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        final UnsafeBuffer msg = new UnsafeBuffer(new byte[8]);
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 0) {
                e.advanceTo(1_000);
                e.offer(2, 1, msg, 0, 8);
            } else if (pid == 1) {
                e.leaveLibrary();
                try {
                    taken.await(1, TimeUnit.SECONDS); // a broken gate lets pid 2 take a frame meanwhile
                } catch (final InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
                e.enterLibrary(1);
                e.offer(2, 1, msg, 0, 8);
            } else {
                while (order.size() < 2) {
                    if (e.poll((src, type, buffer, offset, length) -> {
                        order.add(src);
                        taken.countDown();
                    }, 1) == 0) {
                        e.idle();
                    }
                }
            }
        });
        assertEquals(List.of(1, 0), order, "senders in the order pid 2 received their frames (pid 1's arrives at "
            + (O + L) + " ns, pid 0's at " + (1_000 + O + L) + " ns)");
        // pid 1's frame taken at o + L (clock 2o + L), pid 0's, which arrived meanwhile, right after
        assertEquals(O + L + O + O, m.clockNs(2), "pid 2's clock");
    }

    @Test
    void shouldRefuseLessThanOneSlot() {
        final IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
            () -> new VirtualMachine(MODEL, 2, 1024, VirtualMachine.NO_SHUFFLE, 0));
        assertTrue(x.getMessage().contains("parallel=0"), x.getMessage());
    }
}
