package org.jbsplib.core.transport;

/**
 * Moves framed messages between the P processes of one run. Created per run; closed at its end.
 */
public interface Transport extends AutoCloseable {
    /** @return the transport's name, e.g. {@code threads} */
    String name();

    /** @return the number of processes */
    int nprocs();

    /** @return the endpoint of {@code pid}, to be used by that process's thread only */
    Endpoint endpoint(int pid);

    /** @return the run's control plane */
    RunControl control();

    /** @return whether the processes share this JVM's memory (barrier backends may then share state) */
    default boolean sharesMemory() {
        return false;
    }

    @Override
    void close();
}
