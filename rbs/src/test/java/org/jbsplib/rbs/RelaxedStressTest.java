package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Many processes on few cores, and streams much larger than an inbox, under relaxed supersteps. */
class RelaxedStressTest {

    @Test
    @Timeout(60)
    void shouldProgressWith128ProcessesOnTwoCores() {
        final int p = 128;
        final long[] sums = new long[p];
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode("rbs")
            .option(ExchangePolicy.OPTION, "never"), bsp -> {
                final long[] box = new long[p];
                final Reg reg = bsp.pushReg(box);
                bsp.sync();
                long sum = 0;
                for (int step = 0; step < 50; step++) {
                    // a ring shift plus a reduction to pid 0 (disjoint elements) every superstep
                    bsp.put((bsp.pid() + 1) % p, new long[] {step + bsp.pid()}, 0, reg, 0, 1);
                    if (bsp.pid() != 0) {
                        bsp.put(0, new long[] {bsp.pid()}, 0, reg, bsp.pid(), 1);
                    }
                    bsp.sync();
                    bsp.commit(reg, bsp.pid() == 0 ? p : 1);
                    sum += box[0];
                }
                sums[bsp.pid()] = sum;
            });
        for (int i = 0; i < p; i++) {
            final int left = (i + p - 1) % p;
            assertEquals(50L * left + 49 * 50 / 2, sums[i], "pid " + i);
            assertEquals(50, r.stats().get(i).counter("rbs.relaxedSupersteps"), "pid " + i);
        }
    }

    @Test
    @Timeout(120)
    void shouldMove16MiBFromEachOfFourProcessesToEveryOtherThroughA64KiBInbox() {
        final int p = 4;
        final int n = 16 * 1024 * 1024 / 8;
        final long[] checks = new long[p];
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode("rbs").ringCapacityBytes(64 << 10)
            .option(ExchangePolicy.OPTION, "never"), bsp -> {
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
            assertTrue(r.stats().get(i).counter("rbs.eagerStreams") == 0, "16 MiB streams use the handshake");
        }
    }

    @Test
    @Tag("slow")
    @Timeout(600)
    void shouldSoak64ProcessesForThousandsOfRelaxedSupersteps() {
        BspRuntime.run(new BspConfig().procs(64).syncMode("rbs").option(ExchangePolicy.OPTION, "never")
            .chaosSeed(64), bsp -> {
                final int[] box = new int[1];
                final Reg reg = bsp.pushReg(box);
                bsp.sync();
                for (int step = 0; step < 3000; step++) {
                    bsp.put((bsp.pid() + step) % 64, new int[] {step}, 0, reg, 0, 1);
                    bsp.sync();
                    bsp.commit(reg, 1);
                    if (box[0] != step) {
                        throw new AssertionError("pid " + bsp.pid() + " step " + step + " read " + box[0]);
                    }
                }
            });
    }
}
