package org.jbsplib.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.TreeSet;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.sync.ClassicSync;

/**
 * Where a put + sync of P = 2 spends its time, outside JMH: pid 0 (this thread) puts {@code bytes} to pid 1 and
 * syncs, and the put (the copy into the outbox) and the sync (the hand-offs and pid 1's copy out of it) are timed
 * apart with {@link System#nanoTime()} into preallocated arrays, printed after each round with the minor page faults
 * of the JVM per operation and the CPUs the two process threads were seen on. Nothing of it is in the library's
 * hot path. With {@code bytes} 0 it times empty syncs, with pid 0's idle steps per sync. Run it from the
 * benchmark jar:
 *
 * <pre>
 * java --add-opens java.base/jdk.internal.misc=ALL-UNNAMED -XX:+UseParallelGC \
 *   -cp bsplib-bench/target/benchmarks.jar org.jbsplib.bench.PutPhases [bytes] [rounds] [ops per round] [direct]
 * </pre>
 */
public final class PutPhases {
    private PutPhases() {
    }

    /**
     * @param args bytes per put (default 1 MiB; 0: no put, an empty sync), rounds (default 6), operations per round
     *             (default 3000), {@code org.direct} (default {@code auto}; {@code never}: the data in frames)
     * @throws Exception when the run fails
     */
    public static void main(final String[] args) throws Exception {
        final int bytes = args.length > 0 ? Integer.parseInt(args[0]) : 1 << 20;
        final int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        final int ops = args.length > 2 ? Integer.parseInt(args[2]) : 3000;
        final String direct = args.length > 3 ? args[3] : "auto";
        final byte[] src = new byte[bytes];
        Arrays.fill(src, (byte) 7);
        try (LiveRun run = new LiveRun(new BspConfig().procs(2).option(ClassicSync.DIRECT_OPTION, direct), bytes)) {
            final Path partner = thread("bsp-1");
            final long[] put = new long[ops];
            final long[] sync = new long[ops];
            for (int r = 0; r < rounds; r++) {
                final TreeSet<String> cpus = new TreeSet<>();
                final long faults = minorFaults(Path.of("/proc/self/stat"));
                final long[] idle = idleCounters(run);
                for (int i = 0; i < ops; i++) {
                    final long t0 = System.nanoTime();
                    if (bytes > 0) {
                        run.bsp().put(1, src, 0, run.data(), 0, bytes);
                    }
                    final long t1 = System.nanoTime();
                    run.bsp().sync();
                    final long t2 = System.nanoTime();
                    put[i] = t1 - t0;
                    sync[i] = t2 - t1;
                    if (i % 200 == 0) {
                        cpus.add(cpu(Path.of("/proc/thread-self/stat")) + "/" + (partner == null ? "?" : cpu(partner)));
                    }
                }
                final double faultsPerOp = (minorFaults(Path.of("/proc/self/stat")) - faults) / (double) ops;
                final long[] idleAfter = idleCounters(run);
                System.out.printf("round %d: put p10 %.3f p50 %.3f us, sync p10 %.3f p50 %.3f us, minor faults/op %.3f,"
                    + " pid 0's idle spins/yields/parks per op %.2f/%.3f/%.4f, CPUs pid0/pid1 seen %s%n", r,
                    pct(put, 0.1), pct(put, 0.5), pct(sync, 0.1), pct(sync, 0.5), faultsPerOp,
                    (idleAfter[0] - idle[0]) / (double) ops, (idleAfter[1] - idle[1]) / (double) ops,
                    (idleAfter[2] - idle[2]) / (double) ops, cpus);
            }
        }
    }

    private static long[] idleCounters(final LiveRun run) {
        final org.jbsplib.core.SyncStats stats = org.jbsplib.core.BspRuntime.stats(run.bsp());
        stats.refreshLive();
        return new long[] {stats.counter("idle.spins"), stats.counter("idle.yields"), stats.counter("idle.parks")};
    }

    private static Path thread(final String name) throws IOException {
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (final Path t : (Iterable<Path>) tasks::iterator) {
                if (Files.readString(t.resolve("comm")).trim().equals(name)) {
                    return t.resolve("stat");
                }
            }
        } catch (final IOException e) {
            return null;
        }
        return null;
    }

    private static String[] fields(final Path stat) throws IOException {
        final String s = Files.readString(stat);
        return s.substring(s.lastIndexOf(')') + 2).split(" ");
    }

    /** Field 39 of stat (the CPU last run on); the fields after the name start at field 3. */
    private static String cpu(final Path stat) throws IOException {
        return fields(stat)[39 - 3];
    }

    /** Field 10 of stat (minflt). */
    private static long minorFaults(final Path stat) throws IOException {
        return Long.parseLong(fields(stat)[10 - 3]);
    }

    private static double pct(final long[] values, final double q) {
        final long[] c = values.clone();
        Arrays.sort(c);
        return c[(int) (q * (c.length - 1))] / 1000.0;
    }
}
