package org.jbsplib.core.transport;

/** The transport conformance suite over the in-JVM {@code threads} transport. */
class ThreadsTransportConformanceTest extends TransportConformanceSuite {
    @Override
    protected Transport create(final int nprocs, final int inboxBytes) {
        return new ThreadsTransport(nprocs, inboxBytes, 2);
    }
}
