package org.jbsplib.core.transport;

/** The transport conformance suite over chaos decorating the {@code threads} transport. */
class ChaosTransportConformanceTest extends TransportConformanceSuite {
    @Override
    protected Transport create(final int nprocs, final int inboxBytes) {
        return new ChaosTransport(new ThreadsTransport(nprocs, inboxBytes, 2), 1234);
    }
}
