package org.jbsplib.bench;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * {@link CrossCoreBenchmark}'s pull with each thread's copy timed apart, outside JMH and without the library: the
 * main thread copies 1 MiB into a staging area (timed), hands off through a volatile counter, and a spinning helper
 * copies the staging area into its own array (timed by the helper). Variants: {@code heap} (one on-heap staging
 * array), {@code rotate2}, {@code rotate4}, {@code rotate8} (that many staging arrays in turn, so that the one written
 * was read by the helper longer ago) and {@code direct} (an off-heap staging buffer). Prints the p10 and p50 of both
 * copies per variant, rounds of all variants one after the other, so that a change of the host's state shows as a
 * change between rounds:
 *
 * <pre>
 * java -XX:+UseParallelGC -cp bsplib-bench/target/benchmarks.jar org.jbsplib.bench.CrossCorePhases [rounds] [ops]
 * </pre>
 */
public final class CrossCorePhases {
    private static final int BYTES = 1 << 20;
    private static final String[] VARIANTS = {"heap", "rotate2", "rotate4", "rotate8", "direct"};

    private final byte[] src = new byte[BYTES];
    private final byte[] helperDst = new byte[BYTES];
    private final ByteBuffer offHeap = ByteBuffer.allocateDirect(BYTES);
    private volatile long step;
    private volatile long answered;
    private volatile byte[] staged;
    private volatile long helperNs;

    private CrossCorePhases() {
        Arrays.fill(src, (byte) 3);
    }

    /**
     * @param args rounds (default 3), operations per variant and round (default 2000)
     */
    public static void main(final String[] args) {
        final int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        final int ops = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        final CrossCorePhases p = new CrossCorePhases();
        final Thread helper = new Thread(p::serve, "cross-core-helper");
        helper.setDaemon(true);
        helper.start();
        for (int r = 0; r < rounds; r++) {
            for (final String v : VARIANTS) {
                p.variant(r, v, ops);
            }
        }
    }

    private void serve() {
        long seen = 0;
        while (true) {
            final long s = step;
            if (s == seen) {
                Thread.onSpinWait();
                continue;
            }
            seen = s;
            final byte[] from = staged;
            final long t0 = System.nanoTime();
            if (from == null) {
                offHeap.get(0, helperDst, 0, BYTES);
            } else {
                System.arraycopy(from, 0, helperDst, 0, BYTES);
            }
            helperNs = System.nanoTime() - t0;
            answered = s;
        }
    }

    private void variant(final int round, final String name, final int ops) {
        final int k = name.startsWith("rotate") ? Integer.parseInt(name.substring(6)) : 1;
        final byte[][] staging = name.equals("direct") ? null : new byte[k][BYTES];
        final long[] sender = new long[ops];
        final long[] receiver = new long[ops];
        for (int i = 0; i < ops; i++) {
            final long t0 = System.nanoTime();
            final byte[] b = staging == null ? null : staging[i % k];
            if (b == null) {
                offHeap.put(0, src, 0, BYTES);
            } else {
                System.arraycopy(src, 0, b, 0, BYTES);
            }
            sender[i] = System.nanoTime() - t0;
            staged = b;
            final long s = step + 1;
            step = s;
            while (answered != s) {
                Thread.onSpinWait();
            }
            receiver[i] = helperNs;
        }
        System.out.printf("round %d %-8s sender's copy p10 %6.1f p50 %6.1f us, helper's copy p10 %6.1f p50 %6.1f us%n",
            round, name, pct(sender, 0.1), pct(sender, 0.5), pct(receiver, 0.1), pct(receiver, 0.5));
    }

    private static double pct(final long[] values, final double q) {
        final long[] c = values.clone();
        Arrays.sort(c);
        return c[(int) (q * (c.length - 1))] / 1000.0;
    }
}
