package org.jbsplib.hw.model;

/**
 * A model of barrier hardware for one group of {@link #parties()} processes, driven split-phase: each process
 * {@linkplain #arrive(int, long) arrives} (notify), then polls {@link #isReleased(int)} (wait) and reads the time the
 * modelled hardware would have let it go with {@link #releaseTimeNs(int)}.
 *
 * <p>Release times are computed by stepping the modelled mechanism (latches and logic equations, switches and
 * credits, routers and worms, NIC state machines) once the last process of an episode has arrived; they are never
 * earlier than that process's own arrival. The model is reusable: the next {@code arrive} of a released process
 * starts its next episode.
 *
 * <p>Threading: {@code arrive} may be called concurrently from one thread per process; {@code isReleased},
 * {@code releaseTimeNs} and {@code lastReport} may be called from any thread.
 *
 * <p>Memory consistency effects: actions of a process before its {@code arrive} happen-before the actions of any
 * process after {@code isReleased} returned {@code true} for that episode.
 *
 * <pre>{@code
 * BarrierModel model = HwBarrierModels.create("nic-pe/lanai43", 16);
 * model.arrive(pid, System.nanoTime());
 * while (!model.isReleased(pid)) { Thread.onSpinWait(); }
 * clock.awaitRelease(model.releaseTimeNs(pid));
 * }</pre>
 */
public interface BarrierModel {
    /** @return the backend name with its preset, e.g. {@code "papers/papers0"} */
    String name();

    /** @return the number of processes in the group */
    int parties();

    /**
     * Notify: process {@code pid} has reached the barrier at {@code arrivalTimeNs} ({@link System#nanoTime()} scale).
     *
     * @throws IllegalArgumentException if {@code pid} is out of range
     * @throws IllegalStateException    if {@code pid} already arrived in the current episode
     */
    void arrive(int pid, long arrivalTimeNs);

    /** @return whether the episode {@code pid} last arrived at has been released by the model */
    boolean isReleased(int pid);

    /**
     * @return the modelled release time of {@code pid} in its last episode
     * @throws IllegalStateException if that episode is not released yet
     */
    long releaseTimeNs(int pid);

    /** @return the report of the last completed episode, or {@code null} before the first one */
    EpisodeReport lastReport();

    /** @return how many episodes have been released */
    long completedEpisodes();
}
