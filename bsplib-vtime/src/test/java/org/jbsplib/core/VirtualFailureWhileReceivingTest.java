package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A process that fails while the others are inside their sync, receiving its and each other's puts, ends the run on
 * the virtual machine with its failure, under org and rbs, in the kernel's order, in random legal orders and with two
 * processes at once: no process hangs in a wait and none sees data out of order (each checks every put it received).
 */
@Timeout(120)
class VirtualFailureWhileReceivingTest {
    private static final int P = 8;
    private static final int FAILING = 5;
    private static final int STEPS = 30;

    @ParameterizedTest(name = "{0} options={1} fails in step {2}")
    @CsvSource({"org,'',7", "org,';shuffle=1',7", "org,';shuffle=2',12", "org,';shuffle=3',1", "org,';parallel=2',7",
        "org,';parallel=2;shuffle=4',12", "rbs,'',7", "rbs,';shuffle=1',12", "rbs,';shuffle=2',1",
        "rbs,';parallel=2',7", "rbs,';parallel=2;shuffle=3',12"})
    void shouldEndTheRunWithTheFailureOfAProcessWhileTheOthersReceive(final String sync, final String options,
        final int failAt) {
        final BspConfig config = new BspConfig().procs(P).syncMode(sync).machine("virtual:sp2-us;stepCost=1ms"
            + options);
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(config, bsp -> {
            final int me = bsp.pid();
            final int[] area = new int[P];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            for (int s = 1; s <= STEPS; s++) {
                for (int q = 0; q < P; q++) {
                    if (q != me) {
                        bsp.put(q, new int[] {s * 100 + me}, 0, reg, me, 1);
                    }
                }
                if (me == FAILING && s == failAt) {
                    throw new IllegalStateException("pid " + me + " fails in step " + s);
                }
                bsp.sync();
                for (int q = 0; q < P; q++) {
                    if (q != me && area[q] != s * 100 + q) {
                        throw new AssertionError("pid " + me + " read " + area[q] + " from pid " + q + " in step "
                            + s);
                    }
                }
            }
        }));
        assertEquals(FAILING, e.pid(), "the run's failure: " + e.getMessage());
        assertTrue(String.valueOf(e.getMessage()).contains("fails in step " + failAt), e.getMessage());
    }
}
