package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Puts and gets past 2^31 bytes of a registered area, with real arrays: needs about 7 GiB of heap, so it is tagged
 * slow. Run it alone with {@code mvn -B -pl bsplib-core test -Djbsplib.slow -Dtest=LargeTransfersTest
 * -Djbsplib.jvmFlags="--add-opens java.base/jdk.internal.misc=ALL-UNNAMED -Xmx10g"}.
 */
@Tag("slow")
@Timeout(600)
class LargeTransfersTest {
    private static final int BIG = 536_870_930;
    private static final int FAR = 536_870_922;

    @Test
    void shouldPutGetAndRefuseOversizedTransfersOnAnAreaBeyondFourGiB() {
        final AtomicLong gotFar = new AtomicLong();
        final AtomicLong far = new AtomicLong();
        final AtomicLong ten = new AtomicLong();
        final AtomicReference<RuntimeException> tooLong = new AtomicReference<>();
        final AtomicReference<RuntimeException> tooMuchBuffered = new AtomicReference<>();
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            // pid 0 holds 4 GiB, pid 1 a small area under the same registration (lengths may differ)
            final long[] area = new long[bsp.pid() == 0 ? BIG : 1];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] got = new long[1];
            if (bsp.pid() == 1) {
                bsp.put(0, new long[] {42}, 0, reg, FAR, 1);
                final long[] gigabyte = new long[1 << 27];
                bsp.put(0, gigabyte, 0, reg, gigabyte.length, gigabyte.length);
                try {
                    bsp.put(0, gigabyte, 0, reg, 2 * gigabyte.length, gigabyte.length);
                } catch (final RuntimeException e) {
                    tooMuchBuffered.set(e);
                }
            } else {
                area[FAR - 1] = 7;
                try {
                    bsp.hpPut(0, area, 0, reg, 0, BIG - 1);
                } catch (final RuntimeException e) {
                    tooLong.set(e);
                }
            }
            bsp.sync();
            if (bsp.pid() == 1) {
                bsp.get(0, reg, FAR - 1, got, 0, 1);
            }
            bsp.sync();
            if (bsp.pid() == 0) {
                far.set(area[FAR]);
                ten.set(area[10]);
            } else {
                gotFar.set(got[0]);
            }
        });
        assertEquals(42, far.get(), "the put reached element " + FAR);
        assertEquals(0, ten.get(), "not element 10, where a 32-bit byte offset wrapped it");
        assertEquals(7, gotFar.get(), "the get read element " + (FAR - 1));
        assertNotNull(tooLong.get(), "an hpPut of " + (BIG - 1) + " longs is refused");
        assertTrue(tooLong.get().getMessage().contains("hpPut: length=536870929 elements of LONG are 4294967432 bytes"),
            tooLong.get().getMessage());
        // 8 bytes and two GiB for pid 0, each with a 21-byte record header
        assertNotNull(tooMuchBuffered.get(), "a second GiB buffered for pid 0 is refused");
        assertTrue(tooMuchBuffered.get().getMessage().contains("put: buffered data for pid 0 in this superstep would "
            + "reach 2147483719 bytes, over the limit of 2147483639 bytes; split the superstep or use hpPut"),
            tooMuchBuffered.get().getMessage());
    }
}
