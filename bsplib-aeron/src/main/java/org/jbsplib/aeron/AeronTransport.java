package org.jbsplib.aeron;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.driver.status.SystemCounterDescriptor;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.IoUtil;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.RunControl;
import org.jbsplib.core.transport.Transport;

/**
 * A transport between JVMs over Aeron IPC: each process's inbox is one {@code aeron:ipc} stream of the host's media
 * driver, written through one shared publication per destination (so the driver holds P logs, not P²), read by the
 * process's subscription. A frame is the 4-byte header {@code src << 8 | type} and its payload; frames of one sender
 * to one destination keep their order because each sender offers them in order to one log.
 *
 * <p>Limits kept apart: {@link #maxFrameLength()} is what {@code offer} takes (term length / 8, fragmented by Aeron
 * and reassembled on receipt), while a zero-copy {@code tryClaim} takes at most one MTU. A claim larger than an MTU
 * is staged in the endpoint and offered on commit; if the inbox is full then, the staged frame stays pending and is
 * offered before anything else to that destination (later offers and claims to it report "no room now"), so a
 * commit never blocks and no two processes can wait on each other's full inboxes.
 *
 * <p>Control plane in-band (frame type 0): ENDED when a process returns from its program, sent on its own thread
 * after its data frames, so a receiver has every frame of a process before it learns that it ended; ABORT with the
 * first failure, to every process of the other JVMs; RESULT with each process's statistics at the end
 * ({@link #gatherResults}). Aeron's NOT_CONNECTED, CLOSED and MAX_POSITION_EXCEEDED fail the run at once, naming the
 * destination.
 *
 * <p>Waiting: Agrona's {@link BackoffIdleStrategy} (spin only while the processes fit on the cores, then yield, then
 * park up to {@link #MAX_PARK_NS}), reset after work: spinning would starve the media driver's thread on few cores.
 *
 * <p>Over UDP ({@code aeron-udp}, a {@link Hosts} given): each JVM starts its own media driver; each local
 * process's inbox is a subscription on its endpoint of the host file and every process has one publication per
 * inbox. A dead JVM cannot say so: a waiting process checks every {@link #LIVENESS_CHECK_NS} that the inbox of
 * every process that has not ended is still connected, and fails the run naming the first that is not. At the end
 * the JVMs exchange BYE frames before closing their drivers, which resend lost packets only while they live.
 *
 * <p>Deadlock detection is off ({@link #detectsDeadlocks()}): the other JVMs' wait states and the frames in the
 * driver's logs are not visible here. Runs rely on {@code --timeout-ms} and {@code --deadline} instead.
 *
 * <pre>{@code
 * try (Transport t = new AeronTransport("aeron-ipc", 4, 1 << 20, 2, new Placement(0, 1, 4, null))) { ... }
 * }</pre>
 */
public final class AeronTransport implements Transport {
    /** Stream id of pid 0's inbox in a JVM's first run; pid p's in run r is {@code STREAM_BASE + r * P + p}. */
    public static final int STREAM_BASE = 1001;
    /** Type id of the Aeron counter that shows the launcher which run a JVM is in. */
    public static final int RUN_COUNTER_TYPE_ID = 7_001;
    /** Label of that counter. */
    static final String RUN_COUNTER_LABEL = "jbsplib run";
    // Runs of this JVM over a launcher's driver, in order. A program runs the same sequence of runs in every JVM
    // (SPMD), so the k-th run here is the k-th run there; its own streams keep a late frame of the previous run
    // (a JVM still gathering its results) out of the next run's inboxes.
    private static final java.util.concurrent.atomic.AtomicInteger RUNS = new java.util.concurrent.atomic.AtomicInteger();
    /** Bytes of a frame's header. */
    public static final int HEADER = 4;
    /** Longest park of a waiting process. */
    public static final long MAX_PARK_NS = 200_000L;
    /** How long a JVM waits for the others' inboxes at start, and for their results at the end. */
    public static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    /** How long the driver waits for a client's keep-alive before it takes the client for dead. */
    public static final long CLIENT_LIVENESS_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    /** Bytes of a media driver's counter values: room for 8,192 counters (a run uses a few per process). */
    static final int COUNTER_VALUES_BYTES = 1 << 20;
    /** Smallest term length Aeron accepts. */
    static final int MIN_TERM_LENGTH = 64 * 1024;

    static final int CONTROL = 0;
    static final int ENDED = 1;
    static final int ABORT = 2;
    static final int RESULT = 3;
    static final int BYE = 4;
    /**
     * Over UDP, by default: how long a publication may go without the receiver's status messages before it counts
     * as not connected, i.e. how soon the others notice that a JVM died (they stop within this and a check
     * interval). {@code --liveness-ms} sets it ({@link AeronUdpTransportProvider#livenessTimeoutNs}).
     */
    public static final long UDP_LIVENESS_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(3);
    /**
     * System property: when {@code true}, a UDP transport prints its driver's loss counters (NAKs sent,
     * retransmits sent) on standard error when it closes, to see that lost packets were recovered.
     */
    public static final String PRINT_LOSS_PROP = "bsplib.aeron.printLoss";
    /** Over UDP: how often a waiting process checks that the inboxes of the processes it may wait for are there. */
    static final long LIVENESS_CHECK_NS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final int MAX_ABORT_TEXT = 2000;

    private final String name;
    private final int nprocs;
    private final Placement placement;
    private final Hosts hosts;
    private final String[] addresses;
    private final long connectTimeoutNs;
    private final long livenessTimeoutNs;
    private final MediaDriver driver;
    private final Aeron aeron;
    private final Publication[] inboxes;
    private final AeronEndpoint[] endpoints;
    private final Control control;
    private final int maxFrameLength;
    private final int maxClaimLength;
    private final AtomicReferenceArray<byte[]> gathered;
    private final AtomicIntegerArray byes;
    private boolean closed;

    /**
     * @param name       the transport's name
     * @param nprocs     the run's number of processes
     * @param termLength term length of each inbox log, a power of two from 64 KiB
     * @param cores      cores the waiting strategy assumes
     * @param placement  the processes this JVM hosts and the driver's directory
     * @throws IllegalStateException if the other JVMs' inboxes do not appear within {@link #CONNECT_TIMEOUT_NS}
     */
    public AeronTransport(final String name, final int nprocs, final int termLength, final int cores,
        final Placement placement) {
        this(name, nprocs, termLength, cores, placement, null, CONNECT_TIMEOUT_NS);
    }

    /**
     * A transport over Aeron UDP when {@code hosts} is given: this JVM starts its own media driver, each local
     * process's inbox is a subscription on its endpoint of the host file, and every process has a publication to
     * every inbox; else over Aeron IPC as {@link #AeronTransport(String, int, int, int, Placement)}.
     *
     * @param name             the transport's name
     * @param nprocs           the run's number of processes
     * @param termLength       term length of each inbox log, a power of two from 64 KiB
     * @param cores            cores the waiting strategy assumes
     * @param placement        the processes this JVM hosts (and, over IPC, the driver's directory)
     * @param hosts            the endpoints of every process over UDP, or {@code null} for IPC
     * @param connectTimeoutNs how long to wait for every inbox to connect at start
     * @throws IllegalStateException if an inbox does not connect within {@code connectTimeoutNs}, naming its pid and
     *                               (over UDP) its address
     */
    public AeronTransport(final String name, final int nprocs, final int termLength, final int cores,
        final Placement placement, final Hosts hosts, final long connectTimeoutNs) {
        this(name, nprocs, termLength, cores, placement, hosts, connectTimeoutNs, UDP_LIVENESS_TIMEOUT_NS);
    }

    /**
     * As {@link #AeronTransport(String, int, int, int, Placement, Hosts, long)}, with the liveness timeout over UDP.
     *
     * @param name              the transport's name
     * @param nprocs            the run's number of processes
     * @param termLength        term length of each inbox log, a power of two from 64 KiB
     * @param cores             cores the waiting strategy assumes
     * @param placement         the processes this JVM hosts (and, over IPC, the driver's directory)
     * @param hosts             the endpoints of every process over UDP, or {@code null} for IPC
     * @param connectTimeoutNs  how long to wait for every inbox to connect at start
     * @param livenessTimeoutNs over UDP, how long an inbox may send no status message before its process counts as
     *                          dead (see {@link #udpDriverContext(String, long)}); unused over IPC
     * @throws IllegalStateException if an inbox does not connect within {@code connectTimeoutNs}, naming its pid and
     *                               (over UDP) its address
     */
    public AeronTransport(final String name, final int nprocs, final int termLength, final int cores,
        final Placement placement, final Hosts hosts, final long connectTimeoutNs, final long livenessTimeoutNs) {
        if (termLength < MIN_TERM_LENGTH || Integer.bitCount(termLength) != 1) {
            throw new IllegalArgumentException("termLength=" + termLength + " must be a power of two >= "
                + MIN_TERM_LENGTH);
        }
        this.name = name;
        this.nprocs = nprocs;
        this.placement = placement;
        this.hosts = hosts;
        this.addresses = new String[nprocs];
        this.connectTimeoutNs = connectTimeoutNs;
        this.livenessTimeoutNs = livenessTimeoutNs;
        this.byes = new AtomicIntegerArray(nprocs);
        this.gathered = new AtomicReferenceArray<>(nprocs);
        this.control = new Control(nprocs);
        this.endpoints = new AeronEndpoint[nprocs];
        this.inboxes = new Publication[nprocs];
        MediaDriver d = null;
        Aeron a = null;
        try {
            String dir = placement.aeronDir();
            if (hosts != null && dir != null) {
                d = MediaDriver.launch(udpDriverContext(dir, livenessTimeoutNs));
            } else if (hosts != null || placement.alone() && dir == null) {
                dir = Files.createTempDirectory(Placement.driverRoot().toPath(), "jbsplib-aeron-").toString();
                d = MediaDriver.launch(hosts == null ? driverContext(dir) : udpDriverContext(dir, livenessTimeoutNs));
            }
            this.driver = d;
            a = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir).errorHandler(this::onAeronError));
            this.aeron = a;
            final String channel = "aeron:ipc?term-length=" + termLength;
            final int run = placement.alone() ? 0 : RUNS.getAndIncrement();
            if (!placement.alone() && hosts == null) {
                aeron.addCounter(RUN_COUNTER_TYPE_ID, RUN_COUNTER_LABEL + " nprocs=" + nprocs).setOrdered(run);
            }
            // subscriptions first: over UDP on one host with ports picked by the system, the publications need them
            for (int pid = 0; pid < nprocs; pid++) {
                if (placement.isLocal(pid)) {
                    final Subscription sub = aeron.addSubscription(hosts == null ? channel
                        : "aeron:udp?endpoint=" + hosts.endpoint(pid), streamId(run, nprocs, pid));
                    endpoints[pid] = new AeronEndpoint(pid, sub, cores);
                }
            }
            for (int pid = 0; pid < nprocs; pid++) {
                addresses[pid] = hosts == null ? "aeron:ipc" : resolvedEndpoint(pid);
                inboxes[pid] = aeron.addPublication(hosts == null ? channel : "aeron:udp?endpoint=" + addresses[pid]
                    + "|term-length=" + termLength, streamId(run, nprocs, pid));
            }
            this.maxFrameLength = inboxes[0].maxMessageLength() - HEADER;
            this.maxClaimLength = inboxes[0].maxPayloadLength() - HEADER;
            awaitConnected();
        } catch (final RuntimeException | java.io.IOException e) {
            CloseHelper.quietClose(a);
            closeDriver(d);
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("aeron: cannot create the driver's directory: " + e, e);
        }
    }

    /** @return the stream id of {@code pid}'s inbox in the JVMs' {@code run}-th run of {@code nprocs} processes */
    static int streamId(final int run, final int nprocs, final int pid) {
        return STREAM_BASE + run * nprocs + pid;
    }

    /** @return the term length for inboxes of {@code ringCapacityBytes}: that, at least {@link #MIN_TERM_LENGTH} */
    public static int termLength(final int ringCapacityBytes) {
        return Math.max(MIN_TERM_LENGTH, ringCapacityBytes);
    }

    /**
     * @param dir the driver's directory
     * @return the context of a media driver for a run's JVMs: one thread for all its agents, yielding when idle
     */
    public static MediaDriver.Context driverContext(final String dir) {
        return new MediaDriver.Context()
            .aeronDirectoryName(dir)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy(1, 10, 1_000, MAX_PARK_NS))
            // generous: a client whose JVM is descheduled or in a long GC pause must not be taken for dead (its
            // publications would close under a correct run); a JVM that really died is reported by the launcher
            .clientLivenessTimeoutNs(CLIENT_LIVENESS_TIMEOUT_NS)
            .publicationUnblockTimeoutNs(2 * CLIENT_LIVENESS_TIMEOUT_NS)
            .termBufferSparseFile(true)
            // the CnC file is zero-filled at every start: Aeron's default 8 MiB of counter values (and 4x that of
            // metadata) took half a second to start a driver here; a run's JVMs use a few counters per process
            .counterValuesBufferLength(COUNTER_VALUES_BYTES);
    }

    /**
     * @param dir               the driver's directory
     * @param livenessTimeoutNs how long a receiver may send no status message before its publication counts as not
     *                          connected (and an image without data or heartbeats as gone)
     * @return the context of a JVM's own media driver for UDP: as {@link #driverContext}, and a publication whose
     *     receiver sent no status message for {@code livenessTimeoutNs} counts as not connected, so the others
     *     notice a dead JVM within about that time. {@code aeron.*} system properties (e.g. Aeron's debug loss
     *     generators) still apply.
     */
    public static MediaDriver.Context udpDriverContext(final String dir, final long livenessTimeoutNs) {
        return driverContext(dir)
            .publicationConnectionTimeoutNs(livenessTimeoutNs)
            .imageLivenessTimeoutNs(livenessTimeoutNs);
    }

    /**
     * @return over UDP, the liveness timeout of this JVM's media driver (how long a receiver may be silent before
     *     its process counts as dead), in nanoseconds
     */
    long livenessTimeoutNs() {
        return driver != null && hosts != null ? driver.context().publicationConnectionTimeoutNs() : livenessTimeoutNs;
    }

    /** The Aeron client's errors: the fatal ones fail the run naming their cause, instead of a later CLOSED. */
    private void onAeronError(final Throwable e) {
        if (e instanceof io.aeron.exceptions.ConductorServiceTimeoutException
            || e instanceof io.aeron.exceptions.DriverTimeoutException
            || e instanceof io.aeron.exceptions.ClientTimeoutException) {
            control.fail(new BspAbortException(-1, -1, "aeron: the client of this JVM stopped: " + e, e));
        } else if (!(e instanceof org.agrona.concurrent.AgentTerminationException)) {
            System.err.println("aeron: " + e);
        }
    }

    /** @return {@code address:port} of {@code pid}'s inbox, the port resolved when the system picked it */
    private String resolvedEndpoint(final int pid) {
        final String endpoint = hosts.endpoint(pid);
        if (!endpoint.endsWith(":0")) {
            return endpoint;
        }
        final long deadline = System.nanoTime() + connectTimeoutNs;
        String resolved;
        while ((resolved = endpoints[pid].inbox.resolvedEndpoint()) == null) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("aeron-udp: the inbox of pid " + pid + " at " + endpoint
                    + " got no port within " + TimeUnit.NANOSECONDS.toMillis(connectTimeoutNs) + " ms");
            }
            sleepQuietly();
        }
        return resolved;
    }

    private void awaitConnected() {
        final long deadline = System.nanoTime() + connectTimeoutNs;
        while (true) {
            final List<Integer> missing = new ArrayList<>();
            for (int pid = 0; pid < nprocs; pid++) {
                if (!inboxes[pid].isConnected()) {
                    missing.add(pid);
                }
            }
            if (missing.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                if (hosts == null) {
                    throw new IllegalStateException("aeron: the inboxes of pids " + missing + " did not appear within "
                        + TimeUnit.NANOSECONDS.toSeconds(connectTimeoutNs) + " s (their JVMs did not start?)");
                }
                final StringBuilder where = new StringBuilder();
                for (final int pid : missing) {
                    where.append(where.length() == 0 ? "" : ", ").append("pid ").append(pid).append(" at ")
                        .append(addresses[pid]);
                }
                throw new IllegalStateException("aeron-udp: unreachable within "
                    + TimeUnit.NANOSECONDS.toMillis(connectTimeoutNs) + " ms: " + where
                    + " (its JVM did not start, or the address or port is wrong or blocked)");
            }
            sleepQuietly();
        }
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(1);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("aeron: interrupted while waiting for the other JVMs", e);
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int nprocs() {
        return nprocs;
    }

    @Override
    public Endpoint endpoint(final int pid) {
        if (!placement.isLocal(pid)) {
            throw new IllegalArgumentException("pid=" + pid + " runs in another JVM (this one hosts pids "
                + placement.firstPid() + ".." + (placement.firstPid() + placement.ranksPerJvm() - 1) + ")");
        }
        return endpoints[pid];
    }

    @Override
    public RunControl control() {
        return control;
    }

    @Override
    public boolean isLocal(final int pid) {
        return placement.isLocal(pid);
    }

    /** Over IPC every process runs on this host and reads its clock; over UDP they may be on several hosts. */
    @Override
    public boolean sharesClock() {
        return hosts == null;
    }

    @Override
    public boolean detectsDeadlocks() {
        return false;
    }

    @Override
    public void gatherResults(final byte[][] results) {
        if (placement.alone()) {
            return;
        }
        final ExpandableArrayBuffer b = new ExpandableArrayBuffer(256);
        for (int src = 0; src < nprocs; src++) {
            final byte[] r = results[src];
            if (r == null) {
                continue;
            }
            b.putInt(0, RESULT);
            b.putBytes(4, r);
            for (int dst = 0; dst < nprocs; dst++) {
                if (!placement.isLocal(dst)) {
                    sendControl(src, dst, b, 4 + r.length);
                }
            }
        }
        final long deadline = System.nanoTime() + CONNECT_TIMEOUT_NS;
        for (int pid = 0; pid < nprocs; pid++) {
            while (results[pid] == null) {
                results[pid] = gathered.get(pid);
                if (results[pid] != null || control.failure() != null) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    control.fail(new BspAbortException(-1, -1, "aeron: no statistics from pid " + pid + " within "
                        + TimeUnit.NANOSECONDS.toSeconds(CONNECT_TIMEOUT_NS) + " s after the end of the run", null));
                } else if (pollAll() == 0) {
                    Thread.yield();
                }
            }
        }
        if (hosts != null && control.failure() == null) {
            sayGoodbye();
        }
    }

    /** Polls every local inbox once, dropping data frames (the run is over); @return the frames seen */
    private int pollAll() {
        final FrameHandler ignore = (src, type, buffer, offset, length) -> { };
        int work = 0;
        for (final AeronEndpoint e : endpoints) {
            if (e != null) {
                work += e.poll(ignore, 64);
            }
        }
        return work;
    }

    /**
     * Over UDP, a JVM's driver resends lost frames only while it lives: a JVM that closed right after it had
     * every result could take another JVM's missing RESULT frame with it. So each JVM, once it has every result,
     * says BYE to every other process and closes only after every other process said BYE (so had every result
     * too), or after {@link #CONNECT_TIMEOUT_NS} at most: a lost BYE only delays the end, it cannot fail the run.
     */
    private void sayGoodbye() {
        final ExpandableArrayBuffer b = new ExpandableArrayBuffer(8);
        b.putInt(0, BYE);
        for (int src = 0; src < nprocs; src++) {
            if (placement.isLocal(src)) {
                for (int dst = 0; dst < nprocs; dst++) {
                    if (!placement.isLocal(dst)) {
                        sendControl(src, dst, b, 4);
                    }
                }
            }
        }
        final long deadline = System.nanoTime() + CONNECT_TIMEOUT_NS;
        for (int pid = 0; pid < nprocs; pid++) {
            while (!placement.isLocal(pid) && byes.get(pid) == 0 && System.nanoTime() < deadline) {
                if (pollAll() == 0) {
                    Thread.yield();
                }
            }
        }
    }

    /** Offers a control frame from {@code src} to {@code dst}, waiting while the inbox is full (not a hot path). */
    private boolean sendControl(final int src, final int dst, final DirectBuffer b, final int length) {
        final UnsafeBuffer header = new UnsafeBuffer(new byte[HEADER]);
        header.putInt(0, src << 8 | CONTROL);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            final long r = inboxes[dst].offer(header, 0, HEADER, b, 0, length);
            if (r > 0) {
                return true;
            }
            if (r != Publication.BACK_PRESSURED && r != Publication.ADMIN_ACTION) {
                return false;
            }
            Thread.yield();
        }
        return false;
    }

    /**
     * Writes the payload of an ABORT control frame (after the frame header).
     *
     * @return its length
     */
    static int encodeAbort(final MutableDirectBuffer b, final int pid, final long superstep, final String text,
        final String cause) {
        b.putInt(0, ABORT);
        b.putInt(4, pid);
        b.putLong(8, superstep);
        final int at = 16 + b.putStringUtf8(16, truncate(text));
        return at + b.putStringUtf8(at, truncate(cause));
    }

    private static String truncate(final String s) {
        return s.length() <= MAX_ABORT_TEXT ? s : s.substring(0, MAX_ABORT_TEXT);
    }

    /**
     * Offers an ABORT frame naming {@code pid} as the failed process to the inboxes of {@code targets}, through a
     * client of the driver in {@code dir}: how the launcher tells the other JVMs that a JVM died without a word.
     *
     * @param dir     the driver's directory
     * @param nprocs  the run's number of processes
     * @param targets the pids to tell
     * @param pid     the failed process
     * @param text    what happened
     */
    static void abortFromOutside(final String dir, final int nprocs, final List<Integer> targets, final int pid,
        final String text) {
        final ExpandableArrayBuffer b = new ExpandableArrayBuffer(256);
        final int length = encodeAbort(b, pid, -1, text, "its JVM is gone");
        final UnsafeBuffer header = new UnsafeBuffer(new byte[HEADER]);
        header.putInt(0, pid << 8 | CONTROL);
        try (Aeron a = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir))) {
            // the runs the JVMs are in, from their run counters
            final java.util.Set<Integer> runs = new java.util.TreeSet<>();
            a.countersReader().forEach((counterId, typeId, key, label) -> {
                if (typeId == RUN_COUNTER_TYPE_ID) {
                    runs.add((int) a.countersReader().getCounterValue(counterId));
                }
            });
            for (final int run : runs) {
                for (final int dst : targets) {
                    offerOnce(a, streamId(run, nprocs, dst), header, b, length);
                }
            }
        }
    }

    private static void offerOnce(final Aeron a, final int streamId, final DirectBuffer header, final DirectBuffer b,
        final int length) {
        // joins the existing inbox log, whatever its term length
        try (Publication pub = a.addPublication("aeron:ipc", streamId)) {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (pub.offer(header, 0, HEADER, b, 0, length) < 0 && System.nanoTime() < deadline) {
                Thread.yield();
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (hosts != null && Boolean.getBoolean(PRINT_LOSS_PROP)) {
            final CountersReader c = aeron.countersReader();
            System.err.println("aeron-udp: driver of pids " + placement.firstPid() + ".."
                + (placement.firstPid() + placement.ranksPerJvm() - 1) + ": naks_sent="
                + c.getCounterValue(SystemCounterDescriptor.NAK_MESSAGES_SENT.id())
                + " retransmits_sent="
                + c.getCounterValue(SystemCounterDescriptor.RETRANSMITS_SENT.id()));
        }
        // Order: publications and subscriptions (with the client), then the driver.
        CloseHelper.quietClose(aeron);
        closeDriver(driver);
    }

    private static void closeDriver(final MediaDriver d) {
        if (d != null) {
            final File dir = new File(d.aeronDirectoryName());
            CloseHelper.quietClose(d);
            IoUtil.delete(dir, true);
        }
    }

    /** The run control of this JVM: failures and ends of local processes travel to the other JVMs as frames. */
    private final class Control extends RunControl {
        private final boolean[][] seen;
        private final int[] seenCount;

        Control(final int nprocs) {
            super(nprocs);
            this.seen = new boolean[nprocs][];
            this.seenCount = new int[nprocs];
        }

        @Override
        public BspAbortException fail(final BspAbortException e) {
            final BspAbortException first = super.fail(e);
            if (first == e && !(e.getCause() instanceof RemoteFailure)) {
                broadcastAbort(e);
            }
            return first;
        }

        private void broadcastAbort(final BspAbortException e) {
            if (placement.alone()) {
                return;
            }
            final ExpandableArrayBuffer b = new ExpandableArrayBuffer(256);
            String text = e.getMessage() == null ? "" : e.getMessage();
            final String prefix = "pid " + e.pid() + " failed in superstep " + e.superstep() + ": ";
            if (e.pid() >= 0 && text.startsWith(prefix)) {
                text = text.substring(prefix.length());
            }
            final int at = encodeAbort(b, e.pid(), e.superstep(), text, String.valueOf(e.getCause()));
            final int src = Math.max(0, placement.firstPid());
            for (int dst = 0; dst < nprocs; dst++) {
                if (!placement.isLocal(dst)) {
                    sendControl(src, dst, b, at);
                }
            }
        }


        void onAbort(final DirectBuffer b, final int offset) {
            final int pid = b.getInt(offset + 4);
            final long superstep = b.getLong(offset + 8);
            final String text = b.getStringUtf8(offset + 16);
            final String cause = b.getStringUtf8(offset + 16 + 4 + b.getInt(offset + 16));
            fail(new BspAbortException(pid, superstep, text, new RemoteFailure(cause)));
        }

        @Override
        public void markEnded(final int pid) {
            if (placement.isLocal(pid)) {
                endpoints[pid].sendEnded();
                // a local process that ended needs nothing more: it no longer waits for anyone's frames
                for (int s = 0; s < nprocs; s++) {
                    if (s != pid) {
                        seen(pid, s);
                    }
                }
            }
            complete(pid);
        }

        /**
         * Local process {@code receiver} has every frame of {@code ended} (its ENDED frame came after them). The
         * shared flag is set once every other local process has them too, so that no local process learns of an
         * end before it has the ended process's last frames.
         */
        synchronized void seen(final int receiver, final int ended) {
            if (seen[ended] == null) {
                seen[ended] = new boolean[nprocs];
            }
            if (!seen[ended][receiver]) {
                seen[ended][receiver] = true;
                seenCount[ended]++;
                complete(ended);
            }
        }

        private synchronized void complete(final int ended) {
            final int need = placement.ranksPerJvm() - (placement.isLocal(ended) ? 1 : 0);
            if (seenCount[ended] >= need && (!placement.isLocal(ended) || endpoints[ended].endSent)
                && !hasEnded(ended)) {
                super.markEnded(ended);
            }
        }
    }

    private final class AeronEndpoint implements Endpoint, FragmentHandler {
        private final int pid;
        private final Subscription inbox;
        private final FragmentAssembler assembler = new FragmentAssembler(this);
        private final BackoffIdleStrategy idler;
        private final UnsafeBuffer header = new UnsafeBuffer(new byte[HEADER]);
        private final UnsafeBuffer controlFrame = new UnsafeBuffer(new byte[8]);
        private final BufferClaim[] claims;
        private final UnsafeBuffer[] staged;
        private final boolean[] claimStaged;
        private final int[] pendingLength;
        private int pendingCount;
        private FrameHandler handler;
        private int delivered;
        volatile boolean endSent;
        private long lastLivenessCheck = System.nanoTime();

        AeronEndpoint(final int pid, final Subscription inbox, final int cores) {
            this.pid = pid;
            this.inbox = inbox;
            this.idler = new BackoffIdleStrategy(nprocs < cores ? 100 : 0, 100, 1_000, MAX_PARK_NS);
            this.claims = new BufferClaim[nprocs];
            this.staged = new UnsafeBuffer[nprocs];
            this.claimStaged = new boolean[nprocs];
            this.pendingLength = new int[nprocs];
            for (int i = 0; i < nprocs; i++) {
                claims[i] = new BufferClaim();
            }
        }

        @Override
        public int pid() {
            return pid;
        }

        @Override
        public int nprocs() {
            return nprocs;
        }

        @Override
        public int maxFrameLength() {
            return maxFrameLength;
        }

        @Override
        public boolean offer(final int dstPid, final int type, final DirectBuffer src, final int offset,
            final int length) {
            if (pendingLength[dstPid] > 0 && !flush(dstPid)) {
                return false;
            }
            header.putInt(0, pid << 8 | type);
            return accepted(inboxes[dstPid].offer(header, 0, HEADER, src, offset, length), dstPid);
        }

        @Override
        public int tryClaim(final int dstPid, final int type, final int length) {
            if (pendingLength[dstPid] > 0 && !flush(dstPid)) {
                return -1;
            }
            if (length > maxClaimLength) {
                // larger than one MTU: staged here, offered (fragmented by Aeron) on commit
                UnsafeBuffer b = staged[dstPid];
                if (b == null || b.capacity() < HEADER + length) {
                    b = new UnsafeBuffer(new byte[HEADER + maxFrameLength]);
                    staged[dstPid] = b;
                }
                b.putInt(0, pid << 8 | type);
                claimStaged[dstPid] = true;
                pendingLength[dstPid] = -(HEADER + length);
                return HEADER;
            }
            final BufferClaim claim = claims[dstPid];
            if (!accepted(inboxes[dstPid].tryClaim(HEADER + length, claim), dstPid)) {
                return -1;
            }
            claimStaged[dstPid] = false;
            claim.buffer().putInt(claim.offset(), pid << 8 | type);
            return claim.offset() + HEADER;
        }

        @Override
        public MutableDirectBuffer claimBuffer(final int dstPid) {
            return claimStaged[dstPid] ? staged[dstPid] : claims[dstPid].buffer();
        }

        @Override
        public void commit(final int dstPid, final int index) {
            if (claimStaged[dstPid]) {
                claimStaged[dstPid] = false;
                pendingLength[dstPid] = -pendingLength[dstPid];
                pendingCount++;
                flush(dstPid);
            } else {
                claims[dstPid].commit();
            }
        }

        /** Offers the staged frame to {@code dst}; @return whether nothing is pending to it any more. */
        private boolean flush(final int dst) {
            if (accepted(inboxes[dst].offer(staged[dst], 0, pendingLength[dst]), dst)) {
                pendingLength[dst] = 0;
                pendingCount--;
                return true;
            }
            return false;
        }

        private boolean accepted(final long result, final int dst) {
            if (result > 0) {
                return true;
            }
            if (result == Publication.BACK_PRESSURED || result == Publication.ADMIN_ACTION) {
                return false;
            }
            final String why;
            if (result == Publication.NOT_CONNECTED) {
                why = "the inbox of pid " + dst + " at " + addresses[dst] + " is not connected: its JVM ended or was"
                    + " killed";
            } else if (result == Publication.CLOSED) {
                why = "the transport was closed while sending to pid " + dst;
            } else if (result == Publication.MAX_POSITION_EXCEEDED) {
                why = "the inbox of pid " + dst + " reached its largest position (term length too small for the run)";
            } else {
                why = "aeron: offer to pid " + dst + " returned " + result;
            }
            control.fail(new BspAbortException(pid, -1, why, null));
            return false;
        }

        @Override
        public int poll(final FrameHandler handler, final int limit) {
            if (pendingCount > 0) {
                for (int d = 0; d < nprocs && pendingCount > 0; d++) {
                    if (pendingLength[d] > 0) {
                        flush(d);
                    }
                }
            }
            this.handler = handler;
            delivered = 0;
            inbox.poll(assembler, Math.max(1, limit));
            return delivered;
        }

        @Override
        public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header h) {
            final int head = buffer.getInt(offset);
            final int type = head & 0xFF;
            final int src = head >>> 8;
            delivered++;
            if (type != CONTROL) {
                handler.onFrame(src, type, buffer, offset + HEADER, length - HEADER);
                return;
            }
            final int kind = buffer.getInt(offset + HEADER);
            if (kind == ENDED) {
                control.seen(pid, src);
            } else if (kind == ABORT) {
                control.onAbort(buffer, offset + HEADER);
            } else if (kind == BYE) {
                byes.set(src, 1);
            } else if (kind == RESULT) {
                final byte[] result = new byte[length - HEADER - 4];
                buffer.getBytes(offset + HEADER + 4, result);
                gathered.set(src, result);
            }
        }

        /** Sends ENDED to every other process, after any pending frame: called on this process's thread. */
        void sendEnded() {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            final FrameHandler ignore = (src, type, buffer, offset, length) -> { };
            controlFrame.putInt(0, ENDED);
            for (int d = 0; d < nprocs; d++) {
                if (d == pid) {
                    continue;
                }
                while (control.failure() == null && System.nanoTime() < deadline) {
                    if (offer(d, CONTROL, controlFrame, 0, 4)) {
                        break;
                    }
                    poll(ignore, 16);
                    Thread.yield();
                }
            }
            endSent = true;
        }

        @Override
        public RunControl control() {
            return control;
        }

        @Override
        public void idle() {
            if (hosts != null) {
                checkLiveness();
            }
            idler.idle();
        }

        /**
         * Over UDP a dead JVM sends nothing more, not even an ABORT: its inbox's publication stops being connected
         * after the liveness timeout ({@code --liveness-ms}). A waiting process checks now and then that every process that
         * has not ended is still there, and fails the run naming the first that is not.
         */
        private void checkLiveness() {
            final long now = System.nanoTime();
            if (now - lastLivenessCheck < LIVENESS_CHECK_NS) {
                return;
            }
            lastLivenessCheck = now;
            for (int d = 0; d < nprocs; d++) {
                if (!placement.isLocal(d) && !control.hasEnded(d) && !inboxes[d].isConnected()
                    && control.failure() == null) {
                    control.fail(new BspAbortException(d, -1, "its inbox at " + addresses[d] + " is not connected"
                        + " any more: its JVM died or the network to it is down (no status message for the liveness"
                        + " timeout of " + TimeUnit.NANOSECONDS.toMillis(livenessTimeoutNs) + " ms, --liveness-ms;"
                        + " noticed by pid " + pid + ")", null));
                    return;
                }
            }
        }

        @Override
        public void resetIdle() {
            idler.reset();
        }
    }
}
