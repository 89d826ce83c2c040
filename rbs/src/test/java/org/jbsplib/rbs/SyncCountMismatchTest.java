package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Processes that make different numbers of sync calls: under rbs, whichever process notices first must say so,
 * as the classic sync does, not report a protocol error or advise a count exchange. The timing decides which
 * process notices first, so each case runs several times.
 */
@Timeout(120)
class SyncCountMismatchTest {
    private static final int RUNS = 6;

    enum Shape {
        /** pid 0 makes 3 more syncs, putting to its right neighbour in each. */
        EXTRA_SYNCS_WITH_PUTS,
        /** pid 0 makes 2 more syncs, with puts and commits. */
        EXTRA_SYNCS_WITH_COMMITS,
        /** pid 0 makes 2 more syncs without communication. */
        EXTRA_EMPTY_SYNCS,
        /** pid 1 returns before its first sync. */
        EARLY_RETURN
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"auto,EXTRA_SYNCS_WITH_PUTS", "never,EXTRA_SYNCS_WITH_PUTS", "auto,EXTRA_SYNCS_WITH_COMMITS",
        "never,EXTRA_SYNCS_WITH_COMMITS", "auto,EXTRA_EMPTY_SYNCS", "never,EXTRA_EMPTY_SYNCS", "auto,EARLY_RETURN",
        "never,EARLY_RETURN"})
    void shouldSayThatTheProcessesMadeDifferentNumbersOfSyncCalls(final String policy, final Shape shape) {
        for (int run = 0; run < RUNS; run++) {
            final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
                new BspConfig().procs(3).syncMode("rbs").option(ExchangePolicy.OPTION, policy), bsp -> {
                    final int[] x = new int[4];
                    final Reg reg = bsp.pushReg(x);
                    if (shape == Shape.EARLY_RETURN && bsp.pid() == 1) {
                        return;
                    }
                    bsp.sync();
                    final int extra = bsp.pid() != 0 ? 0 : shape == Shape.EXTRA_SYNCS_WITH_PUTS ? 3 : 2;
                    for (int i = 0; i < 2 + extra; i++) {
                        if (shape != Shape.EXTRA_EMPTY_SYNCS) {
                            bsp.put((bsp.pid() + 1) % bsp.nprocs(), new int[] {i}, 0, reg, 0, 1);
                        }
                        bsp.sync();
                        if (shape == Shape.EXTRA_SYNCS_WITH_COMMITS) {
                            bsp.commit(reg, 1);
                        }
                    }
                }));
            final String m = e.getMessage();
            assertTrue(m.contains("every process must make the same number of sync calls"), m);
            assertFalse(m.contains("protocol error"), m);
            assertFalse(m.contains("requestExchange"), m);
        }
    }
}
