package org.jbsplib.vtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.Machines;

/**
 * A busy computation on a virtual machine while other threads load every core: prints how much virtual time it was
 * charged against the elapsed time it took. A main class, so that a test can run it on another JVM (virtual threads
 * on Java 22+).
 *
 * <pre>{@code
 * java -cp ... org.jbsplib.vtime.CpuClockProbe virtual 'virtual:sp2-us'
 * }</pre>
 */
final class CpuClockProbe {
    private CpuClockProbe() {
    }

    /**
     * Runs the probe.
     *
     * @param args the thread kind ({@code platform} or {@code virtual}) and the machine spec
     */
    public static void main(final String[] args) throws InterruptedException {
        final Result r = run(args[0], args[1]);
        System.out.printf(Locale.ROOT, "charged=%d elapsed=%d model=%s%n", r.chargedNs(), r.elapsedNs(), r.model());
    }

    /**
     * @param charged virtual time the busy section advanced process 0's clock, ns
     * @param elapsed elapsed host time of the busy section, ns
     * @param model   the machine as the run described it
     */
    record Result(long chargedNs, long elapsedNs, String model) {
    }

    /**
     * Runs 2 processes; process 0 spins for 300 ms of elapsed time between two readings of its virtual clock while
     * twice as many threads as cores spin too, so that it gets well under a whole core.
     */
    static Result run(final String threads, final String machine) throws InterruptedException {
        final int hogs = 2 * Runtime.getRuntime().availableProcessors();
        final List<Thread> busy = new ArrayList<>();
        final AtomicBoolean stop = new AtomicBoolean();
        for (int i = 0; i < hogs; i++) {
            final Thread t = new Thread(() -> {
                long x = 0;
                while (!stop.get()) {
                    x += System.nanoTime() % 7;
                }
                sink(x);
            }, "hog-" + i);
            t.setDaemon(true);
            t.start();
            busy.add(t);
        }
        final long[] out = new long[2];
        final BspConfig config = new BspConfig().procs(2).threads(threads).machine(machine);
        try {
            BspRuntime.run(config, bsp -> {
                bsp.sync();
                if (bsp.pid() == 0) {
                    final double v0 = bsp.time();
                    final long w0 = System.nanoTime();
                    long x = 0;
                    while (System.nanoTime() - w0 < 300_000_000L) {
                        x += x * 31 + 7;
                    }
                    final long w1 = System.nanoTime();
                    final double v1 = bsp.time();
                    sink(x);
                    out[0] = Math.round((v1 - v0) * 1e9);
                    out[1] = w1 - w0;
                }
                bsp.sync();
            });
        } finally {
            stop.set(true);
            for (final Thread t : busy) {
                t.join();
            }
        }
        return new Result(out[0], out[1], Machines.describe(machine, config));
    }

    private static volatile long sinkHole;

    private static void sink(final long x) {
        sinkHole = x;
    }
}
