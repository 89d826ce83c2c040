/**
 * Barrier backends of the runtime and the machinery that runs them. The software backends speak only through
 * the transport's frames ({@code central}, {@code dissemination}, {@code tree}, {@code pairwise}); {@code shm} is
 * a shared-memory barrier for the in-JVM transport. {@link org.jbsplib.core.barrier.Barriers} finds backends by
 * name, {@link org.jbsplib.core.barrier.BarrierRun} creates them for a run, and
 * {@link org.jbsplib.core.barrier.BarrierPort} is one process's handle (arrive, wait, frame delivery).
 * {@link org.jbsplib.core.barrier.BarrierGroup} runs a barrier without a BSP program (tests, benchmarks).
 */
package org.jbsplib.core.barrier;
