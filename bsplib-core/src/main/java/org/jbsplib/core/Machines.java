package org.jbsplib.core;

import java.util.ServiceLoader;
import java.util.TreeMap;

import org.jbsplib.core.transport.Transport;

/**
 * Finds {@link MachineProvider}s by name and splits machine specs ({@code NAME[:OPTIONS]}). Stateless.
 *
 * <pre>{@code
 * Transport t = Machines.create("virtual:sp2-us", config);
 * }</pre>
 */
public final class Machines {
    private Machines() {
    }

    /** @return every machine found on the class path, by name */
    public static TreeMap<String, MachineProvider> all() {
        final TreeMap<String, MachineProvider> known = new TreeMap<>();
        for (final MachineProvider m : ServiceLoader.load(MachineProvider.class)) {
            known.putIfAbsent(m.name(), m);
        }
        return known;
    }

    /**
     * @param spec a machine spec {@code NAME[:OPTIONS]}
     * @return the provider of its name
     * @throws IllegalArgumentException naming the spec and the known machines if there is none
     */
    public static MachineProvider provider(final String spec) {
        final String name = name(spec);
        final TreeMap<String, MachineProvider> known = all();
        final MachineProvider m = known.get(name);
        if (m == null) {
            throw new IllegalArgumentException("machine=" + spec + " is not a known machine (known: "
                + (known.isEmpty() ? "none on the class path" : String.join(", ", known.keySet())) + ")");
        }
        return m;
    }

    /** Checks {@code spec} (name and options) against {@code config}. */
    public static void check(final String spec, final BspConfig config) {
        provider(spec).check(options(spec), config);
    }

    /** @return the machine a run of {@code config} gets from {@code spec}, every default decided (for reports) */
    public static String describe(final String spec, final BspConfig config) {
        return provider(spec).describe(options(spec), config);
    }

    /** @return the machine of one run, as its transport */
    public static Transport create(final String spec, final BspConfig config) {
        return provider(spec).create(options(spec), config);
    }

    /** @return the name of a spec: the text before the first colon */
    public static String name(final String spec) {
        final int colon = spec.indexOf(':');
        return (colon < 0 ? spec : spec.substring(0, colon)).trim();
    }

    /** @return the options of a spec: the text after the first colon, or empty */
    public static String options(final String spec) {
        final int colon = spec.indexOf(':');
        return colon < 0 ? "" : spec.substring(colon + 1).trim();
    }
}
