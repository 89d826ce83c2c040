package org.jbsplib.core.examples;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
     * Prints {@code line} (if not null) in pid order: every process calls this once, in the same superstep. Every
     * process sends its line to pid 0 as a BSMP message, and pid 0 prints its queue, which BSMP orders by source
     * pid; so the order holds under the classic sync and under the relaxed one. Takes 3 supersteps whatever P: a
     * registration is pushed and popped around the sending superstep, which makes both of them count exchanges
     * under the relaxed sync, as BSMP needs there. The message queue is empty again when it returns.
     */
    protected void printInPidOrder(final Bsp bsp, final String line) {
        final Reg marker = bsp.pushReg(new byte[0]);
        bsp.sync(); // messages the program sent in the calling superstep arrive now and are gone after the next sync
        if (out != null && line != null) {
            bsp.send(0, new byte[bsp.tagSize()], line.getBytes(StandardCharsets.UTF_8));
        }
        bsp.popReg(marker);
        bsp.sync();
        if (bsp.pid() == 0 && out != null) {
            final byte[] tag = new byte[bsp.tagSize()];
            int n;
            while ((n = bsp.getTag(tag)) >= 0) {
                final byte[] text = new byte[n];
                bsp.move(text, 0, n);
                out.println(new String(text, StandardCharsets.UTF_8));
            }
            out.flush();
        }
        bsp.sync();
    }

    /**
     * @return whether the example's result agreed with its sequential check (examples without a check: true);
     *     {@code ./bsp example} exits with status 1 when false
     */
    public boolean passed() {
        return true;
    }

    /** @return the example's results (sorted copy) */
    public Map<String, Object> result() {
        return new LinkedHashMap<>(new java.util.TreeMap<>(result));
    }
}
