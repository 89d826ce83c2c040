package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.core.BspProcess;
import org.jbsplib.core.SyncStats;
import org.jbsplib.core.barrier.BarrierClient;
import org.jbsplib.core.barrier.BarrierPort;
import org.jbsplib.core.barrier.BarrierRun;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.registry.RegistrationTable;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.Quiescence;
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
 * {@code eagerLimitBytes} is sent at once and kept aside by the receiver until its turn; a larger one waits for
 * the receiver's GRANT, so that a process never holds more than the eager streams of others, whatever the
 * superstep's volume (flow control). Senders keep polling their own inbox while a destination is full.
 *
 * <p>Implementation notes: frames from one process to another are FIFO, and a process can be at most one
 * superstep ahead of another in phase 1, so COUNT frames are double-buffered by superstep parity and every
 * other frame belongs to the current superstep.
 */
public final class ClassicSync implements SyncProtocol, FrameHandler, BarrierClient {
    private static final int COUNT_SSTEP = 0;
    private static final int COUNT_BYTES = 8;
    private static final int COUNT_PUTS = 16;
    private static final int COUNT_MESSAGES = 20;
    private static final int COUNT_GETS = 24;
    private static final int COUNT_TAGSIZE = 28;
    private static final int COUNT_REGOPS = 32;
    private static final int COUNT_HEADER = 36;
    private static final int POLL_LIMIT = 64;
    private static final int FRAMES_PER_TURN = 8;

    private final BspProcess process;
    private final Endpoint endpoint;
    private final SyncStats stats;
    private final int me;
    private final int nprocs;
    private final long eagerLimit;
    private final long timeoutNs;
    private long postedWait = -1;
    private final int maxFrame;
    private final UnsafeBuffer scratch;

    // phase 1, by superstep parity
    private final boolean[][] countReceived;
    private final int[] countsReceived = new int[2];
    private final long[][] inBytes;
    private final int[][] inPuts;
    private final int[][] inMessages;
    private final int[][] inGets;
    private final int[][] inTagSize;
    private final int[][] inRegOps;
    private final ExpandableArrayBuffer[][] inRegOpBytes;

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
    private final FrameStash stash;
    private final RecordWriter writer;
    private int applySrc;
    private boolean applying;
    private int[] updates = new int[16];
    // the handle each count belongs to: a slot popped and pushed again in one superstep names a new handle after
    // the sync, and the puts of that superstep went to the old one
    private RegHandle[] updatedRegs = new RegHandle[16];
    private int updatesLength;
    private final DirectBuffer[] regOpViews;
    private final int[] regOpOffsets;

    // the run's barrier backend (null when the protocol was created outside a BspRuntime run)
    private BarrierPort barrier;
    private String barrierPhase;

    /** Creates the protocol of {@code process}. */
    public ClassicSync(final BspProcess process) {
        this.process = process;
        this.endpoint = process.endpoint();
        this.stats = process.stats();
        this.me = process.pid();
        this.nprocs = process.nprocs();
        this.eagerLimit = process.config().eagerLimitBytes();
        this.timeoutNs = process.config().syncTimeoutNs();
        this.maxFrame = endpoint.maxFrameLength();
        this.scratch = new UnsafeBuffer(new byte[maxFrame]);
        this.countReceived = new boolean[2][nprocs];
        this.inBytes = new long[2][nprocs];
        this.inPuts = new int[2][nprocs];
        this.inMessages = new int[2][nprocs];
        this.inGets = new int[2][nprocs];
        this.inTagSize = new int[2][nprocs];
        this.inRegOps = new int[2][nprocs];
        this.inRegOpBytes = new ExpandableArrayBuffer[2][nprocs];
        this.getsFrom = new int[nprocs];
        this.endReceived = new boolean[nprocs];
        this.grantSent = new boolean[nprocs];
        this.granted = new boolean[nprocs];
        this.endSent = new boolean[nprocs];
        this.hasIn = new boolean[nprocs];
        this.eagerIn = new boolean[nprocs];
        this.stash = new FrameStash(nprocs);
        this.writer = new RecordWriter(process, this::countUpdate);
        this.regOpViews = new DirectBuffer[nprocs];
        this.regOpOffsets = new int[nprocs];
    }

    // ------------------------------------------------------------------ sync

    @Override
    public void sync() {
        final long t0 = endpoint.nanoTime();
        exchangeCounts();
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
        this.barrier = run.open(endpoint, this, this::waitIdle);
        this.barrierPhase = "phase 1 (barrier " + run.spec() + ")";
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
        long waitStart = System.nanoTime();
        while (!barrier.isReleased()) {
            if (endpoint.poll(this, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                waitIdle(waitStart, barrierPhase);
            }
        }
    }

    @Override
    public void onProgramEnd() {
        if (barrier != null) {
            stats.count("barrier.episodes", barrier.episodes());
            stats.count("barrier.framesSent", barrier.framesSent());
            if (barrier.modelledMessages() > 0 || barrier.modelledNs() > 0) {
                stats.count("barrier.modelledNs", barrier.modelledNs());
                stats.count("barrier.modelledMessages", barrier.modelledMessages());
            }
        }
    }

    private void exchangeCounts() {
        final long sstep = process.superstep();
        final int parity = (int) (sstep & 1);
        final RegistrationTable registry = process.registry();
        final int regOps = registry.pendingCount();
        final int countLength = COUNT_HEADER + regOps * RegistrationTable.OP_BYTES;
        if (countLength > maxFrame) {
            throw new IllegalStateException("sync: " + regOps + " pushReg/popReg calls in one superstep exceed the "
                + "frame size " + maxFrame + " of the transport (at most "
                + (maxFrame - COUNT_HEADER) / RegistrationTable.OP_BYTES + ")");
        }
        scratch.putLong(COUNT_SSTEP, sstep);
        scratch.putInt(COUNT_TAGSIZE, process.nextTagSize());
        scratch.putInt(COUNT_REGOPS, regOps);
        registry.encodePending(scratch, COUNT_HEADER);
        for (int i = 1; i < nprocs; i++) {
            final int d = (me + i) % nprocs;
            final Outbox out = process.outbox(d);
            scratch.putLong(COUNT_BYTES, out.putAndMessageBytes());
            scratch.putInt(COUNT_PUTS, out.putRecords());
            scratch.putInt(COUNT_MESSAGES, out.messageRecords());
            scratch.putInt(COUNT_GETS, out.getRequestCount());
            sendBlocking(d, Wire.COUNT, scratch, 0, countLength, "phase 1 (count exchange)");
        }
        barrierStep();
        long waitStart = System.nanoTime();
        while (countsReceived[parity] < nprocs - 1) {
            if (endpoint.poll(this, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                waitIdle(waitStart, "phase 1 (count exchange)");
            }
        }
        checkAgreement(parity);
    }

    private void checkAgreement(final int parity) {
        final RegistrationTable registry = process.registry();
        final int myTag = process.nextTagSize();
        for (int s = 0; s < nprocs; s++) {
            if (s == me) {
                continue;
            }
            if (inTagSize[parity][s] != myTag) {
                throw process.fail("setTagSize differs across processes: pid " + me + " set " + myTag + " but pid " + s
                    + " set " + inTagSize[parity][s] + " for superstep " + (process.superstep() + 1), null);
            }
            final String diff = registry.checkSameSequence(s, inRegOps[parity][s], inRegOpBytes[parity][s], 0);
            if (diff != null) {
                throw process.fail(diff, null);
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
            getsExpected += inGets[parity][s];
            final Outbox toS = process.outbox(s);
            hasIn[s] = inPuts[parity][s] + inMessages[parity][s] > 0 || toS.getRequestCount() > 0;
            eagerIn[s] = inBytes[parity][s] + toS.getRequestBytes() <= eagerLimit;
        }
        sendGetRequests();
        serveOwnGets();
        long waitStart = System.nanoTime();
        while (true) {
            boolean progress = endpoint.poll(this, POLL_LIMIT) > 0;
            if (!applying && getsReceived == getsExpected) {
                applying = true;
                startApply();
            }
            if (applying) {
                progress |= advanceApply();
            }
            progress |= sendStreams(parity);
            if (applying && applySrc == nprocs && outgoingDone(parity)) {
                return;
            }
            if (progress) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                waitIdle(waitStart, "phase 2 (data)");
            }
        }
    }

    private void sendGetRequests() {
        for (int i = 1; i < nprocs; i++) {
            final int d = (me + i) % nprocs;
            final Outbox out = process.outbox(d);
            final int count = out.getRequestCount();
            final int perFrame = maxFrame / Wire.GET_REQ_BYTES;
            for (int first = 0; first < count; first += perFrame) {
                final int n = Math.min(perFrame, count - first);
                sendBlocking(d, Wire.GET_REQ, out.getRequests, first * Wire.GET_REQ_BYTES, n * Wire.GET_REQ_BYTES,
                    "phase 2 (get requests)");
            }
        }
    }

    private void serveOwnGets() {
        final Outbox self = process.outbox(me);
        serveGetRequests(me, self.getRequests, 0, self.getRequestCount() * Wire.GET_REQ_BYTES);
    }

    private void serveGetRequests(final int requester, final DirectBuffer buf, final int offset, final int length) {
        final Outbox out = length > 0 ? process.outboxFor(requester) : null;
        for (int at = offset; at < offset + length; at += Wire.GET_REQ_BYTES) {
            final int getId = buf.getInt(at);
            final int slot = buf.getInt(at + 4);
            final long srcOffset = buf.getLong(at + 8);
            final int len = buf.getInt(at + 16);
            final RegHandle h = process.registry().slot(slot);
            if (h == null || srcOffset + len > h.lengthBytes()) {
                throw process.fail("get from pid " + requester + " reads reg#" + slot + " bytes [" + srcOffset + ", "
                    + (srcOffset + len) + ") but " + (h == null ? "the slot is not registered" : h + " has "
                    + h.lengthBytes() + " bytes") + " on pid " + me, null);
            }
            out.addReply(getId, h.area(), srcOffset, len);
        }
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
        applySrc = 0;
    }

    private boolean advanceApply() {
        boolean progress = false;
        while (applySrc < nprocs) {
            final int s = applySrc;
            if (!hasIn[s]) {
                applySrc++;
                continue;
            }
            if (s == me) {
                process.outbox(me).applyLocally(writer);
                applySrc++;
                progress = true;
                continue;
            }
            if (eagerIn[s]) {
                if (!endReceived[s]) {
                    return progress;
                }
                stash.drain(s, writer);
            } else {
                if (!grantSent[s]) {
                    if (!endpoint.offer(s, Wire.GRANT, scratch, 0, 0)) {
                        return progress;
                    }
                    grantSent[s] = true;
                    progress = true;
                }
                if (!endReceived[s]) {
                    return progress;
                }
            }
            applySrc++;
            progress = true;
        }
        return progress;
    }

    private boolean sendStreams(final int parity) {
        boolean progress = false;
        for (int i = 1; i < nprocs; i++) {
            final int d = (me + i) % nprocs;
            final Outbox out = process.outbox(d);
            if (endSent[d] || getsFrom[d] != inGets[parity][d]) {
                continue;
            }
            if (!out.hasRecords()) {
                endSent[d] = true;
                continue;
            }
            final boolean eager = out.putAndMessageBytes() + out.replyBytes() <= eagerLimit;
            if (!eager && !granted[d]) {
                continue;
            }
            for (int f = 0; f < FRAMES_PER_TURN && !out.streamDone(); f++) {
                final int size = out.nextFrame(false, null, 0, maxFrame);
                final int index = endpoint.tryClaim(d, Wire.DATA, size);
                if (index < 0) {
                    break;
                }
                out.nextFrame(true, endpoint.claimBuffer(d), index, size);
                endpoint.commit(d, index);
                stats.addSent(1, size);
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

    private boolean outgoingDone(final int parity) {
        for (int d = 0; d < nprocs; d++) {
            if (d != me && !endSent[d]) {
                return false;
            }
        }
        return true;
    }

    private void finishSuperstep() {
        final int parity = (int) (process.superstep() & 1);
        for (int s = 0; s < nprocs; s++) {
            regOpViews[s] = s == me ? null : inRegOpBytes[parity][s];
            regOpOffsets[s] = 0;
        }
        process.registry().applyPending(regOpViews, regOpOffsets);
        process.applyTagSize();
        process.messages().swap();
        process.resetOutboxes();
        for (int s = 0; s < nprocs; s++) {
            endReceived[s] = false;
            grantSent[s] = false;
            granted[s] = false;
            endSent[s] = false;
            getsFrom[s] = 0;
            stash.clear(s);
            countReceived[parity][s] = false;
        }
        countsReceived[parity] = 0;
        getsReceived = 0;
        applying = false;
        process.clearGets();
        process.advanceSuperstep();
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
                serveGetRequests(src, buffer, offset, length);
                final int n = length / Wire.GET_REQ_BYTES;
                getsFrom[src] += n;
                getsReceived += n;
            }
            case Wire.DATA -> {
                if (applying && applySrc == src && grantSent[src]) {
                    writer.applyFrame(buffer, offset, length);
                } else {
                    stash.keep(src, buffer, offset, length);
                }
            }
            case Wire.END -> endReceived[src] = true;
            case Wire.GRANT -> granted[src] = true;
            default -> throw process.fail("protocol error: frame type " + type + " from pid " + src
                + " is not part of the classic sync", null);
        }
    }

    private void onCount(final int src, final DirectBuffer buffer, final int offset, final int length) {
        final long sstep = buffer.getLong(offset + COUNT_SSTEP);
        final long mine = process.superstep();
        if (sstep != mine && sstep != mine + 1) {
            throw process.fail("protocol error: COUNT of superstep " + sstep + " from pid " + src + " while pid " + me
                + " is in superstep " + mine, null);
        }
        final int parity = (int) (sstep & 1);
        inBytes[parity][src] = buffer.getLong(offset + COUNT_BYTES);
        inPuts[parity][src] = buffer.getInt(offset + COUNT_PUTS);
        inMessages[parity][src] = buffer.getInt(offset + COUNT_MESSAGES);
        inGets[parity][src] = buffer.getInt(offset + COUNT_GETS);
        inTagSize[parity][src] = buffer.getInt(offset + COUNT_TAGSIZE);
        final int ops = buffer.getInt(offset + COUNT_REGOPS);
        inRegOps[parity][src] = ops;
        if (ops > 0) {
            ExpandableArrayBuffer b = inRegOpBytes[parity][src];
            if (b == null) {
                b = new ExpandableArrayBuffer(ops * RegistrationTable.OP_BYTES);
                inRegOpBytes[parity][src] = b;
            }
            b.putBytes(0, buffer, offset + COUNT_HEADER, ops * RegistrationTable.OP_BYTES);
        }
        countReceived[parity][src] = true;
        countsReceived[parity]++;
    }

    // ------------------------------------------------------------------ waiting

    private void sendBlocking(final int dst, final int type, final DirectBuffer buf, final int offset,
        final int length, final String phase) {
        long waitStart = 0;
        while (!endpoint.offer(dst, type, buf, offset, length)) {
            if (waitStart == 0) {
                waitStart = System.nanoTime();
            }
            if (endpoint.poll(this, POLL_LIMIT) > 0) {
                endpoint.resetIdle();
                waitStart = System.nanoTime();
            } else {
                waitIdle(waitStart, phase + ", sending to pid " + dst + " whose inbox is full");
            }
        }
        stats.addSent(1, length);
    }

    private void waitIdle(final long waitStart, final String phase) {
        endpoint.control().checkFailure();
        if (Thread.currentThread().isInterrupted()) {
            throw process.fail("interrupted while waiting in sync of superstep " + process.superstep() + " (" + phase
                + ")", new InterruptedException("the thread running pid " + me + " was interrupted"));
        }
        final long waited = System.nanoTime() - waitStart;
        if (waited > timeoutNs) {
            throw process.fail("sync timed out", new BspTimeoutException(diagnose(phase, waited)));
        }
        if (waited > Quiescence.POST_AFTER_NS && postedWait != waitStart) {
            postedWait = waitStart;
            endpoint.control().quiescence().post(me, "sync of superstep " + process.superstep() + ", " + phase);
        }
        checkEndedPeers(phase);
        endpoint.idle();
    }

    private void checkEndedPeers(final String phase) {
        if (endpoint.control().endedCount() == 0) {
            return; // the usual case: O(1) per idle step instead of a look at every pid
        }
        final int parity = (int) (process.superstep() & 1);
        for (int s = 0; s < nprocs; s++) {
            if (s != me && !countReceived[parity][s] && endpoint.control().hasEnded(s)) {
                // drain what it sent before ending, then decide
                endpoint.poll(this, Integer.MAX_VALUE);
                if (!countReceived[parity][s]) {
                    throw process.fail("pid " + s + " ended its program while pid " + me + " waits for it in sync of "
                        + "superstep " + process.superstep() + " (" + phase + "): every process must make the same "
                        + "number of sync calls", null);
                }
            }
        }
    }

    private String diagnose(final String phase, final long waitedNs) {
        final int parity = (int) (process.superstep() & 1);
        final StringBuilder sb = new StringBuilder();
        sb.append("pid ").append(me).append(" waited ").append(waitedNs / 1_000_000).append(" ms without progress in ")
            .append("sync of superstep ").append(process.superstep()).append(", ").append(phase);
        final int[] missing = new int[nprocs];
        int count = 0;
        for (int s = 0; s < nprocs; s++) {
            if (s != me && !countReceived[parity][s]) {
                missing[count++] = s;
            }
        }
        if (count > 0) {
            sb.append("; pids that had not arrived at sync: [");
            PidRanges.append(sb, missing, count).append(']');
        }
        if (applying && applySrc < nprocs) {
            sb.append("; waiting for the data of pid ").append(applySrc);
        } else if (!applying && count == 0) {
            sb.append("; get requests received ").append(getsReceived).append(" of ").append(getsExpected);
        }
        return sb.toString();
    }
}
