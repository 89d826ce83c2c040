package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicIntegerArray;

import org.jbsplib.api.Reg;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class SmokeTest {
    @Test
    void shouldBroadcast() {
        final int p = 4;
        final AtomicIntegerArray got = new AtomicIntegerArray(p);
        BspRuntime.run(new BspConfig().procs(p), bsp -> {
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            if (bsp.pid() == 0) {
                for (int i = 0; i < bsp.nprocs(); i++) {
                    bsp.put(i, new int[] {42}, 0, reg, 0, 1);
                }
            }
            bsp.sync();
            got.set(bsp.pid(), x[0]);
        });
        for (int i = 0; i < p; i++) {
            assertEquals(42, got.get(i));
        }
    }
}
