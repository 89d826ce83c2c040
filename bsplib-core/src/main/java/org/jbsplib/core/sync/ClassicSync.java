package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.core.barrier.BarrierClient;
import org.jbsplib.core.barrier.BarrierPort;
import org.jbsplib.core.barrier.BarrierRun;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.registry.RegistrationTable;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.Quiescence;
import org.jbsplib.core.util.Bulk;
import org.jbsplib.core.util.PidRanges;

/**
 * The classic two-phase sync of the Oxford BSP toolset (§2 of the relaxed-barrier paper).
 *
 * <p><b>Phase 1</b> ({@code T_barrier}): every process sends every other process a COUNT frame: the bytes and
 * number of puts and messages it has for it, its number of get requests to it, its tag size for the next
 * superstep and its registration operations. In a run, an episode of the run's barrier backend then decides when
 * the process may leave phase 1 (see {@link #barrierStep()}); without one, receiving all P-1 COUNT frames is the
 * barrier.
 *
 * <p><b>Phase 2</b> ({@code T_comm}): get requests go to their owners, who copy the requested bytes at once
 * (before any put of the superstep is written: a process writes nothing until it has received every get
 * request addressed to it). Then each process writes the incoming streams in ascending order of source pid;
 * within a stream, get results, then puts, then messages, each in issue order. A stream of at most
 * {@value #RENDEZVOUS_OPTION} (default {@code eagerLimitBytes}) is sent at once and kept aside by the receiver
 * until its turn (frames that arrive in turn are written at once); a larger one waits for the receiver's GRANT, so
 * that a process never holds more than the eager streams of others, whatever the superstep's volume (flow control).
 * Senders keep polling their own inbox while a destination is full.
 *
 * <p><b>Options</b> ({@link SyncProcess#option}): {@value #RENDEZVOUS_OPTION}, {@value #BARRIER_OPTION},
 * {@value #APPLY_OPTION}, {@value #DIRECT_OPTION}, {@value #COUNTS_OPTION}, {@value #SPLIT_OPTION}; the preset {@code org:paper} ({@link ClassicSyncFactory#presets()}) sets the first two as
 * the Oxford toolset had them: the count exchange is the barrier and no stream waits for a grant, so a receiver
 * must buffer all the incoming streams of a superstep.
 *
 * <p><b>Sparse count exchange.</b> Where the transport delivers, in one drain after a barrier release, every frame
 * sent before the arrivals ({@link org.jbsplib.core.transport.Transport#drainsAfterBarrier()}, the {@code threads}
 * transport) and phase 1 ends with a barrier backend's episode, a process leaves out the COUNT frames that would say
 * nothing: to a destination it has no puts, messages or gets for, in a superstep without registration calls or a
 * new tag size. After the release the receiver drains its inbox and takes each missing COUNT as that empty one. An
 * empty superstep then sends no frame at all; elsewhere (between JVMs, on a virtual-time machine, with
 * {@code org.barrier=counts}) every process sends all P-1 COUNT frames.
 *
 * <p><b>Inline streams.</b> With the sparse count exchange, where gets are read straight from their owners (so that a
 * stream holds no get results, and its sender knows it whole when it enters the sync), a stream of at most
 * {@value #INLINE_MAX_BYTES} bytes of records that would travel in eager frames rides in its COUNT frame instead: the
 * receiver keeps it with the counts (by superstep parity, as the counts) and writes it at its turn. Phase 2 then
 * waits for no frame of that stream (no DATA, no END), and a superstep of small puts at P = 2 moves one frame each
 * way, before the barrier.
 *
 * <p>Implementation notes: frames from one process to another are FIFO, and a process can be at most one
 * superstep ahead of another in phase 1, so COUNT frames are double-buffered by superstep parity and every
 * other frame belongs to the current superstep.
 */
public final class ClassicSync implements SyncProtocol, FrameHandler, BarrierClient {
    /**
     * Option: streams of at most this many bytes go without the receiver's GRANT (a number, or {@code unlimited}
     * for no grants at all); default the run's {@code eagerLimitBytes}. Independent of RBS's eager limit.
     */
    public static final String RENDEZVOUS_OPTION = "org.rendezvousBytes";
    /**
     * Option: what ends phase 1: {@code backend} (the default: an episode of the run's barrier backend after the
     * COUNT frames are sent) or {@code counts} (receiving the P-1 COUNT frames is the barrier, as in the Oxford
     * toolset; no backend is opened).
     */
    public static final String BARRIER_OPTION = "org.barrier";
    /**
     * Option: in which order phase 2 writes the incoming streams: {@code pid} (the default: ascending source pid,
     * streams arriving out of turn are kept aside and copied at their turn) or {@code arrival} (each frame is
     * written when it arrives once the superstep's gets are served; overlapping puts from different sources are
     * then applied in arrival order, as BSPlib allows).
     */
    public static final String APPLY_OPTION = "org.apply";
    /**
     * Option: how a stream's data reaches its destination when the transport allows direct copies
     * ({@link org.jbsplib.core.transport.Transport#directCopies()}, the {@code threads} transport):
     * {@code auto} (the default: the streams that would wait for a GRANT, larger than the rendezvous limit, go
     * direct, the others in frames), {@code always} (every stream direct) or {@code never} (every stream in frames,
     * as between JVMs). A direct stream is not framed: once the sender has served the receiver's gets it sends END,
     * the receiver copies at its turn straight from the sender's outbox (puts, get results, messages) and from the
     * sources of its hpPuts, then answers DONE, and the sender leaves the sync only after every DONE. So a put is
     * copied twice (at the call, then into the destination) and an hpPut once; the order of writes is the framed one.
     * Under {@code auto} and {@code always}, gets and hpGets to other processes are read by the getter straight from
     * the owner's registration in phase 2, before the owner writes anything of the superstep (one copy where the
     * order of writes allows it); under {@code never} they travel as requests and results in frames.
     * {@code unbuffered} is {@code auto} except that a stream most of whose bytes were copied at the call (puts,
     * messages) goes in frames even when large: the receiver's copy out of the sender's outbox makes the sender
     * rewrite, at its next put, memory another core has just read, which on some hosts costs several times a copy,
     * while frames stream through the receiver's inbox with the two cores copying at once (the README's "put's slow
     * mode"); streams mostly of hpPut data, and gets, still go direct.
     */
    public static final String DIRECT_OPTION = "org.direct";
    /**
     * Option: which COUNT frames phase 1 sends: {@code sparse} (the default: only those that say something, where
     * the transport allows it, {@link org.jbsplib.core.transport.Transport#drainsAfterBarrier()}; all of them
     * elsewhere) or {@code dense} (every process sends all P-1, as between JVMs).
     */
    public static final String COUNTS_OPTION = "org.counts";
    /**
     * Option: the smallest direct copy that both processes it concerns share (a split copy): a number of bytes,
     * {@code 0}/{@code off} for none, or {@code auto} (the default: {@value #DEFAULT_SPLIT_BYTES} while the processes
     * fit on the cores, {@code bsplib.cores}, none beyond, where no core is idle to gain and a helper that is not
     * running would delay the copy). A put or hpPut of a direct stream of
     * at least this size is copied half by the receiver at the sender's turn and half by the sender, which waits for
     * the receiver's DONE anyway; a get read straight from the owner's registration half by the getter and half by
     * the owner, which waits for the getter's READ_DONE. Only parts that no other write of the stream (for gets: no
     * other get result of the getter) touches are shared, and the one who splits goes on only once the other's part
     * is written, so the order of writes is the framed one.
     */
    public static final String SPLIT_OPTION = "org.splitBytes";
    /** The size {@link #SPLIT_OPTION} {@code auto} sets while the processes fit on the cores, in bytes. */
    public static final long DEFAULT_SPLIT_BYTES = SplitCopies.DEFAULT_BYTES;

    private static final int POLL_LIMIT = ExchangeSuperstep.POLL_LIMIT;
    /**
     * A wait reads the clock at every this many idle steps (a power of two), for its timeout and its post: a reading
     * (about 30 ns under a hypervisor's clock) costs as much as a spin step, and most waits of a tight loop end
     * within a few steps; a timeout or post comes at most this many steps late.
     */
    static final int CLOCK_STEPS = 32;
    /**
     * The largest stream, in bytes of records, that rides in its COUNT frame ({@code Inline streams} above): small
     * enough that the receiver's extra copy (it keeps the stream until its turn) costs less than the cross-core
     * exchange of the frames it saves.
     */
    static final int INLINE_MAX_BYTES = 4096;

    private final SyncProcess process;
    private final Endpoint endpoint;
    private final SyncRecorder stats;
    private final int me;
    private final int nprocs;
    private final long eagerLimit;
    private final boolean countsAreBarrier;
    private final boolean applyOnArrival;
    private final boolean denseCounts;
    private final Direct directMode;
    private long directStreams;
    private long directGets;
    private long stagedGets;
    // how many of doneOwed are set: the DONE loop runs only when one is owed
    private int donesOwed;
    private long grantsSent;
    // COUNT frames sent and left out (sparse count exchange)
    private long countFramesSent;
    private long countFramesOmitted;
    // streams sent in their COUNT frame
    private long inlineStreams;
    private final long timeoutNs;
    private long postedWait = -1;
    // idle steps of this process's waits, and the clock readings they made: a wait reads the clock at every
    // CLOCK_STEPS-th step only (see waitIdle)
    private long idleSteps;
    private long waitClockReads;
    private final UnsafeBuffer scratch;
    private final ExchangeSuperstep exchange;

    // phase 1, by superstep parity
    private final ExchangeFrame[][] counts;
    private final int[] countsReceived = new int[2];

    // phase 2
    private final int[] getsFrom;
    private int getsReceived;
    private int getsExpected;
    private final boolean[] endReceived;
    private final boolean[] grantSent;
    private final boolean[] granted;
    private final boolean[] endSent;
    private final boolean[] hasIn;
    private final boolean[] eagerIn;
    // direct streams: those this process reads at their turn, the DONEs it owes, the DONEs it waits for
    private final boolean[] directIn;
    private final boolean[] doneOwed;
    private final boolean[] doneAwaited;
    // gets read straight from the owners' registrations: from which owners, and those kept aside until their turn
    private final boolean[] readDirect;
    private final boolean[] stagedIn;
    private final Outbox[] staged;
    private final SyncProcess[] peers;
    private final FrameStash stash;
    private final RecordWriter writer;
    private final IncomingStreams incoming = new IncomingStreams();
    // large direct copies shared with the process they concern, and the direct streams written but for its parts
    private final SplitCopies splits;
    private final boolean[] directWritten;
    private boolean applying;
    private int[] updates = new int[16];
    // the handle each count belongs to: a slot popped and pushed again in one superstep names a new handle after
    // the sync, and the puts of that superstep went to the old one
    private RegHandle[] updatedRegs = new RegHandle[16];
    private int updatesLength;

    // the run's barrier backend (null when the protocol was created outside a BspRuntime run)
    private BarrierPort barrier;
    private String barrierPhase;
    // whether COUNT frames that say nothing are left out: a barrier episode ends phase 1 and a drain after its
    // release delivers every COUNT frame sent before it
    private boolean sparseCounts;
    // sparse only: this superstep neither sent nor received a COUNT frame and this process has nothing for itself,
    // so nothing moves in phase 2 and no registration or tag size changes
    private boolean silent;
    // whether small streams ride in their COUNT frames: sparse counts, and gets read straight from their owners
    private boolean inlineAllowed;

    /** Creates the protocol of {@code process}. */
    public ClassicSync(final SyncProcess process) {
        this.process = process;
        this.endpoint = process.endpoint();
        this.stats = process.stats();
        this.me = process.pid();
        this.nprocs = process.nprocs();
        this.eagerLimit = SyncSpec.parseBytes(RENDEZVOUS_OPTION,
            process.option(RENDEZVOUS_OPTION, Long.toString(process.eagerLimitBytes())));
        this.countsAreBarrier = choice(process, BARRIER_OPTION, "backend", "counts");
        this.applyOnArrival = choice(process, APPLY_OPTION, "pid", "arrival");
        this.denseCounts = choice(process, COUNTS_OPTION, "sparse", "dense");
        this.directMode = directMode(process.option(DIRECT_OPTION, "auto"));
        this.timeoutNs = process.syncTimeoutNs();
        this.scratch = new UnsafeBuffer(new byte[8]);
        this.exchange = new ExchangeSuperstep(process, this, this::idleSending);
        this.counts = new ExchangeFrame[2][nprocs];
        for (int s = 0; s < nprocs; s++) {
            counts[0][s] = new ExchangeFrame();
            counts[1][s] = new ExchangeFrame();
        }
        this.getsFrom = new int[nprocs];
        this.endReceived = new boolean[nprocs];
        this.grantSent = new boolean[nprocs];
        this.granted = new boolean[nprocs];
        this.endSent = new boolean[nprocs];
        this.hasIn = new boolean[nprocs];
        this.eagerIn = new boolean[nprocs];
        this.directIn = new boolean[nprocs];
        this.doneOwed = new boolean[nprocs];
        this.doneAwaited = new boolean[nprocs];
        this.readDirect = new boolean[nprocs];
        this.stagedIn = new boolean[nprocs];
        this.staged = new Outbox[nprocs];
        this.peers = new SyncProcess[nprocs];
        this.stash = new FrameStash(nprocs);
        this.writer = new RecordWriter(process, this::countUpdate);
        this.splits = new SplitCopies(process, SplitCopies.minBytes(SPLIT_OPTION, process.option(SPLIT_OPTION, "auto"),
            process.nprocs(), process.cores()));
        stats.liveCounters(splits::report); // running totals: a timed section (NPB's --json) counts them too
        stats.liveCounters(this::reportTotals);
        this.directWritten = new boolean[nprocs];
    }

    /** The values of {@link #DIRECT_OPTION}. */
    private enum Direct { NEVER, AUTO, ALWAYS, UNBUFFERED }

    private static Direct directMode(final String value) {
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "never" -> Direct.NEVER;
            case "auto" -> Direct.AUTO;
            case "always" -> Direct.ALWAYS;
            case "unbuffered" -> Direct.UNBUFFERED;
            default -> throw new IllegalArgumentException(DIRECT_OPTION + "=" + value
                + " is not one of auto, always, never, unbuffered");
        };
    }

    /**
     * Whether the stream between this process and {@code other} goes direct: decided alike on both sides, from
     * the run's option, the stream's size (the sender's puts, messages and get results) and whether most of its
     * put and message bytes are buffered ({@link ExchangeFrame#mostlyBuffered()}), which both know.
     */
    private boolean direct(final int other, final long streamBytes, final boolean mostlyBuffered) {
        if (!canCopyDirect(other)) {
            return false;
        }
        return switch (directMode) {
            case ALWAYS -> true;
            case UNBUFFERED -> streamBytes > eagerLimit && !mostlyBuffered;
            default -> streamBytes > eagerLimit;
        };
    }

    /** @return whether this process may copy straight from {@code other}'s memory (its peer view is then cached) */
    private boolean canCopyDirect(final int other) {
        if (directMode == Direct.NEVER) {
            return false;
        }
        if (peers[other] == null) {
            peers[other] = process.peer(other);
        }
        return peers[other] != null;
    }

    /** @return whether option {@code key} is {@code second} (false for {@code first}, its default) */
    private static boolean choice(final SyncProcess process, final String key, final String first,
                                  final String second) {
        final String v = process.option(key, first).trim();
        if (first.equalsIgnoreCase(v)) {
            return false;
        }
        if (second.equalsIgnoreCase(v)) {
            return true;
        }
        throw new IllegalArgumentException(key + "=" + v + " is not one of " + first + ", " + second);
    }

    // ------------------------------------------------------------------ sync

    @Override
    public void sync() {
        final long t0 = endpoint.nanoTime();
        exchangeCounts();
        if (silent) {
            // Nothing moves: the superstep ends with phase 1, and one reading of the clock ends both (T_sync is
            // the same interval; phase 2 of a silent superstep is nothing but the reading that would time it).
            endSilentSuperstep();
            stats.recordSync(endpoint.nanoTime() - t0, 0);
            return;
        }
        final long t1 = endpoint.nanoTime();
        moveData();
        finishSuperstep();
        final long t2 = endpoint.nanoTime();
        stats.recordSync(t1 - t0, t2 - t1);
    }

    /**
     * Attaches the run's barrier backend: phase 1 then synchronizes on it (see {@link #barrierStep()}).
     */
    @Override
    public void attachBarrier(final BarrierRun run) {
        if (countsAreBarrier) {
            return; // the count exchange is the barrier
        }
        this.barrier = run.open(endpoint, this, this::waitIdle);
        this.barrierPhase = "phase 1 (barrier " + run.spec() + ")";
        this.sparseCounts = run.drainsAfterRelease() && !denseCounts;
        this.inlineAllowed = sparseCounts && directMode != Direct.NEVER;
    }

    /**
     * The synchronization step of phase 1: one episode of the run's barrier backend, after this process sent its
     * COUNT frames and before it collects the others'. Leaving it means every process has sent its COUNT frames,
     * so the collection that follows waits only for frames in flight, never for a late process. Without a backend
     * (a protocol made outside a run) the dense count exchange alone is the barrier.
     */
    private void barrierStep() {
        if (barrier == null) {
            return;
        }
        barrier.arrive();
        endpoint.resetIdle();
        long waitStart = 0; // read the clock only once the wait idles: most waits of a tight loop never do
        while (!barrier.isReleased()) {
            if (endpoint.poll(this, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                waitStart = 0;
            } else {
                waitStart = waitIdle(waitStart, barrierPhase);
            }
        }
    }

    @Override
    public long modelledBarrierNs() {
        return barrier == null ? 0 : barrier.modelledNs();
    }

    /**
     * The protocol's counters, all running totals (owner's thread): frames and streams by kind, the waits' steps and
     * clock readings, and the barrier's episodes and frames (its modelled time and messages where it models any).
     * Read at a timed section's edges and at the end of the program, so that a section (NPB's {@code --json}
     * {@code per_process} counters) has its own of each.
     */
    private void reportTotals(final java.util.function.ObjLongConsumer<String> sink) {
        sink.accept("org.grants", grantsSent);
        sink.accept("org.countFrames", countFramesSent);
        sink.accept("org.countFramesOmitted", countFramesOmitted);
        sink.accept("org.inlineStreams", inlineStreams);
        sink.accept("org.directStreams", directStreams);
        sink.accept("org.directGets", directGets);
        sink.accept("org.stagedGets", stagedGets);
        sink.accept("org.waitIdleSteps", idleSteps);
        sink.accept("org.waitClockReads", waitClockReads);
        if (barrier != null) {
            sink.accept("barrier.episodes", barrier.episodes());
            sink.accept("barrier.framesSent", barrier.framesSent());
            if (barrier.modelledMessages() > 0 || barrier.modelledNs() > 0) {
                sink.accept("barrier.modelledNs", barrier.modelledNs());
                sink.accept("barrier.modelledMessages", barrier.modelledMessages());
            }
        }
    }

    @Override
    public void onProgramEnd() {
        // the counters are running totals (reportTotals), read in once more after this hook returns
    }

    /** Closes the barrier port, which lets the backend report on the run (e.g. modelled releases it overran). */
    @Override
    public void close() {
        if (barrier != null) {
            barrier.close();
        }
    }

    private void exchangeCounts() {
        final long sstep = process.superstep();
        final int parity = (int) (sstep & 1);
        final boolean sentNone = sendCounts(sstep);
        barrierStep();
        if (sparseCounts) {
            drainCounts();
            final Outbox self = process.outbox(me);
            silent = sentNone && countsReceived[parity] == 0 && !self.hasRecords() && self.getRequestCount() == 0;
            if (silent) {
                return; // every other process had nothing to say: the agreement holds
            }
            takeMissingCountsAsNothing(sstep, parity);
        } else {
            long waitStart = 0;
            while (countsReceived[parity] < nprocs - 1) {
                if (endpoint.poll(this, POLL_LIMIT) > 0) {
                    endpoint.resetIdle();
                    waitStart = 0;
                } else {
                    waitStart = waitIdle(waitStart, "phase 1 (count exchange)");
                }
            }
        }
        exchange.checkAgreement(sstep, counts[parity]);
    }

    /**
     * Sends this process's COUNT frames: to every other process, or, sparse, to those it has something for.
     *
     * @return whether it sent none and the superstep has no registration calls or new tag size
     */
    private boolean sendCounts(final long sstep) {
        // the part every destination gets is the same; a superstep with registration calls or a new tag size
        // tells everyone
        if (sparseCounts) {
            // a peer cannot tell this process's arrival from its COUNT frames, which may be left out
            endpoint.control().quiescence().enterSync(me, sstep);
        }
        final boolean omit = sparseCounts && process.registry().pendingCount() == 0
            && process.nextTagSize() == process.tagSize();
        if (!omit) {
            final int countLength = exchange.encodeExchange(sstep, 0);
            if (inlineAllowed) {
                for (int i = 1; i < nprocs; i++) {
                    final int d = (me + i) % nprocs;
                    sendCount(d, countLength, process.outbox(d));
                }
            } else {
                exchange.sendExchangeFrames(Wire.COUNT, countLength);
            }
            countFramesSent += nprocs - 1;
            return false;
        }
        // only a destination this process has an outbox for can have records
        int sent = 0;
        int countLength = -1;
        for (int i = 0, n = process.outboxCount(); i < n; i++) {
            final int d = process.outboxPid(i);
            final Outbox out = process.outbox(d);
            if (d == me || ExchangeFrame.countsNothing(out)) {
                continue;
            }
            if (countLength < 0) {
                countLength = exchange.encodeExchange(sstep, 0);
            }
            sendCount(d, countLength, out);
            sent++;
        }
        countFramesSent += sent;
        countFramesOmitted += nprocs - 1 - sent;
        return sent == 0;
    }

    /** Sends {@code d} its COUNT frame, with the stream {@code out} in it when the stream is small enough. */
    private void sendCount(final int d, final int countLength, final Outbox out) {
        if (inlines(d, countLength, out) && exchange.sendExchangeFrameWithStream(d, Wire.COUNT, countLength, out)) {
            endSent[d] = true; // the whole stream is in the frame: no DATA, no END
            inlineStreams++;
            return;
        }
        exchange.sendExchangeFrame(d, Wire.COUNT, countLength, out);
    }

    /**
     * @return whether the stream {@code out} to {@code d} rides in its COUNT frame: it has records, holds no get
     *     results (gets are read from their owners), would go in eager frames (the receiver decides alike from the
     *     counts, and takes a COUNT frame longer than its counts as an inline stream), and fits
     */
    private boolean inlines(final int d, final int countLength, final Outbox out) {
        if (!inlineAllowed || !out.hasRecords() || out.replyRecords() > 0 || !canCopyDirect(d)) {
            return false;
        }
        final long bytes = out.putAndMessageBytes();
        final long records = out.recordBytes();
        return bytes <= eagerLimit && !direct(d, bytes, ExchangeFrame.mostlyBuffered(out))
            && records <= INLINE_MAX_BYTES && countLength + records <= exchange.maxFrameLength();
    }

    /**
     * After the barrier's release: every COUNT frame of the superstep was committed before its sender arrived, so
     * one drain delivers them all.
     */
    private void drainCounts() {
        if (endpoint.poll(this, Integer.MAX_VALUE) > 0) {
            endpoint.resetIdle();
        }
    }

    /** After {@link #drainCounts}: a source whose COUNT frame is not there had nothing to say. */
    private void takeMissingCountsAsNothing(final long sstep, final int parity) {
        if (countsReceived[parity] == nprocs - 1) {
            return;
        }
        final int tagSize = process.tagSize();
        for (int s = 0; s < nprocs; s++) {
            if (s != me && !counts[parity][s].isReceived()) {
                counts[parity][s].decodeNothing(sstep, tagSize);
            }
        }
    }

    private void moveData() {
        final int parity = (int) (process.superstep() & 1);
        getsExpected = 0;
        for (int s = 0; s < nprocs; s++) {
            if (s == me) {
                hasIn[s] = process.outbox(me).hasRecords() || process.outbox(me).getRequestCount() > 0;
                continue;
            }
            final ExchangeFrame in = counts[parity][s];
            getsExpected += in.gets();
            final Outbox toS = process.outbox(s);
            readDirect[s] = toS.getRequestCount() > 0 && canCopyDirect(s);
            // gets read direct are no part of s's stream
            final long replyBytes = readDirect[s] ? 0 : toS.getRequestBytes();
            hasIn[s] = in.puts() + in.messages() > 0 || (toS.getRequestCount() > 0 && !readDirect[s]);
            eagerIn[s] = in.bytes() + replyBytes <= eagerLimit;
            directIn[s] = hasIn[s] && in.streamLength() == 0
                && direct(s, in.bytes() + replyBytes, in.mostlyBuffered());
        }
        final boolean ownGetsAside = serveOwnGets(); // before any direct read writes this process's memory
        readDirectGets(parity, ownGetsAside);
        for (int i = 1; i < nprocs; i++) {
            final int d = (me + i) % nprocs;
            if (readDirect[d]) {
                scratch.putInt(0, process.outbox(d).getRequestCount());
                exchange.sendBlocking(d, Wire.READ_DONE, scratch, 0, 4);
            } else {
                exchange.sendGetRequests(d, Wire.GET_REQ, process.outbox(d));
            }
        }
        long waitStart = 0;
        while (true) {
            boolean progress = endpoint.poll(this, POLL_LIMIT) > 0;
            // a getter's memory takes nothing of the superstep before the parts of its split gets are written
            if (!applying && getsReceived == getsExpected && !splits.awaitsAny()) {
                applying = true;
                startApply();
            }
            if (applying) {
                progress |= exchange.advanceApply(incoming);
            }
            progress |= sendStreams(parity);
            progress |= sendDone();
            progress |= splits.sendDone();
            if (applying && exchange.applied() && outgoingDone()) {
                return;
            }
            if (progress) {
                endpoint.resetIdle();
                waitStart = 0;
            } else {
                waitStart = waitIdle(waitStart, "phase 2 (data)");
            }
        }
    }

    /**
     * Reads this process's gets from the owners it may copy from straight from their registrations, before telling
     * them (READ_DONE) and before writing anything else of the superstep. Deadlock-free: the reads wait for nothing,
     * and an owner writes nothing until every getter's READ_DONE or requests are in, so each read sees the values
     * from before the superstep's writes, mutual gets included.
     *
     * <p>A result is written into its destination at once (one copy) when that is the same as writing it at its
     * turn: the destination is no registered area of this process (so no put writes it and no get reads it), or it
     * is, but no process gets from this one and no put of a lower pid comes here; and no result written at a
     * turn before the owner's (a self-get's, a staged one's) may overlap it. Otherwise the result is copied aside
     * and written at the owner's turn, as in frames (two copies).
     */
    private void readDirectGets(final int parity, final boolean ownGetsAside) {
        if (splits.enabled()) {
            splits.collectGets();
        }
        boolean stageRest = false; // a result written at a lower pid's turn: later owners' results wait for theirs
        boolean putsBefore = false;
        for (int o = 0; o < nprocs; o++) {
            if (o == me) {
                stageRest |= ownGetsAside;
                putsBefore |= process.outbox(me).putRecords() > 0;
                continue;
            }
            if (readDirect[o]) {
                stageRest = readFrom(o, stageRest, putsBefore);
            }
            putsBefore |= counts[parity][o].puts() > 0;
        }
    }

    /**
     * Serves this process's gets from itself before anything of the superstep is written here. Where the transport
     * copies directly, a result goes straight into its destination (one copy) as long as writing it now is the same
     * as writing it at this process's turn: the destination is no registered area of this process (so no put writes
     * it and no get reads it) and this process has no get from a lower pid (whose results, written at an earlier
     * turn, could overlap it). From the first request that does not qualify on, the results are copied aside into
     * this process's own outbox in issue order and written at its turn (two copies), as in frames.
     *
     * @return whether any result was copied aside (then later owners' results must be staged behind it)
     */
    private boolean serveOwnGets() {
        final Outbox self = process.outbox(me);
        final int end = self.getRequestCount() * Wire.GET_REQ_BYTES;
        int at = 0;
        if (end > 0 && canCopyDirect(me) && !getsFromLowerPids()) {
            final DirectBuffer requests = self.getRequests();
            final RegistrationTable mine = process.registry();
            for (; at < end; at += Wire.GET_REQ_BYTES) {
                final int getId = requests.getInt(at);
                final Object dst = process.getDestination(getId);
                if (registeredHere(dst)) {
                    break;
                }
                final RegHandle h = ExchangeSuperstep.getSource(process, mine, me, me, requests, at);
                Bulk.copy(h.area(), requests.getLong(at + 8), dst, process.getDestinationOffset(getId),
                    requests.getInt(at + 16), h.elementType().bytes());
                directGets++;
            }
        }
        exchange.serveGetRequests(me, self.getRequests(), at, end - at);
        return at < end;
    }

    /** @return whether this process gets anything from a lower pid in this superstep */
    private boolean getsFromLowerPids() {
        for (int o = 0; o < me; o++) {
            if (process.outbox(o).getRequestCount() > 0) {
                return true;
            }
        }
        return false;
    }

    /** @return whether the results of later owners must be staged */
    private boolean readFrom(final int owner, final boolean stageFirst, final boolean putsBefore) {
        final org.agrona.DirectBuffer requests = process.outbox(owner).getRequests();
        final int n = process.outbox(owner).getRequestCount();
        final RegistrationTable theirs = peers[owner].registry();
        boolean stage = stageFirst;
        for (int at = 0; at < n * Wire.GET_REQ_BYTES; at += Wire.GET_REQ_BYTES) {
            final RegHandle h = ExchangeSuperstep.getSource(process, theirs, me, owner, requests, at);
            final int getId = requests.getInt(at);
            final long srcOffset = requests.getLong(at + 8);
            final int len = requests.getInt(at + 16);
            final Object dst = process.getDestination(getId);
            stage = stage || ((getsExpected > 0 || putsBefore) && registeredHere(dst));
            if (stage) {
                if (staged[owner] == null) {
                    staged[owner] = new Outbox();
                }
                staged[owner].addReply(getId, h.area(), srcOffset, len);
                stagedIn[owner] = true;
                stagedGets++;
            } else {
                // a large one may be shared with the owner, which copies the second part
                final int mine = splits.enabled() ? splits.planGet(owner, getId, requests.getInt(at + 4), srcOffset,
                    len) : len;
                final long dstOffset = process.getDestinationOffset(getId);
                Bulk.copy(h.area(), srcOffset, dst, dstOffset, mine, h.elementType().bytes());
                if (mine < len) {
                    splits.takeBackGet(owner, h, srcOffset, dst, dstOffset, mine, len);
                }
                directGets++;
            }
        }
        return stage;
    }

    /** @return whether {@code area} is the area of one of this process's registrations in force */
    private boolean registeredHere(final Object area) {
        final RegistrationTable mine = process.registry();
        for (int slot = mine.slotCount() - 1; slot >= 0; slot--) {
            final RegHandle h = mine.slot(slot);
            if (h != null && h.area() == area) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends a superstep in which nothing came or went: the per-peer arrays are as finishSuperstep left them; only
     * what commit reads, the updates of the last superstep, must now say none.
     */
    private void endSilentSuperstep() {
        getsExpected = 0;
        if (updatesLength > 0) {
            java.util.Arrays.fill(updates, 0, updatesLength, 0);
            java.util.Arrays.fill(updatedRegs, 0, updatesLength, null);
            updatesLength = 0;
        }
        exchange.endSuperstep();
    }

    private void startApply() {
        final int slots = process.registry().slotCount();
        if (updates.length < slots) {
            updates = new int[Math.max(slots, updates.length * 2)];
            updatedRegs = new RegHandle[updates.length];
        }
        java.util.Arrays.fill(updates, 0, Math.max(updatesLength, slots), 0);
        java.util.Arrays.fill(updatedRegs, 0, Math.max(updatesLength, slots), null);
        updatesLength = slots;
        exchange.startApply();
    }

    /** Phase 2's incoming streams: eager ones kept aside until their turn, larger ones granted at their turn. */
    private final class IncomingStreams implements ExchangeSuperstep.IncomingStreams {
        @Override
        public boolean expects(final int src) {
            return hasIn[src] || stagedIn[src];
        }

        @Override
        public void applyOwn() {
            process.outbox(me).applyLocally(writer);
        }

        @Override
        public int drain(final int src) {
            if (stagedIn[src]) {
                // the results read direct but kept aside: written first, as from src's stream
                staged[src].applyLocally(writer);
                stagedIn[src] = false;
                if (!hasIn[src]) {
                    return ExchangeSuperstep.PROGRESS | ExchangeSuperstep.COMPLETE;
                }
            }
            final ExchangeFrame count = counts[(int) (process.superstep() & 1)][src];
            if (count.streamLength() > 0) {
                // the stream came in its COUNT frame
                writer.applyFrame(count.stream(), 0, count.streamLength());
                return ExchangeSuperstep.PROGRESS | ExchangeSuperstep.COMPLETE;
            }
            if (directIn[src]) {
                return drainDirect(src);
            }
            if (eagerIn[src]) {
                // the frames that came out of turn; the rest of the stream is written as it arrives
                int moved = 0;
                if (stash.holds(src)) {
                    stash.drain(src, writer);
                    moved = ExchangeSuperstep.PROGRESS;
                }
                return endReceived[src] ? moved | ExchangeSuperstep.COMPLETE : moved;
            }
            int moved = 0;
            if (!grantSent[src]) {
                if (!endpoint.offer(src, Wire.GRANT, scratch, 0, 0)) {
                    return 0;
                }
                grantSent[src] = true;
                grantsSent++;
                moved = ExchangeSuperstep.PROGRESS;
            }
            return endReceived[src] ? moved | ExchangeSuperstep.COMPLETE : moved;
        }
    }

    private boolean sendStreams(final int parity) {
        boolean progress = false;
        for (int i = 1; i < nprocs; i++) {
            final int d = (me + i) % nprocs;
            final Outbox out = process.outbox(d);
            if (endSent[d] || getsFrom[d] != counts[parity][d].gets()) {
                continue;
            }
            if (!out.hasRecords()) {
                endSent[d] = true;
                continue;
            }
            if (direct(d, out.putAndMessageBytes() + out.replyBytes(), ExchangeFrame.mostlyBuffered(out))) {
                // complete (its gets are served): d may read it from now until it answers DONE
                scratch.putLong(0, process.superstep());
                if (endpoint.offer(d, Wire.END, scratch, 0, 8)) {
                    endSent[d] = true;
                    doneAwaited[d] = true;
                    directStreams++;
                    stats.addSent(0, out.recordBytes()); // the data moves all the same, in no frame
                    progress = true;
                }
                continue;
            }
            final boolean eager = out.putAndMessageBytes() + out.replyBytes() <= eagerLimit;
            if (!eager && !granted[d]) {
                continue;
            }
            if (exchange.sendStreamFrames(d, Wire.DATA, out) > 0) {
                progress = true;
            }
            if (out.streamDone()) {
                scratch.putLong(0, process.superstep());
                if (endpoint.offer(d, Wire.END, scratch, 0, 8)) {
                    endSent[d] = true;
                    progress = true;
                }
            }
        }
        return progress;
    }

    /**
     * Writes, at its turn, a direct stream from {@code src}: its records straight from its outbox to this process,
     * its hpPuts from their sources, sharing its large puts with src (which waits for DONE meanwhile); once src's
     * parts are written too, src may reuse them (DONE).
     */
    private int drainDirect(final int src) {
        if (!endReceived[src]) {
            return 0;
        }
        int moved = 0;
        if (!directWritten[src]) {
            final Outbox in = peers[src].outbox(me);
            splits.writeStream(src, in, writer);
            stats.addReceived(0, in.recordBytes());
            directWritten[src] = true;
            moved = ExchangeSuperstep.PROGRESS;
        }
        if (splits.awaits(src)) {
            return moved; // the later streams wait for src's parts
        }
        directWritten[src] = false;
        doneOwed[src] = true;
        donesOwed++;
        sendDone();
        return ExchangeSuperstep.PROGRESS | ExchangeSuperstep.COMPLETE;
    }

    /** Answers the direct streams written since the last call (DONE), as far as their senders' inboxes allow. */
    private boolean sendDone() {
        boolean progress = false;
        for (int s = 0; s < nprocs && donesOwed > 0; s++) {
            if (doneOwed[s] && endpoint.offer(s, Wire.DONE, scratch, 0, 0)) {
                doneOwed[s] = false;
                donesOwed--;
                progress = true;
            }
        }
        return progress;
    }

    private boolean outgoingDone() {
        if (donesOwed > 0 || !splits.owesNothing()) {
            return false;
        }
        for (int d = 0; d < nprocs; d++) {
            if (d != me && (!endSent[d] || doneAwaited[d])) {
                return false;
            }
        }
        return true;
    }

    private void finishSuperstep() {
        final int parity = (int) (process.superstep() & 1);
        exchange.applyRegistrations(counts[parity]);
        for (int s = 0; s < nprocs; s++) {
            endReceived[s] = false;
            grantSent[s] = false;
            granted[s] = false;
            endSent[s] = false;
            directIn[s] = false;
            if (readDirect[s]) {
                readDirect[s] = false;
                if (staged[s] != null) {
                    staged[s].reset();
                }
            }
            getsFrom[s] = 0;
            stash.clear(s);
            counts[parity][s].consume();
        }
        countsReceived[parity] = 0;
        getsReceived = 0;
        applying = false;
        exchange.endApply();
        exchange.endSuperstep();
    }

    // ------------------------------------------------------------------ commit

    @Override
    public void commit(final RegHandle reg, final int n) {
        final int slot = reg.slot();
        final int count = slot < updatesLength && updatedRegs[slot] == reg ? updates[slot] : 0;
        if (count != n) {
            throw new IllegalStateException("commit: " + reg + " received " + count + " updates in the last superstep"
                + " on pid " + me + ", not n=" + n);
        }
    }

    private void countUpdate(final RegHandle reg, final int slot) {
        updates[slot]++;
        updatedRegs[slot] = reg;
    }

    // ------------------------------------------------------------------ receiving

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        stats.addReceived(1, length);
        if (barrier != null && BarrierPort.isBarrierFrame(type)) {
            barrier.onFrame(src, type, buffer, offset, length);
            return;
        }
        switch (type) {
            case Wire.COUNT -> onCount(src, buffer, offset, length);
            case Wire.GET_REQ -> {
                exchange.serveGetRequests(src, buffer, offset, length);
                final int n = length / Wire.GET_REQ_BYTES;
                getsFrom[src] += n;
                getsReceived += n;
            }
            case Wire.READ_DONE -> {
                final int n = buffer.getInt(offset);
                getsFrom[src] += n;
                getsReceived += n;
            }
            case Wire.DATA -> {
                // written at once when in turn (or on arrival when asked), unless earlier frames of src wait aside
                if (applying && !stash.holds(src) && (applyOnArrival || exchange.applySource() == src)) {
                    writer.applyFrame(buffer, offset, length);
                } else {
                    stash.keep(src, buffer, offset, length);
                }
            }
            case Wire.END -> endReceived[src] = true;
            case Wire.DONE -> doneAwaited[src] = false;
            case Wire.GRANT -> granted[src] = true;
            case Wire.SPLIT -> splits.onSplit(src, canCopyDirect(src) ? peers[src] : null, buffer, offset, length);
            case Wire.SPLIT_DONE -> splits.onDone(src);
            default -> throw process.fail("protocol error: frame type " + type + " from pid " + src
                + " is not part of the classic sync", null);
        }
    }

    private void onCount(final int src, final DirectBuffer buffer, final int offset, final int length) {
        final long sstep = ExchangeFrame.superstepOf(buffer, offset);
        final long mine = process.superstep();
        if (sstep != mine && sstep != mine + 1) {
            throw process.fail("protocol error: COUNT of superstep " + sstep + " from pid " + src + " while pid " + me
                + " is in superstep " + mine, null);
        }
        final int parity = (int) (sstep & 1);
        counts[parity][src].decode(buffer, offset);
        counts[parity][src].keepStream(buffer, offset, length);
        countsReceived[parity]++;
    }

    // ------------------------------------------------------------------ waiting

    /** The idle step of a send whose destination's inbox is full. */
    private void idleSending(final long waitStart, final int dst, final int type) {
        waitIdle(waitStart, (type == Wire.COUNT ? "phase 1 (count exchange)" : "phase 2 (get requests)")
            + ", sending to pid " + dst + " whose inbox is full");
    }

    /**
     * One idle step of a wait.
     *
     * @param start when the wait started or last progressed ({@link System#nanoTime()}), 0 if no idle step read the
     *              clock since then (the wait starts at the next reading)
     * @return the wait's start, to pass to the next step
     */
    private long waitIdle(final long start, final String phase) {
        endpoint.control().checkFailure();
        if (Thread.currentThread().isInterrupted()) {
            throw process.fail("interrupted while waiting in sync of superstep " + process.superstep() + " (" + phase
                + ")", new InterruptedException("the thread running pid " + me + " was interrupted"));
        }
        final long waitStart = (++idleSteps & (CLOCK_STEPS - 1)) == 0 ? checkTime(start, phase) : start;
        checkEndedPeers(phase);
        endpoint.idle();
        return waitStart;
    }

    /** The clocked part of an idle step: the timeout and the post. @return the wait's start */
    private long checkTime(final long start, final String phase) {
        final long now = System.nanoTime();
        waitClockReads++;
        final long waitStart = start == 0 ? now : start;
        final long waited = now - waitStart;
        if (waited > timeoutNs) {
            throw process.fail("sync timed out", new BspTimeoutException(diagnose(phase, waited)));
        }
        if (waited > Quiescence.POST_AFTER_NS && postedWait != waitStart) {
            postedWait = waitStart;
            endpoint.control().quiescence().post(me, "sync of superstep " + process.superstep() + ", " + phase);
        }
        return waitStart;
    }

    private void checkEndedPeers(final String phase) {
        if (endpoint.control().endedCount() == 0) {
            return; // the usual case: O(1) per idle step instead of a look at every pid
        }
        for (int s = 0; s < nprocs; s++) {
            if (s != me && endpoint.control().hasEnded(s) && endedBeforeThisSync(s)) {
                throw process.fail("pid " + s + " ended its program while pid " + me + " waits for it in sync of "
                    + "superstep " + process.superstep() + " (" + phase + "): every process must make the same "
                    + "number of sync calls", null);
            }
        }
    }

    /** @return whether {@code s}, which ended, ended without joining this sync */
    private boolean endedBeforeThisSync(final int s) {
        if (sparseCounts) {
            // its COUNT may be left out: the syncs it completed tell (-1, unknown, never decides)
            final long completed = endpoint.control().endedSupersteps(s);
            return completed >= 0 && completed <= process.superstep();
        }
        final ExchangeFrame count = counts[(int) (process.superstep() & 1)][s];
        if (count.isReceived()) {
            return false;
        }
        // drain what it sent before ending, then decide
        endpoint.poll(this, Integer.MAX_VALUE);
        return !count.isReceived();
    }

    /** @return whether {@code s} has arrived at this sync, as far as this process can tell */
    private boolean arrived(final int s, final int parity) {
        if (sparseCounts) {
            // its COUNT may be left out: it says when it enters a sync
            return endpoint.control().quiescence().syncsEntered(s) > process.superstep();
        }
        return counts[parity][s].isReceived();
    }

    private String diagnose(final String phase, final long waitedNs) {
        final int parity = (int) (process.superstep() & 1);
        final StringBuilder sb = new StringBuilder();
        sb.append("pid ").append(me).append(" waited ").append(waitedNs / 1_000_000).append(" ms without progress in ")
            .append("sync of superstep ").append(process.superstep()).append(", ").append(phase);
        final int[] missing = new int[nprocs];
        int count = 0;
        for (int s = 0; s < nprocs; s++) {
            if (s != me && !arrived(s, parity)) {
                missing[count++] = s;
            }
        }
        if (count > 0) {
            sb.append("; pids that had not arrived at sync: [");
            PidRanges.append(sb, missing, count).append(']');
        }
        if (applying && exchange.applySource() < nprocs) {
            sb.append("; waiting for the data of pid ").append(exchange.applySource());
        } else if (!applying && count == 0) {
            sb.append("; get requests received ").append(getsReceived).append(" of ").append(getsExpected);
        }
        splits.describeAwaited(sb);
        return sb.toString();
    }
}
