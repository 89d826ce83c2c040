package org.jbsplib.bench;

import java.util.concurrent.TimeUnit;

import org.jbsplib.api.Bsp;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The superstep of {@code ./bsp bench params}' {@code put-block} under JMH: every process ({@code senders=all}) or
 * pid 0 alone ({@code senders=one}, the {@code put-block-one} primitive and {@link PutBandwidthBenchmark}'s pattern)
 * puts h = {@code bytes}/8 words, one put per destination (word i of process q goes to q + 1 + (i mod (P-1)) mod P,
 * the blocks of consecutive words), then syncs and commits; every process reuses one source array and one
 * registered area, as bench params does. One operation is one such superstep on every process ({@value #BATCH} per
 * invocation, {@link Lockstep}), so its time is T(h) of bench params (a mean here, the minimum of single supersteps
 * there), and the difference of two sizes over their difference in words is g. Next to it, in the same run,
 * {@code arraycopy}: one thread copying {@code bytes} (a put copies each word twice: into the outbox at the call and
 * into the destination in the sync).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Benchmark)
public class HRelationBenchmark {
    static final int BATCH = 20;

    /** Bytes each sender puts per superstep (h = bytes / 8 words). */
    @Param({"131072", "1048576", "2097152"})
    public int bytes;

    /** {@code all}: every process sends and receives h words; {@code one}: pid 0 sends h words, the others receive. */
    @Param({"all", "one"})
    public String senders;

    @Param({"2"})
    public int procs;

    private Lockstep run;
    private double[] src;
    private double[] dst;

    @Setup(Level.Trial)
    public void setUp(final org.openjdk.jmh.infra.BenchmarkParams params) {
        final int h = bytes / Double.BYTES;
        src = new double[h];
        dst = new double[h];
        if (!params.getBenchmark().endsWith("arraycopy")) {
            if (!senders.equals("all") && !senders.equals("one")) {
                throw new IllegalArgumentException("senders=" + senders + " is not one of all, one");
            }
            run = new Lockstep(new BspConfig().procs(procs), bsp -> superstep(bsp, h, senders.equals("all")));
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (run != null) {
            run.close();
        }
    }

    /** {@value #BATCH} supersteps of the h-relation on every process. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void superstep() throws InterruptedException {
        run.batch(BATCH);
    }

    /** The reference: one thread copying {@code bytes}. */
    @Benchmark
    public double[] arraycopy() {
        System.arraycopy(src, 0, dst, 0, src.length);
        return dst;
    }

    /** @return one process's superstep: put h words (if it sends), sync, commit the puts it receives */
    static Lockstep.Op superstep(final Bsp bsp, final int h, final boolean all) {
        final int p = bsp.nprocs();
        final int me = bsp.pid();
        final int fan = Math.max(1, p - 1);
        final int stride = Math.max(1, (h + fan - 1) / fan);
        final double[] block = new double[stride];
        final Reg reg = bsp.pushReg(new double[p * stride]);
        bsp.sync();
        final boolean sends = all || me == 0;
        // sender q's block k goes to q + 1 + k: this process gets block (me - q - 1) mod P of each sender, if h > k
        int in = p == 1 ? Math.min(h, 1) : 0;
        for (int q = 0; q < p && p > 1; q++) {
            if (q != me && (all || q == 0) && (me - q - 1 + p) % p < h) {
                in++;
            }
        }
        final int received = in;
        return () -> {
            if (sends) {
                for (int k = 0; k < fan && k < h; k++) {
                    bsp.put((me + 1 + k) % p, block, 0, reg, me * stride, (h - k + fan - 1) / fan);
                }
            }
            bsp.sync();
            bsp.commit(reg, received);
        };
    }
}
