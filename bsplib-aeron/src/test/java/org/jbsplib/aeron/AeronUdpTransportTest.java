package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Connection establishment of {@code aeron-udp}: an inbox that never appears fails the start, naming it. */
@Timeout(60)
class AeronUdpTransportTest {
    @Test
    void shouldNameTheUnreachableRankAndItsAddressWhenItsInboxNeverConnects() throws Exception {
        final Hosts hosts = AeronLauncher.loopbackHosts(2, 1);
        final String missing = hosts.endpoint(1);
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> new AeronTransport(
            AeronUdpTransportProvider.NAME, 2, AeronTransport.termLength(0), 2, new Placement(0, 2, 1, null), hosts,
            TimeUnit.SECONDS.toNanos(2)));
        assertTrue(e.getMessage().contains("unreachable within 2000 ms: pid 1 at " + missing), e.getMessage());
    }
}
