package org.jbsplib.vtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ObjIntConsumer;

import org.agrona.MutableDirectBuffer;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameBatch;

/** Runs a body on every endpoint of a {@link VirtualMachine}, as the runtime does, for tests below the BSP API. */
final class MachineHarness {
    private MachineHarness() {
    }

    /** Runs {@code body(endpoint, pid)} on P platform threads and waits (at most 60 s) for all of them. */
    static void run(final VirtualMachine machine, final ObjIntConsumer<Endpoint> body) throws InterruptedException {
        final int p = machine.nprocs();
        final Thread[] threads = new Thread[p];
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int i = 0; i < p; i++) {
            final int pid = i;
            final Endpoint e = machine.endpoint(pid);
            threads[i] = new Thread(() -> {
                try {
                    e.processStarted();
                    e.enterLibrary(0);
                    body.accept(e, pid);
                    e.leaveLibrary();
                } catch (final Throwable t) {
                    failure.compareAndSet(null, t);
                    machine.control().fail(new org.jbsplib.api.BspAbortException(pid, 0, t.toString(), t));
                } finally {
                    // the runtime's order (BspRuntime.runProcess): the run control first, whose markEnded waits until
                    // no other process can still act at an earlier virtual time, then the endpoint, whose
                    // processEnded expects the run control to know already (its contract)
                    machine.control().markEnded(pid);
                    e.processEnded();
                }
            }, "sim-" + pid);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        for (final Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (t.isAlive()) {
                machine.close();
                throw new AssertionError(t.getName() + " did not finish within 60 s");
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("a process failed", failure.get());
        }
    }

    /**
     * Polls until {@code count} frames arrived, each carrying its sender's round number in its first int, which must
     * be the next one expected from that sender ({@code nextFrom[src]}, advanced here); between empty polls checks the
     * run for a failure (ending this process with it) and idles. Used by the failure tests, whose processes exchange
     * numbered rounds while one of them fails.
     *
     * @throws IllegalStateException naming the receiver, the sender and both rounds if a frame comes out of order
     */
    static void receiveRoundsInOrder(final Endpoint e, final int pid, final int[] nextFrom, final int count) {
        int got = 0;
        while (got < count) {
            final int n = e.poll((src, type, buffer, offset, length) -> {
                if (buffer.getInt(offset) != nextFrom[src]++) {
                    throw new IllegalStateException("pid " + pid + " got round " + buffer.getInt(offset)
                        + " of pid " + src + ", expected " + (nextFrom[src] - 1));
                }
            }, count - got);
            if (n == 0) {
                e.control().checkFailure();
                e.idle();
            }
            got += n;
        }
    }

    /** Polls until {@code count} frames arrived, idling between polls. */
    static void receive(final Endpoint e, final int count) {
        final int[] got = {0};
        while (got[0] < count) {
            if (e.poll((src, type, buffer, offset, length) -> got[0]++, count - got[0]) == 0) {
                e.idle();
            }
        }
    }

    /**
     * One process's frames of an all-to-all round, org's count exchange in shape: frame {@code index} goes to
     * {@code (pid + 1 + index) % procs} and carries the round in its first int and the index at byte 36 (frames of
     * 40 bytes), which {@link #receiveRecorded} reads back.
     */
    static FrameBatch exchangeBatch(final int pid, final int round, final int procs) {
        return new FrameBatch() {
            @Override
            public int destination(final int index) {
                return (pid + 1 + index) % procs;
            }

            @Override
            public void write(final int index, final MutableDirectBuffer buffer, final int offset) {
                buffer.putInt(offset, round);
                buffer.putInt(offset + 36, index);
            }
        };
    }

    /**
     * Polls until {@code count} frames of {@link #exchangeBatch} arrived, idling between empty polls, and adds each to
     * {@code into} as {@code sender.round.index@clock} (the receiver's virtual clock when it took the frame).
     */
    static void receiveRecorded(final Endpoint e, final VirtualMachine machine, final int pid,
        final List<String> into, final int count) {
        int got = 0;
        while (got < count) {
            final int n = e.poll((src, type, buffer, offset, length) -> into.add(src + "." + buffer.getInt(offset) + "."
                + buffer.getInt(offset + 36) + "@" + machine.clockNs(pid)), count - got);
            if (n == 0) {
                e.idle();
            }
            got += n;
        }
    }

    /** An empty list per process, for {@link #receiveRecorded}. */
    static List<List<String>> ordersPerProcess(final int procs) {
        final List<List<String>> order = new ArrayList<>();
        for (int pid = 0; pid < procs; pid++) {
            order.add(new ArrayList<>());
        }
        return order;
    }

    /** One line per process: its final clock and the frames it took in order, as {@link #receiveRecorded} wrote them. */
    static StringBuilder describeOrders(final VirtualMachine machine, final List<List<String>> order) {
        final StringBuilder sb = new StringBuilder();
        for (int pid = 0; pid < order.size(); pid++) {
            sb.append("pid ").append(pid).append(" clock ").append(machine.clockNs(pid)).append(": ")
                .append(order.get(pid)).append('\n');
        }
        return sb;
    }
}
