package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.registry.RegistrationTable;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.util.Bulk;

/**
 * Large direct copies of the classic sync done by both processes they concern at once (a split copy,
 * {@link ClassicSync#SPLIT_OPTION}). Where one process would copy alone while the other waits for it, the copier
 * (the <em>planner</em>) sends the other (the <em>helper</em>) a SPLIT frame naming the second part of each large
 * record, copies the first parts and everything else, and goes on only after the helper's SPLIT_DONE:
 * <ul>
 *   <li>a direct stream: the receiver, at the sender's turn, while the sender waits for its DONE; the sender writes
 *       the second part of each large put (from its outbox or its hpPut's source) into the receiver's
 *       registration;</li>
 *   <li>a get read straight from the owner's registration: the getter, right after phase 1, while the owner waits
 *       for its READ_DONE; the owner copies the second part of the result from its registration into the getter's
 *       destination.</li>
 * </ul>
 *
 * <p><b>Why the order of writes stays the framed one.</b> A part goes to the helper only if no other write of the
 * same stream (or, for gets, no other get result of the getter) touches its bytes: everything written before the
 * stream's turn was written before the SPLIT frame left, everything after it waits for SPLIT_DONE, and within the
 * stream the helper's bytes are written by nobody else, so the interleaving of the two copies cannot change what
 * the memory holds. Destinations that are not Java arrays (buffers, which may alias each other) are never split.
 * The helper reads only what it may: its own outbox or hpPut sources (still its, until DONE), or its own
 * registration before it writes anything of the superstep (the SPLIT frame comes before READ_DONE on the same
 * pair, and the helper handles it at once); and it writes only the planner's bytes the planner named.
 *
 * <p><b>Taking the parts back.</b> A helper that is not running when the SPLIT frame arrives (a loaded host) would
 * make the planner wait for it. So each SPLIT is <em>claimed</em> once, through a word both reach (the outbox of
 * the pair: the helper's to the planner for puts, the planner's to the helper for gets): the planner opens it with
 * the frame's sequence number before sending; the helper copies only if it moves it from open to its own claim, and
 * the planner, done with its own part, copies the helper's parts itself if it moves it to its claim first. A SPLIT
 * frame the planner took back is dropped by the helper when it comes (its number no longer open), and only a claimed
 * one is answered with SPLIT_DONE. A split copy therefore never waits for a partner that has not started. Once its
 * parts are written, the helper also moves the word from its claim to <em>written</em>, before SPLIT_DONE: a
 * planner that cannot handle frames while it waits (the relaxed sync writes a stream inside its frame handler) waits
 * on the word instead ({@link #helperWriting()}), woken by the SPLIT_DONE frame's arrival.
 *
 * <p>Threading: one instance per protocol, confined to its process's thread; it reaches the planner's or helper's
 * memory only as {@link SyncProcess#peer(int)} allows, published by the SPLIT frame (and back by SPLIT_DONE).
 */
final class SplitCopies implements Outbox.RecordVisitor {
    /** SPLIT kind: parts of put records of the helper's outbox to the planner ({@link #PUT_ENTRY} bytes each). */
    static final int PUTS = 1;
    /** SPLIT kind: parts of get results from the helper's registrations ({@link #GET_ENTRY} bytes each). */
    static final int GETS = 2;
    /** {@code [int kind][int count][long sequence]}. */
    private static final int HEADER = 16;
    // the states of a claim word: the sequence number times 4, plus one of these
    private static final long WRITTEN = 0;
    private static final long OPEN = 1;
    private static final long HELPER = 2;
    private static final long PLANNER = 3;
    /** {@code [int position][int from][int length]}. */
    private static final int PUT_ENTRY = 12;
    /** {@code [int getId][int slot][long srcOffset][int from][int length]}. */
    private static final int GET_ENTRY = 24;
    /**
     * A stream of more records, or a superstep of more gets, is not split: every candidate is checked against every
     * other write, and a superstep of many small writes gains nothing from sharing its few large ones.
     */
    static final int MAX_WRITES = 4096;
    /** The smallest part worth a hand-off (and a multiple of every element's size). */
    private static final int MIN_PART = 8;
    /** The size an option's {@code auto} sets while the processes fit on the cores, in bytes. */
    static final long DEFAULT_BYTES = 128 * 1024;

    private static final int[] NONE = new int[0];

    private final SyncProcess process;
    private final Endpoint endpoint;
    private final int me;
    private final long minBytes;
    private final String prefix;
    // the SPLIT frame a planner builds; null where this process never splits (no memory per process then)
    private final UnsafeBuffer frame;
    private final int maxEntries;
    private final UnsafeBuffer empty = new UnsafeBuffer(new byte[8]);

    // planner: SPLIT_DONE frames awaited per helper (none where it never splits); the sequence number of the last
    // SPLIT sent
    private final int[] awaited;
    private int awaitedTotal;
    private long sequence;
    // the SPLIT open last (one at a time: the planner settles each before the next), and the bytes it gives away
    private long openSequence;
    private long partnerBytes;
    // the claim word of the SPLIT settled last, while its helper claimed it and may still be writing its parts
    private java.util.concurrent.atomic.AtomicLong claimedWord;
    private long claimedSequence;
    // helper: SPLIT_DONE frames not yet sent (the planner's inbox was full); allocated when one first is
    private int[] doneOwed = NONE;
    private int donesOwed;

    // the writes of the stream or superstep being planned (reused; allocated by the first plan)
    private Object[] targets = new Object[0];
    private long[] starts = new long[0];
    private long[] ends = new long[0];
    private int[] positions = NONE;
    private int[] kinds = NONE;
    private int writes;
    private boolean splittable;
    // the parts this process writes of the records it split in the last planned stream, ascending
    private int[] cutPositions = NONE;
    private int[] cutBytes = NONE;
    private int[] cutParts = NONE;
    private int cuts;

    // counters: records and gets this process split as planner, and the bytes its helpers copied; parts it copied as
    // helper, and their bytes
    private long splitCopies;
    private long bytesByPartner;
    private long takenBack;
    private long partsServed;
    private long bytesServed;

    /**
     * @param process  the protocol's process
     * @param minBytes the smallest record or get that is split; 0: none
     */
    SplitCopies(final SyncProcess process, final long minBytes) {
        this(process, minBytes, "org");
    }

    /**
     * @param process       the protocol's process
     * @param minBytes      the smallest record or get that is split; 0: none
     * @param counterPrefix the counters' prefix ({@code org}: {@code org.splitCopies}, ...)
     */
    SplitCopies(final SyncProcess process, final long minBytes, final String counterPrefix) {
        this.process = process;
        this.prefix = counterPrefix;
        this.endpoint = process.endpoint();
        this.me = process.pid();
        this.minBytes = minBytes;
        final int maxFrame = endpoint.maxFrameLength();
        this.frame = minBytes > 0 ? new UnsafeBuffer(new byte[maxFrame]) : null;
        this.maxEntries = Math.max(1, (maxFrame - HEADER) / PUT_ENTRY);
        this.awaited = minBytes > 0 ? new int[process.nprocs()] : NONE;
        this.sequence = me;
    }

    /**
     * The value of a split option in bytes: a number, {@code 0} or {@code off} for none, or {@code auto}:
     * {@value #DEFAULT_BYTES} while the processes fit on the cores, none beyond (a helper that is not running would
     * delay the copy it was to speed up, and no core is idle to gain).
     *
     * @throws IllegalArgumentException naming the option and the value if it is none of these
     */
    static long minBytes(final String option, final String value, final int nprocs, final int cores) {
        final String v = value.trim();
        if ("auto".equalsIgnoreCase(v)) {
            return nprocs <= cores ? DEFAULT_BYTES : 0;
        }
        if ("off".equalsIgnoreCase(v)) {
            return 0;
        }
        try {
            return SyncSpec.parseBytes(option, v);
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException(option + "=" + value + " must be auto (" + DEFAULT_BYTES
                + " while the processes fit on the cores), off, or a number of bytes >= 0 (0: off)");
        }
    }

    /** @return whether any record or get may be split (the option is not {@code 0}) */
    boolean enabled() {
        return minBytes > 0;
    }

    // ------------------------------------------------------------------ planner: a direct stream

    /**
     * Plans the direct stream {@code in} from {@code src} at its turn: sends src the parts it copies, if any, and
     * keeps the parts this process writes ({@code cutPositions}, {@code cutBytes}) for {@link #writeStream}.
     *
     * @param in src's outbox to this process
     * @return how many records are cut (0: the stream is written whole, nothing was sent)
     */
    private int planStream(final int src, final Outbox in) {
        cuts = 0;
        claimedWord = null;
        if (minBytes == 0 || in.putRecords() == 0 || in.putAndMessageBytes() < minBytes) {
            return 0;
        }
        writes = 0;
        splittable = true;
        in.visitRecords(this);
        if (!splittable) {
            return 0;
        }
        cuts = 0;
        long partner = 0;
        for (int i = 0; i < writes && cuts < maxEntries; i++) {
            final long total = ends[i] - starts[i];
            if (kinds[i] != Wire.PUT || total < minBytes || total < 2 * MIN_PART) {
                continue;
            }
            final int keep = (int) (total / 2) & ~(MIN_PART - 1);
            if (!othersMiss(i, starts[i] + keep, ends[i])) {
                continue;
            }
            addCut(positions[i], keep, (int) total - keep);
            final int at = HEADER + (cuts - 1) * PUT_ENTRY;
            frame.putInt(at, positions[i]);
            frame.putInt(at + 4, keep);
            frame.putInt(at + 8, (int) total - keep);
            partner += total - keep;
        }
        if (cuts == 0) {
            return 0;
        }
        if (!send(src, in.splitClaim, PUTS, cuts, HEADER + cuts * PUT_ENTRY)) {
            cuts = 0;
            return 0; // its inbox is full: copy alone rather than wait
        }
        splitCopies += cuts;
        partnerBytes = partner;
        return cuts;
    }

    /**
     * Writes the direct stream {@code in} from {@code src} into this process's memory through {@code sink}, sharing
     * its large puts with src where the order of writes allows: plans it ({@link #planStream}), writes everything but
     * src's parts, then takes those back unless src has claimed them ({@link #takeBackStream}). Afterwards
     * {@link #awaits} (frames) or {@link #helperWriting()} (the claim word) tell whether src still writes its parts.
     */
    void writeStream(final int src, final Outbox in, final Outbox.RecordSink sink) {
        final int cut = planStream(src, in);
        in.applyLocally(sink, cutPositions, cutBytes, cut);
        if (cut > 0) {
            takeBackStream(src, in); // the sender's parts, unless it has started on them
        }
    }

    /**
     * After this process wrote its parts of the stream planned last: takes the helper's parts back and copies them
     * if the helper has not claimed them yet; otherwise they are the helper's, and {@link #awaits} says when done.
     *
     * @param in the stream {@link #planStream} planned, with that many cuts
     */
    private void takeBackStream(final int src, final Outbox in) {
        if (cuts > 0 && takeBack(src, in.splitClaim, cuts)) {
            final RegistrationTable mine = process.registry();
            for (int c = 0; c < cuts; c++) {
                final RegHandle h = mine.slot(in.putSlot(cutPositions[c]));
                in.writePutPart(cutPositions[c], cutBytes[c], cutParts[c], h.area(), h.elementType().bytes());
            }
        }
        cuts = 0;
    }

    /**
     * Opens {@code claim} for the next SPLIT frame and sends it: the frame's entries are in place.
     *
     * @return whether it went (then one SPLIT_DONE or a take-back settles it)
     */
    private boolean send(final int helper, final java.util.concurrent.atomic.AtomicLong claim, final int kind,
        final int count, final int length) {
        sequence += process.nprocs(); // unique among all planners: two may use one claim word in turn
        final long seq = sequence;
        frame.putInt(0, kind);
        frame.putInt(4, count);
        frame.putLong(8, seq);
        claim.set(seq * 4 + OPEN);
        if (!endpoint.offer(helper, Wire.SPLIT, frame, 0, length)) {
            claim.set(seq * 4 + PLANNER); // never sent: nobody else may claim it
            return false;
        }
        openSequence = seq;
        awaited[helper]++;
        awaitedTotal++;
        return true;
    }

    /**
     * @return whether this process took back the SPLIT sent last to {@code helper} (then it copies the parts itself
     *     and no SPLIT_DONE comes); false if the helper claimed it
     */
    private boolean takeBack(final int helper, final java.util.concurrent.atomic.AtomicLong claim, final int parts) {
        final long seq = openSequence;
        if (claim.compareAndSet(seq * 4 + OPEN, seq * 4 + PLANNER)) {
            awaited[helper]--;
            awaitedTotal--;
            takenBack += parts;
            return true;
        }
        bytesByPartner += partnerBytes;
        claimedWord = claim;
        claimedSequence = seq;
        return false;
    }

    /** One record of the stream being planned: what it writes of this process's memory. */
    @Override
    public boolean record(final int position, final int kind, final int id, final long offset, final int total) {
        final Object target;
        final long start;
        if (kind == Wire.PUT) {
            final RegHandle h = process.registry().slot(id);
            if (h == null || offset + total > h.lengthBytes()) {
                splittable = false; // the writer reports it
                return false;
            }
            target = h.area();
            start = offset;
        } else if (kind == Wire.GET_REPLY) {
            target = process.getDestination(id);
            start = process.getDestinationOffset(id);
        } else {
            return true; // a message writes the queue, no memory of the program
        }
        return addWrite(target, start, start + total, position, kind);
    }

    private void addCut(final int position, final int keep, final int part) {
        if (cuts == cutPositions.length) {
            final int n = Math.max(16, 2 * cuts);
            cutPositions = java.util.Arrays.copyOf(cutPositions, n);
            cutBytes = java.util.Arrays.copyOf(cutBytes, n);
            cutParts = java.util.Arrays.copyOf(cutParts, n);
        }
        cutPositions[cuts] = position;
        cutBytes[cuts] = keep;
        cutParts[cuts] = part;
        cuts++;
    }

    /** @return whether to go on: false once the write is not a Java array or there are too many */
    private boolean addWrite(final Object target, final long start, final long end, final int position,
        final int kind) {
        if (!isArray(target) || writes == MAX_WRITES) {
            splittable = false;
            return false;
        }
        if (writes == targets.length) {
            final int n = Math.max(64, 2 * writes);
            targets = java.util.Arrays.copyOf(targets, n);
            starts = java.util.Arrays.copyOf(starts, n);
            ends = java.util.Arrays.copyOf(ends, n);
            positions = java.util.Arrays.copyOf(positions, n);
            kinds = java.util.Arrays.copyOf(kinds, n);
        }
        targets[writes] = target;
        starts[writes] = start;
        ends[writes] = end;
        positions[writes] = position;
        kinds[writes] = kind;
        writes++;
        return true;
    }

    /** @return whether no write but the {@code i}-th touches bytes {@code [from, to)} of its target */
    private boolean othersMiss(final int i, final long from, final long to) {
        final Object target = targets[i];
        for (int j = 0; j < writes; j++) {
            if (j != i && targets[j] == target && starts[j] < to && from < ends[j]) {
                return false;
            }
        }
        return true;
    }

    /** Java arrays cannot alias each other; buffers can, so a write into one is never split. */
    private static boolean isArray(final Object area) {
        return area instanceof byte[] || area instanceof int[] || area instanceof long[] || area instanceof double[];
    }

    // ------------------------------------------------------------------ planner: gets read direct

    /**
     * Collects this process's gets of the superstep (every owner's, its own included) as the writes a split get
     * must not touch. Call once per superstep before {@link #planGet}.
     */
    void collectGets() {
        writes = 0;
        splittable = minBytes > 0;
        for (int i = 0, n = process.outboxCount(); i < n && splittable; i++) {
            final Outbox out = process.outbox(process.outboxPid(i));
            final DirectBuffer requests = out.getRequests();
            for (int at = 0; at < out.getRequestCount() * Wire.GET_REQ_BYTES && splittable; at += Wire.GET_REQ_BYTES) {
                final int getId = requests.getInt(at);
                final long start = process.getDestinationOffset(getId);
                addWrite(process.getDestination(getId), start, start + requests.getInt(at + 16), getId,
                    Wire.GET_REPLY);
            }
        }
    }

    /**
     * Plans a get this process reads straight from {@code owner}'s registration {@code h} into its destination,
     * which it writes at once: sends the owner the second part if the get is large and no other get result of the
     * superstep touches that part's bytes.
     *
     * @return how many bytes (from the start) this process copies: {@code length} if nothing was split
     */
    int planGet(final int owner, final int getId, final int slot, final long srcOffset, final int length) {
        claimedWord = null;
        if (!splittable || length < minBytes || length < 2 * MIN_PART) {
            return length;
        }
        final int keep = (length / 2) & ~(MIN_PART - 1);
        int i = 0;
        while (i < writes && positions[i] != getId) {
            i++;
        }
        if (i == writes || !othersMiss(i, starts[i] + keep, ends[i])) {
            return length;
        }
        frame.putInt(HEADER, getId);
        frame.putInt(HEADER + 4, slot);
        frame.putLong(HEADER + 8, srcOffset);
        frame.putInt(HEADER + 16, keep);
        frame.putInt(HEADER + 20, length - keep);
        if (!send(owner, process.outbox(owner).splitClaim, GETS, 1, HEADER + GET_ENTRY)) {
            return length;
        }
        splitCopies++;
        partnerBytes = length - keep;
        return keep;
    }

    /**
     * After this process copied its part of the get planned last ({@link #planGet} returned {@code keep} below
     * {@code length}): copies the owner's part too if the owner has not claimed it yet.
     */
    void takeBackGet(final int owner, final RegHandle h, final long srcOffset, final Object dst, final long dstOffset,
        final int keep, final int length) {
        if (takeBack(owner, process.outbox(owner).splitClaim, 1)) {
            Bulk.copy(h.area(), srcOffset + keep, dst, dstOffset + keep, length - keep, h.elementType().bytes());
        }
    }

    // ------------------------------------------------------------------ planner: waiting

    /** @return whether {@code helper} has not yet written every part this process sent it */
    boolean awaits(final int helper) {
        return awaitedTotal > 0 && awaited[helper] > 0;
    }

    /**
     * @return whether the helper claimed the parts of the stream or get planned last and has not yet written them
     *     (read from the pair's claim word; its SPLIT_DONE frame may still be on its way when this turns false)
     */
    boolean helperWriting() {
        if (claimedWord == null) {
            return false;
        }
        if (claimedWord.get() == claimedSequence * 4 + HELPER) {
            return true;
        }
        claimedWord = null;
        return false;
    }

    /** @return whether any helper has not yet written its parts */
    boolean awaitsAny() {
        return awaitedTotal > 0;
    }

    /** Appends the pids whose parts this process waits for, for a timeout's diagnosis. */
    void describeAwaited(final StringBuilder sb) {
        if (awaitedTotal == 0) {
            return;
        }
        sb.append("; waiting for the part of a split copy of pid(s)");
        for (int s = 0; s < awaited.length; s++) {
            if (awaited[s] > 0) {
                sb.append(' ').append(s);
            }
        }
    }

    /** A SPLIT_DONE from {@code helper}. */
    void onDone(final int helper) {
        if (awaitedTotal == 0 || awaited[helper] == 0) {
            throw process.fail("protocol error: SPLIT_DONE from pid " + helper + " to pid " + me
                + ", which sent it no split copy", null);
        }
        awaited[helper]--;
        awaitedTotal--;
    }

    // ------------------------------------------------------------------ helper

    /**
     * Copies the parts a SPLIT frame from {@code planner} names, at once, then answers SPLIT_DONE.
     *
     * @param peer the planner's view
     */
    void onSplit(final int planner, final SyncProcess peer, final DirectBuffer buffer, final int offset,
        final int length) {
        if (peer == null) {
            throw process.fail("protocol error: SPLIT from pid " + planner + " to pid " + me + " on a transport "
                + "without direct copies", null);
        }
        endpoint.resetIdle(); // working, not waiting: the deadlock detector must not see this process blocked
        final int kind = buffer.getInt(offset);
        final int count = buffer.getInt(offset + 4);
        final long seq = buffer.getLong(offset + 8);
        // the pair's claim word: in this process's outbox to the planner for puts, in the planner's to it for gets
        final java.util.concurrent.atomic.AtomicLong claim = kind == PUTS ? process.outbox(planner).splitClaim
            : peer.outbox(me).splitClaim;
        if (!claim.compareAndSet(seq * 4 + OPEN, seq * 4 + HELPER)) {
            return; // the planner took it back and copied the parts itself
        }
        int at = offset + HEADER;
        if (kind == PUTS && length == HEADER + count * PUT_ENTRY) {
            final Outbox out = process.outbox(planner);
            final RegistrationTable theirs = peer.registry();
            for (int e = 0; e < count; e++, at += PUT_ENTRY) {
                final int position = buffer.getInt(at);
                final int part = buffer.getInt(at + 8);
                final RegHandle h = theirs.slot(out.putSlot(position));
                out.writePutPart(position, buffer.getInt(at + 4), part, h.area(), h.elementType().bytes());
                bytesServed += part;
            }
        } else if (kind == GETS && length == HEADER + count * GET_ENTRY) {
            final RegistrationTable mine = process.registry();
            for (int e = 0; e < count; e++, at += GET_ENTRY) {
                final int getId = buffer.getInt(at);
                final RegHandle h = mine.slot(buffer.getInt(at + 4));
                final int from = buffer.getInt(at + 16);
                final int part = buffer.getInt(at + 20);
                Bulk.copy(h.area(), buffer.getLong(at + 8) + from, peer.getDestination(getId),
                    peer.getDestinationOffset(getId) + from, part, h.elementType().bytes());
                bytesServed += part;
            }
        } else {
            throw process.fail("protocol error: SPLIT frame of kind " + kind + ", " + count + " parts and "
                + length + " bytes from pid " + planner + " to pid " + me, null);
        }
        partsServed += count;
        // releases the parts to a planner waiting on the word; a compare-and-set, since a planner that waits for
        // SPLIT_DONE frames instead may already have opened the word for its next SPLIT
        claim.compareAndSet(seq * 4 + HELPER, seq * 4 + WRITTEN);
        if (!endpoint.offer(planner, Wire.SPLIT_DONE, empty, 0, 0)) {
            if (doneOwed == NONE) {
                doneOwed = new int[process.nprocs()];
            }
            doneOwed[planner]++;
            donesOwed++;
        }
    }

    /** Sends the SPLIT_DONE frames a full inbox held back. @return whether any went */
    boolean sendDone() {
        boolean progress = false;
        for (int s = 0; s < doneOwed.length && donesOwed > 0; s++) {
            while (doneOwed[s] > 0 && endpoint.offer(s, Wire.SPLIT_DONE, empty, 0, 0)) {
                doneOwed[s]--;
                donesOwed--;
                progress = true;
            }
        }
        return progress;
    }

    /** @return whether every part this process copied for others is answered */
    boolean owesNothing() {
        return donesOwed == 0;
    }

    /**
     * Reports the counters as running totals, under the prefix given at construction ({@code org} here):
     * {@code org.splitCopies} (parts this process gave a helper), {@code org.splitTakenBack} (those it copied itself
     * after all), {@code org.splitBytesByPartner} (the bytes the helpers copied), and the helper's side:
     * {@code org.splitPartsServed}, {@code org.splitBytesServed}. A {@link SyncRecorder#liveCounters} source, so a
     * timed section counts them too. Owner's thread only.
     */
    void report(final java.util.function.ObjLongConsumer<String> sink) {
        sink.accept(prefix + ".splitCopies", splitCopies);
        sink.accept(prefix + ".splitBytesByPartner", bytesByPartner);
        sink.accept(prefix + ".splitTakenBack", takenBack);
        sink.accept(prefix + ".splitPartsServed", partsServed);
        sink.accept(prefix + ".splitBytesServed", bytesServed);
    }
}
