package org.jbsplib.core.transport;

/**
 * A test decorator: the transport it decorates, except that it does not promise that frames sent before a barrier
 * arrival can be drained after the release ({@link Transport#drainsAfterBarrier()} answers {@code false}, as between
 * JVMs), so a run over it must keep the dense count exchange.
 */
public final class DenseCountsTransport extends ForwardingTransport {
    /** @param inner the decorated transport (closed with this one) */
    public DenseCountsTransport(final Transport inner) {
        super(inner);
    }

    @Override
    public String name() {
        return delegate().name() + "+dense-counts";
    }

    /** @return {@code false}: the point of this decorator */
    @Override
    public boolean drainsAfterBarrier() {
        return false;
    }
}
