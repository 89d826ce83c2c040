package org.jbsplib.core.sync;

import org.jbsplib.core.barrier.BarrierPort;

/**
 * Frame types and record layout shared by the protocols. Data travels as records, each
 * {@code [byte kind][int id][long offset][int total][int length][length bytes]} ({@link #REC_HEADER} bytes of
 * header): a put ({@code id} = slot, {@code offset} = byte offset in the destination area), a get result
 * ({@code id} = the requester's get number, {@code offset} = byte offset within the get), or a BSMP message
 * ({@code id} = tag length, {@code offset} = byte offset within tag+payload, {@code total} = tag+payload length).
 * A record longer than a frame is split into fragments; {@link #FIRST} marks a record's first fragment and
 * {@link #LAST} its last (a record in one fragment has both).
 */
public final class Wire {
    /** Phase 1: counts of the superstep's traffic, registration operations, tag size. */
    public static final int COUNT = 1;
    /** Get requests, {@link #GET_REQ_BYTES} bytes each: get number, slot, byte offset, byte length. */
    public static final int GET_REQ = 2;
    /** Records of a data stream. */
    public static final int DATA = 3;
    /** End of a data stream: {@code [long superstep]}. */
    public static final int END = 4;
    /** Clear-to-send of a large (rendezvous) stream. */
    public static final int GRANT = 5;
    /** The receiver of a direct stream has written it: the sender may reuse its outbox and hpPut sources. */
    public static final int DONE = 6;
    /**
     * A getter has read its gets straight from the owner's registrations: {@code [int gets]}; the owner may write
     * them once every getter's requests or READ_DONE frames are in.
     */
    public static final int READ_DONE = 7;
    /**
     * A split copy's plan ({@code org.splitBytes}): the process that would copy alone names parts the other one
     * copies for it, {@code [int kind][int count]} then the parts (see {@code SplitCopies}).
     */
    public static final int SPLIT = 8;
    /** The parts of one {@link #SPLIT} frame are written: its sender may go on. */
    public static final int SPLIT_DONE = 9;
    /** First frame type available to barrier backends (16..31, see {@link BarrierPort#FIRST_FRAME_TYPE}). */
    public static final int BARRIER_BASE = BarrierPort.FIRST_FRAME_TYPE;
    /** First frame type available to other sync protocols (32..63). */
    public static final int PROTOCOL_BASE = BarrierPort.FIRST_FRAME_TYPE + BarrierPort.FRAME_TYPES;

    public static final byte PUT = 1;
    public static final byte GET_REPLY = 2;
    public static final byte BSMP = 3;
    /** Outbox-only: an unbuffered put, {@code [int ref][long srcOffset]} after the header instead of data. */
    public static final byte HP_PUT = 4;
    /** Flag of a record's first fragment. */
    public static final byte FIRST = (byte) 0x80;
    /**
     * Flag of a record's last fragment: the record is complete once it is applied (a put counts as an update for
     * {@code commit} only then).
     */
    public static final byte LAST = (byte) 0x40;
    public static final int KIND_MASK = 0x3F;

    public static final int REC_KIND = 0;
    public static final int REC_ID = 1;
    public static final int REC_OFFSET = 5;
    public static final int REC_TOTAL = 13;
    public static final int REC_LENGTH = 17;
    public static final int REC_HEADER = 21;
    public static final int HP_EXTRA = 12;

    public static final int GET_REQ_BYTES = 20;

    private Wire() {
    }
}
