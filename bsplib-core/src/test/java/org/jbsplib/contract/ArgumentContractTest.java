package org.jbsplib.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.Bsp;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The README's rule for bad input, "an exception at the call that names the argument and its value", where the
 * misuse tests did not look: the configuration itself, a null tag, a negative offset of the byte move, and the
 * system properties the configuration defaults from. Public API only.
 */
@Timeout(30)
class ArgumentContractTest {

    /** Runs {@code call} on the single process of a run (after one empty superstep) and returns what it threw. */
    private static RuntimeException errorOf(final java.util.function.Consumer<Bsp> call) {
        final List<RuntimeException> errors = new ArrayList<>();
        BspRuntime.run(new BspConfig().procs(1), bsp -> {
            bsp.sync();
            try {
                call.accept(bsp);
            } catch (final RuntimeException e) {
                errors.add(e);
            }
        });
        if (errors.isEmpty()) {
            throw new AssertionError("the call did not fail");
        }
        return errors.get(0);
    }

    private static void assertMessage(final RuntimeException e, final Class<?> type, final String... parts) {
        assertTrue(type.isInstance(e), "expected " + type.getSimpleName() + ", got " + e);
        for (final String part : parts) {
            assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should contain '" + part + "'");
        }
    }

    @Test
    void shouldNameAMissingConfiguration() {
        assertMessage(assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(null, bsp -> { })),
            IllegalArgumentException.class, "config=null");
    }

    @Test
    void shouldNameANullTag() {
        assertMessage(errorOf(bsp -> bsp.send(0, null, new byte[1])), IllegalArgumentException.class, "send",
            "tag=null");
        assertMessage(errorOf(bsp -> bsp.send(0, null, new byte[2], 0, 1)), IllegalArgumentException.class, "send",
            "tag=null");
        assertMessage(errorOf(bsp -> bsp.send(0, null, new int[] {1})), IllegalArgumentException.class, "send",
            "tag=null");
        assertMessage(errorOf(bsp -> bsp.send(0, null, 0, new UnsafeBuffer(new byte[1]), 0, 1)),
            IllegalArgumentException.class, "send", "tag=null");
    }

    @Test
    void shouldRefuseANegativeMoveOffsetBeforeLookingAtTheQueue() {
        assertMessage(errorOf(bsp -> bsp.move(new byte[2], -1, 1)), IllegalArgumentException.class, "move",
            "offset=-1");
        final int[] left = {-1};
        final List<RuntimeException> errors = new ArrayList<>();
        BspRuntime.run(new BspConfig().procs(1), bsp -> {
            bsp.send(0, new byte[0], new byte[] {1, 2});
            bsp.sync();
            try {
                bsp.move(new byte[2], -1, 1);
            } catch (final RuntimeException e) {
                errors.add(e);
            }
            left[0] = bsp.qsize().packets();
        });
        assertEquals(1, errors.size(), "move(dst, -1, 1) must fail");
        assertMessage(errors.get(0), IllegalArgumentException.class, "move", "offset=-1");
        assertEquals(1, left[0], "the message stays in the queue");
    }

    @Test
    void shouldRefuseAMalformedSystemPropertyNamingItAndItsValue() {
        for (final String[] kv : new String[][] {{BspConfig.PROCS_PROP, "four"},
            {BspConfig.SYNC_TIMEOUT_MS_PROP, "10s"}, {BspConfig.DEADLOCK_DETECTION_PROP, "on"},
            {BspConfig.RING_CAPACITY_PROP, "1M"}, {BspConfig.CHAOS_PROP, "x"}}) {
            final String before = System.getProperty(kv[0]);
            System.setProperty(kv[0], kv[1]);
            try {
                assertMessage(assertThrows(IllegalArgumentException.class, BspConfig::new),
                    IllegalArgumentException.class, kv[0] + "=" + kv[1]);
            } finally {
                if (before == null) {
                    System.clearProperty(kv[0]);
                } else {
                    System.setProperty(kv[0], before);
                }
            }
        }
        final String before = System.getProperty(BspConfig.DEADLOCK_DETECTION_PROP);
        System.setProperty(BspConfig.DEADLOCK_DETECTION_PROP, "FALSE");
        try {
            assertEquals(false, new BspConfig().deadlockDetection(), "true and false in any case");
        } finally {
            if (before == null) {
                System.clearProperty(BspConfig.DEADLOCK_DETECTION_PROP);
            } else {
                System.setProperty(BspConfig.DEADLOCK_DETECTION_PROP, before);
            }
        }
    }
}
