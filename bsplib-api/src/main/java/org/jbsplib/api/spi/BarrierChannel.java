package org.jbsplib.api.spi;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.agrona.DirectBuffer;

/**
 * What the runtime gives a {@link Barrier}: the process's identity, small frames to the other processes over the
 * run's transport, the runtime's wait, and (on shared-memory transports only) state shared by the processes of a
 * run. One channel per process, confined to its thread.
 *
 * <p>Frames from one process to another arrive in the order they were sent, are never lost or duplicated, and
 * carry a barrier type 0..{@link #MAX_TYPE} that the runtime keeps apart from the frames of the sync protocols.
 *
 * <pre>{@code
 * channel.send(parent, GATHER, episode);          // an 8-byte frame
 * channel.await(releasedCondition);               // poll, check failure and timeout, idle
 * }</pre>
 */
public interface BarrierChannel {
    /** The largest barrier frame type. */
    int MAX_TYPE = 15;

    /** @return this process's pid, 0..{@link #nprocs()}-1 */
    int pid();

    /** @return the number of processes P */
    int nprocs();

    /** @return the number of cores the run assumes (spin only while {@code nprocs() <= cores()}) */
    int cores();

    /** @return the name of the run's transport, e.g. {@code threads} */
    String transport();

    /** @return the largest frame payload, in bytes */
    int maxFrameLength();

    /**
     * Sends {@code length} bytes as one frame of barrier type {@code type} to {@code dstPid}. If the destination's
     * inbox is full, keeps polling this process's own inbox (which may call {@link Barrier#onFrame}) and waits
     * like {@link #await}, so it may throw what {@code await} throws.
     *
     * @throws IllegalArgumentException for a type outside 0..{@link #MAX_TYPE}, a pid out of range or this
     *                                  process's own, or a frame too long
     */
    void send(int dstPid, int type, DirectBuffer buffer, int offset, int length);

    /**
     * Sends one 8-byte frame holding {@code word}; otherwise as {@link #send(int, int, DirectBuffer, int, int)}.
     * The receiver reads it with {@code buffer.getLong(offset)}.
     */
    void send(int dstPid, int type, long word);

    /**
     * The runtime's wait: returns when {@code condition} is true, meanwhile polling this process's inbox (frames of
     * the sync protocols go to them, barrier frames to {@link Barrier#onFrame}), checking the run's failure flag and
     * the sync timeout, and idling with the run's waiting strategy (spin while processes fit on the cores, then
     * yield, then park until a frame arrives). Checks {@code condition} after every poll.
     *
     * @throws org.jbsplib.api.BspAbortException if any process failed, or this one timed out (the run fails then)
     */
    void await(BooleanSupplier condition);

    /** @return whether {@link #sharedState} is available: the processes share one JVM's memory */
    boolean sharedMemory();

    /**
     * @return whether every process reads the same monotonic clock ({@link System#nanoTime()} of one host), so that
     *     a time taken by one process means the same instant to another; by default, when they share memory
     */
    default boolean sharedClock() {
        return sharedMemory();
    }

    /**
     * The object stored under {@code key} for this run, created by {@code factory} by the first process asking for
     * it (atomically: every process gets the same object). Only for backends that are explicitly shared-memory.
     *
     * @throws IllegalArgumentException if the transport does not share memory, naming it
     */
    <T> T sharedState(String key, Supplier<T> factory);

    /**
     * Reports one episode's figures, for backends that model hardware: the modelled latency of the episode in
     * nanoseconds and the number of modelled messages (network packets, switch signals). The runtime adds them to
     * the process's barrier statistics. Optional; cheap (no allocation).
     */
    void reportEpisode(long modelledLatencyNs, long modelledMessages);

    // ------------------------------------------------------------------ time, for backends that model hardware
    // On a real transport time is the host's and these are trivial; on a simulated machine (virtual time) a
    // hardware model reads arrival times from the machine's clock, releases each process at its modelled release
    // time, and wakes the waiting processes at theirs instead of sending frames.

    /** @return this process's clock in ns: {@link System#nanoTime()}, or the machine's virtual clock */
    default long nanoTime() {
        return System.nanoTime();
    }

    /** @return whether {@link #nanoTime()} is a simulated machine's virtual clock */
    default boolean virtualTime() {
        return false;
    }

    /**
     * Under virtual time: moves this process's clock forward to {@code timeNs} (its modelled release); no effect if
     * the clock is already later. Does nothing on a real transport, where time passes by itself.
     */
    default void advanceTo(final long timeNs) {
    }

    /**
     * Under virtual time: waits until no other process can still act at a virtual time earlier than this process's
     * clock (ties go to the smaller pid), so that the arrivals they make in a shared model up to that time are all
     * there; nothing on a real transport.
     */
    default void awaitEarliest() {
    }

    /**
     * Under virtual time: wakes process {@code pid}, waiting in this barrier, at virtual time {@code timeNs}, as
     * barrier hardware signals it (no frame, no network cost). Only for use while every process of the group
     * waits in the barrier.
     *
     * @throws UnsupportedOperationException on a transport without virtual time
     */
    default void signal(final int pid, final long timeNs) {
        throw new UnsupportedOperationException("signal: pid=" + pid + ": this transport has no virtual time");
    }
}
