package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.util.Bulk;

/**
 * Writes received records into a process's memory: put data into its registrations, get results into their
 * destinations, BSMP messages into its queue. Shared by the sync protocols, which differ only in what they do when a
 * put is complete (its last fragment written): the {@link PutCounter}. Confined to the process's thread.
 * <pre>{@code
 * RecordWriter writer = new RecordWriter(process, (reg, slot) -> updates[slot]++);
 * writer.applyFrame(buffer, offset, length);       // a DATA frame: records back to back
 * process.outbox(me).applyLocally(writer);         // the process's own puts to itself
 * }</pre>
 */
public final class RecordWriter implements Outbox.RecordSink, FrameStash.FrameSink {
    /** Told of every completed put (for commit counts). */
    @FunctionalInterface
    public interface PutCounter {
        void completed(RegHandle reg, int slot);
    }

    private final SyncProcess process;
    private final int me;
    private final PutCounter counter;

    /**
     * @param process the process whose memory receives the records
     * @param counter told of each completed put
     */
    public RecordWriter(final SyncProcess process, final PutCounter counter) {
        this.process = process;
        this.me = process.pid();
        this.counter = counter;
    }

    /** Writes the records of a frame, which lie back to back. */
    @Override
    public void applyFrame(final DirectBuffer buffer, final int offset, final int length) {
        int at = offset;
        final int end = offset + length;
        while (at < end) {
            onRecord(buffer, at, false);
            at += Wire.REC_HEADER + buffer.getInt(at + Wire.REC_LENGTH);
        }
    }

    @Override
    public void onRecord(final DirectBuffer b, final int at, final boolean local) {
        final int kindByte = b.getByte(at + Wire.REC_KIND);
        final int kind = kindByte & Wire.KIND_MASK;
        final int id = b.getInt(at + Wire.REC_ID);
        final long offset = b.getLong(at + Wire.REC_OFFSET);
        final int len = b.getInt(at + Wire.REC_LENGTH);
        final int data = at + Wire.REC_HEADER;
        switch (kind) {
            case Wire.PUT -> {
                final RegHandle h = process.registry().slot(id);
                if (h == null || offset + len > h.lengthBytes()) {
                    throw process.fail("put into reg#" + id + " bytes [" + offset + ", " + (offset + len) + ") on pid "
                        + me + ": " + (h == null ? "not registered" : h + " has " + h.lengthBytes() + " bytes"), null);
                }
                Bulk.write(b, data, h.area(), offset, len);
                if ((kindByte & Wire.LAST) != 0) {
                    counter.completed(h, id);
                }
            }
            case Wire.GET_REPLY -> Bulk.write(b, data, process.getDestination(id), process.getDestinationOffset(id) + offset, len);
            case Wire.BSMP -> {
                if ((kindByte & Wire.FIRST) != 0) {
                    process.messages().begin(id, b.getInt(at + Wire.REC_TOTAL) - id);
                }
                process.messages().fill((int) offset, b, data, len);
            }
            default -> throw process.fail("protocol error: record kind " + kind + " on pid " + me, null);
        }
    }

    /**
     * The first {@code bytes} of a put record of a direct stream, whose rest its sender copies (a split copy,
     * checked whole by the one who split it): the put counts as complete here, since the sync ends only after both
     * parts are written.
     */
    @Override
    public void onPutPrefix(final DirectBuffer b, final int at, final int bytes) {
        final int slot = b.getInt(at + Wire.REC_ID);
        final RegHandle h = process.registry().slot(slot);
        Bulk.write(b, at + Wire.REC_HEADER, h.area(), b.getLong(at + Wire.REC_OFFSET), bytes);
        counter.completed(h, slot);
    }

    /** An unbuffered put from this process, or from another one whose stream comes direct: one copy. */
    @Override
    public void onLocalHpPut(final int slot, final long dstOffsetBytes, final Object src, final long srcOffsetBytes,
        final int lengthBytes) {
        final RegHandle h = process.registry().slot(slot);
        if (h == null || dstOffsetBytes + lengthBytes > h.lengthBytes()) {
            throw process.fail("hpPut into reg#" + slot + " bytes [" + dstOffsetBytes + ", " + (dstOffsetBytes
                + lengthBytes) + ") on pid " + me + ": " + (h == null ? "not registered" : h + " has "
                + h.lengthBytes() + " bytes"), null);
        }
        Bulk.copy(src, srcOffsetBytes, h.area(), dstOffsetBytes, lengthBytes, h.elementType().bytes());
        counter.completed(h, slot);
    }
}
