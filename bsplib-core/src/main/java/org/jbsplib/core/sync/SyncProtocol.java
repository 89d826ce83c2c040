package org.jbsplib.core.sync;

import org.jbsplib.core.registry.RegHandle;

/**
 * A synchronization protocol: what {@code sync()} and {@code commit()} do, and how the process reacts to its
 * communication calls. One instance per process, confined to its thread.
 */
public interface SyncProtocol {
    /** Ends the superstep (see {@link org.jbsplib.api.Bsp#sync()}). */
    void sync();

    /** See {@link org.jbsplib.api.Bsp#commit(org.jbsplib.api.Reg, int)}; {@code reg} is active and {@code n >= 0}. */
    void commit(RegHandle reg, int n);

    /**
     * See {@link org.jbsplib.api.Bsp#requestExchange()}: the superstep should end with the count exchange. A
     * protocol whose every sync is a count exchange ignores it (the default).
     */
    default void requestExchange() {
    }

    /** Called after a put/hpPut to {@code dstPid} was recorded in its outbox. */
    default void afterPut(final int dstPid) {
    }

    /** Called after a get from {@code ownerPid} was recorded. */
    default void afterGet(final int ownerPid) {
    }

    /** Called after a BSMP send to {@code dstPid} was recorded. */
    default void afterSend(final int dstPid) {
    }

    /**
     * For tracing: the modelled latency of the barrier episodes so far, when the barrier backend is a hardware model
     * (the sum grows by each episode's model), in ns; 0 without one (the default). Called only when the run is traced.
     */
    default long modelledBarrierNs() {
        return 0;
    }

    /**
     * For tracing: sets in {@code pids} (bit {@code q % 64} of word {@code q / 64}) the processes this one waited
     * for since the last call, and forgets them. The default records none. Called only when the run is traced.
     */
    default void drainWaitedFor(final long[] pids) {
    }

    /** Called when the program returned normally (a chance to finish pending work); may block. */
    default void onProgramEnd() {
    }

    /**
     * Releases what the protocol holds for its process, such as its barrier port. Called once, on the process's
     * thread, when its program ended, normally or not (after {@link #onProgramEnd()} if that ran).
     */
    default void close() {
    }
}
