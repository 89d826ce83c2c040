package org.jbsplib.core.barrier;

/**
 * One idle step of a wait that made no progress: checks the run's failure flag and the timeout, then waits a
 * little with the endpoint's strategy. The sync protocol that hosts a barrier supplies its own (with its
 * diagnostics); {@link BarrierGroup} uses a plain one.
 */
@FunctionalInterface
public interface BarrierWaiter {
    /**
     * @param waitStartNs when the wait (or its last progress) started, by {@link System#nanoTime()}
     * @param what        what is being waited for, for the timeout message
     * @throws org.jbsplib.api.BspAbortException on failure of any process or on timeout
     */
    void idle(long waitStartNs, String what);
}
