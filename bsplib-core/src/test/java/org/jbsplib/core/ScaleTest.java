package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicIntegerArray;

import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Per-pair state exists only for the pairs that communicate, so memory grows with P, not P². */
class ScaleTest {

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {3, 64})
    @Timeout(60)
    void shouldCreateOutboxesOnlyForThePairsThatCommunicate(final int p) {
        final AtomicIntegerArray outboxes = new AtomicIntegerArray(p);
        final int[] left = new int[p];
        BspRuntime.run(new BspConfig().procs(p), bsp -> {
            final int me = bsp.pid();
            final int[] x = {me};
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int step = 0; step < 3; step++) {
                if (me == 0) {
                    for (int i = 0; i < p; i++) {
                        bsp.put(i, new int[] {100 + step}, 0, reg, 0, 1); // broadcast: P pairs
                    }
                }
                bsp.sync();
                bsp.commit(reg, 1);
            }
            x[0] = me;
            bsp.sync();
            final int[] got = new int[1];
            bsp.get((me + p - 1) % p, reg, 0, got, 0, 1); // ring shift by get: a request and a reply per pair
            bsp.sync();
            left[me] = got[0];
            outboxes.set(me, ((BspProcess) bsp).outboxCount());
        });
        // pid 0 addressed every pid (itself included); every other pid its two neighbours (gets and their replies)
        int total = 0;
        for (int i = 0; i < p; i++) {
            total += outboxes.get(i);
            assertEquals((i + p - 1) % p, left[i], "pid " + i + " got its left neighbour's value");
        }
        assertEquals(p, outboxes.get(0), "outboxes of pid 0");
        for (int i = 1; i < p; i++) {
            assertEquals(Math.min(2, p - 1), outboxes.get(i), "outboxes of pid " + i);
        }
        assertEquals(p + (p - 1) * Math.min(2, p - 1), total, "outboxes in all, P=" + p + " (P²=" + p * p + ")");
    }
}
