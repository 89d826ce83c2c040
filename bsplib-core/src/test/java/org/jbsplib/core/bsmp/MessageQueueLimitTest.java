package org.jbsplib.core.bsmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;

/** Messages received in one superstep beyond one array fail with the limit, not an index overflow. */
class MessageQueueLimitTest {
    @Test
    void shouldRefuseAMessageBeyondTheQueueLimitBeforeAllocating() {
        final MessageQueue q = new MessageQueue();
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> q.begin(8, ExpandableArrayBuffer.MAX_ARRAY_LENGTH));
        assertTrue(e.getMessage().contains("2147483655 bytes, over the limit of 2147483639 bytes"), e.getMessage());
        assertEquals(0, q.nextPackets(), "nothing was queued");
    }
}
