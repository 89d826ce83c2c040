package org.jbsplib.core.transport;

/**
 * A {@link Transport} that forwards every call to another one: the base of decorators, which override only what they
 * change. Every method of {@link Transport}, the defaults included, is forwarded, so a decorator answers for what it
 * decorates unless it says otherwise; a method added to {@code Transport} is forwarded here once for every decorator.
 *
 * <pre>{@code
 * final class Renamed extends ForwardingTransport {
 *     Renamed(Transport inner) { super(inner); }
 *     @Override public String name() { return delegate().name() + "+renamed"; }
 * }
 * }</pre>
 *
 * <p>Threading: as the decorated transport's.
 */
public abstract class ForwardingTransport implements Transport {
    private final Transport delegate;

    /**
     * @param delegate the decorated transport, closed with this one
     * @throws IllegalArgumentException if {@code delegate} is {@code null}
     */
    protected ForwardingTransport(final Transport delegate) {
        if (delegate == null) {
            throw new IllegalArgumentException("delegate=null");
        }
        this.delegate = delegate;
    }

    /** @return the decorated transport */
    protected final Transport delegate() {
        return delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public int nprocs() {
        return delegate.nprocs();
    }

    @Override
    public Endpoint endpoint(final int pid) {
        return delegate.endpoint(pid);
    }

    @Override
    public RunControl control() {
        return delegate.control();
    }

    @Override
    public boolean sharesMemory() {
        return delegate.sharesMemory();
    }

    @Override
    public boolean sharesClock() {
        return delegate.sharesClock();
    }

    @Override
    public boolean directCopies() {
        return delegate.directCopies();
    }

    @Override
    public boolean drainsAfterBarrier() {
        return delegate.drainsAfterBarrier();
    }

    @Override
    public boolean detectsDeadlocks() {
        return delegate.detectsDeadlocks();
    }

    @Override
    public boolean isLocal(final int pid) {
        return delegate.isLocal(pid);
    }

    @Override
    public void gatherResults(final byte[][] results) {
        delegate.gatherResults(results);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
