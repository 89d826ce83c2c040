package org.jbsplib.api.spi;

import org.agrona.DirectBuffer;

/**
 * A split-phase barrier of one process: {@link #arrive()} (the Reflex barrier's <em>notify</em>, the start of a
 * fuzzy barrier) announces that the process reached the synchronization point; {@link #isReleased()} (the
 * <em>wait</em>, tested without blocking) tells whether every process has arrived at the same episode. A full
 * barrier is {@code arrive()} followed by waiting until {@code isReleased()}; between the two the process may do
 * work that does not depend on the others.
 *
 * <pre>{@code
 * barrier.arrive();
 * doIndependentWork();
 * channel.await(barrier::isReleased);   // the runtime's wait: polls the inbox, checks failure and timeout
 * }</pre>
 *
 * <p><b>Episodes.</b> The n-th call of {@code arrive()} starts episode n ({@link #episode()} returns n). Episodes
 * of different processes overlap in time: a process released from episode n may arrive at episode n+1, and send
 * frames for it, while another has not yet seen its release of episode n. A backend must therefore tell episodes
 * apart: carry the episode number in its frames, count frames monotonically, or reverse a sense. A process can be
 * at most one episode ahead of any other, so frames of episode n+1 can reach a process that is still in episode n,
 * never frames of episode n+2.
 *
 * <p><b>Threading.</b> A barrier is confined to its process's thread: {@code arrive}, {@code isReleased} and
 * {@code onFrame} are all called by that thread, never concurrently. {@code onFrame} is called whenever the runtime
 * polls the process's inbox: while the process waits in this barrier, in other phases of the sync, and inside
 * {@link BarrierChannel#send} when a destination is full. Backends therefore update their state before they send,
 * and keep {@code onFrame} to bookkeeping (counting, recording); sending from {@code isReleased} is the usual way
 * to make progress.
 *
 * <p><b>Progress.</b> Message-based backends progress only when their process runs barrier code: the runtime calls
 * {@code isReleased()} after every poll of the inbox while it waits. A process doing work between {@code arrive}
 * and the wait may delay frames it should forward (as a host-based barrier does; the NIC paper's motivation for
 * offloading the algorithm).
 *
 * <p><b>Memory consistency effects.</b> Actions of a process before its {@code arrive()} of episode n
 * <i>happen-before</i> actions of every other process after its {@code isReleased()} returned {@code true} for
 * episode n, when the processes share a JVM (frames and shared state are published with release/acquire
 * semantics). Across JVMs the barrier orders only the frames of the transport: a frame offered before
 * {@code arrive()} is not guaranteed to be delivered before the release; protocols that need that send it
 * themselves and wait for it.
 *
 * <p><b>Hot path.</b> {@code arrive}, {@code isReleased} and {@code onFrame} run once or more per superstep: no
 * allocation, logging or exceptions except on protocol errors.
 */
public interface Barrier extends AutoCloseable {
    /**
     * Announces that this process reached episode {@link #episode()} + 1 (notify). Does not wait for the others;
     * may send frames. Calling it again before the episode was released is a misuse.
     *
     * @throws IllegalStateException if the previous episode has not been released yet
     */
    void arrive();

    /**
     * Tests, without blocking, whether every process has arrived at the current episode; may make progress
     * (forward frames, combine counts). Once it returned {@code true}, it keeps returning {@code true} until the
     * next {@link #arrive()}. Before the first arrival it returns {@code true}.
     *
     * @return whether the current episode is released for this process
     */
    boolean isReleased();

    /**
     * Receives a frame another process's barrier sent to this one with {@link BarrierChannel#send}. The buffer
     * region is valid only during the call.
     *
     * @param srcPid the sender
     * @param type   the type the sender gave, 0..{@link BarrierChannel#MAX_TYPE}
     * @param buffer the frame's bytes
     * @param offset where they start
     * @param length how many there are
     * @throws IllegalStateException on a protocol error (a frame this backend cannot have been sent)
     */
    void onFrame(int srcPid, int type, DirectBuffer buffer, int offset, int length);

    /** @return the number of episodes this process has arrived at (0 before the first {@link #arrive()}) */
    long episode();

    /**
     * Releases resources at the end of the run (after the process's last episode). The default does nothing.
     */
    @Override
    default void close() {
    }
}
