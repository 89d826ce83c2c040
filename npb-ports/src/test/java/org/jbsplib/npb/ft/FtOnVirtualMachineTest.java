package org.jbsplib.npb.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbReport;
import org.jbsplib.npb.common.NpbResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FT on the virtual-time machine: with a fixed computation cost per superstep the simulated run is deterministic
 * (two runs give identical virtual times, whatever the host does meanwhile), and the report says its times are
 * virtual.
 */
class FtOnVirtualMachineTest {
    private static NpbResult run(final String sync) {
        final BspConfig config = new BspConfig().procs(16).syncMode(sync)
            .machine("virtual:sp2-us;stepCost=1ms").option(NpbOptions.WARMUP, "0");
        return new FtKernel().run('S', config, null);
    }

    @ParameterizedTest(name = "sync={0}")
    @ValueSource(strings = {"org", "rbs"})
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void shouldGiveIdenticalVirtualTimesInTwoRunsWithFixedComputationCosts(final String sync) {
        final NpbResult a = run(sync);
        final NpbResult b = run(sync);
        assertTrue(a.verified() && b.verified(), "FT class S must verify on the virtual machine");
        assertEquals(a.seconds(), b.seconds(), "virtual time of the timed section, sync=" + sync);
        for (int pid = 0; pid < 16; pid++) {
            assertEquals(a.run().stats().get(pid).syncNs(), b.run().stats().get(pid).syncNs(),
                "virtual T_sync of pid " + pid + ", sync=" + sync);
            assertEquals(a.run().stats().get(pid).barrierNs(), b.run().stats().get(pid).barrierNs(),
                "virtual T_barrier of pid " + pid + ", sync=" + sync);
        }
        final String report = NpbReport.text(a);
        assertTrue(report.contains("virtual time"), report);
        assertTrue(report.contains("Wall time"), report);
        assertEquals(Boolean.TRUE, NpbReport.json(a).get("virtual_time"));
    }
}
