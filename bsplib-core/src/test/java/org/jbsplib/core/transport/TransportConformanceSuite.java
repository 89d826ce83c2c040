package org.jbsplib.core.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspAbortException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guarantees every {@link Transport} gives (see the package documentation), written once and run against each
 * transport by a subclass: FIFO order per pair, no loss under back pressure with small inboxes, frames of the
 * largest length, claimed frames, failure and end-of-program propagation, close. Every endpoint is driven by its own
 * thread, as the runtime does. A subclass creates the transport with every process in this JVM.
 */
@Timeout(120)
public abstract class TransportConformanceSuite {
    /** Frame type the suite uses (a user type, above the runtime's). */
    protected static final int TYPE = 200;
    /** Small inboxes, to make senders meet back pressure. */
    protected static final int SMALL_INBOX_BYTES = 4096;

    /**
     * @param nprocs     number of processes, all in this JVM
     * @param inboxBytes inbox capacity per process (ring bytes, or term length), a power of two
     * @return a new transport
     */
    protected abstract Transport create(int nprocs, int inboxBytes);

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 4})
    void shouldDeliverEveryFrameInOrderPerPair(final int p) throws Exception {
        final int perPair = 3000;
        try (Transport t = create(p, 1 << 16)) {
            exchangeAllToAll(t, perPair, 8, 1);
        }
    }

    @ParameterizedTest(name = "P={0}")
    @ValueSource(ints = {2, 4})
    void shouldNotLoseOrDeadlockUnderBackPressure(final int p) throws Exception {
        // many more bytes than an inbox holds, sent by everyone to everyone at once
        try (Transport t = create(p, SMALL_INBOX_BYTES)) {
            exchangeAllToAll(t, 2000, 200, 2);
        }
    }

    @Test
    void shouldCarryFramesOfTheLargestLength() throws Exception {
        try (Transport t = create(2, 1 << 16)) {
            final int max = t.endpoint(0).maxFrameLength();
            assertTrue(max >= 1024, "maxFrameLength=" + max);
            final int frames = 20;
            runAll(t, pid -> {
                final Endpoint e = t.endpoint(pid);
                final UnsafeBuffer b = new UnsafeBuffer(new byte[max]);
                final int[] got = {0};
                int sent = 0;
                while (sent < frames || got[0] < frames) {
                    if (sent < frames) {
                        fill(b, max, pid, sent);
                        if (e.offer(1 - pid, TYPE, b, 0, max)) {
                            sent++;
                        }
                    }
                    if (e.poll((src, type, buf, off, len) -> {
                        assertEquals(max, len);
                        check(buf, off, len, src, got[0]++);
                    }, 4) == 0) {
                        e.idle();
                    } else {
                        e.resetIdle();
                    }
                    e.control().checkFailure();
                }
            });
        }
    }

    @ParameterizedTest(name = "up to {0} bytes")
    @ValueSource(ints = {100, 6000})
    void shouldDeliverClaimedFrames(final int spread) throws Exception {
        // claims of up to 6000 bytes exceed one MTU of a network transport: they must still arrive whole and in order
        try (Transport t = create(2, 1 << 16)) {
            final int frames = 500;
            runAll(t, pid -> {
                final Endpoint e = t.endpoint(pid);
                final int[] got = {0};
                int sent = 0;
                while (sent < frames || got[0] < frames) {
                    if (sent < frames) {
                        final int len = 16 + sent * 7919 % spread;
                        final int at = e.tryClaim(1 - pid, TYPE, len);
                        if (at >= 0) {
                            final MutableDirectBuffer b = e.claimBuffer(1 - pid);
                            fillAt(b, at, len, pid, sent);
                            e.commit(1 - pid, at);
                            sent++;
                        }
                    }
                    if (e.poll((src, type, buf, off, len) -> {
                        assertEquals(16 + got[0] * 7919 % spread, len);
                        check(buf, off, len, src, got[0]++);
                    }, 8) == 0) {
                        e.idle();
                    } else {
                        e.resetIdle();
                    }
                    e.control().checkFailure();
                }
            });
        }
    }

    @Test
    void shouldWakeEveryWaitingProcessWithTheFirstFailure() throws Exception {
        final int p = 4;
        try (Transport t = create(p, 1 << 16)) {
            final BspAbortException first = new BspAbortException(2, 7, "first", new IllegalStateException("x"));
            final List<BspAbortException> seen = new ArrayList<>();
            runAll(t, pid -> {
                final Endpoint e = t.endpoint(pid);
                if (pid == 2) {
                    assertSame(first, e.control().fail(first));
                    assertSame(first, e.control().fail(new BspAbortException(2, 8, "second", null)));
                    return;
                }
                // wait as a sync does: poll, idle, check the failure
                while (e.control().failure() == null) {
                    if (e.poll((src, type, buf, off, len) -> { }, 8) == 0) {
                        e.idle();
                    }
                }
                synchronized (seen) {
                    seen.add(e.control().failure());
                }
            });
            assertEquals(p - 1, seen.size());
            for (final BspAbortException e : seen) {
                assertTrue(String.valueOf(e.getMessage()).contains("first"), "the first cause wins: " + e);
                assertEquals(2, e.pid());
            }
        }
    }

    @Test
    void shouldTellEveryProcessWhichProcessesEnded() throws Exception {
        final int p = 3;
        try (Transport t = create(p, 1 << 16)) {
            runAll(t, pid -> {
                final Endpoint e = t.endpoint(pid);
                if (pid == 1) {
                    e.control().markEnded(1);
                    return;
                }
                while (!e.control().hasEnded(1)) {
                    if (e.poll((src, type, buf, off, len) -> { }, 8) == 0) {
                        e.idle();
                    }
                    e.control().checkFailure();
                }
                assertTrue(e.control().endedCount() >= 1, "endedCount=" + e.control().endedCount());
            });
        }
    }

    @Test
    void shouldCloseTwiceWithoutError() {
        final Transport t = create(2, 1 << 16);
        assertNotNull(t.endpoint(0));
        assertEquals(2, t.nprocs());
        t.close();
        t.close();
    }

    /** Everyone sends {@code perPair} frames of {@code len} bytes to everyone else, polling its inbox meanwhile. */
    private void exchangeAllToAll(final Transport t, final int perPair, final int len, final long seed)
        throws Exception {
        final int p = t.nprocs();
        runAll(t, pid -> {
            final Endpoint e = t.endpoint(pid);
            final SplittableRandom random = new SplittableRandom(seed * 31 + pid);
            final UnsafeBuffer b = new UnsafeBuffer(new byte[len]);
            final int[] sent = new int[p];
            final int[] next = new int[p];
            final int[] received = {0};
            final int expected = perPair * (p - 1);
            int toSend = expected;
            while (toSend > 0 || received[0] < expected) {
                if (toSend > 0) {
                    final int dst = (pid + 1 + random.nextInt(p - 1)) % p;
                    if (sent[dst] < perPair) {
                        fill(b, len, pid, sent[dst]);
                        if (e.offer(dst, TYPE, b, 0, len)) {
                            sent[dst]++;
                            toSend--;
                        }
                    }
                }
                final int n = e.poll((src, type, buf, off, l) -> {
                    assertEquals(TYPE, type);
                    assertEquals(len, l);
                    check(buf, off, l, src, next[src]++);
                    received[0]++;
                }, 16);
                if (n == 0 && toSend == 0) {
                    e.idle();
                } else if (n > 0) {
                    e.resetIdle();
                }
                e.control().checkFailure();
            }
            for (int s = 0; s < p; s++) {
                assertEquals(s == pid ? 0 : perPair, next[s], "frames from pid " + s + " to pid " + pid);
            }
        });
    }

    private static void fill(final MutableDirectBuffer b, final int len, final int src, final int seq) {
        fillAt(b, 0, len, src, seq);
    }

    private static void fillAt(final MutableDirectBuffer b, final int at, final int len, final int src,
        final int seq) {
        b.putInt(at, src);
        b.putInt(at + 4, seq);
        for (int i = 8; i < len; i++) {
            b.putByte(at + i, (byte) (src * 31 + seq + i));
        }
    }

    private static void check(final DirectBuffer b, final int off, final int len, final int src, final int seq) {
        assertEquals(src, b.getInt(off), "sender stamped in the frame");
        assertEquals(seq, b.getInt(off + 4), "FIFO order from pid " + src);
        for (int i = 8; i < len; i++) {
            if (b.getByte(off + i) != (byte) (src * 31 + seq + i)) {
                throw new AssertionError("byte " + i + " of frame " + seq + " from pid " + src + " corrupted");
            }
        }
    }

    /** Runs {@code body} for each pid on its own thread; fails the run on a process's first error. */
    protected static void runAll(final Transport t, final IntConsumer body) throws InterruptedException {
        final AtomicReference<Throwable> error = new AtomicReference<>();
        final Thread[] threads = new Thread[t.nprocs()];
        for (int i = 0; i < threads.length; i++) {
            final int pid = i;
            threads[i] = new Thread(() -> {
                try {
                    body.accept(pid);
                } catch (final Throwable e) {
                    if (error.compareAndSet(null, e)) {
                        t.control().fail(new BspAbortException(pid, 0, "conformance: " + e, e));
                    }
                }
            }, "conformance-" + pid);
            threads[i].setDaemon(true);
            threads[i].start();
        }
        for (final Thread th : threads) {
            th.join(100_000);
            assertFalse(th.isAlive(), th.getName() + " still running: a wait that never ended");
        }
        if (error.get() != null) {
            throw new AssertionError("a process failed: " + error.get(), error.get());
        }
    }
}
