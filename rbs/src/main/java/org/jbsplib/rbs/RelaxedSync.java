package org.jbsplib.rbs;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.core.BspProcess;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.sync.ExchangeFrame;
import org.jbsplib.core.sync.ExchangeSuperstep;
import org.jbsplib.core.sync.FrameStash;
import org.jbsplib.core.sync.Outbox;
import org.jbsplib.core.sync.RecordWriter;
import org.jbsplib.core.sync.SplitStreams;
import org.jbsplib.core.sync.SyncProcess;
import org.jbsplib.core.sync.SyncProtocol;
import org.jbsplib.core.sync.SyncRecorder;
import org.jbsplib.core.sync.SyncSpec;
import org.jbsplib.core.sync.Wire;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.Quiescence;

/**
 * The relaxed barrier synchronization (RBS) of Kim, Ha and Jhon (§3, Figure 4 of the paper): processes do not
 * exchange global information at a sync; a producer and its consumer synchronize when the consumer needs the
 * data, with <em>req</em>/<em>ack</em> control messages stamped with superstep numbers.
 *
 * <p><b>Relaxed supersteps.</b> The first put to a destination in superstep s records a request in the
 * {@link RequestTable} and sends a req carrying s. The destination acknowledges a req of superstep r while in
 * its own sync of superstep t if {@code r <= t}, while in {@code commit} (or after its program ended) if
 * {@code r < t}; otherwise the req waits in its {@link AcknowledgeTable} and is acknowledged at the start of the
 * right sync. On the ack, the producer streams the superstep's puts to it. {@code sync} returns when the
 * process's own requests of the superstep are acknowledged and served, then increments the superstep number; it
 * waits for no one else. {@code commit(reg, n)} waits, serving incoming messages, until {@code reg} has received
 * the {@code n} puts of the previous superstep (counted per superstep, see {@link UpdateCounts}).
 *
 * <p><b>Eager streams.</b> A stream of at most {@value #EAGER_OPTION} bytes (default {@code eagerLimitBytes}; 0 in
 * the preset {@code rbs:paper}, which also sets {@link ExchangePolicy#NEVER}) goes at the sync without waiting for its
 * ack (in one {@code EAGER} frame with its req when it fits): the destination keeps it with the delayed req and
 * writes it when the rule above acknowledges it. The ack is then owed, and the producer sends nothing more to that
 * destination until it comes, so each pair still has one request in flight at most.
 *
 * <p><b>Exchange supersteps.</b> Gets, BSMP messages and registration changes need information a process cannot
 * have without hearing from every other one, so supersteps that contain them use the count exchange (the
 * paper's "emulate the traditional implementation"): every process sends every other one an exchange frame
 * (counts, get requests, registration operations, tag size); owners serve the superstep's gets before they
 * acknowledge anything of that superstep, and every process writes the incoming streams in ascending order of
 * source pid. See {@link ExchangePolicy} for which supersteps use it, and {@link #requestExchange(Bsp)}.
 *
 * <p><b>Memory consistency effects.</b> After {@code commit(reg, n)} returns in superstep s+1, the n puts into
 * {@code reg} of superstep s are in this process's memory, and so is everything put into {@code reg} in earlier
 * supersteps that were committed or exchanged. After the {@code sync()} of an exchange superstep returns,
 * everything of that superstep (puts, get results, messages, registrations) is in place, as with the classic sync.
 * After the {@code sync()} of a relaxed superstep returns, this process's own get results and puts to itself are
 * in place; puts from others are guaranteed only after the commit that waits for them. Overlapping puts into the
 * same area: from one source they are applied in issue order, and across supersteps in superstep order for a
 * registration that is committed in every superstep; in a relaxed superstep, overlapping puts from
 * <em>different</em> sources are applied in arrival order (exchange supersteps keep BSPlib's source-pid order),
 * and the process's own writes of the superstep (get results, which are self-gets there, and puts to itself) are
 * applied in its sync before any put from another process of that superstep, which therefore wins on overlapping
 * cells whatever the pids (ordering by pid would need to know, at the sync, every lower pid's puts).
 *
 * <p>Threading: one instance per process, confined to its thread. Frames are handled only inside {@code sync},
 * {@code commit} and at the end of the program, as in the paper.
 *
 * <pre>{@code
 * BspRuntime.run(new BspConfig().procs(8).syncMode("rbs"), bsp -> {
 *     double[] x = new double[1];
 *     Reg reg = bsp.pushReg(x);
 *     bsp.sync();
 *     bsp.put((bsp.pid() + 1) % bsp.nprocs(), new double[] {bsp.pid()}, 0, reg, 0, 1);
 *     bsp.sync();
 *     bsp.commit(reg, 1);     // waits for the left neighbour's put only
 *     use(x[0]);
 * });
 * }</pre>
 */
public final class RelaxedSync implements SyncProtocol, FrameHandler {
    /** A request: {@code [long superstep]}. */
    static final int REQ = Wire.PROTOCOL_BASE;
    /** An acknowledgement: {@code [long superstep]}. */
    static final int ACK = Wire.PROTOCOL_BASE + 1;
    /** Records of a stream (see {@link Wire}). */
    static final int DATA = Wire.PROTOCOL_BASE + 2;
    /** End of a stream: {@code [long superstep]}. */
    static final int END = Wire.PROTOCOL_BASE + 3;
    /** Exchange frame of an exchange superstep (layout below). */
    static final int EXCH = Wire.PROTOCOL_BASE + 4;
    /** Get requests of an exchange superstep, {@link Wire#GET_REQ_BYTES} each. */
    static final int GET_REQ = Wire.PROTOCOL_BASE + 5;
    /** The sender's program ended: {@code [long final superstep]}. */
    static final int DONE = Wire.PROTOCOL_BASE + 6;
    /** A small stream in one frame: req, records and end together, {@code [long superstep][records]}. */
    static final int EAGER = Wire.PROTOCOL_BASE + 7;
    /**
     * End of a direct stream, sent instead of its data after the ack: {@code [long superstep]}; the receiver copies
     * the stream straight from the sender's outbox and hpPut sources, then answers {@link #DIRECT_DONE}.
     */
    static final int DIRECT_END = Wire.PROTOCOL_BASE + 8;
    /** The receiver of a direct stream has written it: the sender may leave its sync and reuse its outbox. */
    static final int DIRECT_DONE = Wire.PROTOCOL_BASE + 9;

    /**
     * Option: streams of at most this many bytes go at the sync before their ack (a number, {@code unlimited}, or
     * 0 for none: every stream waits for its ack, as in the paper's Figure 4); default the run's
     * {@code eagerLimitBytes}. Independent of the classic sync's rendezvous threshold.
     */
    public static final String EAGER_OPTION = "rbs.eagerBytes";

    /**
     * Option: how a stream that waits for its ack reaches its destination when the transport allows direct copies
     * ({@link org.jbsplib.core.transport.Transport#directCopies()}, the {@code threads} transport): {@code auto}
     * (the default: streams larger than {@value #EAGER_OPTION} go direct), {@code always} (every stream that waits
     * for its ack) or {@code never} (frames, as between JVMs). Streams sent before their ack (eager) stay in frames.
     * A direct stream is not framed: after the ack the sender sends {@link #DIRECT_END}, the receiver copies the
     * stream straight from the sender's outbox and hpPut sources (at once in a relaxed superstep, at its turn in an
     * exchange superstep) and answers {@link #DIRECT_DONE}; the sender's request is served only then, so its sync
     * waits for that answer (the receiver gives it at its next sync, commit or end at the latest). So a put is
     * copied twice and an hpPut once; the order of writes is the framed one.
     */
    public static final String DIRECT_OPTION = "rbs.direct";

    /**
     * Option: the smallest put or hpPut of a direct stream ({@value #DIRECT_OPTION}) that its two processes copy
     * half each (a split copy, as the classic sync's {@code org.splitBytes}; this is the relaxed sync's own knob): a
     * number of bytes, {@code 0}/{@code off} for none, or {@code auto} (the default: 128 KiB while the processes fit
     * on the cores, {@code bsplib.cores}, none beyond; {@code rbs:paper} sets {@code off}). The receiver, writing the
     * stream, sends the sender (which waits for its {@link #DIRECT_DONE} anyway) a SPLIT frame naming the second half
     * of each such put that no other write of the stream touches, writes the rest, and takes back the halves the
     * sender has not claimed; it writes nothing else and answers DIRECT_DONE only once the sender's halves are in
     * place, so the order of writes stays the framed one (at once in a relaxed superstep, at its turn in an exchange
     * superstep). Counters {@code rbs.splitCopies}, {@code rbs.splitTakenBack}, {@code rbs.splitBytesByPartner},
     * {@code rbs.splitPartsServed}, {@code rbs.splitBytesServed}.
     */
    public static final String SPLIT_OPTION = "rbs.splitBytes";

    /** A wait without progress posts its state on the run's {@link WaitBoard} after this long. */
    static final long POST_AFTER_NS = 20_000_000L;

    private static final int FLAG_COMMITTED = 1;

    // What an idle step of a relaxed sync waits for (counters rbs.wait*Ns): the ack of a request it sent, the ack
    // of its previous eager stream to a destination (owed: nothing more goes there before it), the DIRECT_DONE of a
    // direct stream (the destination copies it in its own sync, commit or end), or room in a full inbox.
    private static final int WAIT_ACK = 0;
    private static final int WAIT_OWED_ACK = 1;
    private static final int WAIT_DIRECT_DONE = 2;
    private static final int WAIT_SEND = 3;
    private static final int SYNC_WAIT_KINDS = 4;

    /** Where frames are handled: the paper's IN_SYNC / IN_COMMIT, plus the exchange sync and the end of the program. */
    private enum Mode {
        IN_COMMIT, IN_SYNC, IN_EXCHANGE, IN_END
    }


    private static final int POLL_LIMIT = ExchangeSuperstep.POLL_LIMIT;

    private final SyncProcess process;
    private final Endpoint endpoint;
    private final SyncRecorder stats;
    private final WaitBoard board;
    private final ExchangePolicy policy;
    private final int me;
    private final int nprocs;
    private final long timeoutNs;
    private final int maxFrame;
    private final UnsafeBuffer control = new UnsafeBuffer(new byte[8]);

    private final RequestTable requestTable;
    private final AcknowledgeTable acknowledgeTable;
    private final UpdateCounts counts = new UpdateCounts();
    private final RelaxedDiagnostics diagnostics;

    private Mode mode = Mode.IN_COMMIT;
    private boolean relaxedRegime;
    private boolean exchangeRequested;
    private boolean commitCalled;
    private boolean previousWasExchange = true;
    private int remoteGetPid = -1;
    private int remoteSendPid = -1;

    // eager streams (at most eagerLimitBytes, relaxed supersteps): sent before their ack, which is then owed
    private final long eagerLimit;
    // direct streams: the mode, the peers read from, the DIRECT_DONEs this process waits for and those it owes
    private final int directMode;
    private final SyncProcess[] peers;
    private final boolean[] directSent;
    private final boolean[] directDoneOwed;
    private int directDonesOwed;
    private final boolean[] directIn;
    private long directStreams;
    // split copies of direct streams (rbs.splitBytes): this process's halves of its senders' streams and theirs
    private final SplitStreams splits;
    private long splitWaitNs;
    private final boolean[] ackOwed;
    private final long[] owedSstep;
    // data of an eager stream whose req still waits in the acknowledge table
    private final FrameStash early;
    private final boolean[] earlyClosed;

    // incoming streams: at most one per source at a time
    private final boolean[] inOpen;
    private final long[] inSstep;
    private final boolean[] inExchange;
    private final boolean[] ackUnsent;
    private int acksUnsent;
    private long applySstep;

    // exchange state, per source
    private final ExchangeFrame[][] exchanges;
    private final int[] exchangeHead;
    private final ExchangeFrame[] consumed;
    // exchange frames decoded and not yet consumed: a relaxed sync looks for one of its own superstep only if any
    private int exchangesHeld;
    private final boolean[] expect;
    private final boolean[] exEnd;
    private final FrameStash stash;
    private final RecordWriter writer;
    private final ExchangeSuperstep exchangeStep;
    private final ExchangeFrame[] currentFrames;
    private final IncomingStreams incoming = new IncomingStreams();

    // ends of programs
    private final boolean[] done;
    private final long[] doneSstep;
    private int doneCount;

    // counters, flushed into the SyncStats at the end of the program (no boxing on the hot path)
    private long reqSent;
    private long ackSent;
    private long dataFrames;
    private long eagerStreams;
    private long delayed;
    private long exchangeSupersteps;
    private long relaxedSupersteps;
    // idle time of relaxed syncs by what they waited for (see syncWaitKind), and of commits
    private final long[] syncWaitNs = new long[SYNC_WAIT_KINDS];
    private long commitWaitNs;
    private long lastPostNs;
    private long postedWait = -1;
    // for tracing: the pids this process idled for in sync since the last drainWaitedFor (set on the idle path only)
    private final long[] waitedFor;

    /** Creates the protocol of {@code process}; {@code board} is shared by the processes of the run. */
    RelaxedSync(final SyncProcess process, final WaitBoard board) {
        this.process = process;
        this.endpoint = process.endpoint();
        this.stats = process.stats();
        this.board = board;
        this.me = process.pid();
        this.nprocs = process.nprocs();
        this.waitedFor = new long[(nprocs + 63) >>> 6];
        this.timeoutNs = process.syncTimeoutNs();
        this.maxFrame = endpoint.maxFrameLength();
        this.policy = ExchangePolicy.parse(process.option(ExchangePolicy.OPTION,
            System.getProperty(ExchangePolicy.PROPERTY, "auto")));
        this.relaxedRegime = policy == ExchangePolicy.NEVER;
        this.requestTable = new RequestTable(nprocs);
        this.acknowledgeTable = new AcknowledgeTable(nprocs);
        final long eagerBytes = SyncSpec.parseBytes(EAGER_OPTION,
            process.option(EAGER_OPTION, Long.toString(process.eagerLimitBytes())));
        this.eagerLimit = eagerBytes == 0 ? -1 : eagerBytes; // 0: no stream goes before its ack, not even empty ones
        this.directMode = directMode(process.option(DIRECT_OPTION, "auto"));
        final long splitBytes = SplitStreams.minBytes(SPLIT_OPTION, process.option(SPLIT_OPTION, "auto"), nprocs,
            process.cores());
        this.splits = new SplitStreams(process, directMode == 0 ? 0 : splitBytes, "rbs");
        this.peers = new SyncProcess[nprocs];
        this.directSent = new boolean[nprocs];
        this.directDoneOwed = new boolean[nprocs];
        this.directIn = new boolean[nprocs];
        this.ackOwed = new boolean[nprocs];
        this.owedSstep = new long[nprocs];
        this.early = new FrameStash(nprocs);
        this.earlyClosed = new boolean[nprocs];
        this.inOpen = new boolean[nprocs];
        this.inSstep = new long[nprocs];
        this.inExchange = new boolean[nprocs];
        this.ackUnsent = new boolean[nprocs];
        this.exchanges = new ExchangeFrame[nprocs][];
        this.exchangeHead = new int[nprocs];
        this.consumed = new ExchangeFrame[nprocs];
        this.expect = new boolean[nprocs];
        this.exEnd = new boolean[nprocs];
        this.stash = new FrameStash(nprocs);
        this.writer = new RecordWriter(process, this::countUpdate);
        this.exchangeStep = new ExchangeSuperstep(process, this, this::idleSending);
        this.currentFrames = new ExchangeFrame[nprocs];
        this.done = new boolean[nprocs];
        this.doneSstep = new long[nprocs];
        this.diagnostics = new RelaxedDiagnostics(me, nprocs, counts, requestTable, acknowledgeTable, board);
        stats.liveCounters(this::reportTotals); // read at a timed section's edges too (NPB's per-process counters)
    }

    /**
     * The protocol's counters, all running totals (owner's thread): frames and streams by kind, the idle time of the
     * waits by what they waited for, and the split copies' counters. Read at a timed section's edges and at the end
     * of the program, so that a section (NPB's {@code --json} {@code per_process} counters) has its own of each.
     */
    private void reportTotals(final java.util.function.ObjLongConsumer<String> sink) {
        sink.accept("rbs.req", reqSent);
        sink.accept("rbs.ack", ackSent);
        sink.accept("rbs.data", dataFrames);
        sink.accept("rbs.eagerStreams", eagerStreams);
        sink.accept("rbs.directStreams", directStreams);
        sink.accept("rbs.delayedReq", delayed);
        sink.accept("rbs.exchangeSupersteps", exchangeSupersteps);
        sink.accept("rbs.relaxedSupersteps", relaxedSupersteps);
        sink.accept("rbs.waitAckNs", syncWaitNs[WAIT_ACK]);
        sink.accept("rbs.waitOwedAckNs", syncWaitNs[WAIT_OWED_ACK]);
        sink.accept("rbs.waitDirectDoneNs", syncWaitNs[WAIT_DIRECT_DONE]);
        sink.accept("rbs.waitSendNs", syncWaitNs[WAIT_SEND]);
        sink.accept("rbs.waitCommitNs", commitWaitNs);
        sink.accept("rbs.waitSplitNs", splitWaitNs);
        splits.report(sink);
    }

    /** @return 0 for never, 1 for auto, 2 for always ({@link #DIRECT_OPTION}) */
    private static int directMode(final String value) {
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "never" -> 0;
            case "auto" -> 1;
            case "always" -> 2;
            default -> throw new IllegalArgumentException(DIRECT_OPTION + "=" + value
                + " is not one of auto, always, never");
        };
    }

    /** @return whether the acknowledged stream {@code out} to {@code d} goes direct */
    private boolean direct(final int d, final Outbox out) {
        if (directMode == 0 || peer(d) == null) {
            return false;
        }
        return directMode == 2 || out.putAndMessageBytes() + out.replyBytes() > eagerLimit;
    }

    /** @return the view of {@code pid} for direct copies, null where the transport has none */
    private SyncProcess peer(final int pid) {
        if (peers[pid] == null) {
            peers[pid] = process.peer(pid);
        }
        return peers[pid];
    }

    // ------------------------------------------------------------------ program-facing helpers

    /**
     * Asks for the count exchange at the end of the current superstep: the per-superstep fallback for programs
     * that cannot know their incoming counts, or that use gets or BSMP. Collective: every process must call it in
     * the same superstep (a mismatch aborts the run with a message naming both pids). Under other sync modes it
     * does nothing, so portable programs may call it unconditionally. Equivalent to {@link Bsp#requestExchange()},
     * which portable programs can call without depending on this module.
     *
     * @param bsp the calling process's context
     * @throws IllegalArgumentException if {@code bsp} is null
     */
    public static void requestExchange(final Bsp bsp) {
        if (bsp == null) {
            throw new IllegalArgumentException("requestExchange: bsp=null");
        }
        bsp.requestExchange();
    }

    /** The protocol side of {@link Bsp#requestExchange()}: this superstep ends with the count exchange. */
    @Override
    public void requestExchange() {
        exchangeRequested = true;
    }

    /** @return whether {@code bsp} runs under the relaxed synchronization */
    public static boolean isRelaxed(final Bsp bsp) {
        return bsp instanceof BspProcess p && p.protocol() instanceof RelaxedSync;
    }

    // ------------------------------------------------------------------ put/get/send hooks

    @Override
    public void afterPut(final int dstPid) {
        if (dstPid == me) {
            return;
        }
        final boolean small = process.outbox(dstPid).putAndMessageBytes() <= eagerLimit;
        if (!requestTable.isRequested(dstPid)) {
            if (small) {
                requestTable.defer(dstPid); // its req goes with the data at the sync, in one frame
                return;
            }
            requestTable.add(dstPid, false);
        } else if (requestTable.isDeferred(dstPid) && !small) {
            requestTable.undefer(dstPid);
        } else {
            return;
        }
        // the paper's put: record the request and send a req carrying this superstep's number
        sendRequest(dstPid);
    }

    /** Sends the unsent req to {@code dst} unless the previous eager stream's ack is still owed. */
    private boolean sendRequest(final int dst) {
        if (ackOwed[dst]) {
            return false; // one request per pair at a time: flushControl sends it when the ack arrives
        }
        control.putLong(0, process.superstep());
        if (endpoint.offer(dst, REQ, control, 0, 8)) {
            requestTable.markSent(dst);
            reqSent++;
            stats.addSent(1, 8);
            return true;
        }
        return false;
    }

    @Override
    public void afterGet(final int ownerPid) {
        if (ownerPid != me && remoteGetPid < 0) {
            remoteGetPid = ownerPid;
        }
    }

    @Override
    public void afterSend(final int dstPid) {
        if (dstPid != me && remoteSendPid < 0) {
            remoteSendPid = dstPid;
        }
    }

    // ------------------------------------------------------------------ sync

    @Override
    public void sync() {
        final long t0 = endpoint.nanoTime();
        final long s = process.superstep();
        final boolean exchange = policy == ExchangePolicy.ALWAYS || !relaxedRegime || exchangeRequested
            || process.registry().pendingCount() > 0 || process.nextTagSize() != process.tagSize();
        if (exchange) {
            exchangeSync(s, t0);
            exchangeSupersteps++;
        } else {
            relaxedSync(s);
            relaxedSupersteps++;
        }
        stats.countSuperstep(exchange);
        finishSuperstep(exchange);
        mode = Mode.IN_COMMIT;
        stats.recordSyncTotal(endpoint.nanoTime() - t0);
    }

    private void relaxedSync(final long s) {
        if (remoteGetPid >= 0 || remoteSendPid >= 0) {
            final boolean get = remoteGetPid >= 0;
            throw new IllegalStateException("sync: " + (get ? "get from pid " + remoteGetPid : "send to pid "
                + remoteSendPid) + " in superstep " + s + " on pid " + me + " needs the count exchange under the "
                + "relaxed sync: call bsp.requestExchange() on every process in this superstep, or run "
                + "with " + ExchangePolicy.OPTION + "=always");
        }
        for (int src = 0; exchangesHeld > 0 && src < nprocs; src++) {
            if (exchanges[src] != null) {
                for (final ExchangeFrame x : exchanges[src]) {
                    if (x.isReceived() && x.sstep() == s) {
                        throw exchangeMismatch(src, x.sstep(), s);
                    }
                }
            }
        }
        mode = Mode.IN_SYNC;
        exchangeStep.serveOwnGets();
        applySstep = s;
        process.outbox(me).applyLocally(writer);
        // requests in the acknowledge table that should be acknowledged in this superstep, in ascending pid
        for (int src = acknowledgeTable.nextPending(0); src >= 0; src = acknowledgeTable.nextPending(src + 1)) {
            if (acknowledgeTable.sstep(src) <= s) {
                acknowledge(src, acknowledgeTable.sstep(src), false);
            }
        }
        long waitStart = System.nanoTime();
        while (true) {
            boolean progress = endpoint.poll(this, POLL_LIMIT) > 0;
            progress |= flushControl();
            progress |= sendStreams(s, true);
            if (requestTable.allServed()) {
                return;
            }
            if (progress) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                markWaitedAcks();
                checkWaitedPeers(s, "sync");
                final int kind = syncWaitKind();
                syncWaitNs[kind] += waitIdle(waitStart, Wait.RELAXED_SYNC, null, 0);
            }
        }
    }

    /** @return what the relaxed sync waits for: that of the first destination whose request is not served */
    private int syncWaitKind() {
        final int d = requestTable.nextOpen(0);
        if (d < 0) {
            return WAIT_SEND;
        }
        if (directSent[d]) {
            return WAIT_DIRECT_DONE;
        }
        if (ackOwed[d] && !requestTable.isAcked(d)) {
            return WAIT_OWED_ACK;
        }
        return requestTable.isAcked(d) ? WAIT_SEND : WAIT_ACK;
    }

    private void exchangeSync(final long s, final long t0) {
        mode = Mode.IN_EXCHANGE;
        sendExchangeFrames(s);
        long waitStart = System.nanoTime();
        while (!allExchangesReceived(s)) {
            if (endpoint.poll(this, POLL_LIMIT) > 0 | flushControl()) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                markWaitedExchanges();
                waitIdle(waitStart, Wait.EXCHANGE, null, 0);
            }
        }
        for (int src = 0; src < nprocs; src++) {
            currentFrames[src] = src == me ? null : current(src);
        }
        exchangeStep.checkAgreement(s, currentFrames);
        final long t1 = endpoint.nanoTime();
        stats.addBarrierNs(t1 - t0);
        // Gets read the owner's memory before anything of this superstep is written into it: serve them all now,
        // before acknowledging (no data of superstep s can arrive before its ack).
        exchangeStep.serveOwnGets();
        for (int src = 0; src < nprocs; src++) {
            if (src != me) {
                final ExchangeFrame x = current(src);
                exchangeStep.serveGetRequests(src, x.getRequests(), 0, x.getRequestCount() * Wire.GET_REQ_BYTES);
            }
        }
        boolean allCommitted = commitCalled;
        for (int src = 0; src < nprocs; src++) {
            if (src == me) {
                continue;
            }
            final ExchangeFrame x = current(src);
            allCommitted &= (x.flags() & FLAG_COMMITTED) != 0;
            if (acknowledgeTable.isPending(src) && acknowledgeTable.sstep(src) == s) {
                if (early.holds(src) || earlyClosed[src]) {
                    throw process.fail("protocol error: an eager stream of superstep " + s + " from pid " + src
                        + " in a count-exchange superstep", null);
                }
                acknowledgeTable.remove(src); // an early req of this superstep: the exchange frame supersedes it
            }
            expect[src] = x.puts() + x.messages() > 0 || process.outbox(src).getRequestCount() > 0;
            if (process.outbox(src).hasRecords()) {
                requestTable.add(src, true);
            }
        }
        // The exchange frames of superstep s are consumed: free their slots, since a faster process may send its
        // next exchange frame (two supersteps on at most) before this sync has received all the data.
        for (int src = 0; src < nprocs; src++) {
            if (src != me) {
                final ExchangeFrame x = current(src);
                x.consume();
                exchangesHeld--;
                consumed[src] = x; // its registration operations stay valid until finishSuperstep
                exchangeHead[src] ^= 1;
            }
        }
        exchangeStep.endApply();
        for (int src = 0; src < nprocs; src++) {
            if (src != me && expect[src]) {
                acknowledge(src, s, true);
            }
        }
        exchangeStep.startApply();
        waitStart = System.nanoTime();
        while (true) {
            boolean progress = endpoint.poll(this, POLL_LIMIT) > 0;
            progress |= flushControl();
            progress |= exchangeStep.advanceApply(incoming);
            progress |= sendStreams(s, false);
            if (exchangeStep.applied() && requestTable.allServed()) {
                break;
            }
            if (progress) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                markWaitedAcks();
                checkWaitedPeers(s, "sync");
                waitIdle(waitStart, Wait.EXCHANGE_DATA, null, 0);
            }
        }
        exchangeStep.endApply();
        stats.addCommNs(endpoint.nanoTime() - t1);
        if (policy == ExchangePolicy.AUTO && allCommitted) {
            relaxedRegime = true;
        }
    }

    private void sendExchangeFrames(final long s) {
        final int length = exchangeStep.encodeExchange(s, commitCalled ? FLAG_COMMITTED : 0);
        for (int i = 1; i < nprocs; i++) {
            final int d = (me + i) % nprocs;
            final Outbox out = process.outbox(d);
            exchangeStep.sendExchangeFrame(d, EXCH, length, out);
            requestTable.markSent(d); // the exchange frame supersedes a req that found a full inbox
            exchangeStep.sendGetRequests(d, GET_REQ, out);
        }
    }

    private boolean allExchangesReceived(final long s) {
        for (int src = 0; src < nprocs; src++) {
            if (src == me) {
                continue;
            }
            final ExchangeFrame x = current(src);
            if (!x.isReceived()) {
                if (done[src] && doneSstep[src] > s) {
                    throw exchangeMismatch(src, -1, s);
                }
                if (done[src]) {
                    throw process.fail("pid " + src + " ended its program in superstep " + doneSstep[src]
                        + " while pid " + me + " waits for it in the count exchange of superstep " + s
                        + ": every process must make the same number of sync calls", null);
                }
                return false;
            }
            if (x.sstep() != s) {
                throw exchangeMismatch(src, x.sstep(), s);
            }
            if (x.getRequestCount() < x.gets()) {
                return false;
            }
        }
        return true;
    }

    private ExchangeFrame current(final int src) {
        if (exchanges[src] == null) {
            exchanges[src] = new ExchangeFrame[] {new ExchangeFrame(), new ExchangeFrame()};
        }
        return exchanges[src][exchangeHead[src]];
    }

    private RuntimeException exchangeMismatch(final int src, final long theirs, final long s) {
        if (mode == Mode.IN_END && theirs == s) {
            return process.fail("pid " + src + " called sync at the end of superstep " + s + " but pid " + me
                + " ended its program in superstep " + s + ": every process must make the same number of sync calls",
                null);
        }
        if (theirs < 0) {
            return process.fail("the count exchange is collective: pid " + me + " uses it at the end of superstep " + s
                + " but pid " + src + " passed that superstep without it (and ended its program in superstep "
                + doneSstep[src] + "); call bsp.requestExchange(), pushReg/popReg and setTagSize in the "
                + "same superstep on every process", null);
        }
        return process.fail("the count exchange is collective: pid " + src + " used it at the end of superstep "
            + theirs + " but pid " + me + " did not (pid " + me + " is at superstep " + s + "); call "
            + "bsp.requestExchange(), pushReg/popReg and setTagSize in the same superstep on every "
            + "process", null);
    }

    /** The incoming streams of an exchange superstep: stashed until their turn, ended by their END frame. */
    private final class IncomingStreams implements ExchangeSuperstep.IncomingStreams {
        @Override
        public boolean expects(final int src) {
            return src == me || expect[src];
        }

        @Override
        public void applyOwn() {
            applySstep = process.superstep();
            process.outbox(me).applyLocally(writer);
        }

        @Override
        public int drain(final int src) {
            if (directIn[src]) {
                directIn[src] = false;
                writeDirect(src);
                return ExchangeSuperstep.PROGRESS | ExchangeSuperstep.COMPLETE;
            }
            int moved = 0;
            if (stash.holds(src)) {
                applyStash(src);
                moved = ExchangeSuperstep.PROGRESS;
            }
            return exEnd[src] ? moved | ExchangeSuperstep.COMPLETE : moved;
        }
    }

    private void applyStash(final int src) {
        applySstep = inSstep[src];
        stash.drain(src, writer);
    }

    private void finishSuperstep(final boolean exchange) {
        if (exchange) {
            exchangeStep.applyRegistrations(consumed);
            final int slots = process.registry().slotCount();
            counts.ensure(slots);
            for (int slot = 0; slot < slots; slot++) {
                counts.rebind(slot, process.registry().slot(slot));
            }
            for (int src = 0; src < nprocs; src++) {
                exEnd[src] = false;
                expect[src] = false;
            }
        }
        requestTable.clear();
        exchangeRequested = false;
        remoteGetPid = -1;
        remoteSendPid = -1;
        previousWasExchange = exchange;
        exchangeStep.endSuperstep();
    }

    // ------------------------------------------------------------------ serving and streaming

    /** Acknowledges the request of {@code src} of superstep {@code r}: its stream of that superstep may come. */
    private void acknowledge(final int src, final long r, final boolean exchange) {
        if (inOpen[src]) {
            throw process.fail("protocol error: pid " + me + " acknowledges superstep " + r + " of pid " + src
                + " while the stream of its superstep " + inSstep[src] + " is still open", null);
        }
        acknowledgeTable.remove(src);
        inOpen[src] = true;
        inSstep[src] = r;
        inExchange[src] = exchange;
        control.putLong(0, r);
        if (endpoint.offer(src, ACK, control, 0, 8)) {
            ackSent++;
            stats.addSent(1, 8);
            setAckUnsent(src, false);
        } else {
            setAckUnsent(src, true);
        }
        if (early.holds(src) || earlyClosed[src]) {
            // an eager stream that arrived before this acknowledgement: write it now
            applySstep = r;
            early.drain(src, writer);
            if (earlyClosed[src]) {
                earlyClosed[src] = false;
                inOpen[src] = false;
            }
        }
    }

    /** Retries control frames that found a full inbox. @return whether any went out */
    private boolean flushControl() {
        if (acksUnsent == 0 && directDonesOwed == 0 && !requestTable.anyUnsent()) {
            return splits.sendDone(); // the usual case: nothing held back, no walk over the P pids
        }
        boolean progress = false;
        for (int p = 0; p < nprocs; p++) {
            if (ackUnsent[p]) {
                control.putLong(0, inSstep[p]);
                if (endpoint.offer(p, ACK, control, 0, 8)) {
                    setAckUnsent(p, false);
                    ackSent++;
                    stats.addSent(1, 8);
                    progress = true;
                }
            }
            if (requestTable.isUnsent(p) && sendRequest(p)) {
                progress = true;
            }
            if (directDoneOwed[p] && endpoint.offer(p, DIRECT_DONE, control, 0, 0)) {
                setDirectDoneOwed(p, false);
                stats.addSent(1, 0);
                progress = true;
            }
        }
        return splits.sendDone() | progress;
    }

    private void setAckUnsent(final int p, final boolean value) {
        if (ackUnsent[p] != value) {
            ackUnsent[p] = value;
            acksUnsent += value ? 1 : -1;
        }
    }

    private void setDirectDoneOwed(final int p, final boolean value) {
        if (directDoneOwed[p] != value) {
            directDoneOwed[p] = value;
            directDonesOwed += value ? 1 : -1;
        }
    }

    /**
     * Sends what the open requests allow, in the order {@code me + 1, me + 2, ...} (mod P): the walk goes over the
     * open requests only (a process talks to a few of the P others per superstep).
     */
    private boolean sendStreams(final long s, final boolean relaxed) {
        boolean progress = false;
        for (int d = requestTable.nextOpen(me + 1); d >= 0; d = requestTable.nextOpen(d + 1)) {
            progress |= sendStream(d, s, relaxed);
        }
        for (int d = requestTable.nextOpen(0); d >= 0 && d < me; d = requestTable.nextOpen(d + 1)) {
            progress |= sendStream(d, s, relaxed);
        }
        return progress;
    }

    /** Sends what the open request to {@code d} allows now. @return whether anything went */
    private boolean sendStream(final int d, final long s, final boolean relaxed) {
        if (directSent[d]) {
            return false;
        }
        final Outbox out = process.outbox(d);
        if (requestTable.isDeferred(d)) {
            return sendEagerFrame(d, out, s);
        }
        if (direct(d, out)) {
            // complete and acknowledged: d reads it from now until it answers DIRECT_DONE
            if (requestTable.isAcked(d)) {
                control.putLong(0, s);
                if (endpoint.offer(d, DIRECT_END, control, 0, 8)) {
                    stats.addSent(1, 8);
                    stats.addSent(0, out.recordBytes()); // the data moves all the same, in no frame
                    directSent[d] = true;
                    directStreams++;
                    return true;
                }
            }
            return false;
        }
        // A small stream of a relaxed superstep goes right after its req, without waiting for the ack: the
        // destination keeps it with the delayed req and writes it when it acknowledges.
        if (!requestTable.isAcked(d) && !(relaxed && !requestTable.isUnsent(d)
            && out.putAndMessageBytes() <= eagerLimit)) {
            return false;
        }
        boolean progress = false;
        final int sent = exchangeStep.sendStreamFrames(d, DATA, out);
        if (sent > 0) {
            dataFrames += sent;
            progress = true;
        }
        if (out.streamDone()) {
            control.putLong(0, s);
            if (endpoint.offer(d, END, control, 0, 8)) {
                stats.addSent(1, 8);
                requestTable.markServed(d);
                if (!requestTable.isAcked(d)) {
                    ackOwed[d] = true;
                    owedSstep[d] = s;
                    eagerStreams++;
                }
                progress = true;
            }
        }
        return progress;
    }

    /**
     * Sends the deferred request to {@code d} and its whole stream in one EAGER frame, if the stream fits in a
     * frame; otherwise turns it into a plain req followed by the stream.
     */
    private boolean sendEagerFrame(final int d, final Outbox out, final long s) {
        if (ackOwed[d]) {
            return false;
        }
        final long wire = out.recordBytes();
        if (wire + 8 > maxFrame) {
            requestTable.undefer(d);
            return sendRequest(d);
        }
        final int size = out.nextFrameLength(maxFrame - 8);
        final int index = endpoint.tryClaim(d, EAGER, size + 8);
        if (index < 0) {
            return false;
        }
        endpoint.claimBuffer(d).putLong(index, s);
        out.writeNextFrame(endpoint.claimBuffer(d), index + 8, size);
        endpoint.commit(d, index);
        if (!out.streamDone()) {
            throw process.fail("protocol error: a stream of " + wire + " bytes to pid " + d + " did not fit its eager "
                + "frame", null);
        }
        stats.addSent(1, size + 8);
        requestTable.markSent(d);
        requestTable.markServed(d);
        ackOwed[d] = true;
        owedSstep[d] = s;
        reqSent++;
        dataFrames++;
        eagerStreams++;
        return true;
    }

    // ------------------------------------------------------------------ commit

    @Override
    public void commit(final RegHandle reg, final int n) {
        final long t0 = endpoint.nanoTime();
        commitCalled = true;
        final int slot = reg.slot();
        final long t = process.superstep();
        final long r = t - 1;
        counts.ensure(slot + 1);
        if (counts.isCommitted(slot, r)) {
            if (counts.committedN(slot) != n) {
                throw new IllegalStateException("commit: " + reg + " on pid " + me + " was already committed with n="
                    + counts.committedN(slot) + " in superstep " + t + ", not n=" + n);
            }
            stats.recordCommit(endpoint.nanoTime() - t0);
            return;
        }
        mode = Mode.IN_COMMIT;
        long waitStart = System.nanoTime();
        while (true) {
            final int c = counts.count(slot, r);
            if (c > n) {
                throw new IllegalStateException(tooMany(reg, n, c, r));
            }
            if (c == n) {
                break;
            }
            if (previousWasExchange) {
                throw new IllegalStateException("commit: " + reg + " received " + c + " updates in superstep " + r
                    + " (a count-exchange superstep: all its data has arrived) on pid " + me + ", not n=" + n);
            }
            if (endpoint.poll(this, POLL_LIMIT) > 0 | flushControl()) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                if (doneCount == nprocs - 1) {
                    endpoint.poll(this, Integer.MAX_VALUE);
                    if (counts.count(slot, r) < n) {
                        throw new IllegalStateException("commit: " + reg + " on pid " + me + " can never receive n="
                            + n + " updates of superstep " + r + ": it has " + counts.count(slot, r)
                            + " and every other process has ended its program" + fewerSyncs());
                    }
                    continue;
                }
                commitWaitNs += waitIdle(waitStart, Wait.COMMIT, reg, n);
            }
        }
        counts.commit(slot, r, n);
        stats.recordCommit(endpoint.nanoTime() - t0);
    }

    /** @return why the others ended before this process, if one of them made fewer sync calls, else "" */
    private String fewerSyncs() {
        final long t = process.superstep();
        for (int d = 0; d < nprocs; d++) {
            if (d != me && done[d] && doneSstep[d] < t) {
                return " (pid " + d + " ended its program in superstep " + doneSstep[d] + " while pid " + me + " is in "
                    + "superstep " + t + ": every process must make the same number of sync calls)";
            }
        }
        return "";
    }

    private String tooMany(final RegHandle reg, final int n, final int c, final long r) {
        return "commit: " + reg + " received " + c + " updates in superstep " + r + " on pid " + me
            + ", more than n=" + n;
    }

    // ------------------------------------------------------------------ end of the program

    @Override
    public void onProgramEnd() {
        mode = Mode.IN_END;
        final long f = process.superstep();
        // DONE goes to each process after any acknowledgement owed to it that found a full inbox: a producer seeing
        // DONE before the ack it waits for would take this process for one that ended without serving it.
        final UnsafeBuffer doneFrame = new UnsafeBuffer(new byte[8]); // not `control`: acks reuse it while we poll
        doneFrame.putLong(0, f);
        final boolean[] doneSent = new boolean[nprocs];
        int toSend = nprocs - 1;
        long waitStart = System.nanoTime();
        while (toSend > 0) {
            boolean progress = endpoint.poll(this, POLL_LIMIT) > 0;
            progress |= flushControl();
            for (int d = 0; d < nprocs; d++) {
                if (d != me && !doneSent[d] && !ackUnsent[d] && !directDoneOwed[d] && splits.owesNothing()
                    && endpoint.offer(d, DONE, doneFrame, 0, 8)) {
                    doneSent[d] = true;
                    toSend--;
                    stats.addSent(1, 8);
                    progress = true;
                }
            }
            if (progress) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                waitIdle(waitStart, Wait.END, null, 0);
            }
        }
        // keep serving until every other process has ended: its last requests may still need this one
        waitStart = System.nanoTime();
        while (doneCount < nprocs - 1) {
            if (endpoint.poll(this, POLL_LIMIT) > 0 | flushControl()) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                waitIdle(waitStart, Wait.END, null, 0);
            }
        }
        for (int src = 0; src < nprocs; src++) {
            if (src != me && doneSstep[src] != f) {
                throw process.fail("pid " + src + " ended its program in superstep " + doneSstep[src] + " but pid "
                    + me + " in superstep " + f + ": every process must make the same number of sync calls", null);
            }
        }
        // the counters are running totals (reportTotals), read in once more after this hook returns
    }

    // ------------------------------------------------------------------ receiving

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        stats.addReceived(1, length);
        switch (type) {
            case REQ -> onRequest(src, buffer.getLong(offset));
            case ACK -> onAck(src, buffer.getLong(offset));
            case DATA -> onData(src, buffer, offset, length);
            case END -> onEnd(src, buffer.getLong(offset));
            case DIRECT_END -> onDirectEnd(src, buffer.getLong(offset));
            case DIRECT_DONE -> {
                if (!directSent[src]) {
                    throw process.fail("protocol error: DIRECT_DONE from pid " + src + " which has no direct stream "
                        + "of pid " + me + " to write", null);
                }
                directSent[src] = false;
                requestTable.markServed(src);
            }
            case Wire.SPLIT -> splits.onSplit(src, peer(src), buffer, offset, length);
            case Wire.SPLIT_DONE -> splits.onDone(src);
            case EXCH -> onExchange(src, buffer, offset);
            case GET_REQ -> onGetRequests(src, buffer, offset, length);
            case EAGER -> {
                final long r = buffer.getLong(offset);
                if (mode == Mode.IN_END && r == process.superstep()) {
                    // eager streams go at a sync: the sender called sync in the superstep in which this one ended
                    throw process.fail("pid " + src + " called sync at the end of superstep " + r + " but pid " + me
                        + " ended its program in superstep " + r + ": every process must make the same number of "
                        + "sync calls", null);
                }
                onRequest(src, r);
                if (length > 8) {
                    onData(src, buffer, offset + 8, length - 8);
                }
                onEnd(src, r);
            }
            case DONE -> {
                done[src] = true;
                doneSstep[src] = buffer.getLong(offset);
                doneCount++;
            }
            default -> throw process.fail("protocol error: frame type " + type + " from pid " + src
                + " is not part of the relaxed sync", null);
        }
    }

    /** Figure 4's handle_messages for a req: acknowledge now if this process is far enough, else delay it. */
    private void onRequest(final int src, final long r) {
        final long t = process.superstep();
        final boolean now;
        switch (mode) {
            case IN_SYNC -> now = r <= t;
            case IN_COMMIT -> now = r < t;
            case IN_EXCHANGE -> {
                if (r == t) {
                    return; // an early req of the exchange superstep: the exchange frame that follows supersedes it
                }
                now = r < t;
            }
            default -> {
                if (r > t) {
                    throw process.fail("pid " + src + " requested to put in superstep " + r + " but pid " + me
                        + " ended its program in superstep " + t + ": every process must make the same number of "
                        + "sync calls", null);
                }
                if (r == t) {
                    return; // puts after the last sync are discarded, as with the classic sync
                }
                now = true;
            }
        }
        if (now) {
            acknowledge(src, r, false);
        } else {
            if (!acknowledgeTable.delay(src, r)) {
                throw process.fail("protocol error: pid " + src + " sent a req of superstep " + r + " while its req "
                    + "of superstep " + acknowledgeTable.sstep(src) + " waits in the acknowledge table of pid " + me,
                    null);
            }
            delayed++;
        }
    }

    private void onAck(final int src, final long r) {
        boolean expected = false;
        if (ackOwed[src] && owedSstep[src] == r) {
            ackOwed[src] = false;
            expected = true;
        }
        if (r == process.superstep()) {
            requestTable.acknowledge(src);
            expected = true;
        }
        if (!expected) {
            throw process.fail("protocol error: ack of superstep " + r + " from pid " + src + " while pid " + me
                + " is in superstep " + process.superstep(), null);
        }
    }

    private void onData(final int src, final DirectBuffer buffer, final int offset, final int length) {
        if (!inOpen[src]) {
            if (!acknowledgeTable.isPending(src)) {
                throw process.fail("protocol error: data from pid " + src + " without a request", null);
            }
            early.keep(src, buffer, offset, length);
            return;
        }
        if (inExchange[src] && exchangeStep.applySource() != src) {
            stash.keep(src, buffer, offset, length);
        } else {
            applySstep = inSstep[src];
            writer.applyFrame(buffer, offset, length);
        }
    }

    private void onEnd(final int src, final long r) {
        if (!inOpen[src] && acknowledgeTable.isPending(src) && acknowledgeTable.sstep(src) == r) {
            earlyClosed[src] = true;
            return;
        }
        if (!inOpen[src] || inSstep[src] != r) {
            throw process.fail("protocol error: end of the stream of superstep " + r + " from pid " + src
                + " which is not open on pid " + me, null);
        }
        inOpen[src] = false;
        if (inExchange[src]) {
            exEnd[src] = true;
        }
    }

    /** A direct stream is complete: written now in a relaxed superstep, at its turn in an exchange superstep. */
    private void onDirectEnd(final int src, final long r) {
        if (!inOpen[src] || inSstep[src] != r) {
            throw process.fail("protocol error: end of the direct stream of superstep " + r + " from pid " + src
                + " which is not open on pid " + me, null);
        }
        inOpen[src] = false;
        if (inExchange[src]) {
            directIn[src] = true;
            exEnd[src] = true;
        } else {
            writeDirect(src);
        }
    }

    /**
     * Writes the direct stream of {@code src} straight from its outbox and hpPut sources, sharing its large puts
     * with src ({@value #SPLIT_OPTION}), then answers DONE. Returns only once the whole stream is in place: nothing
     * else may be written before (the order of writes), and the frame handler that calls it cannot take frames.
     */
    private void writeDirect(final int src) {
        final SyncProcess peer = peer(src);
        if (peer == null) {
            throw process.fail("protocol error: a direct stream from pid " + src + " on a transport without "
                + "direct copies", null);
        }
        final Outbox in = peer.outbox(me);
        applySstep = inSstep[src];
        splits.write(src, in, writer);
        if (splits.partnerWriting()) {
            // src claimed its halves and is copying them now: a wait of one copy, not of a partner's progress
            final long waitStart = System.nanoTime();
            do {
                splitWaitNs += waitIdle(waitStart, Wait.SPLIT, null, src);
            } while (splits.partnerWriting());
            endpoint.resetIdle();
        }
        stats.addReceived(0, in.recordBytes());
        setDirectDoneOwed(src, true);
        if (endpoint.offer(src, DIRECT_DONE, control, 0, 0)) {
            setDirectDoneOwed(src, false);
            stats.addSent(1, 0);
        }
    }

    private void onExchange(final int src, final DirectBuffer buffer, final int offset) {
        final long r = ExchangeFrame.superstepOf(buffer, offset);
        final long t = process.superstep();
        final ExchangeFrame cur = current(src);
        final ExchangeFrame other = exchanges[src][exchangeHead[src] ^ 1];
        if (r < t || (r == t && (mode == Mode.IN_SYNC || mode == Mode.IN_END))) {
            throw exchangeMismatch(src, r, t);
        }
        final ExchangeFrame x;
        if (!cur.isReceived()) {
            x = cur;
        } else if (!other.isReceived() && r > cur.sstep()) {
            x = other;
        } else {
            throw exchangeMismatch(src, r, t);
        }
        x.decode(buffer, offset);
        exchangesHeld++;
    }

    private void onGetRequests(final int src, final DirectBuffer buffer, final int offset, final int length) {
        // get requests follow their exchange frame: they belong to the newest one received from src
        final ExchangeFrame cur = current(src);
        final ExchangeFrame other = exchanges[src][exchangeHead[src] ^ 1];
        (other.isReceived() ? other : cur).addGetRequests(buffer, offset, length);
    }

    private void countUpdate(final RegHandle h, final int slot) {
        counts.ensure(slot + 1);
        counts.rebind(slot, h);
        final int over = counts.update(slot, applySstep);
        if (over > 0) {
            throw process.fail(tooMany(h, counts.committedN(slot), over, applySstep), null);
        }
    }

    // ------------------------------------------------------------------ waiting

    /** The idle step of a send whose destination's inbox is full. */
    private void idleSending(final long waitStart, final int dst, final int type) {
        waitIdle(waitStart, Wait.SEND, null, dst);
    }

    @Override
    public void drainWaitedFor(final long[] pids) {
        for (int w = 0; w < waitedFor.length; w++) {
            pids[w] |= waitedFor[w];
            waitedFor[w] = 0;
        }
    }

    /** Idle in sync: notes the pids whose acknowledgement this process still waits for. */
    private void markWaitedAcks() {
        requestTable.orOpenInto(waitedFor);
    }

    /** Idle in the count exchange: notes the pids whose exchange frame has not arrived. */
    private void markWaitedExchanges() {
        for (int src = 0; src < nprocs; src++) {
            if (src != me && !current(src).isReceived()) {
                waitedFor[src >>> 6] |= 1L << src;
            }
        }
    }

    /** While this process waits in sync for acknowledgements: a process that ended can never give one. */
    private void checkWaitedPeers(final long s, final String where) {
        if (doneCount == 0) {
            return;
        }
        for (int d = requestTable.nextOpen(0); d >= 0; d = requestTable.nextOpen(d + 1)) {
            // a process that ended in a later superstep still acknowledges this one at the end of its program
            if (done[d] && doneSstep[d] <= s) {
                throw process.fail("pid " + d + " ended its program in superstep " + doneSstep[d] + " while pid " + me
                    + " waits in " + where + " of superstep " + s + " for it to acknowledge a request: every process "
                    + "must make the same number of sync calls", null);
            }
        }
    }

    /**
     * One step of a wait: leaves on the run's failure, times out with a diagnostic, posts this process's state
     * when the wait gets long, and idles. {@code n} is the commit's count, or the destination for
     * {@link Wait#SEND}; the strings are built only on the slow path. Returns the time idled (as counted in
     * {@code waitNs}).
     */
    private long waitIdle(final long waitStart, final Wait where, final RegHandle reg, final int n) {
        endpoint.control().checkFailure();
        if (Thread.currentThread().isInterrupted()) {
            throw process.fail("interrupted while waiting in " + (reg == null ? diagnostics.describeWait(process.superstep(), where, n)
                : "commit(" + reg + ", n=" + n + ")"), new InterruptedException("the thread running pid " + me
                + " was interrupted"));
        }
        final long now = System.nanoTime();
        final long waited = now - waitStart;
        // A process that has ended its program is never the cause of a hang: let a waiting one report it first.
        final long limit = where != Wait.END || timeoutNs > Long.MAX_VALUE / 2 ? timeoutNs : 2 * timeoutNs;
        if (waited > limit) {
            throw process.fail(reg == null ? "sync timed out" : "commit timed out",
                new BspTimeoutException(diagnostics.diagnose(process.superstep(), where, waited, reg, n, true)));
        }
        if (waited > POST_AFTER_NS && now - lastPostNs > POST_AFTER_NS) {
            lastPostNs = now;
            board.post(me, diagnostics.diagnose(process.superstep(), where, waited, reg, n, false));
        }
        if (waited > Quiescence.POST_AFTER_NS && postedWait != waitStart) {
            postedWait = waitStart;
            endpoint.control().quiescence().post(me, diagnostics.shortWait(process.superstep(), where, reg, n));
        }
        final long idleStart = endpoint.nanoTime();
        endpoint.idle();
        final long idled = endpoint.nanoTime() - idleStart;
        stats.addWaitNs(idled);
        return idled;
    }
}
