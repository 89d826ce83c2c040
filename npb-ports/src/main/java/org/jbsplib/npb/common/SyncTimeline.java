package org.jbsplib.npb.common;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Each process's entry to and exit from every {@code sync} of its timed section, and its time in the
 * {@code commit}s that follow, on the host's clock ({@link System#nanoTime()}, one clock for every thread of the
 * JVM), to split each superstep's synchronization time into <b>waiting</b> (for the last other process to reach
 * the superstep's end: in a pipeline, for the neighbour's data to be computed) and <b>protocol overhead</b> (the
 * rest: time in {@code sync} and {@code commit} after the last other process entered its {@code sync}).
 *
 * <p>For process i in superstep s, with A the latest {@code sync} entry of the other processes in s: its wait is
 * the part of its {@code sync} before A plus the part of its {@code commit}s after that sync before A (their first
 * start to A, at most their time), and its overhead the rest. Under the classic sync every process waits for every
 * other, so the split is exact at every P; under the relaxed sync a process waits only for its partners, so for
 * P &gt; 2 the "last other process" over-counts the wait. At P = 2 it is exact for both.
 *
 * <p>It also replays the supersteps with each process's measured computation and a free sync, for the floor
 * that the superstep structure itself sets ({@code floor_us}, see {@link #summary}).
 *
 * <p>Each process calls the recording methods on its own thread, only for its own pid; {@link #summary} runs after
 * the run (the run's end orders the writes before it). Recording allocates only when a process's arrays grow.
 * <pre>{@code
 * SyncTimeline line = new SyncTimeline(procs);
 * // in each process: line.start(pid); ... line.enterSync(pid); bsp.sync(); line.leaveSync(pid); ...
 * //                  line.enterCommit(pid); bsp.commit(reg, n); line.leaveCommit(pid); ... line.stop(pid);
 * Map<String, Object> split = line.summary();
 * }</pre>
 */
public final class SyncTimeline {
    private static final int INITIAL = 1 << 12;
    /**
     * Bytes between two processes' entries in {@link #count}, {@link #active} and {@link #commitStart}: each process
     * writes its own at every superstep, and reads it inside the intervals it times, so two processes' entries on one
     * cache line would add a transfer between the cores to their measured sync time.
     */
    static final int SLOT_BYTES = 128;
    private final int nprocs;
    private final long[][] enter;
    private final long[][] leave;
    private final long[][] commitFirst;
    private final long[][] commitNs;
    private final long[][] cpuEnter;
    private final long[][] cpuLeave;
    private final int[] count;
    private final boolean[] active;
    private final long[] commitStart;

    /** @param nprocs the number of processes of the run */
    public SyncTimeline(final int nprocs) {
        enter = new long[nprocs][INITIAL];
        leave = new long[nprocs][INITIAL];
        commitFirst = new long[nprocs][INITIAL];
        commitNs = new long[nprocs][INITIAL];
        cpuEnter = new long[nprocs][INITIAL];
        cpuLeave = new long[nprocs][INITIAL];
        this.nprocs = nprocs;
        count = new int[(nprocs + 1) * SLOT_BYTES / Integer.BYTES];
        active = new boolean[(nprocs + 1) * SLOT_BYTES];
        commitStart = new long[(nprocs + 1) * SLOT_BYTES / Long.BYTES];
    }

    /**
     * @param pid          a process
     * @param elementBytes the size of the array's elements
     * @return the index of {@code pid}'s entry in an array of per-process entries {@link #SLOT_BYTES} apart, after
     *     one slot of padding that keeps pid 0's entry off the line of the array's header
     */
    static int at(final int pid, final int elementBytes) {
        return (pid + 1) * SLOT_BYTES / elementBytes;
    }

    /** Starts recording process {@code pid}'s supersteps (its timed section's start), forgetting earlier ones. */
    public void start(final int pid) {
        count[at(pid, Integer.BYTES)] = 0;
        active[at(pid, 1)] = true;
    }

    /** Stops recording them. */
    public void stop(final int pid) {
        active[at(pid, 1)] = false;
    }

    /** Process {@code pid} is about to call {@code sync}. */
    public void enterSync(final int pid) {
        if (active[at(pid, 1)]) {
            final int s = count[at(pid, Integer.BYTES)];
            if (s == enter[pid].length) {
                grow(pid);
            }
            cpuEnter[pid][s] = ThreadTimes.cpuNanos();
            enter[pid][s] = System.nanoTime();
            commitFirst[pid][s] = -1;
            commitNs[pid][s] = 0;
        }
    }

    /** Process {@code pid}'s {@code sync} returned. */
    public void leaveSync(final int pid) {
        if (active[at(pid, 1)]) {
            leave[pid][count[at(pid, Integer.BYTES)]] = System.nanoTime();
            cpuLeave[pid][count[at(pid, Integer.BYTES)]++] = ThreadTimes.cpuNanos();
        }
    }

    /** Process {@code pid} is about to call {@code commit} on data of its last superstep. */
    public void enterCommit(final int pid) {
        if (active[at(pid, 1)]) {
            commitStart[at(pid, Long.BYTES)] = System.nanoTime();
        }
    }

    /** Process {@code pid}'s {@code commit} returned. */
    public void leaveCommit(final int pid) {
        final int s = count[at(pid, Integer.BYTES)] - 1;
        if (active[at(pid, 1)] && s >= 0) {
            if (commitFirst[pid][s] < 0) {
                commitFirst[pid][s] = commitStart[at(pid, Long.BYTES)];
            }
            commitNs[pid][s] += System.nanoTime() - commitStart[at(pid, Long.BYTES)];
        }
    }

    private void grow(final int pid) {
        final int n = enter[pid].length * 2;
        enter[pid] = Arrays.copyOf(enter[pid], n);
        leave[pid] = Arrays.copyOf(leave[pid], n);
        commitFirst[pid] = Arrays.copyOf(commitFirst[pid], n);
        commitNs[pid] = Arrays.copyOf(commitNs[pid], n);
        cpuEnter[pid] = Arrays.copyOf(cpuEnter[pid], n);
        cpuLeave[pid] = Arrays.copyOf(cpuLeave[pid], n);
    }

    /**
     * The split over every recorded superstep of every process (the supersteps all processes recorded; none at
     * P = 1): {@code supersteps} (per process), {@code sync_us} (time in sync and commit per superstep and
     * process: {@code median}, {@code p10}, {@code p90}, {@code p99}, {@code mean}), {@code wait_us} and
     * {@code overhead_us} (the same for the two parts), and {@code wait_seconds}, {@code overhead_seconds} (the
     * sums per process); where the threads have a CPU clock also {@code compute_us}, {@code floor_us} and
     * {@code floor_seconds}: the replay with a free sync (see the class comment).
     *
     * @return the split by name, empty before any superstep was recorded
     */
    public Map<String, Object> summary() {
        final int procs = nprocs;
        int steps = Integer.MAX_VALUE;
        for (int p = 0; p < procs; p++) {
            steps = Math.min(steps, count[at(p, Integer.BYTES)]);
        }
        final Map<String, Object> out = new LinkedHashMap<>();
        if (procs < 2 || steps == 0) {
            return out;
        }
        final double[] total = new double[procs * steps];
        final double[] waits = new double[procs * steps];
        final double[] over = new double[procs * steps];
        final double[] waitSum = new double[procs];
        final double[] overSum = new double[procs];
        for (int s = 0; s < steps; s++) {
            for (int p = 0; p < procs; p++) {
                long last = Long.MIN_VALUE;
                for (int q = 0; q < procs; q++) {
                    if (q != p) {
                        last = Math.max(last, enter[q][s]);
                    }
                }
                final long inSync = leave[p][s] - enter[p][s];
                long wait = clamp(last - enter[p][s], inSync);
                final long inCommit = commitNs[p][s];
                if (inCommit > 0) {
                    wait += clamp(last - commitFirst[p][s], inCommit);
                }
                final int i = s * procs + p;
                total[i] = (inSync + inCommit) / 1e3;
                waits[i] = wait / 1e3;
                over[i] = total[i] - waits[i];
                waitSum[p] += wait / 1e9;
                overSum[p] += over[i] / 1e6;
            }
        }
        out.put("supersteps", steps);
        out.put("sync_us", distribution(total));
        out.put("wait_us", distribution(waits));
        out.put("overhead_us", distribution(over));
        out.put("wait_seconds", waitSum);
        out.put("overhead_seconds", overSum);
        if (cpuEnter[0][0] >= 0) {
            floor(steps, out);
        }
        return out;
    }

    /**
     * The superstep structure's own floor: the supersteps replayed with each process's measured computation (its
     * thread's CPU time from one sync's exit to the next sync's entry, less the commits' time) and a free sync
     * that ends when the last process arrives. {@code compute_us} is that computation per superstep and process,
     * {@code floor_us} the sync time each process would then still spend waiting (the pipeline's fill and drain,
     * the imbalance between the processes' shares): no protocol, no preemption, no network.
     */
    private void floor(final int steps, final Map<String, Object> out) {
        final int procs = nprocs;
        final double[] compute = new double[procs * (steps - 1)];
        final double[] floor = new double[procs * (steps - 1)];
        final double[] floorSum = new double[procs];
        final long[] arrival = new long[procs];
        long done = 0;
        for (int s = 1; s < steps; s++) {
            long last = Long.MIN_VALUE;
            for (int p = 0; p < procs; p++) {
                final long work = Math.max(0, cpuEnter[p][s] - cpuLeave[p][s - 1] - commitNs[p][s - 1]);
                compute[(s - 1) * procs + p] = work / 1e3;
                arrival[p] = done + work;
                last = Math.max(last, arrival[p]);
            }
            for (int p = 0; p < procs; p++) {
                floor[(s - 1) * procs + p] = (last - arrival[p]) / 1e3;
                floorSum[p] += (last - arrival[p]) / 1e9;
            }
            done = last;
        }
        out.put("compute_us", distribution(compute));
        out.put("floor_us", distribution(floor));
        out.put("floor_seconds", floorSum);
    }

    private static long clamp(final long v, final long max) {
        return Math.max(0, Math.min(v, max));
    }

    /** @return median, p10, p90, p99 and mean of {@code v} (sorted in place) */
    static Map<String, Double> distribution(final double[] v) {
        Arrays.sort(v);
        double sum = 0;
        for (final double x : v) {
            sum += x;
        }
        final Map<String, Double> d = new LinkedHashMap<>();
        d.put("median", quantile(v, 0.5));
        d.put("p10", quantile(v, 0.1));
        d.put("p90", quantile(v, 0.9));
        d.put("p99", quantile(v, 0.99));
        d.put("mean", sum / v.length);
        return d;
    }

    private static double quantile(final double[] sorted, final double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
    }
}
