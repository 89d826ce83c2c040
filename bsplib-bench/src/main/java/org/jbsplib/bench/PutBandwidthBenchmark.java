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
 * Put bandwidth between two processes: one {@code put} of {@code bytes} from pid 0 to pid 1 plus the
 * {@code sync} that delivers it, the same with the unbuffered {@code hpPut} (no copy at the call: the source is
 * read during the sync), the gets {@code get} and {@code hpGet} of the same size from pid 1 and a get by pid 0 from
 * itself, next to one {@code System.arraycopy} of the same size, in the same run.
 * Bandwidth = bytes / time per operation; the ratio of the two is the figure of merit. {@code -p direct=auto,never}
 * compares the copies straight between the processes' memories with the frames of the same run;
 * {@code unbuffered} sends the put's stream in frames and the hpPut's direct; {@code -p split=default,off} times
 * the large direct copies shared by both processes against one process copying alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class PutBandwidthBenchmark {
    @Param({"1024", "1048576"})
    public int bytes;

    /**
     * The classic sync's {@code org.direct}: {@code auto} (large streams and every get copy straight between the
     * processes' memories) or {@code never} (everything in frames, as between JVMs).
     */
    @Param({"auto"})
    public String direct;

    /**
     * The classic sync's {@code org.splitBytes}: {@code default} (the library's), {@code off} (the process that copies
     * a direct stream or get copies it alone) or a size in bytes (direct copies of at least that size are shared by
     * the two processes they concern).
     */
    @Param({"default"})
    public String split;

    private LiveRun run;
    private byte[] src;
    private byte[] dst;

    @Setup(Level.Trial)
    public void setUp(final org.openjdk.jmh.infra.BenchmarkParams params) throws Exception {
        src = new byte[bytes];
        dst = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            src[i] = (byte) i;
        }
        if (!params.getBenchmark().endsWith("arraycopy")) {
            final org.jbsplib.core.BspConfig config = new org.jbsplib.core.BspConfig().procs(2)
                .option(org.jbsplib.core.sync.ClassicSync.DIRECT_OPTION, direct);
            if (!"default".equals(split)) {
                config.option(org.jbsplib.core.sync.ClassicSync.SPLIT_OPTION, split);
            }
            run = new LiveRun(config, bytes);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (run != null) {
            run.close();
        }
    }

    /** A put of {@code bytes} to pid 1 and the sync that moves it. */
    @Benchmark
    public void putAndSync() {
        run.bsp().put(1, src, 0, run.data(), 0, bytes);
        run.bsp().sync();
    }

    /** An unbuffered put of {@code bytes} to pid 1 and the sync that moves it. */
    @Benchmark
    public void hpPutAndSync() {
        run.bsp().hpPut(1, src, 0, run.data(), 0, bytes);
        run.bsp().sync();
    }

    /** A get of {@code bytes} from pid 1 and the sync that brings it. */
    @Benchmark
    public byte[] getAndSync() {
        run.bsp().get(1, run.data(), 0, dst, 0, bytes);
        run.bsp().sync();
        return dst;
    }

    /** An unbuffered get of {@code bytes} from pid 1 and the sync that brings it. */
    @Benchmark
    public byte[] hpGetAndSync() {
        run.bsp().hpGet(1, run.data(), 0, dst, 0, bytes);
        run.bsp().sync();
        return dst;
    }

    /**
     * A get of {@code bytes} by pid 0 from its own registration and the sync that brings it: one copy under
     * {@code direct=auto} (straight from the registration), two under {@code never} (aside, then at its turn).
     */
    @Benchmark
    public byte[] selfGetAndSync() {
        run.bsp().get(0, run.data(), 0, dst, 0, bytes);
        run.bsp().sync();
        return dst;
    }

    /** The reference: one local copy of the same size. */
    @Benchmark
    public byte[] arraycopy() {
        System.arraycopy(src, 0, dst, 0, bytes);
        return dst;
    }
}
