package org.jbsplib.vtime;

import java.util.Locale;

import org.jbsplib.core.ThreadKind;

/**
 * Run by {@link SwitchWatchTest} in a JVM of Java 22+: reads the thread CPU clock with {@link ThreadCpuTime#now()}
 * (the switch watch) and by a system call around the same intervals, half of them busy, half of them sleeping for a
 * millisecond (the thread leaves the CPU), and prints the sums.
 */
final class SwitchWatchProbe {
    private SwitchWatchProbe() {
    }

    /** @param args ignored */
    public static void main(final String[] args) {
        final ThreadCpuTime t = ThreadCpuTime.create(ThreadKind.PLATFORM);
        final int intervals = 400;
        long watched = 0;
        long called = 0;
        long elapsed = 0;
        long sink = 0;
        for (int i = -intervals; i < intervals; i++) { // the first half warms up
            if (i == 0) {
                watched = 0;
                called = 0;
                elapsed = 0;
            }
            final long c0 = t.readSystemCall();
            final long e0 = System.nanoTime();
            final long w0 = t.now();
            if ((i & 1) == 0) {
                final long until = System.nanoTime() + 200_000;
                while (System.nanoTime() < until) {
                    sink++;
                }
            } else {
                try {
                    Thread.sleep(1);
                } catch (final InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            final long w1 = t.now();
            elapsed += System.nanoTime() - e0;
            final long c1 = t.readSystemCall();
            watched += w1 - w0;
            called += c1 - c0;
        }
        final long before = t.systemCalls();
        for (int i = 0; i < 100_000; i++) {
            sink += t.now();
        }
        System.out.printf(Locale.ROOT, "watch=%b watchedNs=%d calledNs=%d elapsedNs=%d systemCalls=%d of 100000 (%s)%n",
            ThreadCpuTime.switchWatch(), watched, called, elapsed, t.systemCalls() - before,
            SwitchWatch.unavailableReason());
        System.out.println(sink == 42 ? " " : "");
    }
}
