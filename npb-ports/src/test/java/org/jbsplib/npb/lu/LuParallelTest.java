package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.npb.common.NpbResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LuParallelTest {

    @ParameterizedTest(name = "class S, P={0}, sync={1}")
    @CsvSource({"1, org", "2, org", "4, org", "8, org", "16, org"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldVerifyClassS(final int procs, final String sync) throws Exception {
        final NpbResult r = new LuKernel().run('S', new BspConfig().procs(procs).syncMode(sync), null);
        System.out.println(r);
        assertTrue(r.verified(), () -> "not verified: " + r.details());
    }
}
