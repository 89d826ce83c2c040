package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.npb.common.VerificationData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SerialFtTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldVerifyClassSAgainstTheOfficialChecksums() {
        final FtClass s = FtClass.of(VerificationData.load(), 'S');
        final double[][] sums = new SerialFt(s).run();
        for (int t = 1; t <= s.niter(); t++) {
            final double err = s.relativeError(t, sums[t - 1][0], sums[t - 1][1]);
            assertTrue(err <= s.epsilon(), "iteration " + t + ": (" + sums[t - 1][0] + ", " + sums[t - 1][1]
                + ") relative error " + err);
        }
    }
}
