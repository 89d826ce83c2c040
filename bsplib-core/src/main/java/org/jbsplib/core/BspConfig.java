package org.jbsplib.core;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.barrier.BarrierSpec;
import org.jbsplib.core.barrier.Barriers;

/**
 * Configuration of one run (the "Context" of the runtime). Every field defaults from a {@code bsplib.*} system
 * property, named by the constant beside it; the fluent setters override it. {@link #conclude()} validates
 * everything once, with messages naming the offending value, and freezes the configuration.
 *
 * <pre>{@code
 * BspConfig config = new BspConfig().procs(8).syncMode("org").syncTimeoutNs(TimeUnit.SECONDS.toNanos(30));
 * }</pre>
 */
public final class BspConfig {
    /** Number of processes P. */
    public static final String PROCS_PROP = "bsplib.procs";
    /**
     * Synchronization mode: {@code org} (classic two-phase) or {@code rbs} (relaxed barrier), optionally with a
     * preset ({@code org:paper}, {@code rbs:paper}; see {@link org.jbsplib.core.sync.SyncSpec}).
     */
    public static final String SYNC_PROP = "bsplib.sync";
    /** Barrier backend used by the synchronization (a name found by ServiceLoader, with optional options). */
    public static final String BARRIER_PROP = "bsplib.barrier";
    /** Transport: {@code threads} is the embedded default. */
    public static final String TRANSPORT_PROP = "bsplib.transport";
    /**
     * How long a process may wait without progress in one sync or commit before the run is aborted, in ms; 0 (the
     * default): no limit, deadlocks are detected instead.
     */
    public static final String SYNC_TIMEOUT_MS_PROP = "bsplib.syncTimeoutMs";
    /** The longest a whole run may take, in ms, before it is aborted; 0 (the default): no limit. */
    public static final String DEADLINE_MS_PROP = "bsplib.deadlineMs";
    /** Whether the runtime detects deadlocks (every live process waiting in the library, nothing in flight). */
    public static final String DEADLOCK_DETECTION_PROP = "bsplib.deadlockDetection";
    /** Capacity of each process's inbox ring buffer in bytes (a power of two); 0 picks by P. */
    public static final String RING_CAPACITY_PROP = "bsplib.ringCapacityBytes";
    /**
     * The default of the classic sync's rendezvous threshold (option {@code org.rendezvousBytes}) and of RBS's eager
     * limit (option {@code rbs.eagerBytes}): streams of at most this many bytes move eagerly.
     */
    public static final String EAGER_LIMIT_PROP = "bsplib.eagerLimitBytes";
    /** Chaos seed of the transport (random delays and reorderings); absent or -1: off. */
    public static final String CHAOS_PROP = "bsplib.chaos";
    /** Number of cores the wait strategy assumes (spin only while P is at most this). */
    public static final String CORES_PROP = "bsplib.cores";
    /**
     * While P is at most the cores and processes run on platform threads: how long, in ns, a waiting process keeps
     * yielding after its spin before it parks (0: 50 yields, then park). Yielding keeps the wake-up of the next
     * frame within a yield, where a parked thread needs the scheduler to wake it; under contention a yield gives
     * the core away as a park would.
     */
    public static final String IDLE_YIELD_PROP = "bsplib.idleYieldNs";
    /**
     * Default of {@link #IDLE_YIELD_PROP}: 100 ms. Each process has a core of its own, so a wait gives nothing away
     * by yielding instead of parking, while a park costs its wake-up and lets the core go idle, after which the
     * scheduler may wake the thread next to its partner: waits of a few milliseconds (a partner that computes a
     * little longer, as in NPB FT at P = 2) parked at every superstep with the former 1 ms. A wait this long costs
     * far more than a wake-up, so it may park.
     */
    public static final long DEFAULT_IDLE_YIELD_NS = 100_000_000L;
    /** The kind of thread of each process: {@code platform}, {@code virtual} (Java 21+) or {@code auto}. */
    public static final String THREADS_PROP = "bsplib.threads";
    /**
     * Whether each process's thread is pinned to a CPU of its own: {@code auto} (the default), {@code on} or
     * {@code off} (see {@link Pinning}).
     */
    public static final String PIN_PROP = "bsplib.pin";
    /**
     * The machine the run executes on: empty for the host itself, or a machine model's spec
     * {@code NAME[:OPTIONS]}, e.g. {@code virtual:sp2-us;L=20us} (see {@link org.jbsplib.core.Machines}).
     */
    public static final String MACHINE_PROP = "bsplib.machine";
    /**
     * Trace directory: every process records each superstep in a journal there (needs the {@code bsplib-trace}
     * module; see {@link org.jbsplib.core.trace.Tracing}); absent or empty: not traced.
     */
    public static final String TRACE_PROP = "bsplib.trace";

    public static final int DEFAULT_PROCS = 2;
    public static final String DEFAULT_SYNC = "org";
    public static final String DEFAULT_TRANSPORT = "threads";
    /** No limit, for {@link #syncTimeoutNs(long)} and {@link #deadlineNs(long)}. */
    public static final long NO_LIMIT = Long.MAX_VALUE;
    public static final int DEFAULT_EAGER_LIMIT = 16 * 1024;
    /** The most processes a run may have. */
    public static final int MAX_PROCS = 1 << 16;

    private int procs = intProperty(PROCS_PROP, DEFAULT_PROCS);
    private String syncMode = System.getProperty(SYNC_PROP, DEFAULT_SYNC);
    private String barrier = System.getProperty(BARRIER_PROP, "");
    private String transport = System.getProperty(TRANSPORT_PROP, DEFAULT_TRANSPORT);
    private long syncTimeoutNs = limitFromMs(longProperty(SYNC_TIMEOUT_MS_PROP, 0L));
    private long deadlineNs = limitFromMs(longProperty(DEADLINE_MS_PROP, 0L));
    private boolean deadlockDetection = booleanProperty(DEADLOCK_DETECTION_PROP, true);
    private int ringCapacityBytes = intProperty(RING_CAPACITY_PROP, 0);
    private int eagerLimitBytes = intProperty(EAGER_LIMIT_PROP, DEFAULT_EAGER_LIMIT);
    private long chaosSeed = longProperty(CHAOS_PROP, -1L);
    private int cores = intProperty(CORES_PROP, Runtime.getRuntime().availableProcessors());
    private long idleYieldNs = longProperty(IDLE_YIELD_PROP, DEFAULT_IDLE_YIELD_NS);
    private String threads = System.getProperty(THREADS_PROP, ThreadKind.AUTO.toString());
    private String pin = System.getProperty(PIN_PROP, Pinning.AUTO.toString());
    private String machine = System.getProperty(MACHINE_PROP, "");
    private java.nio.file.Path traceDir = traceFrom(System.getProperty(TRACE_PROP, ""));
    private ThreadKind threadKind;
    private final Map<String, String> options = new LinkedHashMap<>();
    private boolean concluded;

    /**
     * A configuration with every field at its {@code bsplib.*} system property, or at its default where the property
     * is absent.
     *
     * @throws IllegalArgumentException if a numeric or boolean property does not parse, naming it and its value (a
     *                                  typo must not fall back to the default silently: {@code
     *                                  -Dbsplib.deadlockDetection=on} would have turned the detector off)
     */
    public BspConfig() {
        // the fields' initializers read the properties
    }

    private static int intProperty(final String name, final int def) {
        final long v = longProperty(name, def);
        if (v != (int) v) {
            throw new IllegalArgumentException(name + "=" + System.getProperty(name) + " (system property) is out of "
                + "the range of an int");
        }
        return (int) v;
    }

    private static long longProperty(final String name, final long def) {
        final String v = System.getProperty(name);
        if (v == null) {
            return def;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + v + " (system property) is not an integer");
        }
    }

    private static boolean booleanProperty(final String name, final boolean def) {
        final String v = System.getProperty(name);
        if (v == null) {
            return def;
        }
        if (v.trim().equalsIgnoreCase("true") || v.trim().equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v.trim());
        }
        throw new IllegalArgumentException(name + "=" + v + " (system property) is not true or false");
    }

    /** @return P, the number of processes */
    public int procs() {
        return procs;
    }

    /** @param procs P, from 1 to {@link #MAX_PROCS} @return this */
    public BspConfig procs(final int procs) {
        checkMutable();
        this.procs = procs;
        return this;
    }

    /** @return the synchronization mode name ({@code org} or {@code rbs}) */
    public String syncMode() {
        return syncMode;
    }

    /** @param syncMode {@code org} (classic) or {@code rbs} (relaxed) @return this */
    public BspConfig syncMode(final String syncMode) {
        checkMutable();
        this.syncMode = syncMode;
        return this;
    }

    /** @return the barrier backend spec ({@code name[:key=value,...]}), empty for the sync's default */
    public String barrier() {
        return barrier;
    }

    /** @param barrier a backend spec {@code name[:key=value,...]}, or empty for the default @return this */
    public BspConfig barrier(final String barrier) {
        checkMutable();
        this.barrier = barrier == null ? "" : barrier;
        return this;
    }

    /** @return the machine spec ({@code NAME[:OPTIONS]}), empty when the run executes on the host itself */
    public String machine() {
        return machine;
    }

    /**
     * @param machine a machine spec {@code NAME[:OPTIONS]} such as {@code virtual:sp2-us;L=20us}, or empty for the
     *                host @return this
     */
    public BspConfig machine(final String machine) {
        checkMutable();
        this.machine = machine == null ? "" : machine.trim();
        return this;
    }

    /** @return whether the run executes on a machine model rather than on the host */
    public boolean onMachineModel() {
        return !machine.isEmpty();
    }

    /** @return the transport name */
    public String transport() {
        return transport;
    }

    /**
     * @param transport the transport name, one found by {@link org.jbsplib.core.Transports}
     *     ({@code threads}; {@code aeron-ipc} when its module is on the class path); checked by {@link #conclude()}
     * @return this
     */
    public BspConfig transport(final String transport) {
        checkMutable();
        this.transport = transport;
        return this;
    }

    /** @return the longest a process waits without progress in one sync or commit, in ns; {@link #NO_LIMIT}: none */
    public long syncTimeoutNs() {
        return syncTimeoutNs;
    }

    /**
     * @param syncTimeoutNs the longest wait without progress in one sync or commit, in ns, {@code > 0};
     *                      {@link #NO_LIMIT} (the default) for none: deadlocks are detected instead
     * @return this
     */
    public BspConfig syncTimeoutNs(final long syncTimeoutNs) {
        checkMutable();
        this.syncTimeoutNs = syncTimeoutNs;
        return this;
    }

    /** @return the longest the whole run may take, in ns; {@link #NO_LIMIT}: none */
    public long deadlineNs() {
        return deadlineNs;
    }

    /**
     * @param deadlineNs the longest the whole run may take, in ns, {@code > 0}; {@link #NO_LIMIT} (the default) for
     *                   none. A run past its deadline is aborted (a guard against runaway computation)
     * @return this
     */
    public BspConfig deadlineNs(final long deadlineNs) {
        checkMutable();
        this.deadlineNs = deadlineNs;
        return this;
    }

    /** @return whether deadlocks are detected (default {@code true}) */
    public boolean deadlockDetection() {
        return deadlockDetection;
    }

    /**
     * @param deadlockDetection whether the runtime aborts a run in which every process still running waits in the
     *                          library with no message in flight (default {@code true})
     * @return this
     */
    public BspConfig deadlockDetection(final boolean deadlockDetection) {
        checkMutable();
        this.deadlockDetection = deadlockDetection;
        return this;
    }

    /** @return {@code ms} in ns, 0 or less meaning {@link #NO_LIMIT} */
    static long limitFromMs(final long ms) {
        return ms <= 0 ? NO_LIMIT : TimeUnit.MILLISECONDS.toNanos(ms);
    }

    /** @return the inbox ring capacity in bytes, 0 meaning "choose by P" before {@link #conclude()} */
    public int ringCapacityBytes() {
        return ringCapacityBytes;
    }

    /** @param ringCapacityBytes a power of two from 4 KiB to 1 GiB, or 0 to choose by P @return this */
    public BspConfig ringCapacityBytes(final int ringCapacityBytes) {
        checkMutable();
        this.ringCapacityBytes = ringCapacityBytes;
        return this;
    }

    /** @return the eager limit of a stream between two processes, in bytes */
    public int eagerLimitBytes() {
        return eagerLimitBytes;
    }

    /** @param eagerLimitBytes streams up to this size move without rendezvous, {@code >= 0} @return this */
    public BspConfig eagerLimitBytes(final int eagerLimitBytes) {
        checkMutable();
        this.eagerLimitBytes = eagerLimitBytes;
        return this;
    }

    /** @return the chaos seed, or -1 when chaos is off */
    public long chaosSeed() {
        return chaosSeed;
    }

    /** @param chaosSeed a seed {@code >= 0} to turn chaos on, -1 to turn it off @return this */
    public BspConfig chaosSeed(final long chaosSeed) {
        checkMutable();
        this.chaosSeed = chaosSeed;
        return this;
    }

    /** @return the number of cores the wait strategy assumes */
    public int cores() {
        return cores;
    }

    /** @param cores cores the wait strategy assumes, {@code >= 1} @return this */
    public BspConfig cores(final int cores) {
        checkMutable();
        this.cores = cores;
        return this;
    }

    /** @return how long a waiting process yields before it parks while P fits on the cores, ns */
    public long idleYieldNs() {
        return idleYieldNs;
    }

    /** @param idleYieldNs see {@link #IDLE_YIELD_PROP}, {@code >= 0} @return this */
    public BspConfig idleYieldNs(final long idleYieldNs) {
        checkMutable();
        this.idleYieldNs = idleYieldNs;
        return this;
    }

    /** @return the requested thread kind ({@code platform}, {@code virtual} or {@code auto}) */
    public String threads() {
        return threads;
    }

    /** @param threads {@code platform}, {@code virtual} (Java 21+) or {@code auto} @return this */
    public BspConfig threads(final String threads) {
        checkMutable();
        this.threads = threads;
        return this;
    }

    /** @param kind the kind of thread of each process @return this */
    public BspConfig threads(final ThreadKind kind) {
        return threads(kind == null ? null : kind.toString());
    }

    /**
     * @return the kind of thread the processes run on, {@link ThreadKind#PLATFORM} or {@link ThreadKind#VIRTUAL}:
     *         {@code auto} resolved against P, the cores and whether a machine model runs the processes
     *         ({@link ThreadKind#resolve(int, int, boolean)})
     * @throws IllegalArgumentException if the requested kind is unknown or not offered by this JVM
     */
    public ThreadKind threadKind() {
        return threadKind != null ? threadKind : ThreadKind.parse(threads).resolve(procs, cores, onMachineModel());
    }

    /** @return the requested pinning: {@code auto} (the default: nothing pinned for now), {@code on}, {@code off} */
    public String pin() {
        return pin;
    }

    /**
     * @param pin {@code auto}, {@code on} or {@code off} (see {@link Pinning}); checked by {@link #conclude()}
     * @return this
     */
    public BspConfig pin(final String pin) {
        checkMutable();
        this.pin = pin;
        return this;
    }

    /** @param pinning whether each process's thread is pinned to a CPU @return this */
    public BspConfig pin(final Pinning pinning) {
        return pin(pinning == null ? null : pinning.toString());
    }

    /**
     * @return the pinning mode
     * @throws IllegalArgumentException if the requested mode is unknown, naming it
     */
    public Pinning pinning() {
        return Pinning.parse(pin);
    }

    /** @return the trace directory, or {@code null} when the run is not traced (the default) */
    public java.nio.file.Path traceDir() {
        return traceDir;
    }

    /**
     * Traces the run: every process appends one record per superstep to a journal in {@code dir} (one journal per
     * JVM), read by {@code ./bsp trace DIR}. Needs the {@code bsplib-trace} module on the class path, checked by
     * {@link #conclude()}.
     *
     * @param dir the trace directory, created if absent; {@code null} for no trace
     * @return this
     */
    public BspConfig trace(final java.nio.file.Path dir) {
        checkMutable();
        this.traceDir = dir;
        return this;
    }

    private static java.nio.file.Path traceFrom(final String dir) {
        return dir.isBlank() ? null : java.nio.file.Path.of(dir);
    }

    /** @return free-form options for extensions (sync modes, transports), keyed by name */
    public Map<String, String> options() {
        return concluded ? Map.copyOf(options) : options;
    }

    /** Sets an extension option. @return this */
    public BspConfig option(final String key, final String value) {
        checkMutable();
        options.put(key, value);
        return this;
    }

    /** @return whether {@link #conclude()} has run */
    public boolean isConcluded() {
        return concluded;
    }

    /**
     * Validates the configuration, fills derived defaults and freezes it.
     *
     * @return this
     * @throws IllegalArgumentException naming the first invalid field and its value
     * @throws IllegalStateException    if already concluded
     */
    public BspConfig conclude() {
        if (concluded) {
            throw new IllegalStateException("BspConfig already concluded");
        }
        if (procs < 1 || procs > MAX_PROCS) {
            throw new IllegalArgumentException("procs=" + procs + " must be in 1.." + MAX_PROCS);
        }
        if (syncMode == null || syncMode.isBlank()) {
            throw new IllegalArgumentException("syncMode=" + syncMode + " must name a sync mode (org, rbs)");
        }
        org.jbsplib.core.Transports.provider(transport);
        if (!barrier.isBlank()) {
            Barriers.provider(BarrierSpec.parse(barrier).name());
        }
        if (syncTimeoutNs <= 0) {
            throw new IllegalArgumentException("syncTimeoutNs=" + syncTimeoutNs + " must be > 0 (NO_LIMIT for none)");
        }
        if (deadlineNs <= 0) {
            throw new IllegalArgumentException("deadlineNs=" + deadlineNs + " must be > 0 (NO_LIMIT for none)");
        }
        if (ringCapacityBytes == 0) {
            ringCapacityBytes = defaultRingCapacity(procs);
        }
        if (ringCapacityBytes < 4096 || ringCapacityBytes > (1 << 30) || Integer.bitCount(ringCapacityBytes) != 1) {
            throw new IllegalArgumentException("ringCapacityBytes=" + ringCapacityBytes
                + " must be a power of two from 4096 to 2^30");
        }
        if (eagerLimitBytes < 0) {
            throw new IllegalArgumentException("eagerLimitBytes=" + eagerLimitBytes + " must be >= 0");
        }
        if (cores < 1) {
            throw new IllegalArgumentException("cores=" + cores + " must be >= 1");
        }
        if (idleYieldNs < 0) {
            throw new IllegalArgumentException("idleYieldNs=" + idleYieldNs + " must be >= 0");
        }
        if (chaosSeed < -1) {
            throw new IllegalArgumentException("chaosSeed=" + chaosSeed + " must be >= 0, or -1 for off");
        }
        if (traceDir != null) {
            org.jbsplib.core.trace.Tracing.requireProvider(traceDir);
        }
        threadKind = ThreadKind.parse(threads).resolve(procs, cores, onMachineModel());
        Pinning.parse(pin);
        if (onMachineModel()) {
            if (chaosSeed >= 0) {
                throw new IllegalArgumentException("chaosSeed=" + chaosSeed + " cannot be combined with machine="
                    + machine + " (a machine model decides the order of deliveries itself)");
            }
            if (!DEFAULT_TRANSPORT.equals(transport)) {
                throw new IllegalArgumentException("transport=" + transport + " cannot be combined with machine="
                    + machine + " (the machine is the run's transport)");
            }
            org.jbsplib.core.Machines.check(machine, this);
        }
        concluded = true;
        return this;
    }

    /** @return a ring of 1 MiB per process up to 16 processes, shrinking so that all rings take at most 32 MiB */
    static int defaultRingCapacity(final int procs) {
        final int budget = 32 << 20;
        int capacity = 1 << 20;
        while (capacity > 64 * 1024 && (long) capacity * procs > budget) {
            capacity >>= 1;
        }
        return capacity;
    }

    private void checkMutable() {
        if (concluded) {
            throw new IllegalStateException("BspConfig is concluded and can no longer change");
        }
    }

    @Override
    public String toString() {
        return "BspConfig{procs=" + procs + ", sync=" + syncMode + ", barrier=" + barrier + ", transport=" + transport
            + ", syncTimeoutNs=" + syncTimeoutNs + ", deadlineNs=" + deadlineNs + ", deadlockDetection="
            + deadlockDetection + ", ringCapacityBytes=" + ringCapacityBytes
            + ", eagerLimitBytes=" + eagerLimitBytes + ", chaosSeed=" + chaosSeed + ", cores=" + cores
            + ", idleYieldNs=" + idleYieldNs
            + ", threads=" + threads + ", pin=" + pin + ", machine=" + machine + ", trace=" + traceDir + ", options="
            + options + '}';
    }
}
