package org.jbsplib.core.transport;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * One process's attachment to a {@link Transport}: offers frames to other processes and polls its own inbox.
 *
 * <p><b>Threading.</b> An endpoint is confined to its process: one thread at a time calls its methods (the thread
 * may change between calls only with a happens-before edge between them, e.g. a thread start or join). Only
 * {@link #control()}'s object is meant for other threads.
 *
 * <p><b>Memory consistency effects.</b> Actions of the sending thread before it {@link #offer offers} a frame, or
 * before it {@link #commit commits} a claimed one, <i>happen-before</i> the {@link FrameHandler#onFrame} call that
 * delivers that frame in the destination's {@link #poll}: the frame's bytes, and anything the sender wrote before
 * sending it, are visible to the handler. Frames from one sender to one destination are delivered in the order
 * they were offered or committed (per-pair FIFO); frames from different senders have no order among themselves.
 * A frame that was not accepted ({@code offer} returned {@code false}, {@code tryClaim} a negative index) was not
 * sent and creates no edge.
 *
 * <pre>{@code
 * if (!endpoint.offer(dst, type, buffer, 0, length)) {   // full inbox: keep polling your own meanwhile
 *     endpoint.poll(handler, 64);
 * }
 * }</pre>
 */
public interface Endpoint {
    /** Largest frame type. */
    int MAX_TYPE = 255;

    /** @return this endpoint's pid */
    int pid();

    /** @return the number of processes */
    int nprocs();

    /** @return the largest frame payload in bytes */
    int maxFrameLength();

    /**
     * Offers a whole frame to {@code dstPid}'s inbox.
     *
     * @return {@code true} if written, {@code false} if the destination's inbox has no room now
     */
    boolean offer(int dstPid, int type, DirectBuffer src, int offset, int length);

    /**
     * Offers frames {@code from .. to - 1} of {@code batch}, each of {@code type} and {@code length} bytes, in index
     * order: the same as {@link #offer offering} them one after another (which the default does, writing each into
     * {@code scratch} first), stopping at the first whose destination's inbox has no room. A transport may take its
     * lock once for the whole batch and have {@link FrameBatch#write} write each payload straight into its frame.
     *
     * <p><b>Memory consistency effects:</b> as for {@link #offer}, for each frame sent.
     *
     * @param type    the frames' type
     * @param length  each frame's length, bytes
     * @param batch   the frames' destinations and payloads
     * @param from    the index of the first frame to send
     * @param to      one past the index of the last
     * @param scratch a buffer of at least {@code length} bytes that a transport may have each payload written into
     *                before offering it (the default does)
     * @return {@code to} when every frame was sent, else the index of the first that was not (its destination's
     *     inbox had no room; no later frame was sent)
     */
    default int offerBatch(final int type, final int length, final FrameBatch batch, final int from, final int to,
        final MutableDirectBuffer scratch) {
        for (int i = from; i < to; i++) {
            batch.write(i, scratch, 0);
            if (!offer(batch.destination(i), type, scratch, 0, length)) {
                return i;
            }
        }
        return to;
    }

    /**
     * Claims room for a frame of {@code length} bytes in {@code dstPid}'s inbox, to be filled through
     * {@link #claimBuffer(int)} from the returned index and then {@link #commit(int, int) committed}.
     *
     * @return the index of the claimed region, or a negative value if there is no room now
     */
    int tryClaim(int dstPid, int type, int length);

    /** @return the buffer that a successful {@link #tryClaim} of {@code dstPid} indexes into */
    MutableDirectBuffer claimBuffer(int dstPid);

    /** Publishes the frame claimed at {@code index} to {@code dstPid}. */
    void commit(int dstPid, int index);

    /**
     * Delivers up to {@code limit} frames of this endpoint's inbox to {@code handler}, in each sender's order.
     * If fewer than {@code limit} frames were waiting, every frame committed to this inbox before the call began
     * is delivered by it: a caller that polls with {@link Integer#MAX_VALUE} after seeing that a peer ended has
     * seen everything that peer sent (an inbox that wraps or is split into terms may need more than one read
     * inside this call, never more than one call).
     *
     * @return the number of frames delivered
     */
    int poll(FrameHandler handler, int limit);

    /** @return the transport's shared run control (failure flag, waiting strategy) */
    RunControl control();

    /**
     * Waits a little, as a waiting strategy: spin while processes fit on the cores, then yield, then park until a
     * frame arrives (or a short timeout). Call {@link #resetIdle()} after doing work.
     */
    void idle();

    /** Resets the waiting strategy after progress. */
    void resetIdle();

    /**
     * Reports what this endpoint's waits cost (e.g. {@code idle.spins}, {@code idle.yields}, {@code idle.parks},
     * {@code idle.parkedNs}), for the run's statistics; nothing by default. Called on the process's thread.
     *
     * @param sink receives each counter's name and value
     */
    default void reportIdle(final java.util.function.ObjLongConsumer<String> sink) {
    }

    // ------------------------------------------------------------------ machine hooks
    // A machine model (a transport that simulates time, e.g. a virtual-time machine) needs to know when a process
    // starts and ends, when it enters and leaves the library, and must own the clock that statistics read. On a real
    // transport these do nothing and the clock is System.nanoTime().

    /**
     * The clock of this endpoint's process, in ns, that {@code Bsp.time()} and the synchronization statistics read:
     * {@link System#nanoTime()} on real transports, the process's virtual clock on a simulated machine.
     *
     * @return the process's time in ns (only differences are meaningful unless {@link #virtualClock()})
     */
    default long nanoTime() {
        return System.nanoTime();
    }

    /** @return whether {@link #nanoTime()} is a simulated clock that starts at 0 when the run starts */
    default boolean virtualClock() {
        return false;
    }

    /** Called on the process's thread before its program runs (a simulated machine waits here for its turn). */
    default void processStarted() {
    }

    /** Called on the process's thread after its program returned or failed and the run control knows it ended. */
    default void processEnded() {
    }

    /**
     * Called when the program enters {@code sync} or {@code commit}: the computation since leaving ends here.
     *
     * @param superstep the process's superstep number (a machine charging a cost per superstep charges it once)
     */
    default void enterLibrary(final long superstep) {
    }

    /** Called when {@code sync} or {@code commit} returns to the program: computation starts again. */
    default void leaveLibrary() {
    }

    /**
     * Under virtual time: moves this process's clock forward to {@code timeNs} (e.g. a modelled barrier release);
     * nothing on real transports.
     */
    default void advanceTo(final long timeNs) {
    }

    /**
     * Under virtual time: waits until no other process can still act at a virtual time earlier than this process's
     * clock (ties go to the smaller pid), so that what they write to shared state up to that time (e.g. a hardware
     * barrier's arrivals) is complete; nothing on real transports.
     */
    default void awaitEarliest() {
    }

    /**
     * Under virtual time: makes {@code pid}, if it is waiting, runnable at virtual time {@code timeNs}, without a
     * frame (a hardware signal).
     *
     * @throws UnsupportedOperationException on a real transport
     */
    default void signal(final int pid, final long timeNs) {
        throw new UnsupportedOperationException("signal: pid=" + pid + ": transport without virtual time");
    }
}
