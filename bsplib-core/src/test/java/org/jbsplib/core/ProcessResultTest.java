package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A process's result survives the bytes a transport between JVMs moves, and bad bytes are refused. */
class ProcessResultTest {
    @Test
    void shouldRoundTripThroughItsEncoding() {
        final SyncStats s = new SyncStats();
        s.recordSync(11, 22);
        s.recordSync(33, 44);
        s.addSent(3, 300);
        s.count("rbs.exchange", 7);
        final ProcessResult r = new ProcessResult(5, s, 3, 123_456_789L);
        final ProcessResult d = ProcessResult.decode(r.encode());
        assertEquals(5, d.pid());
        assertEquals(3, d.supersteps());
        assertEquals(123_456_789L, d.elapsedNs());
        assertEquals(2, d.stats().syncs());
        assertEquals(44, d.stats().barrierNs());
        assertEquals(66, d.stats().commNs());
        assertEquals(300, d.stats().bytesSent());
        assertEquals(7L, d.stats().counters().get("rbs.exchange"));
    }

    @Test
    void shouldRefuseBytesTooShortNamingTheirLength() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> ProcessResult.decode(new byte[7]));
        assertTrue(e.getMessage().contains("bytes.length=7"), e.getMessage());
    }
}
