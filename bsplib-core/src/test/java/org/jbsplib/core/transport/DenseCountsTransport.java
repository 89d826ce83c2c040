package org.jbsplib.core.transport;

/**
 * A test decorator: the transport it decorates, except that it does not promise that frames sent before a barrier
 * arrival can be drained after the release ({@link Transport#drainsAfterBarrier()} keeps its default, {@code false},
 * as between JVMs), so a run over it must keep the dense count exchange.
 */
public final class DenseCountsTransport implements Transport {
    private final Transport inner;

    /** @param inner the decorated transport (closed with this one) */
    public DenseCountsTransport(final Transport inner) {
        this.inner = inner;
    }

    @Override
    public String name() {
        return inner.name() + "+dense-counts";
    }

    @Override
    public int nprocs() {
        return inner.nprocs();
    }

    @Override
    public Endpoint endpoint(final int pid) {
        return inner.endpoint(pid);
    }

    @Override
    public RunControl control() {
        return inner.control();
    }

    @Override
    public boolean sharesMemory() {
        return inner.sharesMemory();
    }

    @Override
    public boolean directCopies() {
        return inner.directCopies();
    }

    @Override
    public void close() {
        inner.close();
    }
}
