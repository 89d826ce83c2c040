package org.jbsplib.core.transport;

/**
 * Moves framed messages between the P processes of one run. Created per run by its {@link org.jbsplib.core.TransportProvider};
 * closed at its end.
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
 *
 * <p>Process model: a transport attaches this JVM to the processes it runs ({@link #isLocal(int)}): all of them for
 * the in-JVM {@code threads} transport, one or several for a transport between JVMs, where the other processes run
 * in other JVMs. {@link org.jbsplib.core.BspRuntime} starts threads for the local processes only, and at the end
 * asks the transport to {@link #gatherResults(byte[][]) gather} the results of the others, so that a run's
 * {@link org.jbsplib.core.RunResult} is the same on every transport.
 */
public interface Transport extends AutoCloseable {
    /** @return the transport's name, e.g. {@code threads} */
    String name();

    /** @return the number of processes */
    int nprocs();

    /**
     * @param pid a process of this JVM ({@link #isLocal(int)})
     * @return the endpoint of {@code pid}, to be used by that process's thread only
     */
    Endpoint endpoint(int pid);

    /** @return the run's control plane */
    RunControl control();

    /**
     * Whether the processes of the run share this JVM's memory, so that a barrier backend may keep its state in
     * memory shared by every process ({@code shm}, the hardware models). A decorator answers for what it decorates.
     *
     * @return {@code true} if every process runs in this JVM
     */
    default boolean sharesMemory() {
        return false;
    }

    /**
     * Whether every process of the run reads the same monotonic clock ({@link System#nanoTime()} of one host), so
     * that hardware-model barriers may emulate release times across processes.
     *
     * @return {@code true} if all processes run on this host; by default, when they share memory
     */
    default boolean sharesClock() {
        return sharesMemory();
    }

    /**
     * Whether a sync protocol may move data straight between the processes' memory: a receiver reading, during the
     * sync, what the sender buffered for it and the sources of its unbuffered puts, instead of the sender framing
     * them. Needs every process in this JVM ({@link #sharesMemory()}), and a transport that does not account for
     * data by its frames: a virtual-time machine shares memory but charges every frame to its network model, so it
     * answers {@code false}. A decorator answers for what it decorates.
     *
     * @return {@code true} if protocols may copy data directly between processes; by default {@code false}
     */
    default boolean directCopies() {
        return false;
    }

    /**
     * Whether a frame committed before its sender arrives at an episode of the run's barrier backend is delivered
     * by one drain of its destination ({@link Endpoint#poll} with {@link Integer#MAX_VALUE}) made after the
     * destination saw that episode released. Then a sync protocol may leave out the frames that would say nothing
     * (e.g. the classic sync's all-zero COUNT frames) and read their absence after the barrier as "nothing": true
     * where the frames travel through memory shared by every process and the barrier's release happens-after every
     * arrival ({@code threads}). A transport whose frames may still be in flight when the barrier releases (between
     * JVMs), or that charges every frame to a model of time (a virtual-time machine), answers {@code false}, and
     * protocols send every frame. A decorator answers for what it decorates if its drain delivers everything it
     * holds back.
     *
     * @return {@code true} if frames sent before a barrier arrival can be drained after its release; by default
     *     {@code false}
     */
    default boolean drainsAfterBarrier() {
        return false;
    }

    /**
     * Whether the runtime's {@link DeadlockDetector} may judge this run: it needs every process's {@link Quiescence}
     * entry kept up to date by the endpoints, and must be able to tell whether any frame is in flight. A transport
     * between JVMs sees neither the other JVMs' entries nor the frames in the media driver's logs, so it answers
     * {@code false} and the run relies on {@code --timeout-ms} and {@code --deadline} instead.
     *
     * @return {@code true} if deadlock detection is sound on this transport; by default, when it shares memory
     */
    default boolean detectsDeadlocks() {
        return sharesMemory();
    }

    /**
     * @param pid a process of the run, {@code 0 <= pid < nprocs()}
     * @return whether this JVM runs {@code pid} (its endpoint is here)
     */
    default boolean isLocal(final int pid) {
        return true;
    }

    /**
     * Completes {@code results}, indexed by pid, where the entries of this JVM's processes are set and the others
     * are {@code null}: a transport between JVMs exchanges the entries with the other JVMs (in-band frames), so that
     * every JVM holds every process's result. An entry is an opaque record that the runtime encodes (a process's
     * statistics, supersteps and elapsed time); a transport moves it unchanged. Called once by the runtime after
     * every local process has ended and only when the run did not fail; the default, for transports whose
     * processes are all local, does nothing.
     *
     * @param results the encoded results by pid, completed in place
     */
    default void gatherResults(final byte[][] results) {
    }

    @Override
    void close();
}
