package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;

/**
 * Split copies of direct streams for a sync protocol of another module (an internal SPI, as {@link SyncProcess} is:
 * programs never see it). The classic sync's mechanism ({@link ClassicSync#SPLIT_OPTION}, {@code SplitCopies}), cut
 * down to what a protocol needs that moves whole streams direct (puts and hpPuts read straight from the sender's
 * outbox and sources, {@link Outbox#applyLocally(Outbox.RecordSink)}) while the sender waits for the receiver's
 * answer: the receiver (the <em>planner</em>) sends the sender (the <em>helper</em>) a {@link Wire#SPLIT} frame
 * naming the second half of each large put of the stream that no other write of the stream touches, writes the
 * rest, and takes back the halves the helper has not claimed yet; the helper, which must be handling frames while
 * it waits for the answer, copies the halves it claims and answers {@link Wire#SPLIT_DONE}. Each half is claimed
 * once through a word in the sender's outbox to the receiver, so nobody waits for a partner that does not run.
 *
 * <p>The protocol keeps the rules that make the order of writes the framed one: it writes nothing else after
 * {@link #write} until {@link #partnerWriting()} turns false (the helper's halves are in place), and answers the
 * sender only then; the helper's halves are written by nobody else in the stream. Only Java arrays are split (buffers
 * may alias), streams of at most {@code SplitCopies.MAX_WRITES} records, puts of at least {@link #minBytes} bytes.
 * The wait on {@link #partnerWriting()} reads memory, not frames, so it may sit inside the protocol's frame handler;
 * the helper's SPLIT_DONE frame still comes (hand it to {@link #onDone}) and wakes a parked waiter.
 *
 * <p>Threading: one instance per protocol, confined to its process's thread, as the protocol is.
 *
 * <pre>{@code
 * SplitStreams splits = new SplitStreams(process, SplitStreams.minBytes("rbs.splitBytes", "auto",
 *     process.nprocs(), process.cores()), "rbs");
 * // receiver, once the direct stream from src is complete:
 * splits.write(src, process.peer(src).outbox(me), writer);
 * while (splits.partnerWriting()) { idle(); }            // then answer src
 * // both, in the frame handler:
 * case Wire.SPLIT -> splits.onSplit(src, process.peer(src), buffer, offset, length);
 * case Wire.SPLIT_DONE -> splits.onDone(src);
 * // both, where control frames are retried, and before the program's last frame to anyone:
 * splits.sendDone(); splits.owesNothing();
 * }</pre>
 */
public final class SplitStreams {
    /** The size {@code auto} sets while the processes fit on the cores, in bytes (as the classic sync's). */
    public static final long DEFAULT_BYTES = SplitCopies.DEFAULT_BYTES;

    private final SplitCopies copies;

    /**
     * @param process       the protocol's process
     * @param minBytes      the smallest put that is split ({@link #minBytes}); 0: none (no memory is kept then)
     * @param counterPrefix the counters' prefix ({@link #report})
     * @throws IllegalArgumentException if {@code minBytes} is negative or the prefix is empty
     */
    public SplitStreams(final SyncProcess process, final long minBytes, final String counterPrefix) {
        if (minBytes < 0) {
            throw new IllegalArgumentException("SplitStreams: minBytes=" + minBytes + " must be >= 0");
        }
        if (counterPrefix == null || counterPrefix.isEmpty()) {
            throw new IllegalArgumentException("SplitStreams: counterPrefix=" + counterPrefix + " must be a name");
        }
        this.copies = new SplitCopies(process, minBytes, counterPrefix);
    }

    /**
     * The value of a split option in bytes: a number ({@code unlimited}: none is large enough), {@code 0} or
     * {@code off} for none, or {@code auto}: {@value #DEFAULT_BYTES} while the processes fit on the cores, none
     * beyond (a helper that is not running would delay the copy it was to speed up, and no core is idle to gain).
     *
     * @param option the option's name, for the message
     * @throws IllegalArgumentException naming the option and the value if it is none of these
     */
    public static long minBytes(final String option, final String value, final int nprocs, final int cores) {
        return SplitCopies.minBytes(option, value, nprocs, cores);
    }

    /** @return whether any put may be split */
    public boolean enabled() {
        return copies.enabled();
    }

    /**
     * Writes the complete direct stream {@code in} from {@code src} through {@code sink}, in the order
     * {@link Outbox#applyLocally(Outbox.RecordSink)} gives, except the halves src claimed, which src writes: then
     * {@link #partnerWriting()} is true until they are in place. Every put counts as complete in {@code sink} here.
     *
     * @param in src's outbox to this process, which src keeps unchanged until this process answers it
     */
    public void write(final int src, final Outbox in, final Outbox.RecordSink sink) {
        copies.writeStream(src, in, sink);
    }

    /**
     * @return whether the sender of the stream written last is still writing halves it claimed: write nothing else
     *     and do not answer it before this is false
     */
    public boolean partnerWriting() {
        return copies.helperWriting();
    }

    /**
     * Handles a {@link Wire#SPLIT} frame from {@code planner}: copies the halves it names from this process's outbox
     * to the planner into the planner's registrations, if this process claims them first, and answers SPLIT_DONE.
     *
     * @param peer the planner's view ({@link SyncProcess#peer(int)}); null fails the run (no direct copies here)
     */
    public void onSplit(final int planner, final SyncProcess peer, final DirectBuffer buffer, final int offset,
        final int length) {
        copies.onSplit(planner, peer, buffer, offset, length);
    }

    /** Handles a {@link Wire#SPLIT_DONE} frame from {@code helper}. */
    public void onDone(final int helper) {
        copies.onDone(helper);
    }

    /** Sends the SPLIT_DONE frames a full inbox held back. @return whether any went */
    public boolean sendDone() {
        return copies.sendDone();
    }

    /** @return whether every SPLIT this process served is answered (send nothing that ends a pair before) */
    public boolean owesNothing() {
        return copies.owesNothing();
    }

    /**
     * Reports the counters as running totals under the prefix: {@code P.splitCopies} (halves this process gave its
     * partners), {@code P.splitTakenBack} (those it copied itself after all), {@code P.splitBytesByPartner} (the
     * bytes the partners copied), {@code P.splitPartsServed} and {@code P.splitBytesServed} (what it copied for
     * others). Register it as a {@link SyncRecorder#liveCounters} source (a timed section then counts them too).
     * Owner's thread only.
     */
    public void report(final java.util.function.ObjLongConsumer<String> sink) {
        copies.report(sink);
    }
}
