package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class LuSerialTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldVerifyClassSOnTheSerialTwin() {
        final LuClass s = LuClass.of('S');
        final LuProcess p = new LuProcess(s, LuDecomposition.of(1, 0, s.nx(), s.ny()), null, null);
        p.benchmark();
        System.out.println(java.util.Arrays.toString(p.rsdnm()) + " " + java.util.Arrays.toString(p.errnm())
            + " " + p.frc());
        for (int m = 0; m < 5; m++) {
            assertEquals(s.xcrRef()[m], p.rsdnm()[m], Math.abs(s.xcrRef()[m]) * s.epsilon(), "xcr[" + m + "]");
            assertEquals(s.xceRef()[m], p.errnm()[m], Math.abs(s.xceRef()[m]) * s.epsilon(), "xce[" + m + "]");
        }
        assertEquals(s.xciRef(), p.frc(), Math.abs(s.xciRef()) * s.epsilon(), "xci");
        assertTrue(p.verified());
    }
}
