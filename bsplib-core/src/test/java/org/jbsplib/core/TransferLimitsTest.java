package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A put or get of more bytes than one record holds is refused at the call, naming the length and the limit, before
 * any array of that size is needed (a length in bytes computed in 32 bits used to wrap: an hpPut of 536,870,929
 * longs copied 17). {@code LargeTransfersTest} (tagged slow) checks the same with real multi-GiB arrays.
 */
@Timeout(30)
class TransferLimitsTest {
    private static final int LONGS_OVER_4_GIB = 536_870_929;
    private static final int INTS_OF_2_GIB = 1 << 29;

    @FunctionalInterface
    interface Call {
        void apply(Bsp bsp, Reg longs, Reg ints);
    }

    private static RuntimeException errorOf(final Call call) {
        final AtomicReference<RuntimeException> error = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            final Reg longs = bsp.pushReg(new long[4]);
            final Reg ints = bsp.pushReg(new int[4]);
            bsp.sync();
            if (bsp.pid() == 0) {
                try {
                    call.apply(bsp, longs, ints);
                } catch (final RuntimeException e) {
                    error.set(e);
                }
            }
            bsp.sync();
        });
        if (error.get() == null) {
            throw new AssertionError("the call did not fail");
        }
        return error.get();
    }

    private static void assertMessage(final RuntimeException e, final String... parts) {
        assertInstanceOf(IllegalArgumentException.class, e, e.toString());
        for (final String part : parts) {
            assertTrue(e.getMessage().contains(part), "message '" + e.getMessage() + "' should contain '" + part + "'");
        }
    }

    @Test
    void shouldRefuseAnHpPutOfMoreThanTheRecordLimit() {
        assertMessage(errorOf((bsp, longs, ints) -> bsp.hpPut(1, new long[1], 0, longs, 0, LONGS_OVER_4_GIB)),
            "hpPut: length=536870929 elements of LONG are 4294967432 bytes, over the limit of 2147483618 bytes");
    }

    @Test
    void shouldRefuseAPutOfMoreThanTheRecordLimit() {
        assertMessage(errorOf((bsp, longs, ints) -> bsp.put(1, new int[1], 0, ints, 0, INTS_OF_2_GIB)),
            "put: length=536870912 elements of INT are 2147483648 bytes, over the limit of 2147483618 bytes");
    }

    @Test
    void shouldRefuseGetsOfMoreThanTheRecordLimit() {
        assertMessage(errorOf((bsp, longs, ints) -> bsp.get(1, longs, 0, new long[1], 0, LONGS_OVER_4_GIB)),
            "get: length=536870929", "limit of 2147483618 bytes");
        assertMessage(errorOf((bsp, longs, ints) -> bsp.hpGet(1, longs, 0, new long[1], 0, LONGS_OVER_4_GIB)),
            "hpGet: length=536870929 elements of LONG are 4294967432 bytes", "limit of 2147483618 bytes");
    }
}
