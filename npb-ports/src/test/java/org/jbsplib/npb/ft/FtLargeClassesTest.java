package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The acceptance matrix: classes W and A at P = 1..16 and class B at P = 4, under every sync mode (the
 * classic one also on two barrier backends), and class W on 64 processes (pencils).
 * Minutes of CPU and up to ~2 GB of heap (class B): run with {@code -Djbsplib.slow=true}.
 */
@Tag("slow")
class FtLargeClassesTest {
    static List<Arguments> runs() {
        final List<Arguments> runs = new ArrayList<>();
        for (final String sync : BspRuntime.syncModes().keySet()) {
            final List<String> barriers = "org".equals(sync) ? List.of("", "dissemination", "central") : List.of("");
            for (final String barrier : barriers) {
                for (final char c : new char[] {'W', 'A'}) {
                    for (final int p : new int[] {1, 2, 4, 8, 16}) {
                        runs.add(Arguments.of(c, p, sync, barrier));
                    }
                }
            }
            runs.add(Arguments.of('B', 4, sync, ""));
        }
        runs.add(Arguments.of('W', 64, "org", ""));
        return runs;
    }

    @ParameterizedTest(name = "class {0} P={1} sync={2} barrier={3}")
    @MethodSource("runs")
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void shouldVerify(final char npbClass, final int procs, final String sync, final String barrier) {
        final BspConfig config = new BspConfig().procs(procs).syncMode(sync).barrier(barrier)
            .option(NpbOptions.WARMUP, "0");
        final NpbResult r = new FtKernel().run(npbClass, config, null);
        assertTrue(r.verified(), () -> "relative errors " + r.details().get("relative_errors"));
    }
}
