package org.jbsplib.aeron;

import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.TransportConformanceSuite;

/** The transport conformance suite over {@code aeron-ipc}, every process in this JVM with an embedded driver. */
class AeronIpcTransportConformanceTest extends TransportConformanceSuite {
    @Override
    protected Transport create(final int nprocs, final int inboxBytes) {
        return new AeronTransport(AeronIpcTransportProvider.NAME, nprocs, AeronTransport.termLength(inboxBytes), 2,
            new Placement(0, 1, nprocs, null));
    }
}
