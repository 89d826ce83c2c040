package org.jbsplib.npb.common;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;

/**
 * The synchronization statistics of each process's timed section, so that the report's {@code T_sync},
 * {@code T_barrier} and {@code T_comm} cover the same code as its "Time in seconds" (set-up, warm-up iterations and
 * verification stay out, as NPB leaves them out of its timer).
 *
 * <p>Each process calls {@link #start} and {@link #stop} on its own thread; the section is kept in its
 * {@link SyncStats} ({@link SyncStats#section()}), so it reaches the run's result on every transport, also from
 * processes in other JVMs. A later {@code start} replaces an earlier section.
 * <pre>{@code
 * TimedSection section = new TimedSection(config.procs());
 * RunResult run = BspRuntime.run(config, bsp -> { ...; section.start(bsp); timed(bsp); section.stop(bsp); ... });
 * RunResult timed = section.of(run);
 * }</pre>
 */
public final class TimedSection {
    private static final int CPU = 0;
    private static final int SLICES = 3;
    private static final int ALLOCATED = 4;
    private final int nprocs;
    /** Per pid, written only by that process's thread: its clocks at {@link #start}, then the section's deltas. */
    private final long[][] threadTimes;
    /** The JVM's counters at pid 0's {@link #start}, and what happened until its {@link #stop}; pid 0's thread. */
    private JvmActivity.Snapshot jvmAtStart;
    private Map<String, Object> jvmActivity;

    /** @param nprocs the number of processes of the run */
    public TimedSection(final int nprocs) {
        this.nprocs = nprocs;
        this.threadTimes = new long[nprocs][];
    }

    /** Marks the start of the calling process's timed section. */
    public void start(final Bsp bsp) {
        if (bsp.pid() == 0) {
            jvmAtStart = JvmActivity.snapshot();
        }
        final long[] sched = ThreadTimes.schedstat();
        threadTimes[bsp.pid()] = new long[] {ThreadTimes.cpuNanos(), sched[0], sched[1], sched[2],
            ThreadTimes.allocatedBytes()};
        BspRuntime.stats(bsp).startSection();
    }

    /** Marks its end: the section's statistics are what the process recorded since {@link #start}. */
    public void stop(final Bsp bsp) {
        try {
            BspRuntime.stats(bsp).stopSection();
        } catch (final IllegalStateException e) {
            throw new IllegalStateException("stop: pid " + bsp.pid() + " did not start a timed section", e);
        }
        final long allocated = ThreadTimes.allocatedBytes();
        final long cpu = ThreadTimes.cpuNanos();
        final long[] sched = ThreadTimes.schedstat();
        final long[] t = threadTimes[bsp.pid()];
        final long[] now = {cpu, sched[0], sched[1], sched[2], allocated};
        for (int i = 0; i < t.length; i++) {
            t[i] = t[i] < 0 || now[i] < 0 ? -1 : now[i] - t[i];
        }
        if (bsp.pid() == 0) {
            jvmActivity = JvmActivity.snapshot().since(jvmAtStart);
        }
    }

    /**
     * What the JVM of pid 0 did from pid 0's {@link #start} to its {@link #stop} ({@link JvmActivity}), for the
     * JSON's {@code details}: {@code compile_ms} (the JIT's compilation time), {@code gc_count}, {@code gc_ms},
     * {@code jit_thread_cpu_seconds} and {@code gc_thread_cpu_seconds} (the CPU time of the JVM's compiler threads,
     * and of its GC threads with the VM thread; Linux, NaN elsewhere). Read after the run (its threads' ends order
     * these writes before the read).
     *
     * @return the counters by name, or {@code null} when pid 0 ran in another JVM or did not stop its section
     */
    public Map<String, Object> jvmActivity() {
        return jvmActivity;
    }

    /**
     * The clocks of each process's thread over its timed section ({@link ThreadTimes}), for the JSON's
     * {@code details}: {@code cpu_seconds} (the thread's CPU time), {@code run_seconds} and
     * {@code runqueue_wait_seconds} (the scheduler's: on a CPU, and runnable but waiting for one),
     * {@code timeslices} and {@code allocated_bytes} (what the thread allocated on the heap: the kernel's arrays are
     * allocated before the section, so this is what the library and the kernel's loops allocate while timed; a young
     * collection stops every process at a safepoint), each indexed by pid; NaN where a clock is missing (a virtual
     * thread, not Linux, a process of another JVM). Where the section's wall time exceeds its CPU time, the process
     * waited: for its partners, or for a CPU when the run-queue wait says so.
     *
     * @return the five arrays by name
     */
    public Map<String, double[]> threadTimes() {
        final String[] names = {"cpu_seconds", "run_seconds", "runqueue_wait_seconds", "timeslices",
            "allocated_bytes"};
        final Map<String, double[]> out = new LinkedHashMap<>();
        for (int i = CPU; i <= ALLOCATED; i++) {
            final double[] v = new double[nprocs];
            for (int pid = 0; pid < nprocs; pid++) {
                final long[] t = threadTimes[pid];
                v[pid] = t == null || t[i] < 0 ? Double.NaN : i >= SLICES ? t[i] : t[i] / 1e9;
            }
            out.put(names[i], v);
        }
        return out;
    }

    /**
     * @param run the finished run whose processes marked their sections
     * @return the run with each process's statistics replaced by those of its timed section (configuration, wall
     *     time and superstep counts stay the whole run's)
     * @throws IllegalStateException if a process did not mark a whole section
     */
    public RunResult of(final RunResult run) {
        final SyncStats[] sections = new SyncStats[nprocs];
        for (int pid = 0; pid < nprocs; pid++) {
            sections[pid] = run.stats().get(pid).section();
            if (sections[pid] == null) {
                throw new IllegalStateException("pid " + pid + " did not mark a timed section");
            }
        }
        return new RunResult(run.config(), run.wallNs(), List.of(sections), run.supersteps());
    }
}
