package org.jbsplib.api;

/**
 * Size of the BSMP queue of the current superstep, as returned by {@link Bsp#qsize()}.
 *
 * @param packets number of messages still in the queue
 * @param bytes   total payload bytes of those messages (tags not included), as BSPlib's {@code accum_nbytes}
 */
public record QueueSize(int packets, long bytes) {
}
