package org.jbsplib.core;

import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.ThreadsTransport;


/** The {@code threads} transport's provider: every process a thread of this JVM ({@link ThreadsTransport}). */
public final class ThreadsTransportProvider implements TransportProvider {
    /** The transport's name. */
    public static final String NAME = "threads";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "every process a thread of this JVM, inboxes are off-heap ring buffers (shares memory)";
    }

    @Override
    public boolean sharesMemory() {
        return true;
    }

    @Override
    public Transport create(final BspConfig config) {
        return new ThreadsTransport(config.procs(), config.ringCapacityBytes(), config.cores(),
            config.threadKind() == ThreadKind.VIRTUAL, config.idleYieldNs());
    }
}
