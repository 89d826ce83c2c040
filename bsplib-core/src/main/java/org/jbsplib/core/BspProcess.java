package org.jbsplib.core;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.IntArrayList;
import org.agrona.collections.LongArrayList;
import org.jbsplib.api.Bsp;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.ElementType;
import org.jbsplib.api.QueueSize;
import org.jbsplib.api.Reg;
import org.jbsplib.core.bsmp.MessageQueue;
import org.jbsplib.core.registry.RegHandle;
import org.jbsplib.core.registry.RegistrationTable;
import org.jbsplib.core.sync.Outbox;
import org.jbsplib.core.sync.SyncProcess;
import org.jbsplib.core.sync.SyncProtocol;
import org.jbsplib.core.sync.SyncRecorder;
import org.jbsplib.core.sync.Wire;
import org.jbsplib.core.transport.Endpoint;

/**
 * One BSP process: the {@link Bsp} the program sees. It checks every call's arguments, records communication in
 * per-destination {@link Outbox}es, and leaves {@code sync}/{@code commit} to its {@link SyncProtocol}.
 * Public for tools that read a process (its endpoint, statistics, registrations); its protocol reaches it through
 * a {@link SyncProcess} view of its own. Not part of the user API. Confined to the process's thread.
 */
public final class BspProcess implements Bsp {
    private final int pid;
    private final int nprocs;
    private final BspConfig config;
    private final Endpoint endpoint;
    // where Bsp.time() counts from: the run's wall start, or 0 on a machine with a virtual clock
    private final long originNs;
    private final SyncStats stats = new SyncStats();
    private final RegistrationTable registry;
    // created at the first communication with a destination and reused: only pairs that communicate have one
    private final Outbox[] outboxes;
    private final IntArrayList outboxPids = new IntArrayList();
    private final MessageQueue messages = new MessageQueue();
    private SyncProtocol protocol;
    // null unless the run is traced: then every sync and commit reports to it (one null check when off)
    private SuperstepProbe probe;
    private final SyncView syncView = new SyncView();
    private BspProcess[] peers;
    // the CPU the run pins this process's thread to, or -1 (see ProcessPins)
    private int cpu = -1;
    private java.util.Map<String, String> syncPreset = java.util.Map.of();

    // gets of the current superstep, by get number
    private final java.util.ArrayList<Object> getAreas = new java.util.ArrayList<>();
    private final LongArrayList getOffsets = new LongArrayList();

    // one-element sources of putInt/putLong/putDouble/putByte: a put copies its source at the call
    private final int[] oneInt = new int[1];
    private final long[] oneLong = new long[1];
    private final double[] oneDouble = new double[1];
    private final byte[] oneByte = new byte[1];

    // Virtual threads are not preempted: a process running supersteps that wait for no one (rbs) would keep its
    // carrier for ever, and the processes it does not wait for (which may hold the run's failure) would never run.
    // So each sync and commit is a scheduling point when virtual threads share the cores. Not under virtual time:
    // there the machine's kernel decides who runs, every other process is parked, and the yield only cost a
    // continuation switch, charged to the process as computation (it precedes enterLibrary).
    private final boolean yieldAtSync;

    private long superstep;
    private int tagSize;
    private int nextTagSize;
    private boolean ended;

    /** Creates process {@code pid} attached to {@code endpoint}. */
    public BspProcess(final int pid, final BspConfig config, final Endpoint endpoint, final long startNs) {
        this.pid = pid;
        this.nprocs = config.procs();
        this.config = config;
        this.endpoint = endpoint;
        this.originNs = endpoint.virtualClock() ? 0L : startNs;
        this.registry = new RegistrationTable(pid, nprocs);
        this.outboxes = new Outbox[nprocs];
        this.yieldAtSync = config.threadKind() == ThreadKind.VIRTUAL && nprocs > config.cores()
            && !endpoint.virtualClock();
        stats.liveCounters(endpoint::reportIdle);
    }

    /** @return whether each sync and commit starts with {@link Thread#yield()} (virtual threads sharing the cores) */
    boolean yieldsAtSync() {
        return yieldAtSync;
    }

    /** Attaches the sync protocol (once, before the program starts). */
    void protocol(final SyncProtocol protocol) {
        this.protocol = protocol;
    }

    /** Traces this process's supersteps into {@code tracer} (once, before the program starts). */
    void tracer(final org.jbsplib.core.trace.SuperstepTracer tracer) {
        this.probe = new SuperstepProbe(this, tracer);
    }

    /** The program starts: a traced process's first superstep starts now. */
    void programStarting() {
        if (probe != null) {
            probe.start();
        }
    }

    // ------------------------------------------------------------------ internals for protocols

    /** @return the attached sync protocol (lets a mode's helpers reach their per-process state) */
    public SyncProtocol protocol() {
        return protocol;
    }

    public BspConfig config() {
        return config;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public SyncStats stats() {
        return stats;
    }

    public RegistrationTable registry() {
        return registry;
    }

    /**
     * @return what this process sends to {@code dstPid} this superstep, for reading: {@link Outbox#NONE} if it has
     *         never addressed {@code dstPid}
     */
    public Outbox outbox(final int dstPid) {
        final Outbox out = outboxes[dstPid];
        return out == null ? Outbox.NONE : out;
    }

    /** @return the outbox to {@code dstPid}, for adding records: created at the first call, then reused */
    private Outbox outboxFor(final int dstPid) {
        Outbox out = outboxes[dstPid];
        if (out == null) {
            out = new Outbox();
            outboxes[dstPid] = out;
            outboxPids.addInt(dstPid);
        }
        return out;
    }

    /** @return how many destinations this process has an outbox for (those it has communicated with) */
    public int outboxCount() {
        return outboxPids.size();
    }

    /** @return the destination of the {@code i}-th outbox created, {@code 0 <= i < outboxCount()} */
    int outboxPid(final int i) {
        return outboxPids.getInt(i);
    }

    public MessageQueue messages() {
        return messages;
    }

    /** @return the tag size that takes effect at the next sync */
    public int nextTagSize() {
        return nextTagSize;
    }

    /**
     * Sets the options of the run's sync preset ({@code --sync NAME:PRESET}), which the protocol reads beneath
     * the run's own options. Called by the runtime before the protocol is created.
     */
    void syncPreset(final java.util.Map<String, String> options) {
        this.syncPreset = options;
    }

    /**
     * Lets the protocol reach the other processes of the run ({@link SyncProcess#peer(int)}): set by the runtime,
     * before any process starts, when the transport allows direct copies.
     */
    void peers(final BspProcess[] all) {
        this.peers = all;
    }

    /** @return this process as its sync protocol sees it (handed to the protocol's factory by the runtime) */
    SyncProcess syncView() {
        return syncView;
    }

    /** The protocol's view: reads, plus the changes only the end of a sync makes. */
    private final class SyncView implements SyncProcess {
        @Override
        public int pid() {
            return pid;
        }

        @Override
        public int nprocs() {
            return nprocs;
        }

        @Override
        public long superstep() {
            return superstep;
        }

        @Override
        public Endpoint endpoint() {
            return endpoint;
        }

        @Override
        public SyncRecorder stats() {
            return stats;
        }

        @Override
        public long eagerLimitBytes() {
            return config.eagerLimitBytes();
        }

        @Override
        public long syncTimeoutNs() {
            return config.syncTimeoutNs();
        }

        @Override
        public int cores() {
            return config.cores();
        }

        @Override
        public String option(final String name, final String defaultValue) {
            return config.options().getOrDefault(name, syncPreset.getOrDefault(name, defaultValue));
        }

        @Override
        public RegistrationTable registry() {
            return registry;
        }

        @Override
        public MessageQueue messages() {
            return messages;
        }

        @Override
        public int tagSize() {
            return tagSize;
        }

        @Override
        public int nextTagSize() {
            return nextTagSize;
        }

        @Override
        public Outbox outbox(final int pid) {
            return BspProcess.this.outbox(pid);
        }

        @Override
        public int outboxCount() {
            return BspProcess.this.outboxCount();
        }

        @Override
        public int outboxPid(final int i) {
            return BspProcess.this.outboxPid(i);
        }

        @Override
        public Outbox outboxFor(final int pid) {
            return BspProcess.this.outboxFor(pid);
        }

        @Override
        public SyncProcess peer(final int pid) {
            return peers == null ? null : peers[pid].syncView;
        }

        @Override
        public Object getDestination(final int getId) {
            return getAreas.get(getId);
        }

        @Override
        public long getDestinationOffset(final int getId) {
            return getOffsets.getLong(getId);
        }

        @Override
        public void endSuperstep() {
            tagSize = nextTagSize;
            messages.swap();
            for (int i = 0, n = outboxPids.size(); i < n; i++) {
                outboxes[outboxPids.getInt(i)].reset();
            }
            getAreas.clear();
            getOffsets.clear();
            superstep++;
        }

        @Override
        public BspAbortException fail(final String message, final Throwable cause) {
            return BspProcess.this.fail(message, cause);
        }
    }

    /** Marks the program as ended (every later call fails) and closes the protocol (its barrier port). */
    void end() {
        ended = true;
        if (protocol != null) {
            try {
                protocol.close();
            } catch (final RuntimeException e) {
                fail("closing the sync protocol: " + e, e);
            }
        }
    }

    /** Runs the protocol's end-of-program hook; a traced process reports its last superstep, which has no sync. */
    void programEnded() {
        final SuperstepProbe p = probe;
        if (p != null) {
            p.beforeSync();
        }
        protocol.onProgramEnd();
        stats.refreshLive(); // the waits' totals (idle.*), under every protocol
        if (p != null) {
            p.afterSync(superstep);
        }
    }

    /** @return a failure of this process, recorded as the run's failure if it is the first */
    public BspAbortException fail(final String message, final Throwable cause) {
        return endpoint.control().fail(new BspAbortException(pid, superstep, message, cause));
    }

    /** @param cpu the CPU the run pins this process's thread to, or -1 for none */
    void cpu(final int cpu) {
        this.cpu = cpu;
    }

    /** @return the CPU the run pins this process's thread to, or -1 when it pins none */
    public int cpu() {
        return cpu;
    }

    // ------------------------------------------------------------------ SPMD

    // Like every call, these four refuse an ended program (Bsp: "calls then throw"); the runtime reads an ended
    // process through its SyncView instead.

    @Override
    public int pid() {
        checkLive("pid");
        return pid;
    }

    @Override
    public int nprocs() {
        checkLive("nprocs");
        return nprocs;
    }

    @Override
    public double time() {
        checkLive("time");
        return (endpoint.nanoTime() - originNs) * 1e-9;
    }

    @Override
    public long superstep() {
        checkLive("superstep");
        return superstep;
    }

    @Override
    public BspAbortException abort(final String message) {
        checkLive("abort");
        throw fail("abort: " + message, null);
    }

    @Override
    public void sync() {
        checkLive("sync");
        enterProtocol("sync");
        final SuperstepProbe p = probe;
        if (p != null) {
            p.beforeSync();
        }
        try {
            protocol.sync();
        } finally {
            endpoint.leaveLibrary();
        }
        if (p != null) {
            p.afterSync(superstep - 1);
        }
        endpoint.control().quiescence().progress(pid);
    }

    /**
     * What every entry into the protocol (sync, commit) does first: a scheduling point for virtual threads that
     * share the cores, then the stops. A failure elsewhere stops this process here, even in supersteps that wait
     * for no one (rbs).
     */
    private void enterProtocol(final String call) {
        if (yieldAtSync) {
            Thread.yield();
        }
        endpoint.control().checkFailure();
        checkInterrupt(call);
        endpoint.enterLibrary(superstep);
    }

    @Override
    public void commit(final Reg reg, final int n) {
        checkLive("commit");
        final RegHandle h = registry.ownHandle("commit", reg);
        if (!h.isActive()) {
            throw new IllegalArgumentException("commit: " + h + " is not registered on pid " + pid + " (state "
                + h.state() + ")");
        }
        if (n < 0) {
            throw new IllegalArgumentException("commit: n=" + n + " must be >= 0 (" + h + ")");
        }
        enterProtocol("commit");
        final SuperstepProbe p = probe;
        if (p != null) {
            p.beforeCommit();
        }
        try {
            protocol.commit(h, n);
        } finally {
            endpoint.leaveLibrary();
        }
        if (p != null) {
            p.afterCommit(h.slot(), n);
        }
        endpoint.control().quiescence().progress(pid);
    }

    @Override
    public void requestExchange() {
        checkLive("requestExchange");
        protocol.requestExchange();
    }

    // ------------------------------------------------------------------ registration

    @Override
    public Reg pushReg(final byte[] area) {
        return push(area, ElementType.BYTE, area == null ? 0 : area.length);
    }

    @Override
    public Reg pushReg(final int[] area) {
        return push(area, ElementType.INT, area == null ? 0 : area.length);
    }

    @Override
    public Reg pushReg(final long[] area) {
        return push(area, ElementType.LONG, area == null ? 0 : area.length);
    }

    @Override
    public Reg pushReg(final double[] area) {
        return push(area, ElementType.DOUBLE, area == null ? 0 : area.length);
    }

    @Override
    public Reg pushReg(final MutableDirectBuffer area) {
        return push(area, ElementType.BYTE, area == null ? 0 : area.capacity());
    }

    private Reg push(final Object area, final ElementType type, final int length) {
        checkLive("pushReg");
        if (area == null) {
            throw new IllegalArgumentException("pushReg: area=null");
        }
        return registry.push(area, type, length);
    }

    @Override
    public void popReg(final Reg reg) {
        checkLive("popReg");
        registry.pop(reg);
    }

    // ------------------------------------------------------------------ DRMA

    @Override
    public void put(final int pid, final byte[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("put", pid, src, src == null ? -1 : src.length, ElementType.BYTE, srcOffset, dst, dstOffset, length, false);
    }

    @Override
    public void put(final int pid, final int[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("put", pid, src, src == null ? -1 : src.length, ElementType.INT, srcOffset, dst, dstOffset, length, false);
    }

    @Override
    public void put(final int pid, final long[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("put", pid, src, src == null ? -1 : src.length, ElementType.LONG, srcOffset, dst, dstOffset, length, false);
    }

    @Override
    public void put(final int pid, final double[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("put", pid, src, src == null ? -1 : src.length, ElementType.DOUBLE, srcOffset, dst, dstOffset, length,
            false);
    }

    @Override
    public void put(final int pid, final DirectBuffer src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("put", pid, src, src == null ? -1 : src.capacity(), ElementType.BYTE, srcOffset, dst, dstOffset, length,
            false);
    }

    @Override
    public void putInt(final int pid, final int value, final Reg dst, final int dstOffset) {
        oneInt[0] = value;
        put(pid, oneInt, 0, dst, dstOffset, 1);
    }

    @Override
    public void putLong(final int pid, final long value, final Reg dst, final int dstOffset) {
        oneLong[0] = value;
        put(pid, oneLong, 0, dst, dstOffset, 1);
    }

    @Override
    public void putDouble(final int pid, final double value, final Reg dst, final int dstOffset) {
        oneDouble[0] = value;
        put(pid, oneDouble, 0, dst, dstOffset, 1);
    }

    @Override
    public void putByte(final int pid, final byte value, final Reg dst, final int dstOffset) {
        oneByte[0] = value;
        put(pid, oneByte, 0, dst, dstOffset, 1);
    }

    @Override
    public void hpPut(final int pid, final byte[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("hpPut", pid, src, src == null ? -1 : src.length, ElementType.BYTE, srcOffset, dst, dstOffset, length, true);
    }

    @Override
    public void hpPut(final int pid, final int[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("hpPut", pid, src, src == null ? -1 : src.length, ElementType.INT, srcOffset, dst, dstOffset, length, true);
    }

    @Override
    public void hpPut(final int pid, final long[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("hpPut", pid, src, src == null ? -1 : src.length, ElementType.LONG, srcOffset, dst, dstOffset, length, true);
    }

    @Override
    public void hpPut(final int pid, final double[] src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("hpPut", pid, src, src == null ? -1 : src.length, ElementType.DOUBLE, srcOffset, dst, dstOffset, length,
            true);
    }

    @Override
    public void hpPut(final int pid, final DirectBuffer src, final int srcOffset, final Reg dst, final int dstOffset,
        final int length) {
        put("hpPut", pid, src, src == null ? -1 : src.capacity(), ElementType.BYTE, srcOffset, dst, dstOffset, length,
            true);
    }

    private void put(final String call, final int dstPid, final Object src, final int srcLength,
        final ElementType srcType, final int srcOffset, final Reg dst, final int dstOffset, final int length,
        final boolean unbuffered) {
        checkLive(call);
        checkPid(call, dstPid);
        final RegHandle h = checkReg(call, dst, srcType, src, "src");
        final int bytes = checkRecordBytes(call, srcType, length);
        checkLocalRange(call, "src", src, srcLength, srcOffset, length);
        checkRemoteRange(call, h, dstPid, dstOffset, length, "dstOffset");
        if (length == 0) {
            return;
        }
        final int eb = srcType.bytes();
        final Outbox out = outbox(dstPid);
        if (unbuffered) {
            checkSection(call, "put records", dstPid, out.putSectionBytes() + Wire.REC_HEADER + Wire.HP_EXTRA,
                "split the superstep");
            outboxFor(dstPid).addHpPut(h.slot(), (long) dstOffset * eb, src, (long) srcOffset * eb, bytes);
        } else {
            checkSection(call, "buffered data", dstPid, out.putSectionBytes() + Wire.REC_HEADER + bytes,
                "split the superstep or use hpPut");
            outboxFor(dstPid).addPut(h.slot(), (long) dstOffset * eb, src, (long) srcOffset * eb, bytes);
        }
        protocol.afterPut(dstPid);
    }

    @Override
    public void get(final int pid, final Reg src, final int srcOffset, final byte[] dst, final int dstOffset,
        final int length) {
        get("get", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.BYTE, dstOffset, length);
    }

    @Override
    public void get(final int pid, final Reg src, final int srcOffset, final int[] dst, final int dstOffset,
        final int length) {
        get("get", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.INT, dstOffset, length);
    }

    @Override
    public void get(final int pid, final Reg src, final int srcOffset, final long[] dst, final int dstOffset,
        final int length) {
        get("get", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.LONG, dstOffset, length);
    }

    @Override
    public void get(final int pid, final Reg src, final int srcOffset, final double[] dst, final int dstOffset,
        final int length) {
        get("get", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.DOUBLE, dstOffset, length);
    }

    @Override
    public void get(final int pid, final Reg src, final int srcOffset, final MutableDirectBuffer dst,
        final int dstOffset, final int length) {
        get("get", pid, src, srcOffset, dst, dst == null ? -1 : dst.capacity(), ElementType.BYTE, dstOffset, length);
    }

    @Override
    public void hpGet(final int pid, final Reg src, final int srcOffset, final byte[] dst, final int dstOffset,
        final int length) {
        get("hpGet", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.BYTE, dstOffset, length);
    }

    @Override
    public void hpGet(final int pid, final Reg src, final int srcOffset, final int[] dst, final int dstOffset,
        final int length) {
        get("hpGet", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.INT, dstOffset, length);
    }

    @Override
    public void hpGet(final int pid, final Reg src, final int srcOffset, final long[] dst, final int dstOffset,
        final int length) {
        get("hpGet", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.LONG, dstOffset, length);
    }

    @Override
    public void hpGet(final int pid, final Reg src, final int srcOffset, final double[] dst, final int dstOffset,
        final int length) {
        get("hpGet", pid, src, srcOffset, dst, dst == null ? -1 : dst.length, ElementType.DOUBLE, dstOffset, length);
    }

    @Override
    public void hpGet(final int pid, final Reg src, final int srcOffset, final MutableDirectBuffer dst,
        final int dstOffset, final int length) {
        get("hpGet", pid, src, srcOffset, dst, dst == null ? -1 : dst.capacity(), ElementType.BYTE, dstOffset, length);
    }

    private void get(final String call, final int ownerPid, final Reg src, final int srcOffset, final Object dst,
        final int dstLength, final ElementType dstType, final int dstOffset, final int length) {
        checkLive(call);
        checkPid(call, ownerPid);
        final RegHandle h = checkReg(call, src, dstType, dst, "dst");
        final int bytes = checkRecordBytes(call, dstType, length);
        checkLocalRange(call, "dst", dst, dstLength, dstOffset, length);
        checkRemoteRange(call, h, ownerPid, srcOffset, length, "srcOffset");
        if (length == 0) {
            return;
        }
        final int eb = dstType.bytes();
        final Outbox out = outbox(ownerPid);
        // the owner buffers the results of this process's gets in one section of its outbox to this process
        checkSection(call, "results requested", ownerPid, out.getRequestBytes()
            + (long) (out.getRequestCount() + 1) * Wire.REC_HEADER + bytes, "split the superstep");
        final int id = getAreas.size();
        getAreas.add(dst);
        getOffsets.addLong((long) dstOffset * eb);
        outboxFor(ownerPid).addGetRequest(id, h.slot(), (long) srcOffset * eb, bytes);
        protocol.afterGet(ownerPid);
    }

    // ------------------------------------------------------------------ BSMP

    @Override
    public int setTagSize(final int bytes) {
        checkLive("setTagSize");
        if (bytes < 0) {
            throw new IllegalArgumentException("setTagSize: bytes=" + bytes + " must be >= 0");
        }
        nextTagSize = bytes;
        return tagSize;
    }

    @Override
    public int tagSize() {
        checkLive("tagSize");
        return tagSize;
    }

    @Override
    public void send(final int pid, final byte[] tag, final byte[] payload, final int offset, final int length) {
        checkLive("send");
        checkPid("send", pid);
        if (tag == null) {
            throw new IllegalArgumentException("send: tag=null");
        }
        checkTag(tag.length);
        if (payload == null) {
            throw new IllegalArgumentException("send: payload=null");
        }
        checkLocalRange("send", "payload", payload, payload.length, offset, length);
        checkSection("send", "messages", pid, outbox(pid).messageSectionBytes() + Wire.REC_HEADER + tagSize
            + (long) length, "split the superstep");
        outboxFor(pid).addMessage(tag, 0, tagSize, payload, offset, length);
        protocol.afterSend(pid);
    }

    @Override
    public void send(final int pid, final byte[] tag, final byte[] payload) {
        send(pid, tag, payload, 0, payload == null ? 0 : payload.length);
    }

    @Override
    public void send(final int pid, final DirectBuffer tag, final int tagOffset, final DirectBuffer payload,
        final int offset, final int length) {
        checkLive("send");
        checkPid("send", pid);
        if (tag == null) {
            throw new IllegalArgumentException("send: tag=null");
        }
        checkLocalRange("send", "tag", tag, tag.capacity(), tagOffset, tagSize);
        if (payload == null) {
            throw new IllegalArgumentException("send: payload=null");
        }
        checkLocalRange("send", "payload", payload, payload.capacity(), offset, length);
        checkSection("send", "messages", pid, outbox(pid).messageSectionBytes() + Wire.REC_HEADER + tagSize
            + (long) length, "split the superstep");
        outboxFor(pid).addMessage(tag, tagOffset, tagSize, payload, offset, length);
        protocol.afterSend(pid);
    }

    private void checkTag(final int length) {
        if (length != tagSize) {
            throw new IllegalArgumentException("send: tag length=" + length + " differs from the tag size=" + tagSize
                + " in force this superstep");
        }
    }

    @Override
    public QueueSize qsize() {
        checkLive("qsize");
        return messages.size();
    }

    @Override
    public int getTag(final byte[] tag) {
        checkLive("getTag");
        if (tag == null) {
            throw new IllegalArgumentException("getTag: tag=null");
        }
        final int tagLength = messages.firstTagLength();
        if (tag.length < tagLength) {
            throw new IllegalArgumentException("getTag: tag length=" + tag.length + " is shorter than the tag length="
                + tagLength + " of the first message, the tag size in force when it was sent (tagSize()=" + tagSize
                + " now; messages keep the tag size of the superstep they were sent in)");
        }
        return messages.peekTag(tag);
    }

    @Override
    public int move(final byte[] dst, final int offset, final int maxLength) {
        checkLive("move");
        if (dst == null) {
            throw new IllegalArgumentException("move: dst=null");
        }
        if (offset < 0 || maxLength < 0) {
            throw new IllegalArgumentException("move: offset=" + offset + ", maxLength=" + maxLength
                + " must be >= 0");
        }
        return messages.move(dst, offset, maxLength);
    }

    @Override
    public int hpMove(final DirectBuffer tag, final DirectBuffer payload) {
        checkLive("hpMove");
        if (tag == null || payload == null) {
            throw new IllegalArgumentException("hpMove: tag=" + tag + ", payload=" + payload + " must not be null");
        }
        return messages.hpMove(tag, payload);
    }

    // ------------------------------------------------------------------ checks

    private void checkLive(final String call) {
        if (ended) {
            throw new IllegalStateException(call + " called after the program of pid " + pid + " ended");
        }
    }

    /** Interrupt policy: an interrupted process that enters sync or commit aborts the run (the status stays set). */
    private void checkInterrupt(final String call) {
        if (Thread.currentThread().isInterrupted()) {
            throw fail("interrupted: " + call + " was called with the interrupt status of the thread set",
                new InterruptedException("the thread running pid " + pid + " was interrupted"));
        }
    }

    private void checkPid(final String call, final int p) {
        if (p < 0 || p >= nprocs) {
            throw new IllegalArgumentException(call + ": pid=" + p + " is out of range 0.." + (nprocs - 1));
        }
    }

    private RegHandle checkReg(final String call, final Reg reg, final ElementType localType, final Object local,
        final String localName) {
        if (reg == null) {
            throw new IllegalArgumentException(call + ": reg=null");
        }
        final RegHandle h = registry.ownHandle(call, reg);
        if (!h.isActive()) {
            final String why = switch (h.state()) {
                case PENDING -> "pushed in this superstep; registrations take effect at the next sync";
                case POPPED -> "popped";
                default -> h.state().toString();
            };
            throw new IllegalArgumentException(call + ": " + h + " is not registered on pid " + pid + " (" + why + ")");
        }
        if (local == null) {
            throw new IllegalArgumentException(call + ": " + localName + "=null");
        }
        if (h.elementType() != localType) {
            throw new IllegalArgumentException(call + ": " + localName + " of type " + RegHandle.typeName(local)
                + " does not match the element type " + h.elementType() + " of " + h + " (registered "
                + h.typeName() + ")");
        }
        return h;
    }

    /** @return the bytes of {@code length} elements, refused when one record could not hold them */
    private static int checkRecordBytes(final String call, final ElementType type, final int length) {
        final long bytes = (long) length * type.bytes();
        if (bytes > Outbox.MAX_RECORD_BYTES) {
            throw new IllegalArgumentException(call + ": length=" + length + " elements of " + type + " are " + bytes
                + " bytes, over the limit of " + Outbox.MAX_RECORD_BYTES + " bytes for one put or get; split it");
        }
        return (int) bytes;
    }

    /** Refuses a call that would grow what is buffered for {@code pid} in this superstep past an array's size. */
    private static void checkSection(final String call, final String what, final int pid, final long bytesAfter,
        final String advice) {
        if (bytesAfter > Outbox.MAX_SECTION_BYTES) {
            throw new IllegalArgumentException(call + ": " + what + " for pid " + pid + " in this superstep would "
                + "reach " + bytesAfter + " bytes, over the limit of " + Outbox.MAX_SECTION_BYTES + " bytes; "
                + advice);
        }
    }

    private void checkLocalRange(final String call, final String name, final Object area, final int areaLength,
        final int offset, final int length) {
        if (length < 0) {
            throw new IllegalArgumentException(call + ": length=" + length + " must be >= 0");
        }
        if (offset < 0) {
            throw new IllegalArgumentException(call + ": " + name + "Offset=" + offset + " must be >= 0");
        }
        if ((long) offset + length > areaLength) {
            throw new IllegalArgumentException(call + ": " + name + "Offset=" + offset + " + length=" + length
                + " exceeds " + name + " length=" + areaLength);
        }
    }

    private void checkRemoteRange(final String call, final RegHandle h, final int remotePid, final int offset,
        final int length, final String name) {
        if (offset < 0) {
            throw new IllegalArgumentException(call + ": " + name + "=" + offset + " must be >= 0");
        }
        final int remoteLength = h.remoteLength(remotePid);
        if ((long) offset + length > remoteLength) {
            throw new IllegalArgumentException(call + ": " + name + "=" + offset + " + length=" + length
                + " exceeds registered length=" + remoteLength + " of " + h + " on pid " + remotePid);
        }
    }
}
