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
 * The machine without the library: what the copies of a put + sync cost when the bytes were just written by the
 * other core, next to the same copies on one core, and the round trip of a hand-off between two spinning threads.
 * The benchmark thread plays pid 0 and a helper thread, spinning on a volatile step, plays pid 1; every hand-off is
 * one volatile write answered by one volatile write.
 *
 * <ul>
 * <li>{@link #localTwoCopies}: one thread copies {@code src} into a staging buffer and the staging buffer into
 *     {@code dst} (a put's two copies, both on the sender's core).</li>
 * <li>{@link #pullFresh}: the benchmark thread copies {@code src} into the staging buffer, the helper then copies
 *     the staging buffer into its {@code dst} (a put whose receiver pulls the bytes its sender just wrote: the
 *     library's direct stream).</li>
 * <li>{@link #pushFresh}: the same two copies, both by the benchmark thread, into the helper's {@code dst}, after a
 *     hand-off (the sender pushes; the helper does not touch the bytes).</li>
 * <li>{@link #pullClean}: the helper copies {@code src}, which nobody writes, into its {@code dst} (an hpPut: one
 *     copy of bytes no core holds modified).</li>
 * <li>{@link #roundTrip}: one hand-off and its answer, nothing copied (the machine's floor for an empty sync at
 *     P = 2).</li>
 * <li>{@link #arraycopy}: one copy of {@code bytes} on one core, the reference of {@link PutBandwidthBenchmark}.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class CrossCoreBenchmark {
    private static final int IDLE = 0;
    private static final int COPY_STAGING = 1;
    private static final int COPY_SRC = 2;
    private static final int ANSWER = 3;

    /** Bytes per copy. */
    @Param({"1048576"})
    public int bytes;

    private byte[] src;
    private byte[] staging;
    private byte[] dst;
    private byte[] helperDst;
    private Thread helper;
    private volatile int request;
    private volatile long step;
    private volatile long answered;
    private volatile boolean stop;

    /** Fills the arrays and starts the helper, which spins until {@link #tearDown()}. */
    @Setup(Level.Trial)
    public void setUp() {
        src = new byte[bytes];
        staging = new byte[bytes];
        dst = new byte[bytes];
        helperDst = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            src[i] = (byte) i;
        }
        helper = new Thread(this::serve, "cross-core-helper");
        helper.setDaemon(true);
        helper.start();
    }

    private void serve() {
        long seen = 0;
        while (!stop) {
            final long s = step;
            if (s == seen) {
                Thread.onSpinWait();
                continue;
            }
            seen = s;
            switch (request) {
                case COPY_STAGING -> System.arraycopy(staging, 0, helperDst, 0, bytes);
                case COPY_SRC -> System.arraycopy(src, 0, helperDst, 0, bytes);
                default -> { }
            }
            answered = s;
        }
    }

    /** Stops the helper. */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        stop = true;
        helper.join(10_000);
    }

    private void handOff(final int what) {
        request = what;
        final long s = step + 1;
        step = s;
        while (answered != s) {
            Thread.onSpinWait();
        }
    }

    /** @return dst after a put's two copies on one core */
    @Benchmark
    public byte[] localTwoCopies() {
        System.arraycopy(src, 0, staging, 0, bytes);
        System.arraycopy(staging, 0, dst, 0, bytes);
        return dst;
    }

    /** The sender stages the bytes, the helper pulls them into its array. */
    @Benchmark
    public void pullFresh() {
        System.arraycopy(src, 0, staging, 0, bytes);
        handOff(COPY_STAGING);
    }

    /** @return the helper's array after the sender staged the bytes and wrote them there itself */
    @Benchmark
    public byte[] pushFresh() {
        System.arraycopy(src, 0, staging, 0, bytes);
        handOff(ANSWER);
        System.arraycopy(staging, 0, helperDst, 0, bytes);
        return helperDst;
    }

    /** The helper copies bytes no core modifies. */
    @Benchmark
    public void pullClean() {
        handOff(COPY_SRC);
    }

    /** One hand-off to the helper and its answer. */
    @Benchmark
    public void roundTrip() {
        handOff(ANSWER);
    }

    /** @return dst after one copy on one core */
    @Benchmark
    public byte[] arraycopy() {
        System.arraycopy(src, 0, dst, 0, bytes);
        return dst;
    }
}
