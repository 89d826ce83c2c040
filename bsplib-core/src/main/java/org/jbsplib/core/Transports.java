package org.jbsplib.core;

import java.util.ServiceLoader;
import java.util.TreeMap;
import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.ChaosTransport;


/**
 * Finds transports with {@link ServiceLoader} by name and creates the one a configuration names, decorated with
 * {@link ChaosTransport} when its chaos seed is set.
 *
 * <pre>{@code
 * try (Transport t = Transports.create(new BspConfig().procs(4).transport("threads").conclude())) { ... }
 * }</pre>
 */
public final class Transports {
    private Transports() {
    }

    /** @return every transport found on the class path, by name (the first of a name wins) */
    public static TreeMap<String, TransportProvider> providers() {
        final TreeMap<String, TransportProvider> known = new TreeMap<>();
        for (final TransportProvider p : ServiceLoader.load(TransportProvider.class)) {
            known.putIfAbsent(p.name(), p);
        }
        return known;
    }

    /**
     * @param name a transport name
     * @return the transport named {@code name}
     * @throws IllegalArgumentException naming the value and listing the known transports if there is none
     */
    public static TransportProvider provider(final String name) {
        final TreeMap<String, TransportProvider> known = providers();
        final TransportProvider p = name == null ? null : known.get(name);
        if (p == null) {
            throw new IllegalArgumentException("transport=" + name + " is not a known transport (known: "
                + String.join(", ", known.keySet()) + ")");
        }
        return p;
    }

    /**
     * Creates the transport of {@code config}: its named provider's, wrapped in a {@link ChaosTransport} when
     * {@link BspConfig#chaosSeed()} is set.
     *
     * @param config a concluded configuration
     * @return the run's transport
     */
    public static Transport create(final BspConfig config) {
        final Transport t = provider(config.transport()).create(config);
        return config.chaosSeed() >= 0 ? new ChaosTransport(t, config.chaosSeed()) : t;
    }
}
