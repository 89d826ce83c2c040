package org.jbsplib.core.sync;

import java.util.ArrayList;

import org.agrona.ExpandableArrayBuffer;
import org.agrona.MutableDirectBuffer;
import org.jbsplib.core.util.Bulk;

/**
 * What one process sends to one destination in a superstep: get results (served for the destination's gets),
 * puts and BSMP messages, kept as records in three growable buffers and streamed in that order. Also the
 * process's get requests to that destination. Confined to the owner's thread.
 *
 * <p>A process creates the outbox of a destination at its first communication with it and reuses it, reset, in
 * later supersteps ({@link SyncProcess#outboxFor}); destinations it never addressed share the
 * read-only {@link #NONE}, so memory grows with the pairs that communicate, not with P².
 */
public final class Outbox {
    /**
     * Most bytes one section (the puts, the get results or the messages for one destination in one superstep,
     * {@link Wire#REC_HEADER} bytes of header per record included) can hold: the largest array Agrona allocates.
     */
    public static final int MAX_SECTION_BYTES = ExpandableArrayBuffer.MAX_ARRAY_LENGTH;
    /** Most bytes one put, hpPut, get or hpGet may move: a section holding only that record. */
    public static final int MAX_RECORD_BYTES = MAX_SECTION_BYTES - Wire.REC_HEADER;

    private static final int REPLIES = 0;
    private static final int PUTS = 1;
    private static final int MESSAGES = 2;

    /**
     * The empty outbox of every destination a process has not addressed: no records, no get requests, its stream
     * done. Shared by all processes of all runs, so nothing may be added to it and it is never reset.
     */
    public static final Outbox NONE = new Outbox(true);

    private final ExpandableArrayBuffer[] sections = {
        new ExpandableArrayBuffer(64), new ExpandableArrayBuffer(256), new ExpandableArrayBuffer(64)};
    private final int[] ends = new int[3];
    private final ArrayList<Object> hpRefs = new ArrayList<>();

    private int putRecords;
    private long putBytes;
    private long hpPutBytes;
    private int messageRecords;
    private long messageBytes;
    private int replyRecords;
    private long replyBytes;

    final ExpandableArrayBuffer getRequests = new ExpandableArrayBuffer(64);
    int getRequestCount;
    long getRequestBytes;

    // streaming cursor
    private int section;
    private int position;
    private int doneInRecord;

    private final boolean none;

    /**
     * The claim of the split copy open between this outbox's owner and its destination (see {@code SplitCopies}):
     * the one process that moves the state from open to claimed copies the parts. The only field another process
     * writes.
     */
    final java.util.concurrent.atomic.AtomicLong splitClaim = new java.util.concurrent.atomic.AtomicLong();

    /** Creates an empty outbox. */
    public Outbox() {
        this(false);
    }

    private Outbox(final boolean none) {
        this.none = none;
        if (none) {
            section = MESSAGES + 1; // done: streamDone() never writes the shared instance
        }
    }

    /** Appends a buffered put: copies the source now. */
    public void addPut(final int slot, final long dstOffsetBytes, final Object src, final long srcOffsetBytes,
        final int lengthBytes) {
        checkWritable();
        final ExpandableArrayBuffer b = sections[PUTS];
        final int at = ends[PUTS];
        header(b, at, Wire.PUT, slot, dstOffsetBytes, lengthBytes, lengthBytes);
        b.checkLimit(at + Wire.REC_HEADER + lengthBytes);
        Bulk.read(src, srcOffsetBytes, b, at + Wire.REC_HEADER, lengthBytes);
        ends[PUTS] = at + Wire.REC_HEADER + lengthBytes;
        putRecords++;
        putBytes += lengthBytes;
    }

    /** Appends an unbuffered put: the source is read when the stream is sent. */
    public void addHpPut(final int slot, final long dstOffsetBytes, final Object src, final long srcOffsetBytes,
        final int lengthBytes) {
        checkWritable();
        final ExpandableArrayBuffer b = sections[PUTS];
        final int at = ends[PUTS];
        header(b, at, Wire.HP_PUT, slot, dstOffsetBytes, lengthBytes, 0);
        b.putInt(at + Wire.REC_HEADER, hpRefs.size());
        b.putLong(at + Wire.REC_HEADER + 4, srcOffsetBytes);
        hpRefs.add(src);
        ends[PUTS] = at + Wire.REC_HEADER + Wire.HP_EXTRA;
        putRecords++;
        putBytes += lengthBytes;
        hpPutBytes += lengthBytes;
    }

    /** Appends a BSMP message (tag and payload copied now). */
    public void addMessage(final Object tag, final int tagOffset, final int tagLength, final Object payload,
        final int payloadOffset, final int payloadLength) {
        checkWritable();
        final ExpandableArrayBuffer b = sections[MESSAGES];
        final int at = ends[MESSAGES];
        final int total = tagLength + payloadLength;
        header(b, at, Wire.BSMP, tagLength, 0, total, total);
        b.checkLimit(at + Wire.REC_HEADER + total);
        Bulk.read(tag, tagOffset, b, at + Wire.REC_HEADER, tagLength);
        Bulk.read(payload, payloadOffset, b, at + Wire.REC_HEADER + tagLength, payloadLength);
        ends[MESSAGES] = at + Wire.REC_HEADER + total;
        messageRecords++;
        messageBytes += payloadLength + tagLength;
    }

    /** Appends the result of a get served for this destination: copies the area's bytes now. */
    public void addReply(final int getId, final Object area, final long srcOffsetBytes, final int lengthBytes) {
        checkWritable();
        final ExpandableArrayBuffer b = sections[REPLIES];
        final int at = ends[REPLIES];
        header(b, at, Wire.GET_REPLY, getId, 0, lengthBytes, lengthBytes);
        b.checkLimit(at + Wire.REC_HEADER + lengthBytes);
        Bulk.read(area, srcOffsetBytes, b, at + Wire.REC_HEADER, lengthBytes);
        ends[REPLIES] = at + Wire.REC_HEADER + lengthBytes;
        replyRecords++;
        replyBytes += lengthBytes;
    }

    /** Records a get request to this destination (the owner). */
    public void addGetRequest(final int getId, final int slot, final long srcOffsetBytes, final int lengthBytes) {
        checkWritable();
        final int at = getRequestCount * Wire.GET_REQ_BYTES;
        getRequests.putInt(at, getId);
        getRequests.putInt(at + 4, slot);
        getRequests.putLong(at + 8, srcOffsetBytes);
        getRequests.putInt(at + 16, lengthBytes);
        getRequestCount++;
        getRequestBytes += lengthBytes;
    }

    private void checkWritable() {
        if (none) {
            throw new IllegalStateException("Outbox.NONE is shared and read-only: create the destination's outbox "
                + "with SyncProcess.outboxFor(pid)");
        }
    }

    private static void header(final MutableDirectBuffer b, final int at, final byte kind, final int id,
        final long offset, final int total, final int length) {
        b.checkLimit(at + Wire.REC_HEADER);
        b.putByte(at + Wire.REC_KIND, (byte) (kind | Wire.FIRST | Wire.LAST));
        b.putInt(at + Wire.REC_ID, id);
        b.putLong(at + Wire.REC_OFFSET, offset);
        b.putInt(at + Wire.REC_TOTAL, total);
        b.putInt(at + Wire.REC_LENGTH, length);
    }

    /** @return number of put records (buffered and unbuffered) */
    public int putRecords() {
        return putRecords;
    }

    /** @return payload bytes of puts and messages, the part of the stream the destination learns in phase 1 */
    public long putAndMessageBytes() {
        return putBytes + messageBytes;
    }

    /**
     * @return payload bytes of unbuffered puts ({@link #addHpPut}), whose sources are read when the stream moves;
     *         the rest of {@link #putAndMessageBytes()} was copied at the call
     */
    public long hpPutBytes() {
        return hpPutBytes;
    }

    /** @return bytes of the put section so far (headers and buffered data; see {@link #MAX_SECTION_BYTES}) */
    public long putSectionBytes() {
        return ends[PUTS];
    }

    /** @return bytes of the message section so far (headers, tags and payloads) */
    public long messageSectionBytes() {
        return ends[MESSAGES];
    }

    /** @return number of BSMP messages */
    public int messageRecords() {
        return messageRecords;
    }

    /** @return number of get results queued */
    public int replyRecords() {
        return replyRecords;
    }

    /** @return payload bytes of get results queued */
    public long replyBytes() {
        return replyBytes;
    }

    /** @return the bytes of the puts, messages and get results as records in frames: each record's header and data */
    public long recordBytes() {
        return putAndMessageBytes() + replyBytes
            + (long) Wire.REC_HEADER * (putRecords() + messageRecords() + replyRecords());
    }

    /**
     * @return the get requests to this destination, {@link #getRequestCount()} entries of
     *         {@link Wire#GET_REQ_BYTES} bytes each (get number, slot, byte offset, byte length)
     */
    public org.agrona.DirectBuffer getRequests() {
        return getRequests;
    }

    /** @return the number of get requests to this destination */
    public int getRequestCount() {
        return getRequestCount;
    }

    /** @return bytes requested by the get requests to this destination */
    public long getRequestBytes() {
        return getRequestBytes;
    }

    /** @return whether there is any record to stream */
    public boolean hasRecords() {
        return putRecords + messageRecords + replyRecords > 0;
    }

    /** @return whether the whole stream has been written to frames */
    public boolean streamDone() {
        skipEmptySections();
        return section > MESSAGES;
    }

    private void skipEmptySections() {
        while (section <= MESSAGES && position >= ends[section]) {
            section++;
            position = 0;
            doneInRecord = 0;
        }
    }

    /**
     * Measures the next frame of the stream without consuming it: as many record fragments as fit in
     * {@code capacity} bytes.
     *
     * @param capacity the most bytes the frame may take
     * @return the bytes of the frame (0 if the stream is done)
     */
    public int nextFrameLength(final int capacity) {
        return nextFrame(false, null, 0, capacity);
    }

    /**
     * Writes the next frame of the stream into {@code dst} at {@code index} and consumes it: as many record
     * fragments as fit in {@code capacity} bytes, the same as {@link #nextFrameLength(int)} measured.
     *
     * @param dst      the frame's buffer (a claimed transport slot)
     * @param index    where the frame starts in {@code dst}
     * @param capacity the most bytes the frame may take
     * @return the bytes written (0 if the stream is done)
     */
    public int writeNextFrame(final MutableDirectBuffer dst, final int index, final int capacity) {
        return nextFrame(true, dst, index, capacity);
    }

    private int nextFrame(final boolean write, final MutableDirectBuffer dst, final int index, final int capacity) {
        int sec = section;
        int pos = position;
        int done = doneInRecord;
        int used = 0;
        while (true) {
            while (sec <= MESSAGES && pos >= ends[sec]) {
                sec++;
                pos = 0;
                done = 0;
            }
            if (sec > MESSAGES) {
                break;
            }
            final ExpandableArrayBuffer b = sections[sec];
            final int kindByte = b.getByte(pos + Wire.REC_KIND);
            final int kind = kindByte & Wire.KIND_MASK;
            final int total = b.getInt(pos + Wire.REC_TOTAL);
            final int room = capacity - used - Wire.REC_HEADER;
            final int left = total - done;
            // split only at multiples of 8 bytes, so that no element of any type straddles two fragments
            final int n = room >= left ? left : room & ~7;
            if (room < 0 || (n == 0 && left > 0)) {
                break;
            }
            if (write) {
                final int at = index + used;
                final int wireKind = kind == Wire.HP_PUT ? Wire.PUT : kind;
                final int flags = (done == 0 ? Wire.FIRST : 0) | (done + n == total ? Wire.LAST : 0);
                dst.putByte(at + Wire.REC_KIND, (byte) (wireKind | flags));
                dst.putInt(at + Wire.REC_ID, b.getInt(pos + Wire.REC_ID));
                dst.putLong(at + Wire.REC_OFFSET, b.getLong(pos + Wire.REC_OFFSET) + done);
                dst.putInt(at + Wire.REC_TOTAL, total);
                dst.putInt(at + Wire.REC_LENGTH, n);
                if (kind == Wire.HP_PUT) {
                    final Object src = hpRefs.get(b.getInt(pos + Wire.REC_HEADER));
                    Bulk.read(src, b.getLong(pos + Wire.REC_HEADER + 4) + done, dst, at + Wire.REC_HEADER, n);
                } else {
                    dst.putBytes(at + Wire.REC_HEADER, b, pos + Wire.REC_HEADER + done, n);
                }
            }
            used += Wire.REC_HEADER + n;
            done += n;
            if (done == total) {
                pos += Wire.REC_HEADER + (kind == Wire.HP_PUT ? Wire.HP_EXTRA : total);
                done = 0;
            } else {
                break;
            }
        }
        if (write) {
            section = sec;
            position = pos;
            doneInRecord = done;
        }
        return used;
    }

    /**
     * Applies the whole stream locally, record by record: a process's puts/gets/messages to itself, or, when the
     * protocol copies directly between processes, the stream another process reads from its sender's outbox (it
     * only reads: the sender keeps the outbox unchanged until the reader says it is done).
     *
     * @param sink receives each record as if it had arrived in one fragment
     */
    public void applyLocally(final RecordSink sink) {
        applyLocally(sink, null, null, 0);
    }

    /**
     * Applies the whole stream locally as {@link #applyLocally(RecordSink)} does, except the put records at
     * {@code cutPositions[0 .. cuts)} of the put section (ascending, as {@link #visitRecords} gave them): of each,
     * only its first {@code cutBytes[i]} bytes are written, through {@link RecordSink#onPutPrefix} or
     * {@link RecordSink#onLocalHpPut}; another process copies the rest (a split copy).
     *
     * @param sink         receives each record as if it had arrived in one fragment
     * @param cutPositions positions of the records written in part, or {@code null} when {@code cuts} is 0
     * @param cutBytes     how many bytes of each of those this call writes (multiples of 8, above 0)
     * @param cuts         how many records are written in part
     */
    public void applyLocally(final RecordSink sink, final int[] cutPositions, final int[] cutBytes, final int cuts) {
        int cut = 0;
        for (int sec = REPLIES; sec <= MESSAGES; sec++) {
            final ExpandableArrayBuffer b = sections[sec];
            int pos = 0;
            while (pos < ends[sec]) {
                final int kind = b.getByte(pos + Wire.REC_KIND) & Wire.KIND_MASK;
                final int total = b.getInt(pos + Wire.REC_TOTAL);
                final boolean part = sec == PUTS && cut < cuts && cutPositions[cut] == pos;
                final int length = part ? cutBytes[cut++] : total;
                if (kind == Wire.HP_PUT) {
                    sink.onLocalHpPut(b.getInt(pos + Wire.REC_ID), b.getLong(pos + Wire.REC_OFFSET),
                        hpRefs.get(b.getInt(pos + Wire.REC_HEADER)), b.getLong(pos + Wire.REC_HEADER + 4), length);
                    pos += Wire.REC_HEADER + Wire.HP_EXTRA;
                } else {
                    if (part) {
                        sink.onPutPrefix(b, pos, length);
                    } else {
                        sink.onRecord(b, pos, true);
                    }
                    pos += Wire.REC_HEADER + total;
                }
            }
        }
    }

    /**
     * Shows the records of the stream to {@code visitor}, in the order {@link #applyLocally(RecordSink)} writes
     * them, until it returns false. A process reads the outbox another one sends it direct this way (only reading,
     * as {@link #applyLocally(RecordSink)}).
     */
    void visitRecords(final RecordVisitor visitor) {
        for (int sec = REPLIES; sec <= MESSAGES; sec++) {
            final ExpandableArrayBuffer b = sections[sec];
            int pos = 0;
            while (pos < ends[sec]) {
                final int kind = b.getByte(pos + Wire.REC_KIND) & Wire.KIND_MASK;
                final int total = b.getInt(pos + Wire.REC_TOTAL);
                if (!visitor.record(pos, kind == Wire.HP_PUT ? Wire.PUT : kind, b.getInt(pos + Wire.REC_ID),
                    b.getLong(pos + Wire.REC_OFFSET), total)) {
                    return;
                }
                pos += Wire.REC_HEADER + (kind == Wire.HP_PUT ? Wire.HP_EXTRA : total);
            }
        }
    }

    /** Sees the records of an outbox ({@link #visitRecords}). */
    interface RecordVisitor {
        /**
         * @param position where the record starts in its section (for a put: what {@link #putSlot} and
         *                 {@link #writePutPart} take)
         * @param kind     {@link Wire#PUT} (buffered or not), {@link Wire#GET_REPLY} or {@link Wire#BSMP}
         * @param id       the record's id: a put's slot, a get result's get number, a message's tag length
         * @param offset   a put's byte offset in its destination
         * @param total    the record's bytes
         * @return whether to go on
         */
        boolean record(int position, int kind, int id, long offset, int total);
    }

    /**
     * @param position where a put record starts in the put section, as {@link #visitRecords} gave it
     * @return the destination slot of that put
     * @throws IllegalStateException if no put record starts there
     */
    int putSlot(final int position) {
        final ExpandableArrayBuffer b = sections[PUTS];
        if (position < 0 || position + Wire.REC_HEADER > ends[PUTS]) {
            throw new IllegalStateException("no put record at position=" + position + " of a put section of "
                + ends[PUTS] + " bytes");
        }
        final int kind = b.getByte(position + Wire.REC_KIND) & Wire.KIND_MASK;
        if (kind != Wire.PUT && kind != Wire.HP_PUT) {
            throw new IllegalStateException("no put record at position=" + position + ": record kind " + kind);
        }
        return b.getInt(position + Wire.REC_ID);
    }

    /**
     * Writes bytes {@code [from, from + length)} of the put record at {@code position} of the put section (its
     * buffered data, or its hpPut's source) into {@code area} at the put's destination offset + {@code from}: this
     * process's part of a split copy into the destination's registration {@code area}.
     *
     * @throws IllegalStateException if the range lies outside the record
     */
    void writePutPart(final int position, final int from, final int length, final Object area,
        final int elementBytes) {
        putSlot(position);
        final ExpandableArrayBuffer b = sections[PUTS];
        final int total = b.getInt(position + Wire.REC_TOTAL);
        if (from < 0 || length < 0 || from + length > total) {
            throw new IllegalStateException("bytes [" + from + ", " + (from + length) + ") are outside the put record "
                + "of total=" + total + " at position=" + position);
        }
        final long dstOffset = b.getLong(position + Wire.REC_OFFSET) + from;
        if ((b.getByte(position + Wire.REC_KIND) & Wire.KIND_MASK) == Wire.HP_PUT) {
            Bulk.copy(hpRefs.get(b.getInt(position + Wire.REC_HEADER)),
                b.getLong(position + Wire.REC_HEADER + 4) + from, area, dstOffset, length, elementBytes);
        } else {
            Bulk.write(b, position + Wire.REC_HEADER + from, area, dstOffset, length);
        }
    }

    /** Receives records of a stream. */
    public interface RecordSink {
        /** A record or fragment at {@code index} of {@code buffer} (header included). */
        void onRecord(org.agrona.DirectBuffer buffer, int index, boolean local);

        /** An unbuffered put to this process itself: copy straight from the source. */
        void onLocalHpPut(int slot, long dstOffsetBytes, Object src, long srcOffsetBytes, int lengthBytes);

        /**
         * The first {@code bytes} bytes of the put record at {@code index} of {@code buffer} (header included): the
         * part of a split copy this process writes; the put is complete once its other part is written too.
         */
        void onPutPrefix(org.agrona.DirectBuffer buffer, int index, int bytes);
    }

    /** Clears everything for the next superstep, keeping the buffers' capacity (shrinking very large ones). */
    public void reset() {
        if (none) {
            return;
        }
        if (putRecords + messageRecords + replyRecords == 0 && getRequestCount == 0) {
            // nothing added since the last reset (every add counts a record or a request): the sections, their ends
            // and the hpPut sources are as it left them, so only the cursor may have moved (streamDone skips empty
            // sections). A process keeps the outboxes of every pid it ever addressed and resets them all at every
            // superstep: this leaves the idle ones' buffers untouched (cold lines, at P = 32 under org)
            section = 0;
            position = 0;
            doneInRecord = 0;
            return;
        }
        for (int i = 0; i < 3; i++) {
            if (sections[i].capacity() > (16 << 20)) {
                sections[i] = new ExpandableArrayBuffer(256);
            }
            ends[i] = 0;
        }
        hpRefs.clear();
        putRecords = 0;
        putBytes = 0;
        hpPutBytes = 0;
        messageRecords = 0;
        messageBytes = 0;
        replyRecords = 0;
        replyBytes = 0;
        getRequestCount = 0;
        getRequestBytes = 0;
        section = 0;
        position = 0;
        doneInRecord = 0;
    }
}
