package org.jbsplib.core;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * What one process leaves at the end of a successful run, the unit that transports between JVMs gather
 * ({@link org.jbsplib.core.transport.Transport#gatherResults}, as {@link #encode()}d records).
 *
 * @param pid        the process
 * @param stats      its statistics
 * @param supersteps its number of supersteps (syncs + 1)
 * @param elapsedNs  from the start of the run in its JVM to the end of its program, in ns
 */
public record ProcessResult(int pid, SyncStats stats, long supersteps, long elapsedNs) {
    private static final int HEAD = Integer.BYTES + 2 * Long.BYTES;

    /** @return this result as bytes, for a transport that moves it to another JVM ({@link #decode}) */
    public byte[] encode() {
        final byte[] s = stats.encode();
        final ByteBuffer b = ByteBuffer.allocate(HEAD + s.length);
        b.putInt(pid).putLong(supersteps).putLong(elapsedNs).put(s);
        return b.array();
    }

    /**
     * @param bytes what {@link #encode()} returned
     * @return the result it encodes
     * @throws IllegalArgumentException if {@code bytes} is not such an encoding, naming its length
     */
    public static ProcessResult decode(final byte[] bytes) {
        if (bytes.length < HEAD) {
            throw new IllegalArgumentException("bytes.length=" + bytes.length + " is too short for a ProcessResult");
        }
        final ByteBuffer b = ByteBuffer.wrap(bytes);
        final int pid = b.getInt();
        final long supersteps = b.getLong();
        final long elapsedNs = b.getLong();
        return new ProcessResult(pid, SyncStats.decode(Arrays.copyOfRange(bytes, HEAD, bytes.length)), supersteps,
            elapsedNs);
    }
}
