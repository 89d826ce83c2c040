package org.jbsplib.npb.common;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the JVM itself did while a timed section ran, read from outside the processes: the JIT's compilation time
 * ({@link CompilationMXBean#getTotalCompilationTime()}), the garbage collections and their time
 * ({@link GarbageCollectorMXBean}), and, on Linux, the CPU time of the JVM's own compiler and GC threads
 * ({@code /proc/self/task/TID/schedstat}, grouped by the thread's name in {@code comm}).
 *
 * <p>Why: with two process threads on two cores, a compiler thread that compiles during the timed section takes a
 * process's core; that process computes late and its partners wait for it in the sync. The thread times of the
 * processes ({@link TimedSection#threadTimes()}) show that they waited in a run queue; this says who took the core.
 * A run whose {@code jit_thread_cpu_seconds} is large was not measured warm.
 *
 * <p>A snapshot costs about a millisecond (two files per JVM thread) and is taken outside the timed interval.
 * <pre>{@code
 * JvmActivity.Snapshot before = JvmActivity.snapshot();
 * timed();
 * Map<String, Object> details = JvmActivity.snapshot().since(before);
 * }</pre>
 *
 * <p>Stateless.
 */
public final class JvmActivity {
    /** The key of {@link TimedSection#jvmActivity()} in a result's {@code details}. */
    public static final String DETAILS_KEY = "jvm_activity";
    private static final Path TASKS = Path.of("/proc/self/task");
    /** HotSpot's compiler threads: {@code C1 CompilerThre}, {@code C2 CompilerThre} ({@code comm} keeps 15 chars). */
    private static final String[] JIT_PREFIXES = {"C1 Compiler", "C2 Compiler"};
    /** HotSpot's GC threads (Serial, Parallel, G1, ZGC, Shenandoah) and the VM thread, which runs the safepoints. */
    private static final String[] GC_PREFIXES = {"GC Thread", "G1 ", "ZDirector", "ZDriver", "ZWorker", "ZStat",
        "Shenandoah", "VM Thread"};

    private JvmActivity() {
    }

    /**
     * The JVM's counters at one moment; -1 where the JVM or the platform does not say.
     *
     * @param compileMillis the JIT's total compilation time so far, ms
     * @param gcCount       the collections so far, all collectors
     * @param gcMillis      their accumulated time, ms
     * @param jitCpuNanos   the CPU time of the compiler threads alive now, ns (Linux)
     * @param gcCpuNanos    the CPU time of the GC threads and the VM thread alive now, ns (Linux)
     */
    public record Snapshot(long compileMillis, long gcCount, long gcMillis, long jitCpuNanos, long gcCpuNanos) {
        /**
         * @param before the snapshot taken at the start
         * @return what happened since {@code before}, for a result's {@code details}: {@code compile_ms},
         *     {@code gc_count}, {@code gc_ms}, {@code jit_thread_cpu_seconds}, {@code gc_thread_cpu_seconds}; NaN
         *     where either snapshot lacks the counter
         */
        public Map<String, Object> since(final Snapshot before) {
            final Map<String, Object> out = new LinkedHashMap<>();
            out.put("compile_ms", delta(compileMillis, before.compileMillis, 1));
            out.put("gc_count", delta(gcCount, before.gcCount, 1));
            out.put("gc_ms", delta(gcMillis, before.gcMillis, 1));
            out.put("jit_thread_cpu_seconds", delta(jitCpuNanos, before.jitCpuNanos, 1e9));
            out.put("gc_thread_cpu_seconds", delta(gcCpuNanos, before.gcCpuNanos, 1e9));
            return out;
        }

        /**
         * @return {@code (now - then) / unit}, NaN if either is missing; a compiler thread that ended in between
         *     takes its CPU time with it, so a negative difference reads 0
         */
        private static double delta(final long now, final long then, final double unit) {
            if (now < 0 || then < 0) {
                return Double.NaN;
            }
            return Math.max(0, now - then) / unit;
        }
    }

    /** @return the JVM's counters now */
    public static Snapshot snapshot() {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        final long compile = jit != null && jit.isCompilationTimeMonitoringSupported()
            ? jit.getTotalCompilationTime() : -1;
        long count = 0;
        long millis = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc.getCollectionCount() < 0 || gc.getCollectionTime() < 0) {
                count = -1;
                millis = -1;
                break;
            }
            count += gc.getCollectionCount();
            millis += gc.getCollectionTime();
        }
        final long[] threads = threadCpu();
        return new Snapshot(compile, count, millis, threads[0], threads[1]);
    }

    /** @return {@code {compiler threads' CPU ns, GC threads' CPU ns}}, or {@code {-1, -1}} without procfs */
    private static long[] threadCpu() {
        long jit = 0;
        long gc = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (final Path task : tasks) {
                final String name;
                final long[] sched;
                try {
                    name = Files.readString(task.resolve("comm")).trim();
                    final int kind = kind(name);
                    if (kind < 0) {
                        continue;
                    }
                    sched = ThreadTimes.parse(Files.readString(task.resolve("schedstat")));
                    if (kind == 0) {
                        jit += sched[0];
                    } else {
                        gc += sched[0];
                    }
                } catch (final IOException | IllegalArgumentException e) {
                    // the thread ended between the listing and the read: its time is gone with it
                }
            }
        } catch (final IOException | RuntimeException e) {
            return new long[] {-1, -1};
        }
        return new long[] {jit, gc};
    }

    /**
     * @param comm a thread's name as the kernel keeps it (at most 15 characters)
     * @return 0 for a JIT compiler thread, 1 for a GC thread or the VM thread, -1 for any other
     */
    static int kind(final String comm) {
        for (final String p : JIT_PREFIXES) {
            if (comm.startsWith(p)) {
                return 0;
            }
        }
        for (final String p : GC_PREFIXES) {
            if (comm.startsWith(p)) {
                return 1;
            }
        }
        return -1;
    }
}
