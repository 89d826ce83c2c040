package org.jbsplib.core.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.core.barrier.BarrierGroup;

/**
 * Measures barrier episodes of P threads, backends and JDK references alike, for {@code ./bsp bench barrier}
 * (JMH micro-benchmarks live in bsplib-bench). Each thread timestamps every release; an episode's latency is
 * the time between the last release of the previous episode and its own last release (back-to-back episodes), or,
 * in the skewed variant (Reflex paper, Fig. 7b), the time from the late process's arrival to the last release.
 *
 * <pre>{@code
 * Result r = BarrierLatency.measure("dissemination", 8, 2, 2_000, 200, 0);
 * }</pre>
 */
public final class BarrierLatency {
    /** Reference barrier: {@link CyclicBarrier}. */
    public static final String CYCLIC = "jdk-cyclicbarrier";
    /** Reference barrier: {@link Phaser}. */
    public static final String PHASER = "jdk-phaser";
    /** Reference barrier: a hand-written sense-reversing spin barrier (yields while P > cores). */
    public static final String SPIN = "spin";
    /** The references measured next to the backends. */
    public static final List<String> REFERENCES = List.of(CYCLIC, PHASER, SPIN);

    private BarrierLatency() {
    }

    /**
     * One measurement.
     *
     * @param barrier  the backend spec or reference name
     * @param procs    P
     * @param variant  {@code balanced} or {@code late}
     * @param lateNs   the late process's delay (late variant), else 0
     * @param episodes measured episodes
     * @param medianNs median episode latency
     * @param p99Ns    99th percentile
     * @param meanNs   mean
     * @param maxNs    largest
     * @param modelledNs mean modelled latency per episode reported by a hardware-model backend, NaN for others
     */
    public record Result(String barrier, int procs, String variant, long lateNs, int episodes, long medianNs,
        long p99Ns, double meanNs, long maxNs, double modelledNs) {
        /** @return the result as a JSON object (insertion-ordered map) */
        public Map<String, Object> toJson() {
            final Map<String, Object> m = new LinkedHashMap<>();
            m.put("barrier", barrier);
            m.put("procs", procs);
            m.put("variant", variant);
            m.put("late_ns", lateNs);
            m.put("episodes", episodes);
            m.put("median_ns", medianNs);
            m.put("p99_ns", p99Ns);
            m.put("mean_ns", meanNs);
            m.put("max_ns", maxNs);
            m.put("modelled_ns", modelledNs);
            return m;
        }
    }

    /**
     * P parties of one barrier (a backend or a reference), each a thread calling {@link #sync(int)} with its pid;
     * {@link #breakAll()} makes every waiting party leave with an exception (to stop helper threads).
     */
    public interface Parties extends AutoCloseable {
        /** One full barrier episode of party {@code pid}. */
        void sync(int pid) throws Exception;

        /** Makes every party waiting now or later leave its wait with an exception. */
        void breakAll();

        /**
         * @param episodes episodes run so far
         * @return the mean modelled latency per episode that the backend reported, or NaN if it models nothing
         */
        default double modelledNsPerEpisode(final long episodes) {
            return Double.NaN;
        }

        /** Time-stamps the late process's arrival: the moment it enters {@link #sync}. */
        default long arrivalStamp() {
            return System.nanoTime();
        }

        @Override
        default void close() {
        }
    }

    /**
     * Measures {@code barrier} with {@code procs} threads.
     *
     * @param barrier  a backend spec ({@code tree:fanout=2}) or a reference ({@link #REFERENCES})
     * @param procs    P, {@code >= 1}
     * @param cores    cores the waiting strategies assume
     * @param episodes measured episodes, {@code >= 2}
     * @param warmup   episodes run first and not measured, {@code >= 0}
     * @param lateNs   0 for back-to-back episodes; else the last process busy-waits this long before each arrival
     * @return the figures
     * @throws IllegalArgumentException for a bad argument, naming it
     */
    public static Result measure(final String barrier, final int procs, final int cores, final int episodes,
        final int warmup, final long lateNs) throws InterruptedException {
        if (procs < 1) {
            throw new IllegalArgumentException("procs=" + procs + " must be >= 1");
        }
        if (episodes < 2 || warmup < 0) {
            throw new IllegalArgumentException("episodes=" + episodes + " must be >= 2 and warmup=" + warmup
                + " >= 0");
        }
        if (lateNs < 0) {
            throw new IllegalArgumentException("lateNs=" + lateNs + " must be >= 0");
        }
        final int total = warmup + episodes;
        final long[][] released = new long[procs][total];
        final long[] lateArrival = new long[total];
        final AtomicReference<Throwable> error = new AtomicReference<>();
        final Parties episode = parties(barrier, procs, cores, TimeUnit.SECONDS.toNanos(60));
        final AtomicInteger ready = new AtomicInteger();
        final Thread[] threads = new Thread[procs];
        for (int i = 0; i < procs; i++) {
            final int pid = i;
            final boolean late = lateNs > 0 && pid == procs - 1;
            threads[i] = new Thread(() -> {
                try {
                    ready.incrementAndGet();
                    while (ready.get() < procs) {
                        Thread.yield();
                    }
                    final long[] mine = released[pid];
                    for (int e = 0; e < total; e++) {
                        if (late) {
                            final long until = System.nanoTime() + lateNs;
                            while (System.nanoTime() < until) {
                                Thread.onSpinWait();
                            }
                            lateArrival[e] = episode.arrivalStamp();
                        }
                        episode.sync(pid);
                        mine[e] = System.nanoTime();
                    }
                } catch (final Throwable t) {
                    if (error.compareAndSet(null, t)) {
                        episode.breakAll();
                    }
                    if (t instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                }
            }, "bench-" + barrier + "-" + i);
            threads[i].setDaemon(true);
        }
        for (final Thread t : threads) {
            t.start();
        }
        for (final Thread t : threads) {
            t.join();
        }
        final double modelled = episode.modelledNsPerEpisode(total);
        episode.close();
        if (error.get() != null) {
            throw new IllegalStateException("benchmark of barrier " + barrier + " with P=" + procs + " failed: "
                + error.get(), error.get());
        }
        final long[] lat = new long[episodes];
        for (int e = warmup; e < total; e++) {
            long last = Long.MIN_VALUE;
            long previous = Long.MIN_VALUE;
            for (int p = 0; p < procs; p++) {
                last = Math.max(last, released[p][e]);
                previous = e > 0 ? Math.max(previous, released[p][e - 1]) : previous;
            }
            lat[e - warmup] = lateNs > 0 ? last - lateArrival[e] : last - previous;
        }
        if (warmup == 0 && lateNs == 0) {
            lat[0] = lat[1]; // the first episode has no previous release
        }
        Arrays.sort(lat);
        double sum = 0;
        for (final long v : lat) {
            sum += v;
        }
        return new Result(barrier, procs, lateNs > 0 ? "late" : "balanced", lateNs, episodes, lat[episodes / 2],
            lat[Math.min(episodes - 1, (int) Math.ceil(episodes * 0.99) - 1)], sum / episodes, lat[episodes - 1],
            modelled);
    }

    /**
     * @param barrier   a backend spec or a reference name ({@link #REFERENCES})
     * @param procs     P
     * @param cores     cores the waiting strategies assume
     * @param timeoutNs how long a backend's party may wait without progress
     * @return P parties of that barrier
     */
    public static Parties parties(final String barrier, final int procs, final int cores, final long timeoutNs) {
        switch (barrier) {
            case CYCLIC -> {
                final CyclicBarrier b = new CyclicBarrier(procs);
                return new Parties() {
                    @Override
                    public void sync(final int pid) throws Exception {
                        try {
                            b.await(timeoutNs, TimeUnit.NANOSECONDS);
                        } catch (final BrokenBarrierException e) {
                            throw new IllegalStateException("CyclicBarrier broken", e);
                        }
                    }

                    @Override
                    public void breakAll() {
                        b.reset();
                    }
                };
            }
            case PHASER -> {
                final Phaser b = new Phaser(procs);
                return new Parties() {
                    @Override
                    public void sync(final int pid) {
                        if (b.arriveAndAwaitAdvance() < 0) {
                            throw new IllegalStateException("Phaser terminated");
                        }
                    }

                    @Override
                    public void breakAll() {
                        b.forceTermination();
                    }
                };
            }
            case SPIN -> {
                final SpinBarrier b = new SpinBarrier(procs, cores);
                return new Parties() {
                    @Override
                    public void sync(final int pid) {
                        b.sync(pid);
                    }

                    @Override
                    public void breakAll() {
                        b.broken = true;
                    }
                };
            }
            default -> {
                final BarrierGroup group = new BarrierGroup(barrier, procs, cores, timeoutNs);
                return new Parties() {
                    @Override
                    public double modelledNsPerEpisode(final long episodes) {
                        final long sum = group.port(0).modelledNs();
                        return sum == 0 ? Double.NaN : sum / (double) episodes;
                    }

                    @Override
                    public void sync(final int pid) {
                        group.port(pid).sync();
                    }

                    @Override
                    public void breakAll() {
                        group.fail(0, "benchmark stopped", null);
                    }

                    @Override
                    public void close() {
                        group.close();
                    }
                };
            }
        }
    }

    /**
     * The hand-written reference: a sense-reversing counter barrier that spins with {@link Thread#onSpinWait()},
     * and yields instead while threads outnumber cores (a pure spin then starves the late arrivers).
     */
    static final class SpinBarrier {
        private final int parties;
        private final boolean yield;
        private final AtomicInteger count = new AtomicInteger();
        private volatile boolean sense;
        volatile boolean broken;
        private final boolean[] localSense;

        SpinBarrier(final int parties, final int cores) {
            this.parties = parties;
            this.yield = parties > cores;
            this.localSense = new boolean[parties * 64];
        }

        void sync(final int pid) {
            final boolean s = !localSense[pid * 64];
            localSense[pid * 64] = s;
            if (count.incrementAndGet() == parties) {
                count.set(0);
                sense = s;
            } else {
                while (sense != s) {
                    if (broken) {
                        throw new IllegalStateException("spin barrier broken");
                    }
                    if (yield) {
                        Thread.yield();
                    } else {
                        Thread.onSpinWait();
                    }
                }
            }
        }
    }

    /** @return the results as a list of JSON objects */
    public static List<Map<String, Object>> toJson(final List<Result> results) {
        final List<Map<String, Object>> out = new ArrayList<>(results.size());
        for (final Result r : results) {
            out.add(r.toJson());
        }
        return out;
    }
}
