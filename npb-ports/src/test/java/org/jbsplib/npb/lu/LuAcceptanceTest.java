package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.npb.common.NpbResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The acceptance matrix: W and A at P = 1..16 and B at P = 4 under every sync mode. Slow: -Pslow. */
@Tag("slow")
class LuAcceptanceTest {

    static Stream<Arguments> matrix() {
        final List<Arguments> runs = new ArrayList<>();
        for (final String sync : new String[] {"org", "rbs"}) {
            for (final char cls : new char[] {'W', 'A'}) {
                for (int p = 1; p <= 16; p *= 2) {
                    runs.add(Arguments.of(cls, p, sync));
                }
            }
            runs.add(Arguments.of('B', 4, sync));
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "class {0}, P={1}, sync={2}")
    @MethodSource("matrix")
    @Timeout(value = 60, unit = TimeUnit.MINUTES)
    void shouldVerify(final char cls, final int procs, final String sync) throws Exception {
        assumeTrue(BspRuntime.syncModes().containsKey(sync), () -> "sync mode " + sync + " is not on the class path");
        final NpbResult r = new LuKernel().run(cls, new BspConfig().procs(procs).syncMode(sync), null);
        assertTrue(r.verified(), () -> "class " + cls + " P=" + procs + " sync=" + sync + ": " + r.details());
    }
}
