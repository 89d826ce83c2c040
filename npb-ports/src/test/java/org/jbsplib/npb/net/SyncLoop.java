package org.jbsplib.npb.net;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;

/**
 * A program that syncs for long (a million supersteps, each with one put to the next process), for the test that
 * kills one of its JVMs; pid 0 prints {@code running} once a few supersteps have passed.
 */
public final class SyncLoop implements BspProgram {
    /** @param args unused */
    public SyncLoop(final String[] args) {
        // no arguments
    }

    @Override
    public void run(final Bsp bsp) throws Exception {
        final long[] cell = new long[1];
        final long[] value = new long[1];
        final org.jbsplib.api.Reg reg = bsp.pushReg(cell);
        bsp.sync();
        for (int s = 0; s < 1_000_000; s++) {
            if (bsp.pid() == 0 && s == 20) {
                System.out.println("running");
                System.out.flush();
            }
            value[0] = s;
            bsp.put((bsp.pid() + 1) % bsp.nprocs(), value, 0, reg, 0, 1);
            bsp.sync();
        }
    }
}
