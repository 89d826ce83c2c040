package org.jbsplib.api.spi;

import java.util.Map;

/**
 * Creates the {@link Barrier} of each process for one run. Found with {@link java.util.ServiceLoader} by
 * {@link #name()}; register implementations in {@code META-INF/services/org.jbsplib.api.spi.BarrierProvider}.
 * Providers are stateless factories: per-run shared state goes through {@link BarrierChannel#sharedState}.
 *
 * <pre>{@code
 * public final class RingBarrierProvider implements BarrierProvider {
 *     public String name() { return "ring"; }
 *     public String description() { return "token passed twice around a ring of processes"; }
 *     public Barrier create(BarrierChannel channel, Map<String, String> options) {
 *         return new RingBarrier(channel);
 *     }
 * }
 * }</pre>
 */
public interface BarrierProvider {
    /** @return the name for {@code --barrier} and {@code bsplib.barrier}: lower case, without {@code :} or {@code ,} */
    String name();

    /** @return a one-line description, listed by {@code ./bsp backends} */
    String description();

    /**
     * Whether the backend keeps state shared by every process of the run in memory, and so runs only on transports
     * whose processes share memory ({@link BarrierChannel#sharedMemory()}); {@code ./bsp backends} shows it.
     *
     * @return {@code true} for such a backend; {@code false} (the default) for one that only exchanges frames
     */
    default boolean needsSharedMemory() {
        return false;
    }

    /**
     * How the backend runs on a transport with the given capabilities, for {@code ./bsp backends}.
     *
     * @param sharedMemory whether the transport's processes share memory
     * @param sharedClock  whether they read one clock (one host)
     * @return {@code null} if it does not run there, {@code ""} if it runs fully, else a short note on what it
     *     supports there (e.g. {@code "mode=account"}); by default from {@link #needsSharedMemory()}
     */
    default String supportOn(final boolean sharedMemory, final boolean sharedClock) {
        return needsSharedMemory() && !sharedMemory ? null : "";
    }

    /**
     * Creates the barrier of process {@code channel.pid()}. Called once per process, on the runtime's thread that
     * sets the run up, before any process starts; the barrier is then used only by its process's thread.
     *
     * @param channel the process's way to reach the others
     * @param options the options of the spec ({@code fanout=4} in {@code tree:fanout=4}); never {@code null}
     * @return the barrier, at episode 0 (no arrival yet)
     * @throws IllegalArgumentException for an unknown option or a bad value, naming both; or if the backend
     *                                  cannot run on the channel's transport, naming it
     */
    Barrier create(BarrierChannel channel, Map<String, String> options);
}
