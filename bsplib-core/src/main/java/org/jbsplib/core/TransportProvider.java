package org.jbsplib.core;

import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.TransportLauncher;


/**
 * Service-provider interface of transports, found with {@link java.util.ServiceLoader} by {@link #name()} (as sync
 * modes and barrier backends are). A provider lives in the module that brings the transport's dependencies, so that
 * {@code bsplib-core} needs none of them: register it in
 * {@code META-INF/services/org.jbsplib.core.TransportProvider}.
 *
 * <pre>{@code
 * public final class MyTransportProvider implements TransportProvider {
 *     public String name() { return "my"; }
 *     public String description() { return "frames over my fabric"; }
 *     public Transport create(BspConfig config) { return new MyTransport(config); }
 * }
 * }</pre>
 *
 * <p>Chaos ({@code --chaos SEED}) is not a provider: {@link Transports#create} wraps whichever transport was chosen
 * in a {@link ChaosTransport}.
 */
public interface TransportProvider {
    /** @return the name {@code --transport} and {@link BspConfig#transport()} use, e.g. {@code threads} */
    String name();

    /** @return one line for {@code ./bsp backends} and error messages */
    String description();

    /**
     * Creates the transport of one run, attached to this JVM's share of the processes
     * ({@link Transport#isLocal(int)}).
     *
     * @param config the run's concluded configuration
     * @return the transport, closed by the caller at the end of the run
     * @throws IllegalArgumentException if the configuration does not suit the transport, naming the value
     */
    Transport create(BspConfig config);

    /**
     * @return whether the processes of this transport's runs share memory (as {@link Transport#sharesMemory()}
     *     will say), for listing which barrier backends run on it; {@code false} by default
     */
    default boolean sharesMemory() {
        return false;
    }

    /**
     * @return what starts the run's JVMs when the processes of a run live in several JVMs, or {@code null} (the
     *     default) when one JVM runs them all
     */
    default TransportLauncher launcher() {
        return null;
    }

    /**
     * @return whether the processes of this transport's runs read one clock (one host), as
     *     {@link Transport#sharesClock()} will say; by default, when they share memory
     */
    default boolean sharesClock() {
        return sharesMemory();
    }
}
