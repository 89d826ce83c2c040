package org.jbsplib.core.barrier;

import java.util.concurrent.ConcurrentHashMap;

import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.Transport;

/**
 * The barrier backend of one run: the resolved spec, its provider and the state the processes of the run share
 * (on transports that share memory). Opens one {@link BarrierPort} per process.
 *
 * <pre>{@code
 * BarrierRun run = BarrierRun.forRun(config.barrier(), config.cores(), transport);
 * BarrierPort port = run.open(endpoint, inboxHandler, waiter);
 * }</pre>
 */
public final class BarrierRun {
    private final BarrierSpec spec;
    private final BarrierProvider provider;
    private final String transport;
    private final int cores;
    private final boolean sharedClock;
    private final ConcurrentHashMap<String, Object> shared;
    private final boolean drainsAfterRelease;

    /**
     * @param spec         the barrier spec, or empty for the default of the transport
     * @param transport    the transport's name
     * @param sharedMemory whether the processes share this JVM's memory
     * @param cores        cores the waiting strategy assumes
     * @throws IllegalArgumentException for a malformed spec or an unknown backend
     */
    public BarrierRun(final String spec, final String transport, final boolean sharedMemory, final int cores) {
        this(spec, transport, sharedMemory, sharedMemory, cores);
    }

    /**
     * @param spec         the barrier spec, or empty for the default of the transport
     * @param transport    the transport's name
     * @param sharedMemory whether the processes share this JVM's memory
     * @param sharedClock  whether the processes read one clock (one host)
     * @param cores        cores the waiting strategy assumes
     * @throws IllegalArgumentException for a malformed spec or an unknown backend
     */
    public BarrierRun(final String spec, final String transport, final boolean sharedMemory,
        final boolean sharedClock, final int cores) {
        this(spec, transport, sharedMemory, sharedClock, cores, false);
    }

    private BarrierRun(final String spec, final String transport, final boolean sharedMemory,
        final boolean sharedClock, final int cores, final boolean drainsAfterRelease) {
        this.drainsAfterRelease = drainsAfterRelease;
        this.sharedClock = sharedClock;
        this.spec = Barriers.resolve(spec, sharedMemory);
        this.provider = Barriers.provider(this.spec.name());
        this.transport = transport;
        this.cores = cores;
        this.shared = sharedMemory ? new ConcurrentHashMap<>() : null;
    }

    /**
     * @param barrier the run's barrier spec ({@code BspConfig.barrier()}), or empty for the transport's default
     * @param cores   cores the waiting strategy assumes ({@code BspConfig.cores()})
     * @return the run's barrier on {@code transport}; without a spec, the default of a transport that shares
     *         memory is {@code shm}, except on a machine with a virtual clock, whose processes wait only for
     *         frames: there it is the message default (see {@link Barriers})
     */
    public static BarrierRun forRun(final String barrier, final int cores, final Transport transport) {
        final String spec = barrier.isBlank() && hasVirtualClock(transport) ? Barriers.DEFAULT_MESSAGES : barrier;
        return new BarrierRun(spec, transport.name(), transport.sharesMemory(), transport.sharesClock(), cores,
            transport.drainsAfterBarrier());
    }

    private static boolean hasVirtualClock(final Transport transport) {
        for (int pid = 0; pid < transport.nprocs(); pid++) {
            if (transport.isLocal(pid)) {
                return transport.endpoint(pid).virtualClock();
            }
        }
        return false;
    }

    /** @return the resolved spec */
    public BarrierSpec spec() {
        return spec;
    }

    /**
     * Whether a frame a process commits before it arrives at an episode is delivered by one drain of its
     * destination's inbox after the destination sees the episode released ({@link Transport#drainsAfterBarrier()}
     * of the run's transport; {@code false} for a run made without one). A protocol may then leave out frames that
     * would say nothing and read their absence after the release.
     *
     * @return whether frames sent before an arrival can be drained after the release
     */
    public boolean drainsAfterRelease() {
        return drainsAfterRelease;
    }

    /** @return the backend's provider */
    public BarrierProvider provider() {
        return provider;
    }

    /**
     * Creates the barrier of {@code endpoint}'s process.
     *
     * @param endpoint the process's endpoint
     * @param inbox    receives every frame polled while the barrier waits or sends (route barrier frames back to
     *                 {@link BarrierPort#onFrame})
     * @param waiter   the idle step of waits (failure, timeout, idling)
     * @return the process's port
     * @throws IllegalArgumentException if the backend refuses its options or the transport
     */
    public BarrierPort open(final Endpoint endpoint, final FrameHandler inbox, final BarrierWaiter waiter) {
        final EndpointBarrierChannel channel = new EndpointBarrierChannel(endpoint, transport, cores, inbox, waiter,
            shared, sharedClock);
        return new BarrierPort(spec, provider.create(channel, spec.options()), channel);
    }
}
