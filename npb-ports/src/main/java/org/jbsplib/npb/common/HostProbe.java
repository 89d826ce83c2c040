package org.jbsplib.npb.common;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jbsplib.core.BspConfig;

/**
 * The host's own speed right before and right after a measured run: a fixed, deterministic, single-threaded
 * computation timed on the thread that starts the run, outside the timed section, so that a repeated benchmark
 * ({@code --repeat N}) can tell its own spread from the host's. On a shared virtual machine the same fixed loop took
 * 1.90 to 3.38 s from one run to the next with nothing else running (the npb-ports README, "Repeats"): a run's time
 * divided by the probe's (the mean of before and after) is the <em>host-normalized</em> time, a diagnostic beside the
 * measured one, never in its place.
 *
 * <p>The computation mixes what the kernels are sensitive to, in two halves of about equal time on a quiet host: a
 * dependent floating-point chain (multiply and add, latency-bound like LU's sweeps; a core shared with another
 * virtual machine slows it) and four independent sums streaming through {@value #STREAM_MIB} MiB of doubles (far
 * beyond the 512 KiB L2 of a core here, within the shared L3: like FT's FFTs and transposes streaming through their
 * planes, it slows when other tenants take the cache or the memory bus). It allocates nothing, reads one shared array
 * that it never writes, and checks its result against {@link #EXPECTED} (Java's floating point is IEEE 754 strict
 * since Java 17, so the value is the same on every JVM), so the JIT cannot drop it. Its small methods are called
 * often enough in {@link #warm} that C2 compiles them before the first timed probe.
 *
 * <p>With P &ge; 2 the probe still runs on one thread: one probe per core would race with the processes' threads
 * starting and ending. A single thread measures one core's speed; a run whose cores differed in speed is not
 * corrected by it. Each reading also takes the thread's CPU time: wall time beyond it is time the probe waited for
 * a CPU, load on this machine rather than the host's speed, and then the probe says nothing about the host.
 *
 * <p>Option {@value #OPTION} ({@code on}/{@code off}) in {@link BspConfig#options()}; absent means off for a single
 * run, and {@link NpbRepeats} turns it on for repeated runs unless it is set. It is measured only where every process
 * runs in this JVM (the threads transport): between JVMs each JVM runs its own loop and the probes would race.
 *
 * <p>Threading: an instance is used by one thread (the one that starts the run); {@link #compute} is stateless.
 * <pre>{@code
 * HostProbe probe = HostProbe.of(config);
 * probe.before();
 * RunResult run = BspRuntime.run(config, program);
 * probe.after();
 * probe.addTo(details);   // details.host_probe = {before_seconds, after_seconds, before_cpu_seconds, ...}
 * }</pre>
 */
public final class HostProbe {
    /** The option: {@code on} or {@code off}. */
    public static final String OPTION = "npb.hostProbe";
    /** The key of a run's probe in {@link NpbResult#details()}. */
    public static final String DETAILS_KEY = "host_probe";
    /** The size of the streamed array, MiB. */
    public static final int STREAM_MIB = 8;
    /** Steps of the floating-point chain per probe. */
    static final int CHAIN_STEPS = 1 << 24;
    /** Steps of the chain per call of {@link #chain} (so that it is called, and compiled, as a method). */
    static final int CHAIN_BLOCK = 1 << 12;
    /** Elements of the array per call of {@link #stream} (64 KiB). */
    static final int STREAM_BLOCK = 1 << 13;
    /** Passes through the array per probe. */
    static final int STREAM_PASSES = 88;
    /** The probe's result: what {@link #compute} returns for {@link #CHAIN_STEPS} and {@link #STREAM_PASSES}. */
    static final double EXPECTED = 4.608046170660054E7;
    /** Calls of {@link #compute} in {@link #warm}, each at {@code 1 / }{@value #WARM_FRACTION} of the work. */
    static final int WARM_CALLS = 24;
    /** The work of a call in {@link #warm}: a probe's divided by this. */
    static final int WARM_FRACTION = 32;

    private final boolean enabled;
    private final String reason;
    /** Wall and CPU seconds of the probe before the run, then after it. */
    private final double[] seconds = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};

    private HostProbe(final boolean enabled, final String reason) {
        this.enabled = enabled;
        this.reason = reason;
    }

    /**
     * @param config the run's configuration
     * @return the probe that {@code config} asks for: measuring, or doing nothing (option off or absent, or
     *     processes in several JVMs)
     * @throws IllegalArgumentException naming the option and its value unless it is {@code on} or {@code off}
     */
    public static HostProbe of(final BspConfig config) {
        if (!on(config)) {
            return new HostProbe(false, config.options().containsKey(OPTION) ? "off" : null);
        }
        if (!BspConfig.DEFAULT_TRANSPORT.equals(config.transport())) {
            return new HostProbe(false, "not measured: the processes run in several JVMs");
        }
        return new HostProbe(true, null);
    }

    /**
     * @return whether option {@value #OPTION} of {@code config} is {@code on} (absent: off)
     * @throws IllegalArgumentException naming the option and its value unless it is {@code on} or {@code off}
     */
    public static boolean on(final BspConfig config) {
        final String v = config.options().get(OPTION);
        if (v == null) {
            return false;
        }
        switch (v.trim()) {
            case "on":
                return true;
            case "off":
                return false;
            default:
                throw new IllegalArgumentException(OPTION + "=" + v + " must be on or off");
        }
    }

    /** Compiles the probe (untimed calls at a fraction of the work), then times it: the reading before the run. */
    public void before() {
        if (enabled) {
            warm();
            timeOnce(seconds, 0);
        }
    }

    /** Times the probe again: the reading after the run. */
    public void after() {
        if (enabled) {
            timeOnce(seconds, 2);
        }
    }

    /**
     * Puts the readings into a run's details under {@value #DETAILS_KEY}: {@code before_seconds},
     * {@code after_seconds}; or, when the option was given but the probe did not measure, the reason (a string);
     * nothing when the option was absent.
     */
    public void addTo(final Map<String, Object> details) {
        if (enabled) {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("before_seconds", seconds[0]);
            m.put("after_seconds", seconds[2]);
            m.put("before_cpu_seconds", seconds[1]);
            m.put("after_cpu_seconds", seconds[3]);
            details.put(DETAILS_KEY, m);
        } else if (reason != null) {
            details.put(DETAILS_KEY, reason);
        }
    }

    /**
     * A run's readings.
     *
     * @param beforeSeconds    the probe right before the run, wall time
     * @param afterSeconds     the probe right after it, wall time
     * @param beforeCpuSeconds the probe's CPU time before the run, NaN where the thread has no CPU clock
     * @param afterCpuSeconds  its CPU time after the run, NaN where the thread has no CPU clock
     */
    public record Reading(double beforeSeconds, double afterSeconds, double beforeCpuSeconds,
                          double afterCpuSeconds) {
        /** @return the mean of the two, the divisor of the host-normalized time */
        public double meanSeconds() {
            return (beforeSeconds + afterSeconds) / 2;
        }
    }

    /**
     * @return the readings in a run's details, or {@code null} when it has none (probe off, not measured)
     */
    public static Reading reading(final NpbResult r) {
        if (r.details().get(DETAILS_KEY) instanceof Map<?, ?> m && m.get("before_seconds") instanceof Number b
            && m.get("after_seconds") instanceof Number a) {
            return new Reading(b.doubleValue(), a.doubleValue(), number(m.get("before_cpu_seconds")),
                number(m.get("after_cpu_seconds")));
        }
        return null;
    }

    /** @return why a run's details hold no readings ({@code "off"}, ...), or {@code null} */
    public static String reason(final NpbResult r) {
        return r.details().get(DETAILS_KEY) instanceof String s ? s : null;
    }

    private static double number(final Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /**
     * Times one probe into {@code out[at]} (wall seconds) and {@code out[at + 1]} (the thread's CPU seconds, NaN
     * without a CPU clock). Wall time beyond the CPU time is time the probe waited for a CPU: load on this machine,
     * not the host's speed.
     */
    static void timeOnce(final double[] out, final int at) {
        final long c0 = ThreadTimes.cpuNanos();
        final long t0 = System.nanoTime();
        final double r = compute(CHAIN_STEPS, STREAM_PASSES);
        final long t1 = System.nanoTime();
        final long c1 = ThreadTimes.cpuNanos();
        check(r);
        out[at] = (t1 - t0) / 1e9;
        out[at + 1] = c0 < 0 || c1 < 0 ? Double.NaN : (c1 - c0) / 1e9;
    }

    /**
     * Calls the probe at a fraction of its work, often enough for C2 to compile its two loops (their methods are
     * called over a thousand times each); every call must give the same value.
     */
    static void warm() {
        final int steps = CHAIN_STEPS / WARM_FRACTION;
        final int passes = Math.max(1, STREAM_PASSES / WARM_FRACTION);
        final double first = compute(steps, passes);
        for (int i = 1; i < WARM_CALLS; i++) {
            final double r = compute(steps, passes);
            if (Double.doubleToLongBits(r) != Double.doubleToLongBits(first)) {
                throw new IllegalStateException("host probe: warm-up call " + i + " computed " + r + ", the first "
                    + first + ": the computation is not deterministic");
            }
        }
    }

    /** @throws IllegalStateException unless {@code r} is {@link #EXPECTED}, bit for bit */
    static void check(final double r) {
        if (Double.doubleToLongBits(r) != Double.doubleToLongBits(EXPECTED)) {
            throw new IllegalStateException("host probe computed " + r + ", expected " + EXPECTED);
        }
    }

    /**
     * The probe's computation.
     *
     * @param chainSteps steps of the floating-point chain, rounded up to whole blocks of {@link #CHAIN_BLOCK}
     * @param passes     passes of the four sums through the array
     * @return the chain's value plus the sums
     */
    static double compute(final int chainSteps, final int passes) {
        double x = 0.5;
        for (int i = 0; i < chainSteps; i += CHAIN_BLOCK) {
            x = chain(x, CHAIN_BLOCK);
        }
        final double[] a = Data.ARRAY;
        double s = 0;
        for (int p = 0; p < passes; p++) {
            for (int from = 0; from < a.length; from += STREAM_BLOCK) {
                s += stream(a, from);
            }
        }
        return x + s;
    }

    /** @return {@code x} after {@code steps} of {@code x = x * m + c}: each step waits for the one before */
    private static double chain(final double x, final int steps) {
        double y = x;
        for (int i = 0; i < steps; i++) {
            y = y * 0.999_999_9 + 1e-7; // tends to 1: no overflow, no subnormals
        }
        return y;
    }

    /**
     * @return the sum of {@link #STREAM_BLOCK} elements of {@code a} from {@code from}, in four independent partial
     *     sums so that the loads, not the adds, set the pace
     */
    private static double stream(final double[] a, final int from) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int i = from; i < from + STREAM_BLOCK; i += 4) {
            s0 += a[i];
            s1 += a[i + 1];
            s2 += a[i + 2];
            s3 += a[i + 3];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The streamed array, filled once when first used and never written after. */
    private static final class Data {
        static final double[] ARRAY = fill();

        private static double[] fill() {
            final double[] a = new double[STREAM_MIB << 17];
            for (int i = 0; i < a.length; i++) {
                a[i] = (i % 1000) * 1e-3;
            }
            return a;
        }
    }
}
