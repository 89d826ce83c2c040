package org.jbsplib.core.transport;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.ThreadsTransportProvider;
import org.jbsplib.core.TransportProvider;

/**
 * A test transport: the {@code threads} transport, except that it does not promise that frames sent before a
 * barrier arrival can be drained after the release ({@link Transport#drainsAfterBarrier()} is {@code false}, as
 * between JVMs), so the classic sync sends every COUNT frame (the dense count exchange) in shared memory.
 */
public final class DenseCountsTransport implements Transport {
    /** The name to configure. */
    public static final String NAME = "threads-dense-counts";

    private final Transport inner;

    DenseCountsTransport(final BspConfig config) {
        this.inner = new ThreadsTransportProvider().create(config);
    }

    @Override
    public String name() {
        return NAME;
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

    /**
     * The provider (ServiceLoader). It does not say that its runs share memory (they do): the listing of the
     * transports each barrier backend runs on ({@code bsp backends}) names only the real shared-memory transport.
     */
    public static final class Provider implements TransportProvider {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "test: threads with the dense count exchange";
        }

        @Override
        public Transport create(final BspConfig config) {
            return new DenseCountsTransport(config);
        }
    }
}
