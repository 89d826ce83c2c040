package org.jbsplib.core.examples;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;

/** An example program with a name, a description and a result summary. */
public abstract class Example implements BspProgram {
    private final PrintStream out;
    /** Results by key, filled by the processes (pid 0 usually). */
    protected final Map<String, Object> result = new java.util.concurrent.ConcurrentHashMap<>();

    protected Example(final PrintStream out) {
        this.out = out;
    }

    /**
     * Prints {@code line} (if not null) in pid order: every process calls this once, in the same superstep; it
     * takes P supersteps.
     */
    protected void printInPidOrder(final Bsp bsp, final String line) {
        for (int i = 0; i < bsp.nprocs(); i++) {
            if (bsp.pid() == i && out != null && line != null) {
                out.println(line);
                out.flush();
            }
            bsp.sync();
        }
    }

    /** @return the example's results (sorted copy) */
    public Map<String, Object> result() {
        return new LinkedHashMap<>(new java.util.TreeMap<>(result));
    }
}
