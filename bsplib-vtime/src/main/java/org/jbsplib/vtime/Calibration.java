package org.jbsplib.vtime;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.ThreadsTransport;

/**
 * Measures the LogGP figures of this host's threads transport at P = 2, for the {@code local} preset
 * ({@code --machine virtual:local;calibrate}, {@code ./bsp vtime calibrate}). Two platform threads exchange frames
 * through a {@link ThreadsTransport} and the following are timed, each as the median over {@code reps} rounds:
 * <ul>
 *   <li><b>one way</b> {@code 2o + L}: half the round trip of an 8-byte ping-pong, each side waiting between polls
 *       with the transport's own waiting strategy ({@link Endpoint#idle}: spin, yield, then park), as a process
 *       in {@code sync} does, so that L includes the host's wake-up latency;</li>
 *   <li><b>o</b>: the mean of the sender's cost per {@code offer} of a burst of 8-byte frames into an idle inbox
 *       and the receiver's cost per frame of draining that burst with one {@code poll};</li>
 *   <li><b>g</b>: the receiver's interval between frames of a stream of 8-byte frames (never below {@code o});</li>
 *   <li><b>G</b>: the same interval for {@code bigBytes}-byte frames, less the small frames' interval, per byte;</li>
 *   <li><b>L</b> = one way - 2o (at least 1 ns: the kernel needs a positive lookahead).</li>
 * </ul>
 * The burst and the streams spin. On a loaded host every figure includes the load (a descheduled receiver
 * stretches the round trip): the calibration measures the transport as the runs beside it will see it. Stateless apart from the cached result
 * of {@link #cached()}.
 *
 * <pre>{@code
 * Calibration.Result r = Calibration.measure(Calibration.DEFAULT_REPS);
 * NetworkModel local = r.model();
 * }</pre>
 */
public final class Calibration {
    /** Rounds per figure by default. */
    public static final int DEFAULT_REPS = 15;
    /** Frames per round (ping-pong round trips, burst and stream lengths). */
    static final int FRAMES = 2_000;
    /** Size of the large frames that give G. */
    static final int BIG_BYTES = 16 * 1024;
    /** Inbox size: a burst of {@link #FRAMES} small frames, or a stream of large ones, fits. */
    private static final int RING = 1 << 22;
    private static final int TYPE = 1;
    private static final int SMALL = 8;

    private static volatile Result cachedResult;

    private Calibration() {
    }

    /**
     * The figures measured, ns.
     *
     * @param oneWayNs   half an 8-byte round trip, {@code 2o + L}
     * @param sendNs     the sender's cost per offered 8-byte frame
     * @param receiveNs  the receiver's cost per 8-byte frame drained
     * @param gapNs      g: the interval between 8-byte frames of a stream, at least o
     * @param perByteNs  G: ns per byte of large frames
     * @param reps       rounds per figure
     */
    public record Result(double oneWayNs, double sendNs, double receiveNs, double gapNs, double perByteNs, int reps) {
        /** @return o, the mean of the send and the receive cost, ns */
        public double overheadNs() {
            return (sendNs + receiveNs) / 2;
        }

        /** @return L = one way - 2o, at least 1 ns */
        public double latencyNs() {
            return Math.max(1, oneWayNs - 2 * overheadNs());
        }

        /**
         * @return the {@code local} preset with these figures rounded to whole ns (G to 1e-4 ns/byte), measured
         *         computation ({@code cpu=auto}), cpuScale 1
         */
        public NetworkModel model() {
            return new NetworkModel("local", Math.round(latencyNs()), Math.max(1, Math.round(overheadNs())),
                Math.max(1, Math.round(gapNs)), Math.round(perByteNs * 1e4) / 1e4, CpuClock.AUTO, 1.0, 0);
        }

        /** @return the overrides that give these figures: {@code local;L=..ns;o=..ns;g=..ns;G=..} */
        public String spec() {
            final NetworkModel m = model();
            return String.format(Locale.ROOT, "local;L=%dns;o=%dns;g=%dns;G=%.4f", m.latencyNs(), m.overheadNs(),
                m.gapNs(), m.gapPerByteNs());
        }
    }

    /**
     * The calibration of this JVM: measured on first use with {@link #DEFAULT_REPS}, then reused (a run's
     * configuration check and its machine then see the same figures).
     *
     * @return the figures
     */
    public static Result cached() {
        Result r = cachedResult;
        if (r == null) {
            synchronized (Calibration.class) {
                r = cachedResult;
                if (r == null) {
                    r = measure(DEFAULT_REPS);
                    cachedResult = r;
                }
            }
        }
        return r;
    }

    /**
     * Measures the figures now (about {@code reps} x 10 ms of two busy threads on an idle host).
     *
     * @param reps rounds per figure, at least 1
     * @return the medians
     * @throws IllegalArgumentException naming {@code reps} if it is below 1
     */
    public static Result measure(final int reps) {
        if (reps < 1) {
            throw new IllegalArgumentException("reps=" + reps + " must be >= 1");
        }
        final double[] oneWay = new double[reps];
        final double[] send = new double[reps];
        final double[] receive = new double[reps];
        final double[] gap = new double[reps];
        final double[] big = new double[reps];
        try (ThreadsTransport t = new ThreadsTransport(2, RING, 2)) {
            final Endpoint a = t.endpoint(0);
            final Endpoint b = t.endpoint(1);
            // one warm-up round of everything first, for the JIT
            for (int rep = -1; rep < reps; rep++) {
                final double pp = pingPong(a, b);
                final double[] burst = burst(a, b);
                final double small = stream(a, b, SMALL);
                final double large = stream(a, b, BIG_BYTES);
                if (rep >= 0) {
                    oneWay[rep] = pp;
                    send[rep] = burst[0];
                    receive[rep] = burst[1];
                    gap[rep] = small;
                    big[rep] = Math.max(0, (large - small) / (BIG_BYTES - SMALL));
                }
            }
        }
        final double o = (median(send) + median(receive)) / 2;
        return new Result(median(oneWay), median(send), median(receive), Math.max(o, median(gap)), median(big), reps);
    }

    /** @return half the mean round trip of {@link #FRAMES} 8-byte ping-pongs, ns */
    private static double pingPong(final Endpoint a, final Endpoint b) {
        final long[] start = new long[1];
        final long[] end = new long[1];
        both(() -> {
            final UnsafeBuffer buf = new UnsafeBuffer(new byte[SMALL]);
            final int[] got = new int[1];
            final FrameHandler h = (src, type, buffer, offset, length) -> got[0]++;
            start[0] = System.nanoTime();
            for (int i = 0; i < FRAMES; i++) {
                send(a, 1, buf, SMALL);
                await(a, h, got, i);
            }
            end[0] = System.nanoTime();
        }, () -> {
            final UnsafeBuffer buf = new UnsafeBuffer(new byte[SMALL]);
            final int[] got = new int[1];
            final FrameHandler h = (src, type, buffer, offset, length) -> got[0]++;
            for (int i = 0; i < FRAMES; i++) {
                await(b, h, got, i);
                send(b, 0, buf, SMALL);
            }
        });
        return (end[0] - start[0]) / (2.0 * FRAMES);
    }

    /** @return {send cost, receive cost} per frame of a burst of {@link #FRAMES} 8-byte frames, ns */
    private static double[] burst(final Endpoint a, final Endpoint b) {
        final UnsafeBuffer buf = new UnsafeBuffer(new byte[SMALL]);
        final long t0 = System.nanoTime();
        for (int i = 0; i < FRAMES; i++) {
            send(a, 1, buf, SMALL);
        }
        final long t1 = System.nanoTime();
        final int[] got = new int[1];
        final FrameHandler h = (src, type, buffer, offset, length) -> got[0]++;
        while (got[0] < FRAMES) {
            b.poll(h, Integer.MAX_VALUE);
        }
        final long t2 = System.nanoTime();
        return new double[] {(t1 - t0) / (double) FRAMES, (t2 - t1) / (double) FRAMES};
    }

    /** @return the receiver's interval per frame of a stream of {@link #FRAMES} frames of {@code bytes}, ns */
    private static double stream(final Endpoint a, final Endpoint b, final int bytes) {
        final long[] start = new long[1];
        final long[] end = new long[1];
        both(() -> {
            final UnsafeBuffer buf = new UnsafeBuffer(new byte[bytes]);
            start[0] = System.nanoTime();
            for (int i = 0; i < FRAMES; i++) {
                send(a, 1, buf, bytes);
            }
        }, () -> {
            final int[] got = new int[1];
            final FrameHandler h = (src, type, buffer, offset, length) -> got[0]++;
            while (got[0] < FRAMES) {
                b.poll(h, Integer.MAX_VALUE);
            }
            end[0] = System.nanoTime();
        });
        return (end[0] - start[0]) / (double) FRAMES;
    }

    /** Polls until frame {@code i} has arrived, waiting between polls as the runtime does ({@link Endpoint#idle}). */
    private static void await(final Endpoint e, final FrameHandler h, final int[] got, final int i) {
        while (got[0] <= i) {
            if (e.poll(h, 1) == 0) {
                e.idle();
            }
        }
        e.resetIdle();
    }

    private static void send(final Endpoint e, final int dst, final UnsafeBuffer buf, final int bytes) {
        while (!e.offer(dst, TYPE, buf, 0, bytes)) {
            Thread.onSpinWait();
        }
    }

    /** Runs {@code first} on a new platform thread and {@code second} on another, started together; joins both. */
    private static void both(final Runnable first, final Runnable second) {
        final CyclicBarrier go = new CyclicBarrier(2);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] threads = {new Thread(() -> run(go, first, failure), "calibrate-0"),
            new Thread(() -> run(go, second, failure), "calibrate-1")};
        for (final Thread th : threads) {
            th.start();
        }
        for (final Thread th : threads) {
            try {
                th.join();
            } catch (final InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("calibration interrupted", e);
            }
        }
        if (failure.get() != null) {
            throw new IllegalStateException("calibration failed: " + failure.get(), failure.get());
        }
    }

    private static void run(final CyclicBarrier go, final Runnable body, final AtomicReference<Throwable> failure) {
        try {
            go.await();
            body.run();
        } catch (final Exception | Error e) {
            failure.compareAndSet(null, e);
        }
    }

    private static double median(final double[] values) {
        final double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
