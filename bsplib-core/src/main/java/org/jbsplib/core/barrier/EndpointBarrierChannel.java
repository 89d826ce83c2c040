package org.jbsplib.core.barrier;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;

/**
 * The {@link BarrierChannel} of a process over its transport {@link Endpoint}: barrier type t travels as frame
 * type {@link BarrierPort#FIRST_FRAME_TYPE} + t. Confined to the process's thread.
 */
final class EndpointBarrierChannel implements BarrierChannel {
    private static final int POLL_LIMIT = 64;
    private static final String AWAIT = "barrier wait";
    private static final String SEND_FULL = "barrier send to a full inbox";

    private final Endpoint endpoint;
    private final String transport;
    private final int cores;
    private final FrameHandler inbox;
    private final BarrierWaiter waiter;
    private final ConcurrentHashMap<String, Object> shared;
    private final boolean sharedClock;
    private final UnsafeBuffer word = new UnsafeBuffer(new byte[8]);
    private final int me;
    private final int nprocs;
    long framesSent;
    long modelledNs;
    long modelledMessages;

    EndpointBarrierChannel(final Endpoint endpoint, final String transport, final int cores, final FrameHandler inbox,
        final BarrierWaiter waiter, final ConcurrentHashMap<String, Object> shared, final boolean sharedClock) {
        this.sharedClock = sharedClock;
        this.endpoint = endpoint;
        this.transport = transport;
        this.cores = cores;
        this.inbox = inbox;
        this.waiter = waiter;
        this.shared = shared;
        this.me = endpoint.pid();
        this.nprocs = endpoint.nprocs();
    }

    @Override
    public int pid() {
        return me;
    }

    @Override
    public int nprocs() {
        return nprocs;
    }

    @Override
    public int cores() {
        return cores;
    }

    @Override
    public String transport() {
        return transport;
    }

    @Override
    public int maxFrameLength() {
        return endpoint.maxFrameLength();
    }

    @Override
    public void send(final int dstPid, final int type, final DirectBuffer buffer, final int offset, final int length) {
        if (type < 0 || type > MAX_TYPE || dstPid < 0 || dstPid >= nprocs || dstPid == me || length < 0
            || length > endpoint.maxFrameLength()) {
            throw new IllegalArgumentException("barrier send from pid " + me + ": dstPid=" + dstPid + " type=" + type
                + " length=" + length + " (pids 0.." + (nprocs - 1) + " but not self, types 0.." + MAX_TYPE
                + ", length up to " + endpoint.maxFrameLength() + ")");
        }
        if (!endpoint.offer(dstPid, BarrierPort.FIRST_FRAME_TYPE + type, buffer, offset, length)) {
            sendBlocked(dstPid, BarrierPort.FIRST_FRAME_TYPE + type, buffer, offset, length);
        }
        framesSent++;
    }

    private void sendBlocked(final int dstPid, final int type, final DirectBuffer buffer, final int offset,
        final int length) {
        long start = System.nanoTime();
        while (!endpoint.offer(dstPid, type, buffer, offset, length)) {
            if (endpoint.poll(inbox, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                start = System.nanoTime();
            } else {
                waiter.idle(start, SEND_FULL);
            }
        }
    }

    @Override
    public void send(final int dstPid, final int type, final long value) {
        // A nested send (from onFrame while this one waits for room) would overwrite the word: backends do not
        // send from onFrame (see Barrier), and the destination copies the word before offer returns.
        word.putLong(0, value);
        send(dstPid, type, word, 0, 8);
    }

    @Override
    public void await(final BooleanSupplier condition) {
        endpoint.resetIdle();
        long start = 0;
        while (!condition.getAsBoolean()) {
            if (endpoint.poll(inbox, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                start = 0;
            } else {
                if (start == 0) {
                    start = System.nanoTime();
                }
                waiter.idle(start, AWAIT);
            }
        }
    }

    /** Polls the inbox once, without waiting; throws the run's failure if there is one. */
    void pollOnce() {
        endpoint.control().checkFailure();
        if (endpoint.poll(inbox, POLL_LIMIT) > 0) {
            endpoint.resetIdle();
        }
    }

    @Override
    public boolean sharedMemory() {
        return shared != null;
    }

    @Override
    public boolean sharedClock() {
        return sharedClock;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T sharedState(final String key, final Supplier<T> factory) {
        if (shared == null) {
            throw new IllegalArgumentException("barrier state '" + key + "' needs processes that share memory, but "
                + "transport=" + transport + " does not (use the threads transport or a message-based backend)");
        }
        return (T) shared.computeIfAbsent(key, k -> factory.get());
    }

    @Override
    public long nanoTime() {
        return endpoint.nanoTime();
    }

    @Override
    public boolean virtualTime() {
        return endpoint.virtualClock();
    }

    @Override
    public void advanceTo(final long timeNs) {
        endpoint.advanceTo(timeNs);
    }

    @Override
    public void signal(final int pid, final long timeNs) {
        endpoint.signal(pid, timeNs);
    }

    @Override
    public void awaitEarliest() {
        endpoint.awaitEarliest();
    }

    @Override
    public void reportEpisode(final long modelledLatencyNs, final long modelledMessageCount) {
        modelledNs += modelledLatencyNs;
        modelledMessages += modelledMessageCount;
    }
}
