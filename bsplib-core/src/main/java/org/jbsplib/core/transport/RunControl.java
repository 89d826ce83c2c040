package org.jbsplib.core.transport;

import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.api.BspAbortException;

/**
 * The control plane of one run: the first failure (all-or-none abort) and the processes that ended their
 * program. For the in-JVM transport this is shared memory; an inter-JVM transport propagates both with
 * control frames.
 *
 * <p><b>Threading.</b> The one object every thread of a run shares: the processes' threads, the runtime's
 * watchdog and the transport. Every method is thread-safe and non-blocking; {@link #onWake(Runnable)} is called
 * once by the transport, before the processes start.
 *
 * <p><b>Memory consistency effects.</b> Like {@link AtomicReference#compareAndSet}: actions in a thread before it
 * records the first failure with {@link #fail} <i>happen-before</i> actions in another thread after it sees that
 * failure through {@link #failure()} or {@link #checkFailure()}. Actions of a process's thread before
 * {@link #markEnded(int)} happen-before actions of a thread after {@link #hasEnded(int)} returns {@code true} for
 * that pid, or after {@link #endedCount()} counts it.
 *
 * <pre>{@code
 * while (!done()) {
 *     control.checkFailure();   // every wait loop leaves with the run's first failure
 *     endpoint.idle();
 * }
 * }</pre>
 */
public class RunControl {
    private final AtomicReference<BspAbortException> failure = new AtomicReference<>();
    private final java.util.concurrent.atomic.AtomicIntegerArray ended;
    // the syncs each process completed before it ended, -1 while not known (a process that has not ended, or one
    // whose end came from another JVM without the count)
    private final java.util.concurrent.atomic.AtomicLongArray endedSupersteps;
    private final Quiescence quiescence;
    private final java.util.concurrent.atomic.AtomicInteger endedCount = new java.util.concurrent.atomic.AtomicInteger();
    private volatile Runnable wakeAll = () -> { };

    /** @param nprocs the number of processes */
    public RunControl(final int nprocs) {
        this.ended = new java.util.concurrent.atomic.AtomicIntegerArray(nprocs);
        this.endedSupersteps = new java.util.concurrent.atomic.AtomicLongArray(nprocs);
        for (int pid = 0; pid < nprocs; pid++) {
            endedSupersteps.set(pid, -1);
        }
        this.quiescence = new Quiescence(nprocs);
    }

    /** @return the processes' wait states and frame counts, for the {@link DeadlockDetector} */
    public Quiescence quiescence() {
        return quiescence;
    }

    /** Sets what wakes every waiting process (called by the transport). */
    public void onWake(final Runnable wakeAll) {
        this.wakeAll = wakeAll;
    }

    /**
     * Records a failure; the first one wins and every waiting process is woken to see it.
     *
     * @return the failure that is in force (the first one)
     */
    public BspAbortException fail(final BspAbortException e) {
        if (failure.compareAndSet(null, e)) {
            wakeAll.run();
        }
        return failure.get();
    }

    /** @return the first failure, or {@code null} */
    public BspAbortException failure() {
        return failure.get();
    }

    /** Throws the first failure, if any: the way every wait loop leaves on abort. */
    public void checkFailure() {
        final BspAbortException e = failure.get();
        if (e != null) {
            throw e;
        }
    }

    /** Marks {@code pid} as having returned from its program. */
    public void markEnded(final int pid) {
        if (ended.getAndSet(pid, 1) == 0) {
            endedCount.incrementAndGet();
        }
        wakeAll.run();
    }

    /**
     * Marks {@code pid} as having returned from its program after completing {@code supersteps} syncs, so that a
     * protocol that cannot tell from its frames whether the process joined a sync can ask
     * {@link #endedSupersteps(int)}; then as {@link #markEnded(int)}.
     *
     * @param pid        the process that ended
     * @param supersteps the syncs it completed, {@code >= 0}
     */
    public void markEnded(final int pid, final long supersteps) {
        if (supersteps < 0) {
            throw new IllegalArgumentException("markEnded: supersteps=" + supersteps + " of pid " + pid
                + " must be >= 0");
        }
        endedSupersteps.set(pid, supersteps); // before the flag that publishes it
        markEnded(pid);
    }

    /**
     * @param pid a process of the run
     * @return the syncs {@code pid} completed before it ended, when it ended through
     *     {@link #markEnded(int, long)}; -1 if it has not ended or its count is not known here
     */
    public long endedSupersteps(final int pid) {
        return hasEnded(pid) ? endedSupersteps.get(pid) : -1;
    }

    /** @return how many processes have returned from their program: one read, where a wait would ask every pid */
    public int endedCount() {
        return endedCount.get();
    }

    /** @return whether {@code pid} has returned from its program */
    public boolean hasEnded(final int pid) {
        return ended.get(pid) != 0;
    }
}
