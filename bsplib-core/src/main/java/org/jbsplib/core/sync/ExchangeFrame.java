package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.jbsplib.core.registry.RegistrationTable;

/**
 * One received count/exchange frame of an exchange superstep (the classic sync's phase 1, the relaxed sync's
 * count exchange), with the get requests that followed it when the protocol keeps them. A source can be at most
 * one exchange ahead of the one this process is consuming, so protocols keep two of these per source.
 * Confined to the owning process's thread.
 *
 * <p>Layout on the wire: {@code [long superstep][long put and message bytes][int puts][int messages][int gets]
 * [int tag size][int flags][int registration operations][operations, RegistrationTable.OP_BYTES each]}; the counts
 * are those of the sender's stream to the receiver, the rest is the same for every receiver. The classic sync may
 * append the whole stream's records to the frame (an <em>inline</em> stream, {@link #keepStream}).
 */
public final class ExchangeFrame {
    static final int SSTEP = 0;
    static final int BYTES = 8;
    static final int PUTS = 16;
    static final int MESSAGES = 20;
    static final int GETS = 24;
    static final int TAGSIZE = 28;
    static final int FLAGS = 32;
    static final int REGOPS = 36;
    /** Bytes before the registration operations. */
    public static final int HEADER = 40;
    /**
     * In the BYTES field, above the byte count (which stays below 2^40): set when most of the stream's put and
     * message bytes were copied at the call (buffered puts, messages) rather than read from hpPut sources, so that
     * sender and receiver decide alike whether it goes direct ({@code org.direct=unbuffered}) without a longer frame.
     */
    static final long MOSTLY_BUFFERED = 1L << 62;

    private boolean received;
    private long sstep;
    private long bytes;
    private boolean mostlyBuffered;
    private int puts;
    private int messages;
    private int gets;
    private int tagSize;
    private int flags;
    private int regOps;
    // created at first use: most sources send neither registration operations nor get requests
    private ExpandableArrayBuffer regOpBytes;
    private ExpandableArrayBuffer getRequests;
    private int getRequestCount;
    // the records that followed the counts in the frame (an inline stream), kept until their turn
    private ExpandableArrayBuffer stream;
    private int streamLength;

    /**
     * Writes the part of an exchange frame that is the same for every destination.
     *
     * @param dst      the frame's buffer, at least {@code maxFrame} bytes
     * @param sstep    the sender's superstep
     * @param tagSize  the sender's tag size for the next superstep
     * @param flags    the protocol's flags
     * @param registry the sender's registrations, whose pending operations go into the frame
     * @param maxFrame the transport's frame size
     * @return the frame's length
     * @throws IllegalStateException if the pending registration operations do not fit in a frame
     */
    static int encodeCommon(final MutableDirectBuffer dst, final long sstep, final int tagSize, final int flags,
        final RegistrationTable registry, final int maxFrame) {
        final int regOps = registry.pendingCount();
        final int length = countLength(regOps);
        if (length > maxFrame) {
            throw new IllegalStateException("sync: " + regOps + " pushReg/popReg calls in one superstep exceed the "
                + "frame size " + maxFrame + " of the transport (at most "
                + (maxFrame - HEADER) / RegistrationTable.OP_BYTES + ")");
        }
        dst.putLong(SSTEP, sstep);
        dst.putInt(TAGSIZE, tagSize);
        dst.putInt(FLAGS, flags);
        dst.putInt(REGOPS, regOps);
        registry.encodePending(dst, HEADER);
        return length;
    }

    /** Writes the counts of {@code out}, the stream to one destination, into a frame made by encodeCommon. */
    static void encodeCounts(final MutableDirectBuffer dst, final Outbox out) {
        encodeCounts(dst, 0, out);
    }

    /** Writes the counts of {@code out} into the frame at {@code offset} of {@code dst}. */
    static void encodeCounts(final MutableDirectBuffer dst, final int offset, final Outbox out) {
        dst.putLong(offset + BYTES, out.putAndMessageBytes() | (mostlyBuffered(out) ? MOSTLY_BUFFERED : 0));
        dst.putInt(offset + PUTS, out.putRecords());
        dst.putInt(offset + MESSAGES, out.messageRecords());
        dst.putInt(offset + GETS, out.getRequestCount());
    }

    /**
     * Copies the part of a frame made by encodeCommon in {@code src} (from 0, {@code length} bytes) that is the same
     * for every destination into the frame at {@code offset} of {@code dst}: its fields one by one, a few stores
     * instead of a bulk copy, and the registration operations if there are any.
     */
    static void copyCommon(final MutableDirectBuffer dst, final int offset, final DirectBuffer src,
        final int length) {
        dst.putLong(offset + SSTEP, src.getLong(SSTEP));
        dst.putInt(offset + TAGSIZE, src.getInt(TAGSIZE));
        dst.putInt(offset + FLAGS, src.getInt(FLAGS));
        dst.putInt(offset + REGOPS, src.getInt(REGOPS));
        if (length > HEADER) {
            dst.putBytes(offset + HEADER, src, HEADER, length - HEADER);
        }
    }

    /**
     * @return whether more of the put and message bytes of {@code out} were copied at the call than are read from
     *         hpPut sources
     */
    static boolean mostlyBuffered(final Outbox out) {
        final long hp = out.hpPutBytes();
        return out.putAndMessageBytes() - hp > hp;
    }

    /**
     * @return whether the counts of {@code out} are all zero, so that its frame would tell the destination only the
     *     part that is the same for every destination
     */
    static boolean countsNothing(final Outbox out) {
        return out.putAndMessageBytes() == 0 && out.putRecords() == 0 && out.messageRecords() == 0
            && out.getRequestCount() == 0;
    }

    /** @return the superstep of the frame at {@code offset} of {@code buffer} */
    public static long superstepOf(final DirectBuffer buffer, final int offset) {
        return buffer.getLong(offset + SSTEP);
    }

    /** Reads the frame at {@code offset} of {@code buffer} into this one, which becomes received. */
    public void decode(final DirectBuffer buffer, final int offset) {
        received = true;
        sstep = buffer.getLong(offset + SSTEP);
        final long b = buffer.getLong(offset + BYTES);
        bytes = b & ~MOSTLY_BUFFERED;
        mostlyBuffered = (b & MOSTLY_BUFFERED) != 0;
        puts = buffer.getInt(offset + PUTS);
        messages = buffer.getInt(offset + MESSAGES);
        gets = buffer.getInt(offset + GETS);
        tagSize = buffer.getInt(offset + TAGSIZE);
        flags = buffer.getInt(offset + FLAGS);
        regOps = buffer.getInt(offset + REGOPS);
        getRequestCount = 0;
        streamLength = 0;
        if (regOps > 0) {
            if (regOpBytes == null) {
                regOpBytes = new ExpandableArrayBuffer(regOps * RegistrationTable.OP_BYTES);
            }
            regOpBytes.putBytes(0, buffer, offset + HEADER, regOps * RegistrationTable.OP_BYTES);
        }
    }

    /**
     * Makes this frame the one a sender leaves out when it would say nothing (sparse count exchange): no puts,
     * messages, gets or registration operations for this process, and the tag size unchanged; it becomes received.
     *
     * @param superstep the superstep of the exchange
     * @param tagSize   the tag size in force, which the sender keeps
     */
    public void decodeNothing(final long superstep, final int tagSize) {
        received = true;
        sstep = superstep;
        bytes = 0;
        mostlyBuffered = false;
        puts = 0;
        messages = 0;
        gets = 0;
        this.tagSize = tagSize;
        flags = 0;
        regOps = 0;
        getRequestCount = 0;
        streamLength = 0;
    }

    /** @return the length of the count part of a frame with {@code regOps} registration operations */
    static int countLength(final int regOps) {
        return HEADER + regOps * RegistrationTable.OP_BYTES;
    }

    /**
     * After {@link #decode}: keeps the records that follow the counts in the frame of {@code length} bytes at
     * {@code offset} (an inline stream: the sender's whole stream to this process), until they are written at their
     * turn ({@link #stream()}).
     */
    public void keepStream(final DirectBuffer buffer, final int offset, final int length) {
        final int counts = countLength(regOps);
        streamLength = length - counts;
        if (streamLength > 0) {
            if (stream == null) {
                stream = new ExpandableArrayBuffer(Math.max(256, streamLength));
            }
            stream.putBytes(0, buffer, offset + counts, streamLength);
        }
    }

    /** @return the bytes of the inline stream kept with {@link #keepStream}, 0 if the frame had none */
    public int streamLength() {
        return streamLength;
    }

    /** @return the records of the inline stream, {@link #streamLength()} bytes from 0 */
    public DirectBuffer stream() {
        return stream;
    }

    /** Keeps get requests that followed this frame, {@link Wire#GET_REQ_BYTES} each. */
    public void addGetRequests(final DirectBuffer buffer, final int offset, final int length) {
        if (getRequests == null) {
            getRequests = new ExpandableArrayBuffer(Math.max(64, length));
        }
        getRequests.putBytes(getRequestCount * Wire.GET_REQ_BYTES, buffer, offset, length);
        getRequestCount += length / Wire.GET_REQ_BYTES;
    }

    /** Frees the frame for the source's next exchange; its registration operations stay readable. */
    public void consume() {
        received = false;
        getRequestCount = 0;
        streamLength = 0;
    }

    /** @return whether a frame was decoded into this one and not consumed since */
    public boolean isReceived() {
        return received;
    }

    /** @return the sender's superstep */
    public long sstep() {
        return sstep;
    }

    /** @return the bytes of the puts and messages the sender has for this process */
    public long bytes() {
        return bytes;
    }

    /**
     * @return whether more of {@link #bytes()} were copied by the sender at the call (puts, messages) than are read
     *         from its hpPut sources
     */
    public boolean mostlyBuffered() {
        return mostlyBuffered;
    }

    /** @return the sender's puts to this process */
    public int puts() {
        return puts;
    }

    /** @return the sender's messages to this process */
    public int messages() {
        return messages;
    }

    /** @return the sender's get requests to this process */
    public int gets() {
        return gets;
    }

    /** @return the sender's tag size for the next superstep */
    public int tagSize() {
        return tagSize;
    }

    /** @return the protocol's flags */
    public int flags() {
        return flags;
    }

    /** @return the sender's registration operations of the superstep */
    public int regOps() {
        return regOps;
    }

    /** @return the bytes of the registration operations (null if the source never sent any) */
    public DirectBuffer regOpBytes() {
        return regOpBytes;
    }

    /** @return the get requests kept with {@link #addGetRequests} (null if none ever came) */
    public DirectBuffer getRequests() {
        return getRequests;
    }

    /** @return how many get requests were kept since the frame was decoded */
    public int getRequestCount() {
        return getRequestCount;
    }
}
