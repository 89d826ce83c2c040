package org.jbsplib.core.barrier;

/**
 * A sync protocol that runs on the run's barrier backend. {@link org.jbsplib.core.BspRuntime} hands every such
 * protocol the run's {@link BarrierRun} before the processes start; the protocol opens its process's
 * {@link BarrierPort} there.
 */
public interface BarrierClient {
    /** Attaches the run's barrier (once, before the program starts, on the thread setting the run up). */
    void attachBarrier(BarrierRun run);
}
