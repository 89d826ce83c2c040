package org.jbsplib.core.transport;

import java.io.PrintStream;
import java.util.List;

/**
 * Starts the JVMs of a run whose processes live in several JVMs ({@link TransportProvider#launcher()}): {@code ./bsp
 * run|example|npb ... --transport NAME} in the user's shell becomes the launcher, and each JVM it starts runs the same
 * command as its share of the processes. User code does not change.
 */
public interface TransportLauncher {
    /** @return whether this JVM should start the run's JVMs, i.e. it is not itself one of them */
    boolean shouldLaunch();

    /**
     * Starts the JVMs with {@code argv}, streams their output, waits for them and cleans up.
     *
     * @param argv the command line of {@code ./bsp} (the command and its options)
     * @param out  where the JVMs' standard output goes, each line prefixed with the pids of its JVM
     * @param err  where their standard error goes, likewise
     * @return the exit code of the command: 0 if every JVM succeeded, else the first failing JVM's code
     * @throws Exception if the JVMs cannot be started
     */
    int launch(List<String> argv, PrintStream out, PrintStream err) throws Exception;
}
