package org.jbsplib.core;

import java.util.Map;

import org.jbsplib.core.transport.Transport;

/**
 * A machine model a run can be executed on instead of the host ({@code --machine NAME[:OPTIONS]}), found with
 * {@link java.util.ServiceLoader}. A machine is a {@link Transport} whose endpoints may own the processes' clocks
 * and decide which process runs when (see the hooks of {@link org.jbsplib.core.transport.Endpoint}); the sync
 * protocols run on it unchanged.
 *
 * <pre>{@code
 * BspRuntime.run(new BspConfig().procs(32).machine("virtual:sp2-us;L=20us"), program);
 * }</pre>
 *
 * <p>Threading: {@link #create} is called once per run, on the thread that starts it.
 */
public interface MachineProvider {
    /** @return the name before the colon of a machine spec, e.g. {@code virtual} */
    String name();

    /** @return a one-line description for listings */
    String description();

    /**
     * Checks a machine spec's options without creating anything.
     *
     * @param options the text after {@code NAME:}, possibly empty
     * @param config  the run's configuration
     * @throws IllegalArgumentException naming the option and its value if it is not valid
     */
    void check(String options, BspConfig config);

    /**
     * Creates the machine of one run.
     *
     * @param options the text after {@code NAME:}, possibly empty
     * @param config  the run's configuration (concluded)
     * @return the machine, as the transport of the run
     * @throws IllegalArgumentException naming the option and its value if it is not valid
     */
    Transport create(String options, BspConfig config);

    /**
     * Describes the machine a run of {@code config} gets from these options, with every default decided (for
     * reports); by default the spec as given.
     *
     * @param options the text after {@code NAME:}, possibly empty
     * @param config  the run's configuration
     * @return e.g. {@code virtual:sp2-us: L=20us o=10us g=10us G=28.5714ns/B cpu=thread cpuScale=1}
     */
    default String describe(final String options, final BspConfig config) {
        return options.isEmpty() ? name() : name() + ":" + options;
    }

    /**
     * System properties the JVM should have before it starts its first thread of a run on this machine, e.g. the
     * virtual-thread scheduler's parallelism. The CLI sets them, where not already set, when a command names the
     * machine; a program that starts runs itself passes them as {@code -D} flags. By default none.
     *
     * @return property names and values
     */
    default Map<String, String> jvmProperties() {
        return Map.of();
    }

    /**
     * The system properties a run on the machine these options describe wants (see {@link #jvmProperties()}); by
     * default those of {@link #jvmProperties()}, whatever the options.
     *
     * @param options the text after {@code NAME:}, possibly empty
     * @return property names and values
     */
    default Map<String, String> jvmProperties(final String options) {
        return jvmProperties();
    }
}
