package org.jbsplib.aeron;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.TransportLauncher;
import org.jbsplib.core.TransportProvider;

/**
 * The {@code aeron-ipc} transport's provider: processes in separate JVMs of one host, each JVM a client of the host's
 * one media driver, each process's inbox an {@code aeron:ipc} stream ({@link AeronTransport}).
 */
public final class AeronIpcTransportProvider implements TransportProvider {
    /** The transport's name. */
    public static final String NAME = "aeron-ipc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "processes in separate JVMs of one host, inboxes are Aeron IPC streams of one media driver";
    }

    @Override
    public Transport create(final BspConfig config) {
        return new AeronTransport(NAME, config.procs(), AeronTransport.termLength(config.ringCapacityBytes()),
            config.cores(), Placement.of(config.procs(), System.getProperties(), System.getenv()));
    }

    /** Every process runs on this host: one clock. */
    @Override
    public boolean sharesClock() {
        return true;
    }

    @Override
    public TransportLauncher launcher() {
        return new AeronLauncher();
    }
}
