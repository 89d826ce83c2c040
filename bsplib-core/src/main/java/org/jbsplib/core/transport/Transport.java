package org.jbsplib.core.transport;

/**
 * Moves framed messages between the P processes of one run. Created per run; closed at its end.
 *
 * <p><b>Threading.</b> {@link #endpoint(int)} hands out one {@link Endpoint} per process, each confined to that
 * process's thread (see {@link Endpoint} for the happens-before edge from sending a frame to handling it).
 * {@link #control()} is shared by every thread of the run and is thread-safe. {@link #name()} and
 * {@link #nprocs()} may be called from any thread. {@link #close()} is called once, by the thread that created the
 * transport, after every process's thread has ended (joined), or after the run gave up waiting for a thread that
 * does not return; frames still in inboxes are dropped.
 *
 * <pre>{@code
 * try (Transport transport = new ThreadsTransport(nprocs, 1 << 20, cores)) {
 *     Endpoint mine = transport.endpoint(pid);   // on the thread of process pid
 * }
 * }</pre>
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
