package org.jbsplib.bench;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.sync.ClassicSync;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of an empty {@code sync()} with P processes (with the run's barrier backend, and with the count exchange as
 * the barrier), next to {@link CyclicBarrier} and {@link Phaser} episodes with P parties, measured in the same run. Sample mode: JMH reports the median (p0.50) and tail percentiles.
 * At P = 2 every fork also prints, before and after its trial, the machine's round trip between two spinning
 * threads and a two-thread spin barrier's episode ({@link RoundTrip}), the floor of that fork's sync: the host
 * places its virtual CPUs differently from one JVM to the next, so compare a fork's sync with its own floor.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class SyncBenchmark {
    /** Round trips and spin-barrier episodes timed before and after a trial at P = 2 ({@link RoundTrip}). */
    private static final int REFERENCE_SAMPLES = 200_000;

    @Param({"2", "8", "32"})
    public int procs;

    private LiveRun run;
    private CyclicBarrier cyclic;
    private Phaser phaser;
    private Thread[] helpers;
    private volatile boolean stop;

    @Setup(Level.Trial)
    public void setUp(final org.openjdk.jmh.infra.BenchmarkParams params) throws Exception {
        final String name = params.getBenchmark();
        if (procs == 2) {
            System.out.println("# before the trial, " + RoundTrip.measure(REFERENCE_SAMPLES));
        }
        if (name.endsWith("emptySync")) {
            run = new LiveRun(procs, 1);
        } else if (name.endsWith("emptySyncCountsBarrier")) {
            run = new LiveRun(new BspConfig().procs(procs).option(ClassicSync.BARRIER_OPTION, "counts"), 1);
        } else if (name.endsWith("cyclicBarrier")) {
            cyclic = new CyclicBarrier(procs);
            helpers = start(() -> {
                try {
                    cyclic.await();
                } catch (final BrokenBarrierException e) {
                    stop = true;
                }
            });
        } else if (name.endsWith("phaser")) {
            phaser = new Phaser(procs);
            helpers = start(() -> {
                if (phaser.arriveAndAwaitAdvance() < 0) {
                    stop = true;
                }
            });
        }
    }

    private Thread[] start(final ThrowingRunnable episode) {
        final Thread[] threads = new Thread[procs - 1];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                try {
                    while (!stop) {
                        episode.run();
                    }
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            threads[i].setDaemon(true);
            threads[i].start();
        }
        return threads;
    }

    @FunctionalInterface
    interface ThrowingRunnable {
        void run() throws InterruptedException;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        stop = true;
        if (run != null) {
            run.close();
        }
        if (cyclic != null) {
            cyclic.reset();
        }
        if (phaser != null) {
            phaser.forceTermination();
        }
        if (helpers != null) {
            for (final Thread t : helpers) {
                t.join(10_000);
            }
        }
        if (procs == 2) {
            System.out.println("# after the trial, " + RoundTrip.measure(REFERENCE_SAMPLES));
        }
    }

    /** One empty superstep of P BSP processes (classic sync). */
    @Benchmark
    public void emptySync() {
        run.bsp().sync();
    }

    /**
     * One empty superstep of P BSP processes (classic sync) whose count exchange is the barrier
     * ({@code org.barrier=counts}, no barrier backend): the cost of the backend's episode is the difference to
     * {@link #emptySync()}.
     */
    @Benchmark
    public void emptySyncCountsBarrier() {
        run.bsp().sync();
    }

    /** One CyclicBarrier episode of P threads. */
    @Benchmark
    public int cyclicBarrier() throws Exception {
        return cyclic.await();
    }

    /** One Phaser phase of P threads. */
    @Benchmark
    public int phaser() {
        return phaser.arriveAndAwaitAdvance();
    }
}
