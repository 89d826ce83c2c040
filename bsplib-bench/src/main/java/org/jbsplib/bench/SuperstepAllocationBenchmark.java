package org.jbsplib.bench;

import java.util.concurrent.TimeUnit;

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
 * A superstep of small communication between P processes, for the allocation profiler: run with {@code -prof gc}
 * and read {@code gc.alloc.rate.norm} (bytes allocated per superstep by pid 0's thread, which JMH measures; the
 * other processes do the same work on their side of each superstep). A put and a get of 64 doubles (above the
 * short-copy limit, so the bulk copy path), a BSMP send of 256 bytes followed by {@code qsize}, each with its sync.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class SuperstepAllocationBenchmark {
    @Param({"2"})
    public int procs;

    private LiveRun run;
    private final double[] doubles = new double[LiveRun.DOUBLES];
    private final byte[] tag = new byte[0];
    private final byte[] payload = new byte[256];

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        run = new LiveRun(procs, 1);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        run.close();
    }

    /** A put of 64 doubles to pid 1 and its sync. */
    @Benchmark
    public void putAndSync() {
        run.bsp().put(1, doubles, 0, run.doubles(), 0, doubles.length);
        run.bsp().sync();
    }

    /** A get of 64 doubles from pid 1 and its sync. */
    @Benchmark
    public double[] getAndSync() {
        run.bsp().get(1, run.doubles(), 0, doubles, 0, doubles.length);
        run.bsp().sync();
        return doubles;
    }

    /** A BSMP message of 256 bytes to pid 1, its sync, and the size of pid 0's (empty) queue. */
    @Benchmark
    public int sendAndSync() {
        run.bsp().send(1, tag, payload, 0, payload.length);
        run.bsp().sync();
        return run.bsp().qsize().packets();
    }
}
