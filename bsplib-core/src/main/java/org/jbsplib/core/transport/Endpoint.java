package org.jbsplib.core.transport;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * One process's attachment to a {@link Transport}: offers frames to other processes and polls its own inbox.
 * Confined to the process's thread.
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
     * Delivers up to {@code limit} frames of this endpoint's inbox to {@code handler}.
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
}
