package org.jbsplib.aeron;

import java.nio.file.Path;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.TransportProvider;
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
            config.cores(), placement, hosts, AeronTransport.CONNECT_TIMEOUT_NS);
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
