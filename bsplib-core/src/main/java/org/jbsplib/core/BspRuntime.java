package org.jbsplib.core;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspDeadlockException;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.core.barrier.BarrierClient;
import org.jbsplib.core.barrier.BarrierRun;
import org.jbsplib.core.sync.SyncProtocol;
import org.jbsplib.core.sync.SyncProcess;
import org.jbsplib.core.sync.SyncProtocolFactory;
import org.jbsplib.core.transport.DeadlockDetector;
import org.jbsplib.core.transport.RunControl;
import org.jbsplib.core.transport.Transport;

/**
 * Runs SPMD programs: starts P processes, each running the program with its own {@link org.jbsplib.api.Bsp},
 * waits for all of them and returns their statistics.
 *
 * <p>Process model: the run's transport ({@link BspConfig#transport()}, found with
 * {@link org.jbsplib.core.Transports}) says which processes this JVM runs; the runtime starts threads for
 * those only and gathers the others' statistics through the transport at the end, so the {@link RunResult} is the
 * same on every transport.
 *
 * <p>All-or-none failure: when a process throws, calls {@code abort}, or times out in a sync, every other process
 * leaves its current or next wait, and {@link #run} throws one {@link BspAbortException} naming the first failing
 * pid, its superstep and the cause.
 *
 * <pre>{@code
 * RunResult r = BspRuntime.run(new BspConfig().procs(4).syncMode("org"), bsp -> { ... });
 * }</pre>
 */
public final class BspRuntime {
    /** How long {@link #run} waits, after a failure, for processes busy outside the library to return. */
    public static final long FAILURE_GRACE_MS = 5_000;
    /** How often the watchdog looks at the run (deadline, deadlock). */
    static final long WATCHDOG_PERIOD_MS = 100;

    private BspRuntime() {
    }

    /**
     * Runs {@code program} on {@code config.procs()} processes.
     *
     * @param config  the run's configuration (concluded here if it is not yet)
     * @param program the SPMD program
     * @return the per-process statistics
     * @throws BspAbortException        if any process failed
     * @throws IllegalArgumentException for a null argument or an invalid configuration, naming the value
     * @throws IllegalStateException    if the JVM lacks {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}
     *                                  (the message names the option), before any process starts
     */
    public static RunResult run(final BspConfig config, final BspProgram program) {
        if (config == null) {
            throw new IllegalArgumentException("config=null");
        }
        if (program == null) {
            throw new IllegalArgumentException("program=null");
        }
        JvmAccess.check();
        if (!config.isConcluded()) {
            config.conclude();
        }
        final SyncProtocolFactory syncFactory = syncMode(config.syncMode());
        final java.util.Map<String, String> syncPreset =
            org.jbsplib.core.sync.SyncSpec.parse(config.syncMode()).presetOptions(syncFactory);
        checkBarrierUsed(config, syncFactory, syncPreset);
        checkMemory(config, syncFactory, availableHeapBytes(), RuntimeFootprint.maxDirectBytes());
        final int p = config.procs();
        // the trace (null when the run is not traced) opens before the run's clock starts: a journal takes a while
        try (Transport transport = createTransport(config);
             org.jbsplib.core.trace.TraceSink trace = org.jbsplib.core.trace.Tracing.open(config,
                 localPids(transport, p))) {
            final BarrierRun barrierRun = BarrierRun.forRun(config.barrier(), config.cores(), transport);
            final org.jbsplib.core.trace.SuperstepTracer[] tracers = new org.jbsplib.core.trace.SuperstepTracer[p];
            for (int i = 0; i < p && trace != null; i++) {
                tracers[i] = transport.isLocal(i) ? trace.tracer(i) : null;
            }
            final long start = System.nanoTime();
            // Threads only for this JVM's processes: all of them on threads, one or several between JVMs.
            final BspProcess[] processes = new BspProcess[p];
            final List<Thread> threads = new ArrayList<>(p);
            final long[] endNs = new long[p];
            final ThreadKind kind = config.threadKind();
            final ProcessPins pins = ProcessPins.plan(config, localPids(transport, p).length == p);
            for (int i = 0; i < p; i++) {
                if (!transport.isLocal(i)) {
                    continue;
                }
                processes[i] = new BspProcess(i, config, transport.endpoint(i), start);
                processes[i].syncPreset(syncPreset);
                final SyncProtocol protocol = syncFactory.create(processes[i].syncView());
                if (protocol instanceof BarrierClient client) {
                    client.attachBarrier(barrierRun);
                }
                processes[i].protocol(protocol);
                if (tracers[i] != null) {
                    processes[i].tracer(tracers[i]);
                }
                processes[i].cpu(pins.cpu(i));
                final BspProcess process = processes[i];
                threads.add(kind.newThread("bsp-" + i, () -> runPinned(process, program, transport, endNs, pins)));
            }
            if (transport.directCopies()) {
                for (final BspProcess process : processes) {
                    process.peers(processes); // before the starts, which publish the array to every thread
                }
            }
            for (final Thread t : threads) {
                t.start();
            }
            join(threads, transport, config, start);
            final BspAbortException failure = transport.control().failure();
            if (failure != null) {
                throw failure;
            }
            return result(config, transport, processes, start, endNs);
        }
    }

    /** @return the pids this JVM runs on {@code transport}, ascending */
    private static int[] localPids(final Transport transport, final int p) {
        int n = 0;
        for (int i = 0; i < p; i++) {
            n += transport.isLocal(i) ? 1 : 0;
        }
        final int[] local = new int[n];
        for (int i = 0, k = 0; i < p; i++) {
            if (transport.isLocal(i)) {
                local[k++] = i;
            }
        }
        return local;
    }

    /** Builds the run's result from the local processes and, through the transport, the others'. */
    private static RunResult result(final BspConfig config, final Transport transport, final BspProcess[] processes,
        final long start, final long[] endNs) {
        final int p = processes.length;
        final ProcessResult[] results = new ProcessResult[p];
        final byte[][] encoded = new byte[p][];
        boolean allLocal = true;
        for (int i = 0; i < p; i++) {
            if (processes[i] != null) {
                results[i] = new ProcessResult(i, processes[i].stats(), processes[i].syncView().superstep() + 1,
                    endNs[i] - start);
            } else {
                allLocal = false;
            }
        }
        if (!allLocal) {
            for (int i = 0; i < p; i++) {
                encoded[i] = results[i] == null ? null : results[i].encode();
            }
        }
        transport.gatherResults(encoded);
        final BspAbortException failure = transport.control().failure();
        if (failure != null) {
            throw failure;
        }
        for (int i = 0; i < p; i++) {
            if (results[i] == null && encoded[i] != null) {
                results[i] = ProcessResult.decode(encoded[i]);
            }
        }
        long wall = 0;
        final List<SyncStats> stats = new ArrayList<>(p);
        final long[] supersteps = new long[p];
        for (int i = 0; i < p; i++) {
            if (results[i] == null) {
                throw new IllegalStateException("transport=" + transport.name() + " gathered no result of pid " + i);
            }
            stats.add(results[i].stats());
            supersteps[i] = results[i].supersteps();
            wall = Math.max(wall, results[i].elapsedNs());
        }
        return new RunResult(config, wall, List.copyOf(stats), supersteps);
    }

    /**
     * Pins the calling thread to the CPU of the process {@code bsp}, for a thread that drives a process handed over
     * to it by the program (a benchmark's thread calling pid 0's {@code sync}, say): the run pinned only the thread
     * it started for the process. Closing the pin restores the caller's previous mask; close it on the same thread
     * when it stops driving the process, at the latest when the run ends.
     *
     * <pre>{@code
     * try (CpuAffinity.Pin pin = BspRuntime.pinCaller(handedOver)) {   // null when the run pins nothing
     *     ... handedOver.sync() ...
     * }
     * }</pre>
     *
     * @param bsp a process of a running run, handed over by its program
     * @return the pin, or {@code null} when the run pins no process ({@link Pinning}) or {@code bsp} is not a
     *         process of this runtime
     * @throws IllegalStateException if the kernel refuses the CPU
     */
    public static org.jbsplib.core.affinity.CpuAffinity.Pin pinCaller(final org.jbsplib.api.Bsp bsp) {
        if (!(bsp instanceof BspProcess process) || process.cpu() < 0) {
            return null;
        }
        return org.jbsplib.core.affinity.CpuAffinity.pinCurrentThread(process.cpu());
    }

    /** Runs the process on the calling thread, pinned to its CPU if the run pins, with its previous mask after. */
    private static void runPinned(final BspProcess process, final BspProgram program, final Transport transport,
        final long[] endNs, final ProcessPins pins) {
        org.jbsplib.core.affinity.CpuAffinity.Pin pin = null;
        try {
            pin = pins.pin(process.pid());
        } catch (final IllegalStateException e) {
            // the kernel refused the CPU (a mask changed since the plan): the process runs unpinned
            System.err.println("bsplib: pid " + process.pid() + " not pinned: " + e.getMessage());
        }
        try {
            runProcess(process, program, transport, endNs);
        } finally {
            if (pin != null) {
                pin.close();
            }
        }
    }

    private static void runProcess(final BspProcess process, final BspProgram program, final Transport transport,
        final long[] endNs) {
        try {
            process.endpoint().processStarted();
            process.programStarting();
            program.run(process);
            process.programEnded();
        } catch (final BspAbortException e) {
            transport.control().fail(e);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            process.fail("interrupted", e);
        } catch (final Throwable t) {
            process.fail(t.toString(), t);
        } finally {
            process.end();
            // read through the protocol's view: the ended process refuses the program's calls
            final SyncProcess ended = process.syncView();
            endNs[ended.pid()] = System.nanoTime();
            transport.control().markEnded(ended.pid(), ended.superstep());
            process.endpoint().processEnded();
        }
    }

    /**
     * Waits for the processes' threads; meanwhile, as the run's watchdog, aborts the run at its deadline and when
     * the {@link DeadlockDetector} finds it deadlocked.
     */
    private static void join(final List<Thread> threads, final Transport transport, final BspConfig config,
        final long start) {
        final RunControl control = transport.control();
        // Off where the transport cannot see every process's wait state and the frames in flight (between JVMs).
        final DeadlockDetector detector = config.deadlockDetection() && transport.detectsDeadlocks()
            ? new DeadlockDetector(control) : null;
        try {
            long failedAt = 0;
            for (final Thread t : threads) {
                while (t.isAlive()) {
                    t.join(WATCHDOG_PERIOD_MS);
                    if (control.failure() == null) {
                        watch(control, detector, config, start);
                    }
                    if (control.failure() != null) {
                        if (failedAt == 0) {
                            failedAt = System.nanoTime();
                        } else if (System.nanoTime() - failedAt > TimeUnit.MILLISECONDS.toNanos(FAILURE_GRACE_MS)) {
                            return; // a process is busy outside the library; its daemon thread is left behind
                        }
                    }
                }
            }
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            transport.control().fail(new BspAbortException(-1, -1, "the thread running the BSP program was "
                + "interrupted", e));
        }
    }

    private static void watch(final RunControl control, final DeadlockDetector detector, final BspConfig config,
        final long start) {
        final long elapsed = System.nanoTime() - start;
        if (elapsed > config.deadlineNs()) {
            control.fail(new BspAbortException(-1, -1, "the run exceeded its deadline of "
                + formatSeconds(config.deadlineNs()) + " (--deadline)", new BspTimeoutException("the run took "
                + formatSeconds(elapsed) + ", longer than its deadline of " + formatSeconds(config.deadlineNs()))));
            return;
        }
        if (detector != null) {
            final String deadlock = detector.check();
            if (deadlock != null) {
                control.fail(new BspAbortException(-1, -1, deadlock, new BspDeadlockException(deadlock)));
            }
        }
    }

    private static String formatSeconds(final long ns) {
        return String.format(java.util.Locale.ROOT, "%.3f s", ns / 1e9);
    }

    /**
     * The live statistics of the calling process, for measuring a section of a program (see
     * {@link SyncStats#snapshot()}). Thread-confined: call it and read the result on the process's own thread.
     *
     * @param bsp the {@link org.jbsplib.api.Bsp} this runtime gave the program
     * @return that process's statistics, updated by every later sync and commit
     * @throws IllegalArgumentException if {@code bsp} is not a process of this runtime
     */
    public static SyncStats stats(final org.jbsplib.api.Bsp bsp) {
        if (bsp instanceof BspProcess process) {
            return process.stats();
        }
        throw new IllegalArgumentException("bsp=" + bsp + " is not a process of the JBSPlib runtime");
    }

    /**
     * Refuses, before anything is allocated, a run whose state would not fit: the heap grows with P² (each process
     * keeps a few words per other process, {@link SyncProtocolFactory#heapBytesPerPair()}) and the inboxes take P
     * rings of direct memory.
     *
     * @throws IllegalArgumentException naming procs, the memory the run would need and the memory available
     */
    static void checkMemory(final BspConfig config, final SyncProtocolFactory sync, final long heapAvailable,
        final long directAvailable) {
        final long p = config.procs();
        final long heap = RuntimeFootprint.heapBytes(config.procs(), sync.heapBytesPerPair(),
            config.ringCapacityBytes());
        final long direct = "threads".equals(config.transport())
            ? RuntimeFootprint.directBytes(config.procs(), config.ringCapacityBytes()) : 0;
        if (heap > heapAvailable) {
            throw new IllegalArgumentException("procs=" + p + " needs about " + gib(heap) + " of heap under sync="
                + config.syncMode() + " (" + sync.heapBytesPerPair() + " bytes per pair of processes), but "
                + gib(heapAvailable) + " is available: use fewer processes or a larger -Xmx (JBSP_JAVA_OPTS for ./bsp)");
        }
        if (direct > directAvailable) {
            throw new IllegalArgumentException("procs=" + p + " needs " + gib(direct) + " of direct memory for its "
                + "inboxes (ringCapacityBytes=" + config.ringCapacityBytes() + " each), but " + gib(directAvailable)
                + " is available: use fewer processes, smaller rings or a larger -XX:MaxDirectMemorySize");
        }
    }

    private static String gib(final long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }

    private static long availableHeapBytes() {
        final Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }


    /**
     * Refuses a barrier backend that the sync would never wait on (e.g. {@code --barrier tree} under
     * {@code --sync org:paper}, whose count exchange is the barrier), instead of ignoring it.
     *
     * @throws IllegalArgumentException naming the barrier, the sync and the option that makes it unused
     */
    static void checkBarrierUsed(final BspConfig config, final SyncProtocolFactory syncFactory,
            final java.util.Map<String, String> syncPreset) {
        if (config.barrier().isBlank()) {
            return;
        }
        final java.util.function.BinaryOperator<String> option =
            (key, dflt) -> config.options().getOrDefault(key, syncPreset.getOrDefault(key, dflt));
        syncFactory.unusedBarrierReason(option).ifPresent(reason -> {
            throw new IllegalArgumentException("barrier=" + config.barrier() + " is not used by sync="
                + config.syncMode() + ": " + reason);
        });
    }

    /**
     * @param spec a sync mode's name, optionally with one of its presets ({@code NAME[:PRESET]}, see
     *             {@link org.jbsplib.core.sync.SyncSpec})
     * @return the sync mode it names
     * @throws IllegalArgumentException naming the value and the known modes (or the mode's presets)
     */
    public static SyncProtocolFactory syncMode(final String spec) {
        final org.jbsplib.core.sync.SyncSpec parsed = org.jbsplib.core.sync.SyncSpec.parse(spec);
        final TreeMap<String, SyncProtocolFactory> known = syncModes();
        final SyncProtocolFactory f = known.get(parsed.name());
        if (f == null) {
            throw new IllegalArgumentException("sync=" + spec + " is not a known sync mode (known: "
                + String.join(", ", known.keySet()) + ")");
        }
        parsed.presetOptions(f); // refuses an unknown preset
        return f;
    }

    /** @return every sync mode found on the class path, by name */
    public static TreeMap<String, SyncProtocolFactory> syncModes() {
        final TreeMap<String, SyncProtocolFactory> known = new TreeMap<>();
        for (final SyncProtocolFactory f : ServiceLoader.load(SyncProtocolFactory.class)) {
            known.putIfAbsent(f.name(), f);
        }
        return known;
    }

    private static Transport createTransport(final BspConfig config) {
        if (config.onMachineModel()) {
            return org.jbsplib.core.Machines.create(config.machine(), config);
        }
        return Transports.create(config);
    }
}
