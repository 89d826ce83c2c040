package org.jbsplib.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jbsplib.core.BspConfig;
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
 * What tracing adds to a superstep: an empty {@code sync()} of P processes with the superstep journal off and on
 * ({@code --trace DIR}: one record per process and superstep), measured in the same run. Sample mode: JMH reports
 * the median (p0.50) and tail percentiles. The traced forks write about 150 bytes per process and sync to a
 * temporary directory, removed at the end.
 *
 * <p>P = 1 gives the cost tracing adds to a process's own superstep (the probe, the record, the JFR checks and the
 * batched appends): its sync waits for nobody. At P = 2 on a shared 2-core machine the median is set by whether the
 * peer was running or had to be woken from a park (about 1 to 5 us against about 100 us), and it moves between the
 * two regimes from fork to fork in both modes; compare P = 2 over several forks in both orders
 * ({@code -p trace=off,on} and {@code -p trace=on,off}), never one pair.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
    "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED", "-Dchronicle.analytics.disable=true"})
@State(Scope.Benchmark)
public class TracedSyncBenchmark {
    @Param({"1", "2"})
    public int procs;

    @Param({"off", "on"})
    public String trace;

    private LiveRun run;
    private Path dir;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        final BspConfig config = new BspConfig().procs(procs);
        if ("on".equals(trace)) {
            dir = Files.createTempDirectory("jbsp-traced-sync-");
            config.trace(dir);
        }
        run = new LiveRun(config, 1);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        run.close();
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(TracedSyncBenchmark::delete);
            }
        }
    }

    private static void delete(final Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (final IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** One empty superstep of P BSP processes (classic sync), traced or not. */
    @Benchmark
    public void emptySync() {
        run.bsp().sync();
    }
}
