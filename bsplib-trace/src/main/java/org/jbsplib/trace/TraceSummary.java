package org.jbsplib.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code ./bsp trace DIR} prints: per-process totals, the slowest supersteps, the load imbalance and who
 * waited on whom most.
 *
 * <p>Load imbalance: per superstep, the largest computation time of a process over the mean of all processes'; the
 * run's is the sum of the largest over the sum of the means (1.0 is perfect balance), and the time lost to it is
 * the sum of (largest - mean).
 *
 * <p>Who waited on whom: where a process recorded the pids it waited for (RBS), those; otherwise (the classic sync,
 * where every process waits for all) the process that entered the sync last is the one the others waited for, for
 * as long as it entered after them.
 *
 * <pre>{@code
 * TraceSummary s = TraceSummary.of(TraceReader.read(dir));
 * System.out.print(s.text(10));
 * }</pre>
 */
public final class TraceSummary {
    private final Trace trace;
    private final long[][] totals;
    private final List<Slow> slowest;
    private final double imbalance;
    private final long imbalanceLostNs;
    private final long[][] waitCount;
    private final long[][] waitNs;

    /** Total columns of {@link #totals}, in this order. */
    static final String[] TOTALS = {"supersteps", "compute_ns", "commit_ns", "sync_ns", "barrier_ns", "wait_ns",
        "bytes_out", "bytes_in", "frames_out", "frames_in", "puts", "gets", "sends", "modelled_barrier_ns",
        "commits", "commit_wait_ns"};

    /**
     * One superstep of the run, across its processes.
     *
     * @param superstep   the superstep
     * @param spanNs      from its earliest start to its latest sync end
     * @param slowestPid  the process with the longest computation
     * @param maxComputeNs that computation
     * @param meanComputeNs the mean computation of the processes
     */
    public record Slow(long superstep, long spanNs, int slowestPid, long maxComputeNs, double meanComputeNs) {
    }

    private TraceSummary(final Trace trace) {
        this.trace = trace;
        final int p = trace.procs();
        totals = new long[p][TOTALS.length];
        for (int pid = 0; pid < p; pid++) {
            for (final Trace.Step s : trace.steps().get(pid)) {
                final long[] t = totals[pid];
                t[0]++;
                t[1] += s.computeNs();
                t[2] += s.commitNs();
                t[3] += s.syncNs();
                t[4] += s.barrierNs();
                t[5] += s.waitNs();
                t[6] += s.bytesOut();
                t[7] += s.bytesIn();
                t[8] += s.framesOut();
                t[9] += s.framesIn();
                t[10] += s.puts();
                t[11] += s.gets();
                t[12] += s.sends();
                t[13] += s.modelledNs();
            }
            for (final Trace.CommitCall c : trace.commits().get(pid)) {
                totals[pid][14]++;
                totals[pid][15] += c.waitNs();
            }
        }
        waitCount = new long[p][p];
        waitNs = new long[p][p];
        final List<Slow> all = new ArrayList<>();
        double sumMax = 0;
        double sumMean = 0;
        for (int k = 0, n = trace.supersteps(); k < n; k++) {
            final Slow slow = superstep(k);
            if (slow == null) {
                continue;
            }
            all.add(slow);
            sumMax += slow.maxComputeNs();
            sumMean += slow.meanComputeNs();
            waits(k);
        }
        imbalance = sumMean > 0 ? sumMax / sumMean : 1.0;
        imbalanceLostNs = Math.round(sumMax - sumMean);
        all.sort(Comparator.comparingLong(Slow::spanNs).reversed());
        slowest = List.copyOf(all);
    }

    /** @return the summary of {@code trace} */
    public static TraceSummary of(final Trace trace) {
        return new TraceSummary(trace);
    }

    private Slow superstep(final int k) {
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long max = -1;
        int maxPid = -1;
        double sum = 0;
        int n = 0;
        for (int pid = 0; pid < trace.procs(); pid++) {
            final List<Trace.Step> steps = trace.steps().get(pid);
            if (k >= steps.size()) {
                continue;
            }
            final Trace.Step s = steps.get(k);
            start = Math.min(start, s.startNs());
            end = Math.max(end, s.endNs());
            if (s.computeNs() > max) {
                max = s.computeNs();
                maxPid = pid;
            }
            sum += s.computeNs();
            n++;
        }
        return n == 0 ? null : new Slow(k, end - start, maxPid, max, sum / n);
    }

    private void waits(final int k) {
        final int p = trace.procs();
        boolean recorded = false;
        int last = -1;
        long lastStart = Long.MIN_VALUE;
        for (int pid = 0; pid < p; pid++) {
            final List<Trace.Step> steps = trace.steps().get(pid);
            if (k >= steps.size()) {
                return;
            }
            final Trace.Step s = steps.get(k);
            for (int q = 0; q < p; q++) {
                if (s.waitedFor(q)) {
                    recorded = true;
                    waitCount[pid][q]++;
                    waitNs[pid][q] += s.waitNs();
                }
            }
            if (s.syncStartNs() > lastStart) {
                lastStart = s.syncStartNs();
                last = pid;
            }
        }
        if (recorded || "rbs".equals(syncName()) || p < 2) {
            return;
        }
        for (int pid = 0; pid < p; pid++) {
            if (pid != last) {
                waitCount[pid][last]++;
                waitNs[pid][last] += lastStart - trace.steps().get(pid).get(k).syncStartNs();
            }
        }
    }

    private String syncName() {
        final int colon = trace.sync().indexOf(':');
        return colon < 0 ? trace.sync() : trace.sync().substring(0, colon);
    }

    /** @return the run's load imbalance: sum of the largest computations over the sum of the means (1.0: none) */
    public double imbalance() {
        return imbalance;
    }

    /** @return per pid, the totals in the order of {@link #TOTALS} */
    public long[][] totals() {
        return totals;
    }

    /** @return the supersteps, slowest (longest span) first */
    public List<Slow> slowest() {
        return slowest;
    }

    /** @return {@code [p][q]}: how many supersteps process p waited for q */
    public long[][] waitCount() {
        return waitCount;
    }

    /** @return the pairs (waiter, waited-for, supersteps, ns) with the most waiting time first */
    public List<long[]> topWaits() {
        final List<long[]> pairs = new ArrayList<>();
        for (int p = 0; p < trace.procs(); p++) {
            for (int q = 0; q < trace.procs(); q++) {
                if (waitCount[p][q] > 0) {
                    pairs.add(new long[] {p, q, waitCount[p][q], waitNs[p][q]});
                }
            }
        }
        pairs.sort(Comparator.<long[]>comparingLong(a -> a[3]).thenComparingLong(a -> a[2]).reversed());
        return pairs;
    }

    /**
     * @param top how many of the slowest supersteps and waiting pairs to show
     * @return the summary as text
     */
    public String text(final int top) {
        final StringBuilder sb = new StringBuilder();
        sb.append(String.format("trace: P=%d sync=%s barrier=%s transport=%s%s, %d supersteps, %d JVM queue(s)%s%n",
            trace.procs(), trace.sync(), trace.barrier().isEmpty() ? "default" : trace.barrier(), trace.transport(),
            trace.machine().isEmpty() ? "" : " machine=" + trace.machine(), trace.supersteps(), trace.jvms(),
            trace.virtualClock() ? " (virtual time)" : ""));
        sb.append(String.format("%n%4s %10s %11s %8s %10s %15s %10s %10s %12s %12s %8s %8s %8s%n", "pid",
            "supersteps", "compute ms", "commits", "commit ms", "commit wait ms", "sync ms", "wait ms", "bytes out",
            "bytes in", "puts", "gets", "sends"));
        for (int p = 0; p < trace.procs(); p++) {
            final long[] t = totals[p];
            sb.append(String.format("%4d %10d %11.3f %8d %10.3f %15.3f %10.3f %10.3f %12d %12d %8d %8d %8d%n", p,
                t[0], t[1] / 1e6, t[14], t[2] / 1e6, t[15] / 1e6, t[3] / 1e6, t[5] / 1e6, t[6], t[7], t[10], t[11],
                t[12]));
        }
        sb.append("(commit wait: the part of the commit calls spent idle waiting for updates; wait: all idle waiting, "
            + "in sync and commit)\n");
        sb.append(String.format("%nload imbalance: %.3f (sum of the slowest computation per superstep over the sum "
            + "of the means; 1.000 = balanced), %.3f ms lost%n", imbalance, imbalanceLostNs / 1e6));
        sb.append(String.format("%nslowest supersteps:%n%10s %10s %12s %14s %14s%n", "superstep", "span ms",
            "slowest pid", "its compute ms", "mean compute ms"));
        for (final Slow s : slowest.subList(0, Math.min(top, slowest.size()))) {
            sb.append(String.format("%10d %10.3f %12d %14.3f %14.3f%n", s.superstep(), s.spanNs() / 1e6,
                s.slowestPid(), s.maxComputeNs() / 1e6, s.meanComputeNs() / 1e6));
        }
        final List<long[]> waits = topWaits();
        sb.append(String.format("%nwho waited on whom most%s:%n", "rbs".equals(syncName())
            ? " (pids each process idled for in its sync)" : " (the last process to enter each sync)"));
        if (waits.isEmpty()) {
            sb.append("  nobody\n");
        } else {
            sb.append(String.format("%8s %10s %11s %10s%n", "waiter", "waited for", "supersteps", "ms"));
            for (final long[] w : waits.subList(0, Math.min(top, waits.size()))) {
                sb.append(String.format("%8d %10d %11d %10.3f%n", w[0], w[1], w[2], w[3] / 1e6));
            }
        }
        return sb.toString();
    }

    /**
     * @param top how many of the slowest supersteps and waiting pairs to include
     * @return the summary as JSON-ready maps and lists
     */
    public Map<String, Object> toJson(final int top) {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("procs", trace.procs());
        m.put("sync", trace.sync());
        m.put("barrier", trace.barrier().isEmpty() ? "default" : trace.barrier());
        m.put("transport", trace.transport());
        m.put("machine", trace.machine());
        m.put("virtual_time", trace.virtualClock());
        m.put("jvm_queues", trace.jvms());
        m.put("supersteps", trace.supersteps());
        final List<Object> procs = new ArrayList<>();
        for (int p = 0; p < trace.procs(); p++) {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("pid", p);
            for (int c = 0; c < TOTALS.length; c++) {
                row.put(TOTALS[c], totals[p][c]);
            }
            procs.add(row);
        }
        m.put("processes", procs);
        m.put("load_imbalance", imbalance);
        m.put("load_imbalance_lost_ns", imbalanceLostNs);
        final List<Object> slow = new ArrayList<>();
        for (final Slow s : slowest.subList(0, Math.min(top, slowest.size()))) {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("superstep", s.superstep());
            row.put("span_ns", s.spanNs());
            row.put("slowest_pid", s.slowestPid());
            row.put("max_compute_ns", s.maxComputeNs());
            row.put("mean_compute_ns", s.meanComputeNs());
            slow.add(row);
        }
        m.put("slowest_supersteps", slow);
        final List<Object> waits = new ArrayList<>();
        final List<long[]> top2 = topWaits();
        for (final long[] w : top2.subList(0, Math.min(top, top2.size()))) {
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("waiter", w[0]);
            row.put("waited_for", w[1]);
            row.put("supersteps", w[2]);
            row.put("ns", w[3]);
            waits.add(row);
        }
        m.put("waits", waits);
        return m;
    }
}
