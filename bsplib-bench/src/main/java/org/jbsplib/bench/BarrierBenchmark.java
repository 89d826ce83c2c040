package org.jbsplib.bench;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.core.cli.BarrierLatency;
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
 * Latency of one barrier episode with P parties, for every software backend and, in the same run, the references
 * ({@code CyclicBarrier}, {@code Phaser}, a hand-written spin barrier). The JMH thread is party 0; P-1 helper
 * threads run episodes back to back. Sample mode: JMH reports the median (p0.50) and p0.99.
 *
 * <pre>
 * java -jar bsplib-bench/target/benchmarks.jar BarrierBenchmark -p procs=2,4 -p barrier=shm,dissemination
 * </pre>
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class BarrierBenchmark {
    @Param({"shm", "dissemination", "tree", "pairwise", "central", "jdk-cyclicbarrier", "jdk-phaser", "spin"})
    public String barrier;

    @Param({"2", "4", "8"})
    public int procs;

    private BarrierLatency.Parties parties;
    private Thread[] helpers;
    private volatile boolean stop;
    private final AtomicReference<Exception> helperFailure = new AtomicReference<>();

    @Setup(Level.Trial)
    public void setUp() {
        final int cores = Runtime.getRuntime().availableProcessors();
        parties = BarrierLatency.parties(barrier, procs, cores, TimeUnit.MINUTES.toNanos(10));
        helpers = new Thread[procs - 1];
        for (int i = 0; i < helpers.length; i++) {
            final int pid = i + 1;
            helpers[i] = new Thread(() -> {
                try {
                    while (!stop) {
                        parties.sync(pid);
                    }
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (final Exception e) {
                    if (!stop) {
                        helperFailure.compareAndSet(null, e); // a failure, not the break of the tear-down
                    }
                }
            }, "barrier-helper-" + pid);
            helpers[i].setDaemon(true);
            helpers[i].start();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        stop = true;
        parties.breakAll();
        for (final Thread t : helpers) {
            t.join(10_000);
        }
        parties.close();
        final Exception failure = helperFailure.get();
        if (failure != null) {
            throw new IllegalStateException("barrier=" + barrier + " procs=" + procs + ": a helper thread failed "
                + "during the measurement: " + failure, failure);
        }
    }

    /** One barrier episode, as party 0. */
    @Benchmark
    public void episode() throws Exception {
        parties.sync(0);
    }
}
