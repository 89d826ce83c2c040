package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.TimeUnit;
import java.util.function.ObjIntConsumer;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.transport.Endpoint;

/**
 * The processes of one run on a {@link VirtualMachine}, each running a body on its thread until the run fails, ended in
 * the runtime's order; for the failure tests, which check what each process left with and that none hangs.
 */
final class FailingRun {
    private final VirtualMachine m;
    private final Thread[] threads;
    /** What each process left with, written by its thread before it ends; read after {@link #await}. */
    final Throwable[] left;

    /** Starts the processes, each running {@code body(endpoint, pid)}. */
    FailingRun(final VirtualMachine m, final ObjIntConsumer<Endpoint> body) {
        this.m = m;
        this.threads = new Thread[m.nprocs()];
        this.left = new Throwable[m.nprocs()];
        for (int i = 0; i < threads.length; i++) {
            final int pid = i;
            final Endpoint e = m.endpoint(pid);
            threads[i] = new Thread(() -> {
                try {
                    e.processStarted();
                    e.enterLibrary(0);
                    body.accept(e, pid);
                } catch (final Throwable x) {
                    left[pid] = x;
                    if (!(x instanceof BspAbortException)) {
                        m.control().fail(new BspAbortException(pid, 0, x.toString(), x));
                    }
                } finally {
                    m.control().markEnded(pid); // the runtime's order, as in MachineHarness
                    e.processEnded();
                }
            }, "sim-" + pid);
            threads[i].setDaemon(true);
            threads[i].start();
        }
    }

    /** Waits at most 20 s for every process to end (a hang fails the test), then closes the machine. */
    void await(final String what) throws InterruptedException {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (int pid = 0; pid < threads.length; pid++) {
            threads[pid].join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (threads[pid].isAlive()) {
                m.close();
                fail("pid " + pid + " still runs 20 s after the failure in " + what + " (a hang)");
            }
        }
        m.close();
    }
}
