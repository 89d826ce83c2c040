package org.jbsplib.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Flow control over {@code aeron-ipc}: four processes each put 64 MiB to every other in one superstep through
 * 1 MiB terms (frames chunked to term length / 8, claims beyond an MTU staged), under both syncs, without deadlock.
 */
class AeronIpcFlowControlTest {
    @ParameterizedTest(name = "sync={0}")
    @ValueSource(strings = {"org", "rbs"})
    @Timeout(300)
    void shouldMove64MiBFromEachOfFourProcessesToEveryOther(final String sync) {
        final int p = 4;
        final int n = 64 * 1024 * 1024 / 8;
        final long[] checks = new long[p];
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode(sync).ringCapacityBytes(1 << 20)
            .transport(AeronIpcTransportProvider.NAME), bsp -> {
                final double[] src = new double[n];
                for (int i = 0; i < n; i += 4096) {
                    src[i] = bsp.pid() * 1e9 + i;
                }
                final double[] recv = new double[(p - 1) * n];
                final Reg reg = bsp.pushReg(recv);
                bsp.sync();
                for (int k = 1; k < p; k++) {
                    final int d = (bsp.pid() + k) % p;
                    bsp.put(d, src, 0, reg, ((bsp.pid() - d + p) % p - 1) * n, n);
                }
                bsp.sync();
                bsp.commit(reg, p - 1);
                long ok = 0;
                for (int k = 1; k < p; k++) {
                    final int s = (bsp.pid() - k + p) % p;
                    final int slot = (s - bsp.pid() + p) % p - 1;
                    for (int i = 0; i < n; i += 4096) {
                        if (recv[slot * n + i] == s * 1e9 + i) {
                            ok++;
                        }
                    }
                }
                checks[bsp.pid()] = ok;
            });
        for (int i = 0; i < p; i++) {
            assertEquals((long) (p - 1) * (n / 4096), checks[i], "pid " + i);
        }
        final long moved = 3L * 64 * 1024 * 1024;
        for (final SyncStats st : r.stats()) {
            assertTrue(st.bytesSent() >= moved && st.bytesSent() < moved + moved / 100, "bytes sent " + st.bytesSent());
        }
    }
}
