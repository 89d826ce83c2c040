package org.jbsplib.core.examples;

import java.io.PrintStream;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;

/**
 * Figure 1 of the relaxed-barrier paper: pid 0 broadcasts a value with one put per process.
 *
 * <pre>{@code
 * int[] x = new int[1];
 * Reg reg = bsp.pushReg(x);
 * bsp.sync();
 * if (bsp.pid() == 0) for (int i = 0; i < bsp.nprocs(); i++) bsp.put(i, v, 0, reg, 0, 1);
 * bsp.sync();
 * }</pre>
 */
public final class Broadcast extends Example {
    private final int value;

    /** @param value the value pid 0 broadcasts */
    public Broadcast(final PrintStream out, final int value) {
        super(out);
        this.value = value;
    }

    @Override
    public void run(final Bsp bsp) {
        final int[] x = new int[1];
        final Reg reg = bsp.pushReg(x);
        bsp.sync();
        if (bsp.pid() == 0) {
            final int[] v = {value};
            for (int i = 0; i < bsp.nprocs(); i++) {
                bsp.put(i, v, 0, reg, 0, 1);
            }
        }
        bsp.sync();
        bsp.commit(reg, 1);
        result.put("pid" + bsp.pid(), x[0]);
        printInPidOrder(bsp, "pid " + bsp.pid() + ": broadcast value = " + x[0]);
    }
}
