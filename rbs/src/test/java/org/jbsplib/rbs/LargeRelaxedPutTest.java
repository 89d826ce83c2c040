package org.jbsplib.rbs;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Puts larger than a frame in relaxed supersteps: {@code commit} must return only when every fragment of every
 * counted put is written (a put counts as an update when its last fragment is applied, not its first). Each
 * superstep overwrites the whole area with new values, so a commit that returns early leaves the previous
 * superstep's values behind a fragment boundary.
 */
@Timeout(120)
class LargeRelaxedPutTest {

    @ParameterizedTest(name = "P={0}, {1} doubles per put")
    @CsvSource({"2, 131072", "3, 50000", "4, 32768"})
    void shouldCommitOnlyWhenEveryFragmentOfEveryPutArrived(final int p, final int n) {
        BspRuntime.run(new BspConfig().procs(p).syncMode("rbs"), bsp -> {
            final double[] recv = new double[n * p];
            final double[] src = new double[n];
            final Reg reg = bsp.pushReg(recv);
            bsp.sync();
            for (int step = 0; step < 12; step++) {
                for (int i = 0; i < n; i++) {
                    src[i] = step * 1e6 + bsp.pid() * 1e4 + i % 1000;
                }
                for (int d = 0; d < p; d++) {
                    bsp.put(d, src, 0, reg, bsp.pid() * n, n);
                }
                bsp.sync();
                bsp.commit(reg, p);
                for (int q = 0; q < p; q++) {
                    for (int i = 0; i < n; i++) {
                        final double want = step * 1e6 + q * 1e4 + i % 1000;
                        if (recv[q * n + i] != want) {
                            throw new AssertionError("pid " + bsp.pid() + " step " + step + ": element " + i
                                + " from pid " + q + " is " + recv[q * n + i] + ", want " + want);
                        }
                    }
                }
            }
        });
    }
}
