package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.transport.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The liveness timeout of {@code aeron-udp} ({@code --liveness-ms}): its default, its validation, its driver. */
@Timeout(60)
class AeronUdpTransportProviderTest {
    @Test
    void shouldTakeThreeSecondsWhenNoLivenessTimeoutIsGiven() {
        assertEquals(TimeUnit.SECONDS.toNanos(3), AeronUdpTransportProvider.livenessTimeoutNs(null));
    }

    @Test
    void shouldTakeTheLivenessTimeoutInMilliseconds() {
        assertEquals(TimeUnit.MILLISECONDS.toNanos(1500), AeronUdpTransportProvider.livenessTimeoutNs("1500"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"999", "0", "-3000", "3s", "", "1.5"})
    void shouldRefuseALivenessTimeoutThatIsNotWholeMillisecondsFromOneSecondNamingTheValue(final String ms) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> AeronUdpTransportProvider.livenessTimeoutNs(ms));
        assertTrue(e.getMessage().startsWith("option --liveness-ms=" + ms + " must be a whole number of milliseconds"
            + " >= 1000"), e.getMessage());
    }

    @Test
    void shouldGiveTheMediaDriverTheLivenessTimeoutOfTheRunOption() {
        final BspConfig config = new BspConfig().procs(2).transport(AeronUdpTransportProvider.NAME)
            .option(AeronUdpTransportProvider.LIVENESS_OPTION, "1500").conclude();
        try (Transport t = new AeronUdpTransportProvider().create(config)) {
            assertEquals(TimeUnit.MILLISECONDS.toNanos(1500), ((AeronTransport) t).livenessTimeoutNs());
        }
    }

    @Test
    void shouldGiveTheMediaDriverThreeSecondsByDefault() {
        final BspConfig config = new BspConfig().procs(2).transport(AeronUdpTransportProvider.NAME).conclude();
        try (Transport t = new AeronUdpTransportProvider().create(config)) {
            assertEquals(TimeUnit.SECONDS.toNanos(3), ((AeronTransport) t).livenessTimeoutNs());
        }
    }
}
