package org.jbsplib.bench;

import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.jbsplib.hw.model.EventQueue;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Events per second of the hardware models' discrete-event queue ({@link EventQueue}) in the classic hold model: the
 * queue holds {@code held} pending events; each operation polls the earliest and schedules one a random delay later
 * (one event processed per operation, so operations/s = events/s). The reference, in the same run, is the JDK's
 * {@link PriorityQueue} of event objects doing the same.
 *
 * <pre>
 * java -jar bsplib-bench/target/benchmarks.jar EventQueueBenchmark
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED"})
@State(Scope.Thread)
public class EventQueueBenchmark {
    /** Pending events: a small model (a 16-node barrier) and a network 10x larger than the papers' largest. */
    @Param({"64", "100000"})
    public int held;

    private EventQueue queue;
    private PriorityQueue<long[]> reference;
    private SplittableRandom random;

    /** Fills both queues with the same {@code held} events (reference events: time, sequence, kind). */
    @Setup(Level.Trial)
    public void setUp() {
        random = new SplittableRandom(42);
        queue = new EventQueue(held);
        reference = new PriorityQueue<>(held, (x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0])
            : Long.compare(x[1], y[1]));
        for (int i = 0; i < held; i++) {
            final long t = random.nextLong(1_000_000);
            queue.add(t, 1, i, 0, 0);
            reference.add(new long[] {t, i, 1});
        }
    }

    /** @return the polled event's argument, so the work is not dead code */
    @Benchmark
    public int eventQueueHold() {
        queue.poll();
        final long t = queue.time();
        final int a = queue.a();
        queue.add(t + 1 + random.nextLong(1_000_000), queue.kind(), a, 0, 0);
        return a;
    }

    /** @return the polled event's sequence number */
    @Benchmark
    public long jdkPriorityQueueHold() {
        final long[] e = reference.poll();
        final long s = e[1];
        reference.add(new long[] {e[0] + 1 + random.nextLong(1_000_000), s, e[2]});
        return s;
    }
}
