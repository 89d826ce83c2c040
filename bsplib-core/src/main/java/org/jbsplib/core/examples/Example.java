package org.jbsplib.core.examples;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;

/** An example program with a name, a description and a result summary. */
public abstract class Example implements BspProgram {
    private final PrintStream out;
    /** Results by key, filled by the processes (pid 0 usually). */
    protected final Map<String, Object> result = new java.util.concurrent.ConcurrentHashMap<>();

    protected Example(final PrintStream out) {
        this.out = out;
    }

    /**
     * Prints {@code line} (if not null) in pid order: every process calls this once, in the same superstep. A token
     * travels from pid to pid by put, and each process prints after {@code commit} saw the token, so the order holds
     * under the classic sync and under the relaxed one (where {@code sync} is not a barrier). Takes P+1 supersteps.
     */
    protected void printInPidOrder(final Bsp bsp, final String line) {
        final int[] token = new int[1];
        final Reg tokenReg = bsp.pushReg(token);
        bsp.sync();
        for (int i = 0; i < bsp.nprocs(); i++) {
            if (bsp.pid() == i) {
                if (i > 0) {
                    bsp.commit(tokenReg, 1); // the previous pid has printed
                }
                if (out != null && line != null) {
                    out.println(line);
                    out.flush();
                }
                if (i + 1 < bsp.nprocs()) {
                    bsp.put(i + 1, new int[] {1}, 0, tokenReg, 0, 1);
                }
            }
            bsp.sync();
        }
        bsp.popReg(tokenReg);
        bsp.sync();
    }

    /** @return the example's results (sorted copy) */
    public Map<String, Object> result() {
        return new LinkedHashMap<>(new java.util.TreeMap<>(result));
    }
}
