package org.jbsplib.core.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.Machines;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;

/**
 * The options every command that runs BSP programs shares, and the JSON shape of a run's statistics.
 */
public final class RunOptions {
    /** Options taking a value. */
    public static final Set<String> VALUE_OPTIONS = Set.of("--procs", "--sync", "--barrier", "--timeout-ms",
        "--ring-bytes", "--eager-bytes", "--rendezvous-bytes", "--rbs-eager-bytes", "--chaos", "--transport",
        "--ranks-per-jvm", "--json", "--cores", "--deadline", "--threads", "--machine", "--pin",
        "--hosts", "--rank-range", "--trace", "--liveness-ms");
    /** The option {@code --rendezvous-bytes} sets: org's rendezvous threshold. */
    public static final String RENDEZVOUS_BYTES_OPTION = org.jbsplib.core.sync.ClassicSync.RENDEZVOUS_OPTION;
    /** The option {@code --rbs-eager-bytes} sets: RBS's eager limit (the rbs module reads the same key). */
    public static final String RBS_EAGER_BYTES_OPTION = "rbs.eagerBytes";
    /** The option {@code --liveness-ms} sets: over aeron-udp, how long a silent JVM counts as alive (ms). */
    public static final String LIVENESS_MS_OPTION = "aeron.livenessMs";
    /** Options without a value. */
    public static final Set<String> FLAG_OPTIONS = Set.of("--quiet", "--help");

    /** Help text of the shared options. */
    public static final String HELP = String.join("\n",
        "  --procs N          number of BSP processes (default 2)",
        "  --sync MODE        synchronization: org (classic two-phase) or rbs (relaxed barrier), when installed,",
        "                     optionally with a preset: org:paper, rbs:paper (the paper's syncs, see README)",
        "  --barrier SPEC     barrier backend name[/preset][:key=value,...] for the sync (./bsp backends lists",
        "                     them; name/preset is name:preset=..., e.g. nic-pe/lanai43)",
        "  --timeout-ms MS    abort when a process waits longer than MS without progress in one sync or commit",
        "                     (default 0: no limit; deadlocks are detected and abort the run within a second)",
        "  --deadline TIME    abort the run when it takes longer than TIME (250ms, 90s, 10m, 2h; default: none)",
        "  --ring-bytes B     inbox ring capacity per process, a power of two (default: by P)",
        "  --eager-bytes B    default of both knobs below (default 16384)",
        "  --rendezvous-bytes B  org: streams up to B bytes go without the receiver's grant (B or unlimited)",
        "  --rbs-eager-bytes B   rbs: streams up to B bytes go before their ack (0: none, as in the paper)",
        "  --transport NAME   how processes exchange frames: threads (default), or a transport found on the class",
        "                     path such as aeron-ipc or aeron-udp (./bsp backends lists them)",
        "  --ranks-per-jvm K  with a transport between JVMs: K processes per JVM (default 1; N must be a multiple)",
        "  --hosts FILE       with aeron-udp: the JVMs' addresses, ranks and ports, one line per JVM (see README)",
        "  --rank-range A-B   with --hosts: start only the JVMs of pids A..B (each host its own share)",
        "  --liveness-ms MS   with aeron-udp: a JVM whose inbox is silent for MS counts as dead and the others stop",
        "                     naming it (default 3000, at least 1000)",
        "  --chaos SEED       seeded random delays/reorderings of deliveries (testing), when supported",
        "  --cores N          cores the waiting strategy assumes (default: available processors)",
        "  --threads KIND     thread of each process: platform, virtual (Java 21+) or auto (default: virtual",
        "                     when the JVM has them and P > 16 x cores, or P > cores on a --machine model)",
        "  --pin MODE         on: pin each process's thread to a CPU of its own (Linux, Java 22+, platform threads,",
        "                     P <= cores; says on stderr where it cannot); off; auto (default: no pinning; it",
        "                     gained nothing on a quiet host and hurt on a loaded one)",
        "  --machine SPEC     run on a machine model instead of this host, e.g. virtual:sp2-us;L=20us;cpuScale=8",
        "                     (virtual time on a LogGP network; presets sp2-us, sp2-ip, myrinet-lanai43/72,",
        "                     infiniband, tile64, local: see bsplib-vtime/README.md); ';parallel=2' runs two",
        "                     processes at once on two cores (same virtual results with fixed costs)",
        "  --trace DIR        record every process's supersteps in a journal in DIR, read by ./bsp trace DIR",
        "                     (needs the bsplib-trace module, which ./bsp has)",
        "  --json FILE        also write machine-readable results to FILE",
        "  --quiet            no progress output on stderr",
        "  --help             this help");

    private RunOptions() {
    }

    /** @return a set of the shared options plus {@code extra} */
    public static Set<String> values(final String... extra) {
        final Set<String> s = new TreeSet<>(VALUE_OPTIONS);
        s.addAll(List.of(extra));
        return s;
    }

    /** @return the shared flags plus {@code extra} */
    public static Set<String> flags(final String... extra) {
        final Set<String> s = new TreeSet<>(FLAG_OPTIONS);
        s.addAll(List.of(extra));
        return s;
    }

    /** @return a configuration from the shared options (not concluded) */
    public static BspConfig config(final Args args) {
        final BspConfig c = new BspConfig();
        c.procs(args.intValue("--procs", c.procs()));
        c.syncMode(args.value("--sync", c.syncMode()));
        c.barrier(args.value("--barrier", c.barrier()));
        if (args.has("--timeout-ms")) {
            final long ms = args.longValue("--timeout-ms", 0);
            if (ms < 0) {
                throw new CliException("option --timeout-ms=" + ms + " must be >= 0 (0: no limit)");
            }
            c.syncTimeoutNs(ms == 0 ? BspConfig.NO_LIMIT : TimeUnit.MILLISECONDS.toNanos(ms));
        }
        if (args.has("--deadline")) {
            final long ns = args.durationNs("--deadline", 0);
            c.deadlineNs(ns == 0 ? BspConfig.NO_LIMIT : ns);
        }
        c.ringCapacityBytes(args.intValue("--ring-bytes", c.ringCapacityBytes()));
        c.eagerLimitBytes(args.intValue("--eager-bytes", c.eagerLimitBytes()));
        c.transport(args.value("--transport", c.transport()));
        refuseJvmPlacement(args, c);
        bytesOption(args, c, "--rendezvous-bytes", RENDEZVOUS_BYTES_OPTION);
        bytesOption(args, c, "--rbs-eager-bytes", RBS_EAGER_BYTES_OPTION);
        c.chaosSeed(args.longValue("--chaos", c.chaosSeed()));
        c.cores(args.intValue("--cores", c.cores()));
        c.threads(args.value("--threads", c.threads()));
        if (args.has("--pin")) {
            final String pin = args.value("--pin", null);
            try {
                org.jbsplib.core.Pinning.parse(pin);
            } catch (final IllegalArgumentException e) {
                throw new CliException("option --pin=" + pin + " must be auto, on or off");
            }
            c.pin(pin);
        }
        c.machine(args.value("--machine", c.machine()));
        if (args.has("--hosts")) {
            c.option("hosts", args.value("--hosts", null));
        }
        if (args.has("--liveness-ms")) {
            c.option(LIVENESS_MS_OPTION, args.value("--liveness-ms", null));
        }
        if (args.has("--trace")) {
            c.trace(java.nio.file.Path.of(args.value("--trace", null)));
        }
        return c;
    }

    /**
     * Checks a configuration made from the options as a run would, without running it (for
     * {@link CliCommand#checkUsage}): it concludes, and its sync mode and preset are known.
     *
     * @param config a configuration from {@link #config(Args)}, not concluded; this concludes it
     * @throws IllegalArgumentException naming the bad value
     */
    public static void check(final BspConfig config) {
        config.conclude();
        org.jbsplib.core.BspRuntime.syncMode(config.syncMode());
    }

    /** Options that place processes in JVMs or on hosts: they mean something only to a transport between JVMs. */
    private static final List<String> JVM_PLACEMENT = List.of("--ranks-per-jvm", "--hosts", "--rank-range",
        "--liveness-ms");

    /**
     * Refuses an option that places processes in JVMs when the run's transport keeps them all in this JVM (one
     * without a launcher, or a machine model): it would be ignored. An unknown transport is left to
     * {@link BspConfig#conclude()}, which names it.
     */
    private static void refuseJvmPlacement(final Args args, final BspConfig c) {
        final org.jbsplib.core.TransportProvider provider =
            org.jbsplib.core.Transports.providers().get(c.transport());
        if (provider == null || provider.launcher() != null && !args.has("--machine")) {
            return;
        }
        for (final String option : JVM_PLACEMENT) {
            if (args.has(option)) {
                final List<String> between = new ArrayList<>();
                org.jbsplib.core.Transports.providers().forEach((name, p) -> {
                    if (p.launcher() != null) {
                        between.add(name);
                    }
                });
                throw new CliException("option " + option + " places processes in JVMs, but transport="
                    + c.transport() + (args.has("--machine") ? " on machine=" + args.value("--machine", "") : "")
                    + " runs them all in this one" + (between.isEmpty() ? "" : " (between JVMs: --transport "
                    + String.join(", ", between) + ")"));
            }
        }
    }

    private static void bytesOption(final Args args, final BspConfig c, final String flag, final String key) {
        if (args.has(flag)) {
            final String v = args.value(flag, null);
            try {
                org.jbsplib.core.sync.SyncSpec.parseBytes(key, v);
            } catch (final IllegalArgumentException e) {
                throw new CliException("option " + flag + "=" + v + " must be a number of bytes >= 0 or unlimited");
            }
            c.option(key, v);
        }
    }

    /** @return the run's configuration and statistics as JSON-ready maps */
    public static Map<String, Object> toJson(final RunResult r) {
        final Map<String, Object> m = new LinkedHashMap<>();
        final BspConfig c = r.config();
        m.put("procs", c.procs());
        m.put("sync", c.syncMode());
        m.put("barrier", c.barrier().isEmpty() ? "default" : c.barrier());
        m.put("transport", c.transport());
        m.put("threads", c.threadKind().toString());
        if (c.onMachineModel()) {
            m.put("machine", c.machine());
            m.put("machine_model", Machines.describe(c.machine(), c));
            m.put("virtual_time", true);
            m.put("time_note", "t_* and per-process times are virtual (simulated on the machine model); "
                + "wall_seconds is the host's wall time of the simulation");
        }
        m.put("wall_seconds", r.wallNs() / 1e9);
        m.put("t_sync", r.meanSyncSeconds());
        m.put("t_barrier", r.meanBarrierSeconds());
        m.put("t_comm", r.meanCommSeconds());
        final SyncStats first = r.stats().isEmpty() ? null : r.stats().get(0);
        if (first != null && first.exchangeSupersteps() + first.relaxedSupersteps() > 0) {
            // RBS: t_barrier and t_comm are those of its exchange supersteps; every process has the same counts
            m.put("exchange_supersteps", first.exchangeSupersteps());
            m.put("relaxed_supersteps", first.relaxedSupersteps());
        }
        final List<Object> per = new ArrayList<>();
        for (int pid = 0; pid < r.stats().size(); pid++) {
            per.add(processJson(pid, r.stats().get(pid), r.supersteps()[pid]));
        }
        m.put("per_process", per);
        return m;
    }

    /** @return one process's statistics as a JSON-ready map */
    public static Map<String, Object> processJson(final int pid, final SyncStats s, final long supersteps) {
        final Map<String, Object> p = new LinkedHashMap<>();
        p.put("pid", pid);
        p.put("supersteps", supersteps);
        p.put("syncs", s.syncs());
        p.put("t_sync", s.syncNs() / 1e9);
        if (s.exchangeSupersteps() + s.relaxedSupersteps() > 0) {
            p.put("exchange_supersteps", s.exchangeSupersteps());
            p.put("relaxed_supersteps", s.relaxedSupersteps());
        }
        p.put("t_barrier", s.barrierNs() / 1e9);
        p.put("t_comm", s.commNs() / 1e9);
        p.put("t_commit", s.commitNs() / 1e9);
        p.put("t_wait", s.waitNs() / 1e9);
        p.put("frames_sent", s.framesSent());
        p.put("bytes_sent", s.bytesSent());
        p.put("frames_received", s.framesReceived());
        p.put("bytes_received", s.bytesReceived());
        if (s.counters().keySet().stream().anyMatch(k -> k.startsWith("idle."))) {
            // how the process waited (see Endpoint#reportIdle): steps of each kind, and the time parked
            final Map<String, Object> idle = new LinkedHashMap<>();
            idle.put("spins", s.counter("idle.spins"));
            idle.put("yields", s.counter("idle.yields"));
            idle.put("parks", s.counter("idle.parks"));
            idle.put("parked_seconds", s.counter("idle.parkedNs") / 1e9);
            p.put("idle", idle);
        }
        if (!s.counters().isEmpty()) {
            p.put("counters", new LinkedHashMap<>(s.counters()));
        }
        return p;
    }
}
