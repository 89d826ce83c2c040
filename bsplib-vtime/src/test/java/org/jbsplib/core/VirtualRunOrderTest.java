package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.transport.Endpoint;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The end of a process's program and a process's failure take effect on the virtual machine at their virtual time,
 * whatever order the host runs the processes in: no other process sees them at an earlier clock, and of two failures
 * the one earlier in virtual time is the run's. Computation is charged by {@code stepCost} and by a fixed-cost hook
 * (the process's clock moved forward, as a modelled computation would), so every time here is exact; the runs go in
 * the kernel's own order, in random legal orders ({@code shuffle=SEED}) and with two processes at once.
 */
@Timeout(120)
class VirtualRunOrderTest {
    private static final long MS = 1_000_000L;

    /** The fixed-cost hook: charges {@code ns} of computation to the calling process's virtual clock. */
    private static void compute(final Bsp bsp, final long ns) {
        final Endpoint e = ((BspProcess) bsp).endpoint();
        e.advanceTo(e.nanoTime() + ns);
    }

    private static BspConfig config(final String sync, final String options) {
        return new BspConfig().procs(3).syncMode(sync).machine("virtual:sp2-us;stepCost=1ms" + options);
    }

    /**
     * pid 1 makes one sync call fewer than the others: after the first sync it computes 5 ms and ends. pid 0 and
     * pid 2 enter their second sync about 1 ms after the first and wait there for pid 1 (org's count exchange), so
     * the end reaches them 4 ms later in virtual time, and the failure it causes ("pid 1 ended its program while
     * ...") is raised at or after pid 1's end, never at the clock they entered the sync with.
     */
    @ParameterizedTest(name = "options={0}")
    @CsvSource({"''", "';shuffle=1'", "';shuffle=2'", "';shuffle=3'", "';shuffle=4'", "';parallel=2'",
        "';parallel=2;shuffle=5'"})
    void shouldSeeAnEndNoEarlierThanItsVirtualTime(final String options) {
        final double[] endedAt = {Double.NaN};
        final double[] seen = new double[3];
        Arrays.fill(seen, Double.NaN);
        final BspAbortException e = assertThrows(BspAbortException.class,
            () -> BspRuntime.run(config("org", options), bsp -> {
                bsp.sync();
                if (bsp.pid() == 1) {
                    compute(bsp, 5 * MS);
                    endedAt[0] = bsp.time();
                    return;
                }
                try {
                    bsp.sync();
                } catch (final BspAbortException abort) {
                    seen[bsp.pid()] = bsp.time();
                    throw abort;
                }
            }));
        assertTrue(String.valueOf(e.getMessage()).contains("pid 1 ended its program"), e.getMessage());
        for (final int pid : new int[] {0, 2}) {
            assertTrue(seen[pid] >= endedAt[0], "pid " + pid + " saw the run fail at " + seen[pid] + " s of virtual "
                + "time, before pid 1 ended at " + endedAt[0] + " s (" + e.getMessage() + ")");
        }
    }

    /**
     * After the first sync pid 1 computes 5 ms and fails, pid 2 computes 2 ms and fails, pid 0 waits in its second
     * sync: the run's failure is pid 2's, the earlier in virtual time, and pid 0 leaves its sync with it at or after
     * pid 2's failure.
     */
    @ParameterizedTest(name = "{0} options={1}")
    @CsvSource({"org,''", "org,';shuffle=1'", "org,';shuffle=2'", "org,';shuffle=3'", "org,';parallel=2'",
        "org,';parallel=2;shuffle=4'", "rbs,''", "rbs,';shuffle=1'", "rbs,';shuffle=2'", "rbs,';parallel=2'"})
    void shouldTakeTheFailureEarliestInVirtualTime(final String sync, final String options) {
        final double[] failedAt = new double[3];
        final double[] seen = {Double.NaN};
        final BspAbortException e = assertThrows(BspAbortException.class,
            () -> BspRuntime.run(config(sync, options), bsp -> {
                bsp.sync();
                if (bsp.pid() > 0) {
                    compute(bsp, (bsp.pid() == 1 ? 5 : 2) * MS);
                    failedAt[bsp.pid()] = bsp.time();
                    throw new IllegalStateException("pid " + bsp.pid() + " fails");
                }
                try {
                    bsp.sync();
                } catch (final BspAbortException abort) {
                    seen[0] = bsp.time();
                    throw abort;
                }
            }));
        assertEquals(2, e.pid(), "the run's failure (" + e.getMessage() + "): pid 2 failed at " + failedAt[2]
            + " s of virtual time, pid 1 at " + failedAt[1] + " s");
        if ("org".equals(sync)) {
            assertTrue(seen[0] >= failedAt[2], "pid 0 left its sync with the failure at " + seen[0] + " s of virtual "
                + "time, before pid 2 failed at " + failedAt[2] + " s");
        }
    }
}
