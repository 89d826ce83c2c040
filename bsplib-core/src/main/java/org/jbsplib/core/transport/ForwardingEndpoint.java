package org.jbsplib.core.transport;

import java.util.function.ObjLongConsumer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * An {@link Endpoint} that forwards every call to another one: the base of endpoint decorators, which override only
 * what they change. Every method of {@code Endpoint} is forwarded, the machine hooks included ({@link #nanoTime()},
 * {@link #enterLibrary(long)}, {@link #awaitEarliest()}...), so a decorated endpoint keeps its machine's clock and
 * scheduling unless the decorator says otherwise.
 *
 * <p>Threading: as the decorated endpoint's (confined to its process).
 */
public abstract class ForwardingEndpoint implements Endpoint {
    private final Endpoint delegate;

    /**
     * @param delegate the decorated endpoint
     * @throws IllegalArgumentException if {@code delegate} is {@code null}
     */
    protected ForwardingEndpoint(final Endpoint delegate) {
        if (delegate == null) {
            throw new IllegalArgumentException("delegate=null");
        }
        this.delegate = delegate;
    }

    /** @return the decorated endpoint */
    protected final Endpoint delegate() {
        return delegate;
    }

    @Override
    public int pid() {
        return delegate.pid();
    }

    @Override
    public int nprocs() {
        return delegate.nprocs();
    }

    @Override
    public int maxFrameLength() {
        return delegate.maxFrameLength();
    }

    @Override
    public boolean offer(final int dstPid, final int type, final DirectBuffer src, final int offset,
        final int length) {
        return delegate.offer(dstPid, type, src, offset, length);
    }

    @Override
    public int offerBatch(final int type, final int length, final FrameBatch batch, final int from, final int to,
        final MutableDirectBuffer scratch) {
        return delegate.offerBatch(type, length, batch, from, to, scratch);
    }

    @Override
    public int tryClaim(final int dstPid, final int type, final int length) {
        return delegate.tryClaim(dstPid, type, length);
    }

    @Override
    public MutableDirectBuffer claimBuffer(final int dstPid) {
        return delegate.claimBuffer(dstPid);
    }

    @Override
    public void commit(final int dstPid, final int index) {
        delegate.commit(dstPid, index);
    }

    @Override
    public int poll(final FrameHandler handler, final int limit) {
        return delegate.poll(handler, limit);
    }

    @Override
    public RunControl control() {
        return delegate.control();
    }

    @Override
    public void idle() {
        delegate.idle();
    }

    @Override
    public void resetIdle() {
        delegate.resetIdle();
    }

    @Override
    public void reportIdle(final ObjLongConsumer<String> sink) {
        delegate.reportIdle(sink);
    }

    @Override
    public long nanoTime() {
        return delegate.nanoTime();
    }

    @Override
    public boolean virtualClock() {
        return delegate.virtualClock();
    }

    @Override
    public void processStarted() {
        delegate.processStarted();
    }

    @Override
    public void processEnded() {
        delegate.processEnded();
    }

    @Override
    public void enterLibrary(final long superstep) {
        delegate.enterLibrary(superstep);
    }

    @Override
    public void leaveLibrary() {
        delegate.leaveLibrary();
    }

    @Override
    public void advanceTo(final long timeNs) {
        delegate.advanceTo(timeNs);
    }

    @Override
    public void awaitEarliest() {
        delegate.awaitEarliest();
    }

    @Override
    public void signal(final int pid, final long timeNs) {
        delegate.signal(pid, timeNs);
    }
}
