package org.jbsplib.vtime;

import java.util.Map;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.MachineProvider;
import org.jbsplib.core.transport.Transport;

/**
 * The {@code virtual} machine of {@code --machine virtual:PRESET[;key=value...]}: a {@link VirtualMachine} with the
 * {@link NetworkModel} the options name. Found by {@link java.util.ServiceLoader}.
 *
 * <pre>{@code
 * --machine virtual:sp2-us;L=20us;cpuScale=8
 * }</pre>
 */
public final class VirtualMachineProvider implements MachineProvider {
    /** Largest frame payload: as the threads transport with a 1 MiB inbox (its ring's maximum message). */
    static final int MAX_FRAME_BYTES = 128 * 1024;

    /** Creates the provider (for {@link java.util.ServiceLoader}). */
    public VirtualMachineProvider() {
        // stateless
    }

    @Override
    public String name() {
        return "virtual";
    }

    @Override
    public String description() {
        return "virtual time on a LogGP network under a simulation kernel (one process at a time, or K with "
            + "parallel=K); presets " + String.join(", ", Presets.all().keySet());
    }

    /**
     * One carrier for the virtual threads ({@code jdk.virtualThreadScheduler.parallelism=1}): the kernel runs one
     * process at a time anyway, and with the default of one carrier per core each hand-off may move the next process
     * to another core, whose caches do not hold its data. That costs real CPU time, which the thread clock then
     * charges as computation: LU class A at P = 4 under rbs on {@code sp2-us} came out at 15.4 s of virtual time with
     * two carriers against 10.3 s with one and 9.6 s on platform threads.
     */
    @Override
    public Map<String, String> jvmProperties() {
        return Map.of(VirtualMachine.PARALLELISM_PROP, "1");
    }

    /**
     * As many carriers as the kernel runs processes at once: {@code parallel=K} asks for K, else one (see
     * {@link #jvmProperties()}). Options that do not parse ask for one; the run itself then reports them.
     */
    @Override
    public Map<String, String> jvmProperties(final String options) {
        int k = 1;
        try {
            k = parallel(options);
        } catch (final IllegalArgumentException e) {
            // the command reports it
        }
        return Map.of(VirtualMachine.PARALLELISM_PROP, Integer.toString(k));
    }

    /** The option that makes the kernel run up to K processes at once: {@code parallel=K}. */
    static final String PARALLEL = "parallel";

    /**
     * @param options the machine's options, {@code PRESET[;key=value...]}
     * @return K of {@code parallel=K} (how many processes the kernel runs at once), 1 without it
     * @throws IllegalArgumentException naming the value when it is not an integer from 1 to 64
     */
    static int parallel(final String options) {
        final String value = kernelOption(options, PARALLEL);
        if (value == null) {
            return 1;
        }
        int k;
        try {
            k = Integer.parseInt(value);
        } catch (final NumberFormatException e) {
            k = 0;
        }
        if (k < 1 || k > 64) {
            throw new IllegalArgumentException("machine option parallel=" + value + " in virtual:" + options
                + " must be an integer from 1 to 64 (processes the kernel runs at once; at most the host's "
                + "cores help)");
        }
        return k;
    }

    /** The option that makes the kernel run the processes in a seeded random legal order: {@code shuffle=SEED}. */
    static final String SHUFFLE = "shuffle";

    @Override
    public void check(final String options, final BspConfig config) {
        shuffleSeed(options);
        parallel(options);
        checkThreads(NetworkModel.parse(modelOptions(options)), config, options);
        checkBarrier(config.barrier(), options);
    }

    @Override
    public Transport create(final String options, final BspConfig config) {
        final NetworkModel model = resolved(modelOptions(options), config);
        checkBarrier(config.barrier(), options);
        return new VirtualMachine(model, config.procs(), Math.min(MAX_FRAME_BYTES, config.ringCapacityBytes() / 8),
            shuffleSeed(options), parallel(options));
    }

    /** @return {@code virtual:} and the model a run of {@code config} uses, with its compute clock decided */
    @Override
    public String describe(final String options, final BspConfig config) {
        final long seed = shuffleSeed(options);
        final int k = parallel(options);
        return "virtual:" + NetworkModel.parse(modelOptions(options)).resolve(config.threadKind()).describe()
            + (seed == VirtualMachine.NO_SHUFFLE ? "" : " shuffle=" + seed) + (k == 1 ? "" : " parallel=" + k);
    }

    /**
     * @param options the machine's options, {@code PRESET[;key=value...]}
     * @return the seed of {@code shuffle=SEED} (the kernel hands the baton at random among the processes ready to run,
     *         a check that the virtual results depend on virtual time only), or {@link VirtualMachine#NO_SHUFFLE}
     * @throws IllegalArgumentException naming the value when it is not an integer
     */
    static long shuffleSeed(final String options) {
        final String value = kernelOption(options, SHUFFLE);
        if (value == null) {
            return VirtualMachine.NO_SHUFFLE;
        }
        final long seed;
        try {
            seed = Long.parseLong(value);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("machine option shuffle=" + value + " in virtual:" + options
                + " is not an integer seed", e);
        }
        if (seed == VirtualMachine.NO_SHUFFLE) {
            throw new IllegalArgumentException("machine option shuffle=" + value + " in virtual:" + options
                + " is reserved (no shuffle); use another seed");
        }
        return seed;
    }

    /**
     * @param options the machine's options, {@code PRESET[;key=value...]}
     * @param key     one of the kernel's own options ({@link #SHUFFLE}, {@link #PARALLEL})
     * @return its value, trimmed, or null when {@code options} does not give it
     * @throws IllegalArgumentException naming the key when it is given twice
     */
    private static String kernelOption(final String options, final String key) {
        String value = null;
        for (final String part : options == null ? new String[0] : options.split(";")) {
            if (key.equals(keyOf(part))) {
                if (value != null) {
                    throw new IllegalArgumentException("machine option " + key + " in virtual:" + options
                        + " is given twice");
                }
                value = part.substring(part.indexOf('=') + 1).trim();
            }
        }
        return value;
    }

    /** @return the key of one {@code key=value} option, trimmed as {@link NetworkModel#parse} trims it, or null */
    private static String keyOf(final String part) {
        final int eq = part.indexOf('=');
        return eq < 0 ? null : part.substring(0, eq).trim();
    }

    /**
     * @return {@code options} without the kernel's {@code shuffle=SEED} and {@code parallel=K}: what
     *         {@link NetworkModel#parse} reads
     */
    static String modelOptions(final String options) {
        if (options == null || !options.contains(SHUFFLE) && !options.contains(PARALLEL)) {
            return options;
        }
        final StringBuilder sb = new StringBuilder();
        final String[] parts = options.split(";", -1);
        for (int i = 0; i < parts.length; i++) {
            final String key = keyOf(parts[i]);
            if (i > 0 && (SHUFFLE.equals(key) || PARALLEL.equals(key))) {
                continue;
            }
            sb.append(i == 0 ? "" : ";").append(parts[i]);
        }
        return sb.toString();
    }

    /**
     * @return the model of {@code options} for a run of {@code config}, with {@code cpu=auto} decided for its
     *         threads (and the fallback to elapsed time said once on standard error)
     */
    static NetworkModel resolved(final String options, final BspConfig config) {
        final NetworkModel model = NetworkModel.parse(options);
        checkThreads(model, config, options);
        final NetworkModel r = model.resolve(config.threadKind());
        if (model.cpu() == CpuClock.AUTO && r.cpu() == CpuClock.ELAPSED) {
            ThreadCpuTime.warnElapsed(ThreadCpuTime.unavailableReason(config.threadKind()));
        }
        return r;
    }

    /** Refuses {@code cpu=thread} on threads whose CPU time cannot be read here. */
    static void checkThreads(final NetworkModel model, final BspConfig config, final String options) {
        if (model.cpu() != CpuClock.THREAD) {
            return;
        }
        final String reason = ThreadCpuTime.unavailableReason(config.threadKind());
        if (reason != null) {
            throw new IllegalArgumentException("machine=virtual:" + options + " measures computation with cpu=thread, "
                + "but threads=" + config.threadKind() + " (P=" + config.procs() + "): " + reason + "; use "
                + "--threads platform, cpu=auto or cpu=elapsed");
        }
    }

    /**
     * Refuses the {@code shm} backend: its processes wait on flags in memory, which the kernel cannot order in
     * virtual time. The hardware models (papers, reflex, bsr, nic-*, host-*) run: they take arrival times from the
     * virtual clocks and release each process at its modelled release time.
     */
    static void checkBarrier(final String barrier, final String options) {
        if (barrier == null || barrier.isBlank()) {
            return;
        }
        final String name = barrier.split(":", 2)[0].trim();
        switch (name) {
            case "shm" -> throw new IllegalArgumentException("barrier=" + barrier + " cannot run on machine=virtual:"
                + options + ": its processes wait on flags in shared memory, which the virtual-time kernel cannot "
                + "order; use a message barrier (dissemination, the default here; tree, central, pairwise) or a "
                + "hardware model (papers, reflex, bsr, nic-pe, nic-gb, host-pe, host-gb)");
            default -> {
                // message barriers cost their frames like any other
            }
        }
    }
}
