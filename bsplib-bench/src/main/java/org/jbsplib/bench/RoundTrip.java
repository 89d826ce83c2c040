package org.jbsplib.bench;

import java.util.Arrays;

/**
 * The machine's own floor for a synchronization of two threads, measured where it is called (in the fork of the
 * benchmark that reports it): the median round trip of a hand-off between the calling thread and a helper that
 * spins on a volatile counter and answers on another, and the median episode of a two-thread spin barrier whose
 * two arrival counters share one cache line. An empty sync at P = 2 cannot be faster than about one round trip's
 * worth of cache-line transfers, whatever the library does: quote it next to that.
 */
final class RoundTrip {
    private static final int WARMUP = 20_000;

    private volatile long ping;
    private volatile long pong;
    private volatile boolean stop;
    // the spin barrier: each thread counts its arrivals, and waits for the other's count (one cache line)
    private volatile long arrivedMain;
    private volatile long arrivedHelper;
    private volatile int mode;

    private RoundTrip() {
    }

    /**
     * @param samples how many timed round trips and barrier episodes (after a warm-up)
     * @return a line reporting the median round trip and barrier episode in ns
     */
    static String measure(final int samples) throws InterruptedException {
        final RoundTrip rt = new RoundTrip();
        final Thread helper = new Thread(rt::serve, "round-trip-helper");
        helper.setDaemon(true);
        helper.start();
        try {
            final long[] trip = rt.trips(samples);
            rt.mode = 1; // the helper leaves the round trips for the barrier
            final long[] barrier = rt.episodes(samples);
            return String.format("round trip between two spinning threads: p50 %d ns (p10 %d); two-thread spin "
                + "barrier episode: p50 %d ns (p10 %d); %d samples each", pct(trip, 0.5), pct(trip, 0.1),
                pct(barrier, 0.5), pct(barrier, 0.1), samples);
        } finally {
            rt.stop = true;
            helper.join(10_000);
        }
    }

    private void serve() {
        long seen = 0;
        while (!stop && mode == 0) {
            final long p = ping;
            if (p != seen) {
                seen = p;
                pong = p;
            } else {
                Thread.onSpinWait();
            }
        }
        long n = 0;
        while (!stop) {
            n++;
            arrivedHelper = n;
            while (arrivedMain < n && !stop) {
                Thread.onSpinWait();
            }
        }
    }

    private long[] trips(final int samples) {
        final long[] t = new long[samples];
        for (int i = -WARMUP; i < samples; i++) {
            final long t0 = System.nanoTime();
            final long p = ping + 1;
            ping = p;
            while (pong != p) {
                Thread.onSpinWait();
            }
            if (i >= 0) {
                t[i] = System.nanoTime() - t0;
            }
        }
        return t;
    }

    private long[] episodes(final int samples) {
        final long[] t = new long[samples];
        long n = 0;
        for (int i = -WARMUP; i < samples; i++) {
            final long t0 = System.nanoTime();
            n++;
            arrivedMain = n;
            while (arrivedHelper < n) {
                Thread.onSpinWait();
            }
            if (i >= 0) {
                t[i] = System.nanoTime() - t0;
            }
        }
        return t;
    }

    private static long pct(final long[] values, final double q) {
        final long[] c = values.clone();
        Arrays.sort(c);
        return c[(int) (q * (c.length - 1))];
    }
}
