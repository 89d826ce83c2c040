package org.jbsplib.core;

import org.jbsplib.core.sync.SyncRecorder;

/**
 * Synchronization statistics of one process, accumulated over a run. Times are in nanoseconds.
 *
 * <p>For the classic sync, {@code barrierNs} is phase 1 (the exchange of counts, which is also the barrier,
 * including waiting) and {@code commNs} phase 2 (the data). {@code syncNs} is the whole time spent in
 * {@code sync()} and {@code commit()} (the paper's T_sync). Sync modes may add named counters
 * ({@link #counter(String)}): messages by kind, waits, and so on.
 *
 * <p>Thread-confined: a process's statistics are written by its own thread only; read them from that thread
 * during the run ({@link BspRuntime#stats(org.jbsplib.api.Bsp)}) or from any thread after the run. To measure a
 * section of a program, take a {@link #snapshot()} where it starts and {@link #since(SyncStats)} where it ends:
 * <pre>{@code
 * SyncStats start = BspRuntime.stats(bsp).snapshot();
 * timedSection(bsp);
 * SyncStats section = BspRuntime.stats(bsp).since(start);
 * }</pre>
 */
public final class SyncStats implements SyncRecorder {
    private long syncs;
    private long syncNs;
    private long barrierNs;
    private long commNs;
    private long commitNs;
    private long waitNs;
    private long bytesSent;
    private long bytesReceived;
    private long framesSent;
    private long framesReceived;
    private long exchangeSupersteps;
    private long relaxedSupersteps;
    private final java.util.Map<String, Long> counters = new java.util.TreeMap<>();
    private SyncStats sectionStart;
    // totals kept elsewhere (the endpoint's waits), read into the counters at a section's edges and at the end
    private java.util.function.Consumer<java.util.function.ObjLongConsumer<String>> live;
    private SyncStats section;

    /** Records one sync's two phases. */
    @Override
    public void recordSync(final long phase1Ns, final long phase2Ns) {
        syncs++;
        barrierNs += phase1Ns;
        commNs += phase2Ns;
        syncNs += phase1Ns + phase2Ns;
    }

    /** Records time spent in sync that is not split into phases (relaxed sync). */
    @Override
    public void recordSyncTotal(final long ns) {
        syncs++;
        syncNs += ns;
    }

    /** Records time spent in commit (counted in T_sync as the paper does). */
    @Override
    public void recordCommit(final long ns) {
        commitNs += ns;
        syncNs += ns;
    }

    /** Adds time spent waiting for other processes. */
    @Override
    public void addWaitNs(final long ns) {
        waitNs += ns;
    }

    /** Adds to the barrier-phase time without counting a sync (e.g. RBS fallback exchanges). */
    @Override
    public void addBarrierNs(final long ns) {
        barrierNs += ns;
    }

    /** Adds to the communication-phase time without counting a sync. */
    @Override
    public void addCommNs(final long ns) {
        commNs += ns;
    }

    @Override
    public void addSent(final int frames, final long bytes) {
        framesSent += frames;
        bytesSent += bytes;
    }

    @Override
    public void addReceived(final int frames, final long bytes) {
        framesReceived += frames;
        bytesReceived += bytes;
    }

    @Override
    public void countSuperstep(final boolean exchange) {
        if (exchange) {
            exchangeSupersteps++;
        } else {
            relaxedSupersteps++;
        }
    }

    /**
     * @return the supersteps that used the count exchange, as counted by a protocol with two kinds of superstep
     *     (RBS; 0 for the classic sync, whose every superstep is one); their phases are {@link #barrierNs()} and
     *     {@link #commNs()}
     */
    public long exchangeSupersteps() {
        return exchangeSupersteps;
    }

    /** @return the relaxed supersteps (RBS), 0 for the classic sync */
    public long relaxedSupersteps() {
        return relaxedSupersteps;
    }

    /** Adds {@code delta} to a named counter. */
    @Override
    public void count(final String name, final long delta) {
        counters.merge(name, delta, Long::sum);
    }

    /**
     * Adds a source of counters kept as running totals elsewhere (e.g. {@code idle.*}, the endpoint's waits,
     * {@link org.jbsplib.core.transport.Endpoint#reportIdle}, or a protocol's own): their values are read into the
     * counters, replacing the last ones, at {@link #refreshLive()}, which {@link #startSection()} and
     * {@link #stopSection()} call, so a timed section counts them too. Owner's thread only.
     *
     * @param source reports each total to the consumer it is given
     */
    @Override
    public void liveCounters(final java.util.function.Consumer<java.util.function.ObjLongConsumer<String>> source) {
        this.live = live == null ? source : live.andThen(source);
    }

    /** Reads the totals of the {@link #liveCounters} source into the counters. Owner's thread only. */
    public void refreshLive() {
        if (live != null) {
            live.accept(counters::put);
        }
    }

    /** @return a named counter's value, 0 if never counted */
    public long counter(final String name) {
        return counters.getOrDefault(name, 0L);
    }

    /** @return every named counter */
    public java.util.Map<String, Long> counters() {
        return java.util.Collections.unmodifiableMap(counters);
    }

    public long syncs() {
        return syncs;
    }

    public long syncNs() {
        return syncNs;
    }

    public long barrierNs() {
        return barrierNs;
    }

    public long commNs() {
        return commNs;
    }

    public long commitNs() {
        return commitNs;
    }

    public long waitNs() {
        return waitNs;
    }

    public long bytesSent() {
        return bytesSent;
    }

    public long bytesReceived() {
        return bytesReceived;
    }

    public long framesSent() {
        return framesSent;
    }

    public long framesReceived() {
        return framesReceived;
    }

    /**
     * Marks the start of the process's timed section (a later start replaces an earlier section). The section
     * travels with the statistics ({@link #encode()}), so a report can show it for processes of other JVMs.
     */
    public void startSection() {
        refreshLive();
        sectionStart = snapshot();
    }

    /**
     * Marks the end of the timed section: {@link #section()} becomes what was recorded since {@link #startSection()}.
     *
     * @throws IllegalStateException if no section was started
     */
    public void stopSection() {
        if (sectionStart == null) {
            throw new IllegalStateException("stopSection: no section was started");
        }
        refreshLive();
        section = since(sectionStart);
    }

    /** @return the statistics of the last whole timed section, or {@code null} if none was marked */
    public SyncStats section() {
        return section;
    }

    /** @return a copy of the sums and counters as they are now (without the per-sync lists) */
    public SyncStats snapshot() {
        return since(new SyncStats());
    }

    /**
     * @param start an earlier {@link #snapshot()} of these statistics
     * @return what was recorded since {@code start}: every sum and counter minus its value then (counters that did
     *     not change are left out)
     */
    public SyncStats since(final SyncStats start) {
        if (start == null) {
            throw new IllegalArgumentException("start=null");
        }
        final SyncStats d = new SyncStats();
        d.syncs = syncs - start.syncs;
        d.syncNs = syncNs - start.syncNs;
        d.barrierNs = barrierNs - start.barrierNs;
        d.commNs = commNs - start.commNs;
        d.commitNs = commitNs - start.commitNs;
        d.waitNs = waitNs - start.waitNs;
        d.bytesSent = bytesSent - start.bytesSent;
        d.bytesReceived = bytesReceived - start.bytesReceived;
        d.framesSent = framesSent - start.framesSent;
        d.framesReceived = framesReceived - start.framesReceived;
        d.exchangeSupersteps = exchangeSupersteps - start.exchangeSupersteps;
        d.relaxedSupersteps = relaxedSupersteps - start.relaxedSupersteps;
        for (final java.util.Map.Entry<String, Long> e : counters.entrySet()) {
            final long delta = e.getValue() - start.counter(e.getKey());
            if (delta != 0) {
                d.counters.put(e.getKey(), delta);
            }
        }
        return d;
    }

    /**
     * Encodes the sums, counters and timed section, for a transport that sends a process's statistics to another
     * JVM at the end of a run ({@link #decode}). Not for hot paths.
     *
     * @return the encoded statistics
     */
    public byte[] encode() {
        final org.agrona.ExpandableArrayBuffer b = new org.agrona.ExpandableArrayBuffer(128);
        int at = 0;
        for (final long v : new long[] {syncs, syncNs, barrierNs, commNs, commitNs, waitNs, bytesSent, bytesReceived,
            framesSent, framesReceived}) {
            b.putLong(at, v);
            at += Long.BYTES;
        }
        b.putInt(at, counters.size());
        at += Integer.BYTES;
        for (final java.util.Map.Entry<String, Long> e : counters.entrySet()) {
            at += b.putStringUtf8(at, e.getKey());
            b.putLong(at, e.getValue());
            at += Long.BYTES;
        }
        final byte[] inner = section == null ? new byte[0] : section.encode();
        b.putInt(at, inner.length);
        b.putBytes(at + Integer.BYTES, inner);
        at += Integer.BYTES + inner.length;
        final byte[] out = new byte[at];
        b.getBytes(0, out);
        return out;
    }

    /**
     * @param bytes what {@link #encode()} returned
     * @return the statistics it encodes
     * @throws IllegalArgumentException if {@code bytes} is not such an encoding, naming its length
     */
    public static SyncStats decode(final byte[] bytes) {
        final org.agrona.concurrent.UnsafeBuffer b = new org.agrona.concurrent.UnsafeBuffer(bytes);
        final SyncStats s = new SyncStats();
        try {
            s.syncs = b.getLong(0);
            s.syncNs = b.getLong(8);
            s.barrierNs = b.getLong(16);
            s.commNs = b.getLong(24);
            s.commitNs = b.getLong(32);
            s.waitNs = b.getLong(40);
            s.bytesSent = b.getLong(48);
            s.bytesReceived = b.getLong(56);
            s.framesSent = b.getLong(64);
            s.framesReceived = b.getLong(72);
            int at = 80;
            final int n = b.getInt(at);
            at += Integer.BYTES;
            for (int i = 0; i < n; i++) {
                final String key = b.getStringUtf8(at);
                at += Integer.BYTES + b.getInt(at);
                s.counters.put(key, b.getLong(at));
                at += Long.BYTES;
            }
            final int inner = b.getInt(at);
            at += Integer.BYTES;
            if (inner > 0) {
                s.section = decode(java.util.Arrays.copyOfRange(bytes, at, at + inner));
                at += inner;
            }
            if (at != bytes.length) {
                throw new IllegalArgumentException("bytes.length=" + bytes.length + " is not an encoding of SyncStats"
                    + " (it ends at " + at + ")");
            }
        } catch (final IndexOutOfBoundsException e) {
            throw new IllegalArgumentException("bytes.length=" + bytes.length + " is too short for SyncStats", e);
        }
        return s;
    }
}
