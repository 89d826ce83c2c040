package org.jbsplib.core.barrier;

import java.util.ServiceLoader;
import java.util.TreeMap;

import org.jbsplib.api.spi.BarrierProvider;

/**
 * Finds barrier backends with {@link ServiceLoader} by name, and picks the default.
 *
 * <pre>{@code
 * BarrierProvider p = Barriers.provider("dissemination");
 * }</pre>
 */
public final class Barriers {
    /** The default backend on transports that share memory. */
    public static final String DEFAULT_SHARED_MEMORY = ShmBarrier.NAME;
    /** The default backend on other transports. */
    public static final String DEFAULT_MESSAGES = DisseminationBarrier.NAME;

    private Barriers() {
    }

    /** @return every backend found on the class path, by name (the first of a name wins) */
    public static TreeMap<String, BarrierProvider> providers() {
        final TreeMap<String, BarrierProvider> known = new TreeMap<>();
        for (final BarrierProvider p : ServiceLoader.load(BarrierProvider.class)) {
            known.putIfAbsent(p.name(), p);
        }
        return known;
    }

    /**
     * @return the backend named {@code name}
     * @throws IllegalArgumentException naming the value and listing the known backends if there is none
     */
    public static BarrierProvider provider(final String name) {
        final TreeMap<String, BarrierProvider> known = providers();
        final BarrierProvider p = known.get(name);
        if (p == null) {
            throw new IllegalArgumentException("barrier=" + name + " is not a known barrier backend (known: "
                + String.join(", ", known.keySet()) + ")");
        }
        return p;
    }

    /**
     * @param spec         a spec, or empty/{@code null} for the default
     * @param sharedMemory whether the run's transport shares memory
     * @return the parsed spec, the default filled in
     * @throws IllegalArgumentException for a malformed spec or an unknown backend
     */
    public static BarrierSpec resolve(final String spec, final boolean sharedMemory) {
        final BarrierSpec parsed = BarrierSpec.parse(spec == null || spec.isBlank()
            ? (sharedMemory ? DEFAULT_SHARED_MEMORY : DEFAULT_MESSAGES) : spec);
        provider(parsed.name());
        return parsed;
    }
}
