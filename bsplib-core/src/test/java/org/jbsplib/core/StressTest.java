package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jbsplib.api.Reg;
import org.jbsplib.core.sync.ClassicSync;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Heavily oversubscribed runs and volumes beyond the transport's buffers. */
class StressTest {

    @Test
    @Timeout(60)
    void shouldProgressWith128ProcessesOnTwoCores() {
        final int p = 128;
        final long[] sums = new long[p];
        final RunResult r = BspRuntime.run(new BspConfig().procs(p), bsp -> {
            final long[] box = new long[p];
            final Reg reg = bsp.pushReg(box);
            bsp.sync();
            long sum = 0;
            for (int step = 0; step < 50; step++) {
                // a ring shift plus a reduction to pid 0 every superstep
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
        }
        assertEquals(52, r.supersteps()[0], "1 + 51 syncs");
    }

    @ParameterizedTest(name = "org.direct={0}")
    @ValueSource(strings = {"never", "auto"})
    @Timeout(120)
    void shouldMove64MiBFromEachOfFourProcessesToEveryOtherWithoutDeadlock(final String direct) {
        final int p = 4;
        final int n = 64 * 1024 * 1024 / 8;
        final long[] checks = new long[p];
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).ringCapacityBytes(1 << 20)
            .option(ClassicSync.DIRECT_OPTION, direct), bsp -> {
            final double[] src = new double[n];
            for (int i = 0; i < n; i += 4096) {
                src[i] = bsp.pid() * 1e9 + i;
            }
            final double[] recv = new double[(p - 1) * n];
            final Reg reg = bsp.pushReg(recv);
            bsp.sync();
            for (int k = 1; k < p; k++) {
                final int d = (bsp.pid() + k) % p;
                final int slotOfMe = (bsp.pid() - d + p) % p - 1;
                bsp.put(d, src, 0, reg, slotOfMe * n, n);
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
        // every process moved its 3 x 64 MiB (plus record headers) through a 1 MiB inbox, or directly
        final long moved = 3L * 64 * 1024 * 1024;
        for (final SyncStats st : r.stats()) {
            org.junit.jupiter.api.Assertions.assertTrue(st.bytesSent() >= moved && st.bytesSent() < moved + moved / 100,
                "bytes sent " + st.bytesSent());
            assertEquals("never".equals(direct) ? 0 : p - 1, st.counter("org.directStreams"), "direct streams");
        }
    }

    @Test
    @Tag("slow")
    @Timeout(600)
    void shouldSoak128ProcessesForThousandsOfSupersteps() {
        BspRuntime.run(new BspConfig().procs(128), bsp -> {
            final int[] box = new int[1];
            final Reg reg = bsp.pushReg(box);
            bsp.sync();
            for (int step = 0; step < 5000; step++) {
                bsp.put((bsp.pid() + step) % 128, new int[] {step}, 0, reg, 0, 1);
                bsp.sync();
                bsp.commit(reg, 1);
            }
        });
    }
}
