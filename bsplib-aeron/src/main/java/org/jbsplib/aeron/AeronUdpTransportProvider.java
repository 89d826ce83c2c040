package org.jbsplib.aeron;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.TransportProvider;
import org.jbsplib.core.cli.RunOptions;
import org.jbsplib.core.transport.Transport;
import org.jbsplib.core.transport.TransportLauncher;

/**
 * The {@code aeron-udp} transport's provider: processes in JVMs on one or several hosts, each JVM with its own media
 * driver, each process's inbox an Aeron UDP subscription at its endpoint of the host file ({@link Hosts};
 * {@code --hosts FILE} or {@code -Dbsplib.hosts=FILE}). Without a host file, every process runs in this JVM on the
 * loopback interface.
 */
public final class AeronUdpTransportProvider implements TransportProvider {
    /** The transport's name. */
    public static final String NAME = "aeron-udp";
    /**
     * The run option ({@code --liveness-ms MS}, {@link BspConfig#option}) of the liveness timeout in milliseconds:
     * how long a process's inbox may send no status message before the others take its JVM for dead and stop the
     * run naming it. Default {@link AeronTransport#UDP_LIVENESS_TIMEOUT_NS}.
     */
    public static final String LIVENESS_OPTION = RunOptions.LIVENESS_MS_OPTION;
    /** Shortest liveness timeout accepted, in milliseconds: five of Aeron's status-message intervals. */
    public static final long MIN_LIVENESS_MS = 1_000;
    // Aeron's default interval between a receiver's status messages (aeron.rcv.status.message.timeout)
    private static final long STATUS_MESSAGE_MS = 200;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "processes in JVMs on one or several hosts (--hosts FILE), inboxes are Aeron UDP endpoints";
    }

    @Override
    public Transport create(final BspConfig config) {
        final Hosts hosts = hosts(config);
        final Placement placement = Placement.ofHosts(config.procs(), hosts, System.getProperties(), System.getenv());
        return new AeronTransport(NAME, config.procs(), AeronTransport.termLength(config.ringCapacityBytes()),
            config.cores(), placement, hosts, AeronTransport.CONNECT_TIMEOUT_NS,
            livenessTimeoutNs(config.options().get(LIVENESS_OPTION)));
    }

    /**
     * @param ms the option {@value #LIVENESS_OPTION} ({@code --liveness-ms}) as given, or {@code null} for the
     *           default
     * @return the liveness timeout in nanoseconds: {@link AeronTransport#UDP_LIVENESS_TIMEOUT_NS} when {@code ms} is
     *     {@code null}
     * @throws IllegalArgumentException naming the option and its value, if it is not a whole number of milliseconds
     *                                  from {@link #MIN_LIVENESS_MS}
     */
    public static long livenessTimeoutNs(final String ms) {
        if (ms == null) {
            return AeronTransport.UDP_LIVENESS_TIMEOUT_NS;
        }
        long v = -1;
        try {
            v = Long.parseLong(ms.trim());
        } catch (final NumberFormatException e) {
            // refused below, naming the value
        }
        if (v < MIN_LIVENESS_MS) {
            throw new IllegalArgumentException("option --liveness-ms=" + ms + " must be a whole number of"
                + " milliseconds >= " + MIN_LIVENESS_MS + " (receivers send status messages every "
                + STATUS_MESSAGE_MS + " ms: a shorter timeout would take a live JVM for dead)");
        }
        return TimeUnit.MILLISECONDS.toNanos(v);
    }

    /**
     * @param config the run's configuration
     * @return the hosts of its host file ({@code --hosts}, else {@code -Dbsplib.hosts}), or every process on
     *     loopback in this JVM when there is none
     */
    static Hosts hosts(final BspConfig config) {
        String file = config.options().get(Hosts.HOSTS_OPTION);
        if (file == null) {
            file = System.getProperty(Hosts.HOSTS_PROP);
        }
        return file == null ? Hosts.loopback(config.procs()) : Hosts.read(Path.of(file));
    }

    @Override
    public TransportLauncher launcher() {
        return AeronLauncher.udp();
    }
}
