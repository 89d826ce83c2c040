package org.jbsplib.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.trace.SuperstepTracer;
import org.jbsplib.core.trace.TraceSink;
import org.jbsplib.core.trace.Tracing;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of one superstep record in the trace journal, without a BSP run around it: one process's tracer
 * appending (as after each sync), and two processes of one JVM appending to their shared queue at once.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
    "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "-Dchronicle.analytics.disable=true"})
public class TraceRecordBenchmark {
    /** One JVM's sink of a 2-process run. */
    @State(Scope.Benchmark)
    public static class Sink {
        TraceSink sink;
        SuperstepTracer[] tracers;
        final AtomicInteger next = new AtomicInteger();
        private Path dir;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            dir = Files.createTempDirectory("jbsp-trace-record-");
            sink = Tracing.open(new BspConfig().procs(2).trace(dir).conclude(), new int[] {0, 1});
            tracers = new SuperstepTracer[] {sink.tracer(0), sink.tracer(1)};
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            sink.close();
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** One benchmark thread's process. */
    @State(Scope.Thread)
    public static class Process {
        int pid;
        long superstep;
        final long[] waitedFor = new long[1];

        @Setup(Level.Trial)
        public void setUp(final Sink sink) {
            pid = sink.next.getAndIncrement() % 2;
        }
    }

    /** One record by one process. */
    @Benchmark
    @Threads(1)
    public void oneProcess(final Sink sink, final Process p) {
        record(sink, p);
    }

    /** One record each by two processes appending at once. */
    @Benchmark
    @Threads(2)
    public void twoProcesses(final Sink sink, final Process p) {
        record(sink, p);
    }

    private static void record(final Sink sink, final Process p) {
        final long s = p.superstep++;
        sink.tracers[p.pid].superstep(p.pid, s, s * 1000, s * 1000 + 600, 300, 0, 200, 50, 1024, 1024, 3, 3, 1, 0, 0,
            0, p.waitedFor);
    }
}
