/**
 * Transports move framed messages between BSP processes. Every protocol of the runtime (the classic sync, the
 * relaxed sync, the software barriers) speaks only through {@link org.jbsplib.core.transport.Endpoint}, never
 * through another process's memory, so the same protocols run over the in-JVM {@code threads} transport and
 * over inter-JVM transports.
 *
 * <p>Guarantees every transport gives: frames from one sender to one receiver arrive in the order they were
 * offered (FIFO per pair); frames are never lost or duplicated; an offer either writes the whole frame or
 * returns {@code false} (destination full), so senders keep draining their own inbox while they retry.
 */
package org.jbsplib.core.transport;
