package org.jbsplib.aeron;

import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.TransportConformanceSuite;

/**
 * The transport conformance suite over {@code aeron-udp} on loopback: every process in this JVM with its own driver,
 * each inbox a UDP endpoint on a port the system picks.
 */
class AeronUdpTransportConformanceTest extends TransportConformanceSuite {
    @Override
    protected Transport create(final int nprocs, final int inboxBytes) {
        return new AeronTransport(AeronUdpTransportProvider.NAME, nprocs, AeronTransport.termLength(inboxBytes), 2,
            new Placement(0, 1, nprocs, null), Hosts.loopback(nprocs), AeronTransport.CONNECT_TIMEOUT_NS);
    }
}
