/**
 * Transports between JVMs over Aeron: {@code aeron-ipc} (one host, one media driver) and {@code aeron-udp} (one or
 * several hosts, a media driver per JVM, endpoints from a host file: {@link org.jbsplib.aeron.Hosts}). This module depends on
 * {@code bsplib-core} and brings Aeron; the core finds the transports with {@link java.util.ServiceLoader}
 * ({@link org.jbsplib.core.TransportProvider}), so Aeron stays off the core's class path.
 */
package org.jbsplib.aeron;
