package org.jbsplib.npb.common;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import org.jbsplib.core.BspConfig;

/**
 * The untimed warm-up runs before an NPB kernel's measured run ({@link NpbOptions#WARMUP}): a fixed number, or
 * ({@value #AUTO}, the default on the host) as many as it takes for the JIT compiler to go quiet.
 *
 * <p>Why {@value #AUTO}: with one warm-up run of half its time steps, FT class W at P = 2 still had HotSpot's C2
 * compiling its FFT kernels and the sync path inside the first timed runs (16 C2 compilations in the first, the
 * last kernel method in the fourth: {@code -XX:+PrintCompilation} against the timed sections), and with two cores
 * and two process threads a compiler thread takes one process's core: that process computes late, the other waits
 * for it in the sync. So {@value #AUTO} repeats the warm-up run until {@value #AUTO_QUIET_RUNS} runs in a row have
 * each spent at most {@value #QUIET_PERCENT} % of their wall time compiling
 * ({@link CompilationMXBean#getTotalCompilationTime()}), at least one run and at most {@value #AUTO_MAX_RUNS}, and
 * starts no further run once the warm-ups have taken {@value #AUTO_BUDGET_SECONDS} s
 * (a large class's single half run is warm-up enough). On a machine model the compute clock is the thread's CPU
 * time, which a compiler thread does not take, so {@value #AUTO} is one run there, as before; between JVMs
 * ({@code aeron-ipc}, {@code aeron-udp}) too, since every JVM must run the same number of runs.
 *
 * <p>Stateless; {@link #run} runs the warm-ups on the calling thread.
 * <pre>{@code
 * Warmup.Done done = Warmup.run(config, () -> BspRuntime.run(NpbOptions.copy(config), shortProgram));
 * details.put("warmup_runs", done.runs());
 * }</pre>
 */
public final class Warmup {
    /** The option value that warms up until the JIT is quiet. */
    public static final String AUTO = "auto";
    /** The most warm-up runs of {@value #AUTO}. */
    public static final int AUTO_MAX_RUNS = 10;
    /** {@value #AUTO} starts no further warm-up run once the warm-ups took this long, seconds. */
    public static final int AUTO_BUDGET_SECONDS = 30;
    /** A warm-up run that compiled at most this share of its wall time, percent, is quiet. */
    public static final int QUIET_PERCENT = 5;
    /**
     * {@value #AUTO} ends after this many quiet runs in a row. One was not enough: a quiet run can fall between
     * compilations (FT class A at P = 2: after warm-ups that compiled 2,390, 87 and 12 ms, the first two timed runs
     * had 0.25 and 0.32 s of compiler CPU; in 4 of 16 invocations that stopped after 2-3 warm-ups, none of those that
     * made 4-5).
     */
    public static final int AUTO_QUIET_RUNS = 2;

    /**
     * What the warm-up did.
     *
     * @param runs          the warm-up runs made
     * @param compileMillis the JIT's compilation time during each, ms (-1 where the JVM does not say)
     * @param wallMillis    the wall time of each, ms
     */
    public record Done(int runs, List<Long> compileMillis, List<Long> wallMillis) {
    }

    private Warmup() {
    }

    /**
     * Runs the warm-up that option {@link NpbOptions#WARMUP} of {@code config} asks for.
     *
     * @param config the run's configuration
     * @param oneRun one untimed warm-up run
     * @return the runs made and their compilation times
     */
    public static Done run(final BspConfig config, final Runnable oneRun) {
        final int fixed = NpbOptions.warmup(config);
        if (fixed != NpbOptions.WARMUP_AUTO) {
            return run(fixed, oneRun, compileClock(), System::nanoTime);
        }
        return adapts(config) ? run(NpbOptions.WARMUP_AUTO, oneRun, compileClock(), System::nanoTime)
            : run(1, oneRun, compileClock(), System::nanoTime);
    }

    /**
     * @return whether {@value #AUTO} adapts to the JIT for {@code config}: on the host and with every process in this
     *     JVM (the threads transport); between JVMs each would count its own JIT's time and they could disagree on
     *     the number of runs, which they must run together, so there it is one run
     */
    static boolean adapts(final BspConfig config) {
        return !config.onMachineModel() && BspConfig.DEFAULT_TRANSPORT.equals(config.transport());
    }

    /**
     * @param runs        the warm-up runs, or {@link NpbOptions#WARMUP_AUTO} until the JIT is quiet
     * @param oneRun      one warm-up run
     * @param compileMs   the JIT's total compilation time so far, ms, or -1 when the JVM does not measure it
     *                    (then {@value #AUTO} makes three runs)
     * @param nanoTime    the clock of the wall time
     * @return the runs made and the compilation time of each
     */
    static Done run(final int runs, final Runnable oneRun, final LongSupplier compileMs, final LongSupplier nanoTime) {
        final boolean auto = runs == NpbOptions.WARMUP_AUTO;
        final boolean measured = compileMs.getAsLong() >= 0;
        final int most = !auto ? runs : measured ? AUTO_MAX_RUNS : 3;
        final List<Long> compiled = new ArrayList<>();
        final List<Long> walls = new ArrayList<>();
        final long begin = nanoTime.getAsLong();
        int quietInARow = 0;
        for (int i = 0; i < most; i++) {
            final long c0 = compileMs.getAsLong();
            final long t0 = nanoTime.getAsLong();
            oneRun.run();
            final long t1 = nanoTime.getAsLong();
            final long c = measured ? compileMs.getAsLong() - c0 : -1;
            compiled.add(c);
            walls.add((t1 - t0) / 1_000_000L);
            quietInARow = measured && c * 1_000_000L * 100 <= (t1 - t0) * QUIET_PERCENT ? quietInARow + 1 : 0;
            if (auto && quietInARow >= AUTO_QUIET_RUNS) {
                break;
            }
            if (auto && t1 - begin >= AUTO_BUDGET_SECONDS * 1_000_000_000L) {
                break;
            }
        }
        return new Done(compiled.size(), List.copyOf(compiled), List.copyOf(walls));
    }

    /** @return the JIT's total compilation time in ms, or a supplier of -1 when the JVM does not measure it */
    private static LongSupplier compileClock() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            return () -> -1;
        }
        return jit::getTotalCompilationTime;
    }
}
