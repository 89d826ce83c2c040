package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.registry.RegistrationTable;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameBatch;
import org.jbsplib.core.transport.FrameHandler;

/**
 * The exchange superstep both the classic and the relaxed sync run: every process tells every other one its counts,
 * get requests, registration operations and tag size; owners serve the gets before anything of the superstep is
 * written; the streams are sent frame by frame and written in ascending order of source pid; the superstep ends by
 * applying registrations and the tag size. The protocols keep their own flow control and waiting (when a stream may
 * go, which frames mean what); this class holds the steps they share, once.
 *
 * <p>Threading: one instance per protocol, confined to its process's thread.
 *
 * <pre>{@code
 * ExchangeSuperstep x = new ExchangeSuperstep(process, this, this::idleSending);
 * int length = x.encodeExchange(process.superstep(), 0);
 * x.sendExchangeFrame(d, Wire.COUNT, length, process.outbox(d));
 * }</pre>
 */
public final class ExchangeSuperstep {
    /** Frames handled per poll of the inbox. */
    public static final int POLL_LIMIT = 64;
    /** Data frames sent to one destination before the next one gets its turn. */
    public static final int FRAMES_PER_TURN = 8;

    /** The idle step of a send that found the destination's inbox full. */
    @FunctionalInterface
    public interface BlockedSend {
        /**
         * Waits one step (checks failure, interrupt and timeout, then idles).
         *
         * @param waitStart when the wait started or last progressed, in {@link System#nanoTime()}
         * @param dst       the destination whose inbox is full
         * @param type      the frame type that waits
         */
        void idle(long waitStart, int dst, int type);
    }

    /** The incoming streams of a superstep, as the protocol tracks them, for {@link #advanceApply}. */
    public interface IncomingStreams {
        /** @return whether {@code src} (this process included) has anything for this process this superstep */
        boolean expects(int src);

        /** Writes this process's records to itself. */
        void applyOwn();

        /**
         * Writes what has arrived of {@code src}'s stream, in order.
         *
         * @return {@link #PROGRESS} if anything moved, plus {@link #COMPLETE} if the stream is all written
         */
        int drain(int src);
    }

    /** {@link IncomingStreams#drain} moved something. */
    public static final int PROGRESS = 1;
    /** {@link IncomingStreams#drain} wrote the whole stream. */
    public static final int COMPLETE = 2;

    private final SyncProcess process;
    private final Endpoint endpoint;
    private final SyncRecorder stats;
    private final FrameHandler inbox;
    private final BlockedSend blocked;
    private final int me;
    private final int nprocs;
    private final int maxFrame;
    private final UnsafeBuffer scratch;
    private final DirectBuffer[] regOpViews;
    private final int[] regOpOffsets;
    private int applySrc = Integer.MAX_VALUE;
    private final ExchangeBatch exchangeBatch = new ExchangeBatch();

    /**
     * @param process the protocol's process
     * @param inbox   handles the frames polled while a send waits
     * @param blocked the idle step of a send that waits
     */
    public ExchangeSuperstep(final SyncProcess process, final FrameHandler inbox, final BlockedSend blocked) {
        this.process = process;
        this.endpoint = process.endpoint();
        this.stats = process.stats();
        this.inbox = inbox;
        this.blocked = blocked;
        this.me = process.pid();
        this.nprocs = process.nprocs();
        this.maxFrame = endpoint.maxFrameLength();
        this.scratch = new UnsafeBuffer(new byte[maxFrame]);
        this.regOpViews = new DirectBuffer[nprocs];
        this.regOpOffsets = new int[nprocs];
    }

    // ------------------------------------------------------------------ the exchange

    /**
     * Encodes the part of this process's exchange frames that is the same for every destination.
     *
     * @param sstep the superstep that ends
     * @param flags the protocol's flags
     * @return the frames' length
     * @throws IllegalStateException if the superstep's pushReg/popReg calls do not fit in a frame
     */
    public int encodeExchange(final long sstep, final int flags) {
        return ExchangeFrame.encodeCommon(scratch, sstep, process.nextTagSize(), flags, process.registry(), maxFrame);
    }

    /** Sends {@code d} the exchange frame encoded last, with the counts of {@code out}, its stream. */
    public void sendExchangeFrame(final int d, final int type, final int length, final Outbox out) {
        ExchangeFrame.encodeCounts(scratch, out);
        sendBlocking(d, type, scratch, 0, length);
    }

    /**
     * Sends every other process the exchange frame encoded last, each with the counts of its stream, in the order
     * {@code me + 1, me + 2, ...} (mod P), as {@link #sendExchangeFrame} one by one would: in one
     * {@link Endpoint#offerBatch} call as far as the inboxes have room, a blocking send for a frame whose
     * destination's inbox is full, then a batch again for the rest.
     */
    public void sendExchangeFrames(final int type, final int length) {
        final int n = nprocs - 1;
        exchangeBatch.length = length;
        int i = 0;
        while (i < n) {
            final int next = endpoint.offerBatch(type, length, exchangeBatch, i, n, scratch);
            stats.addSent(next - i, (long) (next - i) * length);
            i = next;
            if (i < n) {
                exchangeBatch.write(i, scratch, 0);
                sendBlocking(exchangeBatch.destination(i), type, scratch, 0, length);
                i++;
            }
        }
    }

    /** The frames of {@link #sendExchangeFrames}: index i goes to {@code me + 1 + i} (mod P). */
    private final class ExchangeBatch implements FrameBatch {
        private int length;

        @Override
        public int destination(final int index) {
            final int d = me + 1 + index;
            return d < nprocs ? d : d - nprocs;
        }

        @Override
        public void write(final int index, final MutableDirectBuffer buffer, final int offset) {
            if (buffer != scratch || offset != 0) {
                ExchangeFrame.copyCommon(buffer, offset, scratch, length); // scratch holds it from encodeExchange
            }
            ExchangeFrame.encodeCounts(buffer, offset, process.outbox(destination(index)));
        }
    }

    /**
     * Sends {@code d} the exchange frame encoded last, with the counts of {@code out} and, after them, the whole of
     * {@code out}'s stream ({@link Outbox#recordBytes()} bytes, which must fit in the frame with the counts), written
     * straight into the destination's inbox; the stream is then done. Does not wait.
     *
     * @return whether it was sent: {@code false}, with nothing sent or consumed, when {@code d}'s inbox has no room
     */
    public boolean sendExchangeFrameWithStream(final int d, final int type, final int length, final Outbox out) {
        ExchangeFrame.encodeCounts(scratch, out);
        final int records = (int) out.recordBytes();
        final int index = endpoint.tryClaim(d, type, length + records);
        if (index < 0) {
            return false;
        }
        final org.agrona.MutableDirectBuffer frame = endpoint.claimBuffer(d);
        frame.putBytes(index, scratch, 0, length);
        out.writeNextFrame(frame, index + length, records);
        endpoint.commit(d, index);
        stats.addSent(1, length + records);
        return true;
    }

    /** @return the longest frame of the transport */
    public int maxFrameLength() {
        return maxFrame;
    }

    /** Sends {@code d} the get requests of {@code out}, as many per frame as fit. */
    public void sendGetRequests(final int d, final int type, final Outbox out) {
        final int count = out.getRequestCount();
        final int perFrame = maxFrame / Wire.GET_REQ_BYTES;
        for (int first = 0; first < count; first += perFrame) {
            final int n = Math.min(perFrame, count - first);
            sendBlocking(d, type, out.getRequests(), first * Wire.GET_REQ_BYTES, n * Wire.GET_REQ_BYTES);
        }
    }

    /**
     * Checks that every other process set the same tag size and made the same registration calls.
     *
     * @param sstep  the superstep that ends
     * @param frames the exchange frame of each source of that superstep (this process's slot is ignored)
     * @throws org.jbsplib.api.BspAbortException naming both pids and the difference
     */
    public void checkAgreement(final long sstep, final ExchangeFrame[] frames) {
        final RegistrationTable registry = process.registry();
        final int myTag = process.nextTagSize();
        for (int src = 0; src < nprocs; src++) {
            if (src == me) {
                continue;
            }
            final ExchangeFrame x = frames[src];
            if (x.tagSize() != myTag) {
                throw process.fail("setTagSize differs across processes: pid " + me + " set " + myTag + " but pid "
                    + src + " set " + x.tagSize() + " for superstep " + (sstep + 1), null);
            }
            final String diff = registry.checkSameSequence(src, x.regOps(), x.regOpBytes(), 0);
            if (diff != null) {
                throw process.fail(diff, null);
            }
        }
    }

    // ------------------------------------------------------------------ gets

    /** Serves this process's gets from itself. */
    public void serveOwnGets() {
        final Outbox self = process.outbox(me);
        serveGetRequests(me, self.getRequests(), 0, self.getRequestCount() * Wire.GET_REQ_BYTES);
    }

    /**
     * Copies the bytes the get requests of {@code requester} ask for into its outbox, as replies (before anything
     * of the superstep is written here).
     *
     * @throws org.jbsplib.api.BspAbortException if a request reads outside its registration
     */
    public void serveGetRequests(final int requester, final DirectBuffer buf, final int offset, final int length) {
        final Outbox out = length > 0 ? process.outboxFor(requester) : null;
        for (int at = offset; at < offset + length; at += Wire.GET_REQ_BYTES) {
            final RegHandle h = getSource(process, process.registry(), requester, me, buf, at);
            out.addReply(buf.getInt(at), h.area(), buf.getLong(at + 8), buf.getInt(at + 16));
        }
    }

    /**
     * @return the registration of {@code owner} (its table {@code table}) that the get request at {@code at} of
     *     {@code buf}, made by {@code requester}, reads ({@link Wire#GET_REQ_BYTES}: get number, slot, byte offset,
     *     byte length)
     * @throws org.jbsplib.api.BspAbortException through {@code process} if the request reads outside it
     */
    static RegHandle getSource(final SyncProcess process, final RegistrationTable table, final int requester,
        final int owner, final DirectBuffer buf, final int at) {
        final int slot = buf.getInt(at + 4);
        final long srcOffset = buf.getLong(at + 8);
        final int len = buf.getInt(at + 16);
        final RegHandle h = table.slot(slot);
        if (h == null || srcOffset + len > h.lengthBytes()) {
            throw process.fail("get from pid " + requester + " reads reg#" + slot + " bytes [" + srcOffset + ", "
                + (srcOffset + len) + ") but " + (h == null ? "the slot is not registered" : h + " has "
                + h.lengthBytes() + " bytes") + " on pid " + owner, null);
        }
        return h;
    }

    // ------------------------------------------------------------------ streams

    /**
     * Sends the next frames of the stream {@code out} to {@code d}, at most {@link #FRAMES_PER_TURN}, until its
     * inbox is full.
     *
     * @return the frames sent
     */
    public int sendStreamFrames(final int d, final int type, final Outbox out) {
        int sent = 0;
        while (sent < FRAMES_PER_TURN && !out.streamDone()) {
            final int size = out.nextFrameLength(maxFrame);
            final int index = endpoint.tryClaim(d, type, size);
            if (index < 0) {
                break;
            }
            out.writeNextFrame(endpoint.claimBuffer(d), index, size);
            endpoint.commit(d, index);
            stats.addSent(1, size);
            sent++;
        }
        return sent;
    }

    /** Starts writing the incoming streams, from pid 0. */
    public void startApply() {
        applySrc = 0;
    }

    /** Ends the writing of the incoming streams (no source is being written). */
    public void endApply() {
        applySrc = Integer.MAX_VALUE;
    }

    /** @return the source whose stream is being written; nprocs once all are, larger when not writing */
    public int applySource() {
        return applySrc;
    }

    /** @return whether every incoming stream of the superstep is written */
    public boolean applied() {
        return applySrc == nprocs;
    }

    /**
     * Writes the incoming streams in ascending order of source pid, as far as they have arrived.
     *
     * @return whether anything moved
     */
    public boolean advanceApply(final IncomingStreams in) {
        boolean progress = false;
        while (applySrc < nprocs) {
            final int src = applySrc;
            if (!in.expects(src)) {
                applySrc++;
                continue;
            }
            if (src == me) {
                in.applyOwn();
            } else {
                final int r = in.drain(src);
                progress |= (r & PROGRESS) != 0;
                if ((r & COMPLETE) == 0) {
                    return progress;
                }
            }
            applySrc++;
            progress = true;
        }
        return progress;
    }

    // ------------------------------------------------------------------ the end of the superstep

    /**
     * Applies the superstep's registration operations, as agreed in the exchange.
     *
     * @param frames the exchange frame of each source of the superstep (this process's slot is ignored)
     */
    public void applyRegistrations(final ExchangeFrame[] frames) {
        for (int src = 0; src < nprocs; src++) {
            regOpViews[src] = src == me ? null : frames[src].regOpBytes();
            regOpOffsets[src] = 0;
        }
        process.registry().applyPending(regOpViews, regOpOffsets);
    }

    /** Ends the superstep: the new tag size, the message queue, empty outboxes and gets, the next superstep. */
    public void endSuperstep() {
        process.endSuperstep();
    }

    // ------------------------------------------------------------------ sending

    /** Sends a frame, polling this process's inbox while the destination's is full. */
    public void sendBlocking(final int dst, final int type, final DirectBuffer buf, final int offset,
        final int length) {
        long waitStart = 0;
        while (!endpoint.offer(dst, type, buf, offset, length)) {
            if (waitStart == 0) {
                waitStart = System.nanoTime();
            }
            if (endpoint.poll(inbox, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                blocked.idle(waitStart, dst, type);
            }
        }
        stats.addSent(1, length);
    }
}
