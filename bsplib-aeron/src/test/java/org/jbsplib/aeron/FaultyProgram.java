package org.jbsplib.aeron;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspProgram;

/**
 * A program for the launcher's fault tests: every process syncs in a loop; pid 1 fails after a few supersteps in
 * the way its argument names ({@code throw}, {@code exit}, {@code kill}, {@code hang}), or never ({@code none}).
 */
public final class FaultyProgram implements BspProgram {
    private final String fault;

    /** @param args the fault: throw, exit, kill, hang or none */
    public FaultyProgram(final String[] args) {
        this.fault = args.length == 0 ? "none" : args[0];
    }

    @Override
    public void run(final Bsp bsp) throws Exception {
        for (int s = 0; s < 200; s++) {
            if (bsp.pid() == 1 && s == 5) {
                switch (fault) {
                    case "throw" -> throw new IllegalStateException("deliberate failure of pid 1");
                    case "exit" -> System.exit(3);
                    case "kill" -> new ProcessBuilder("kill", "-9", String.valueOf(ProcessHandle.current().pid()))
                        .start().waitFor();
                    case "hang" -> Thread.sleep(Long.MAX_VALUE);
                    default -> { }
                }
            }
            bsp.sync();
        }
    }
}
