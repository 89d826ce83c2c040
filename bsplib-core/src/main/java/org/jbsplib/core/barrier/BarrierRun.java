package org.jbsplib.core.barrier;

import java.util.concurrent.ConcurrentHashMap;

import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.Transport;

/**
 * The barrier backend of one run: the resolved spec, its provider and the state the processes of the run share
 * (on transports that share memory). Opens one {@link BarrierPort} per process.
 *
 * <pre>{@code
 * BarrierRun run = BarrierRun.forRun(config, transport);
 * BarrierPort port = run.open(endpoint, inboxHandler, waiter);
 * }</pre>
 */
public final class BarrierRun {
    private final BarrierSpec spec;
    private final BarrierProvider provider;
    private final String transport;
    private final int cores;
    private final ConcurrentHashMap<String, Object> shared;

    /**
     * @param spec         the barrier spec, or empty for the default of the transport
     * @param transport    the transport's name
     * @param sharedMemory whether the processes share this JVM's memory
     * @param cores        cores the waiting strategy assumes
     * @throws IllegalArgumentException for a malformed spec or an unknown backend
     */
    public BarrierRun(final String spec, final String transport, final boolean sharedMemory, final int cores) {
        this.spec = Barriers.resolve(spec, sharedMemory);
        this.provider = Barriers.provider(this.spec.name());
        this.transport = transport;
        this.cores = cores;
        this.shared = sharedMemory ? new ConcurrentHashMap<>() : null;
    }

    /** @return the run's barrier, as {@code config.barrier()} names it on {@code transport} */
    public static BarrierRun forRun(final BspConfig config, final Transport transport) {
        return new BarrierRun(config.barrier(), transport.name(), transport.sharesMemory(),
            config.cores());
    }

    /** @return the resolved spec */
    public BarrierSpec spec() {
        return spec;
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
            shared);
        return new BarrierPort(spec, provider.create(channel, spec.options()), channel);
    }
}
