package org.jbsplib.core.transport;

import java.util.SplittableRandom;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

/**
 * A decorator of a {@link Transport} that makes timing adversarial, for tests and for {@code --chaos SEED}: frames
 * are held back for random delays, frames of different senders are delivered in a random order, a poll delivers
 * only a few frames, and the polling process is randomly slowed down. Per-pair FIFO order, the one ordering guarantee of every transport, is kept:
 * a frame is never released before an earlier frame of the same sender.
 *
 * <pre>{@code
 * Transport t = new ChaosTransport(new ThreadsTransport(p, ringBytes, cores), seed);
 * }</pre>
 *
 * <p>Each endpoint draws from its own {@link SplittableRandom} seeded from {@code seed} and its pid, so the random
 * decisions are reproducible per process (the interleaving of threads is not). A {@code poll} whose limit is
 * {@link Integer#MAX_VALUE} is a drain: it delivers every held frame at once, so that a protocol checking "has a
 * process that ended sent me everything?" sees everything. Otherwise a poll takes frames from the decorated inbox
 * only while fewer than {@link #MAX_HELD_FRAMES} are held, so the decorated inbox fills up behind a slow receiver
 * and senders meet a full inbox as they would without chaos. Because a drain delivers everything held back, the
 * transport answers {@link #drainsAfterBarrier()} (as every other property) for what it decorates. Threading: as the
 * decorated endpoints, one thread per endpoint.
 */
public final class ChaosTransport extends ForwardingTransport {
    /** Longest delay of a frame in the common case, in ns. */
    public static final long SHORT_DELAY_NS = 100_000L;
    /** Longest delay of the rare long-delayed frame, in ns. */
    public static final long LONG_DELAY_NS = 2_000_000L;
    /** Longest random slow-down of a polling process, in ns. */
    public static final long SLOWDOWN_NS = 300_000L;
    /** Most frames an endpoint holds back; the rest stay in the decorated inbox, which may fill up. */
    public static final int MAX_HELD_FRAMES = 64;

    private final ChaosEndpoint[] endpoints;

    /**
     * @param inner the transport whose deliveries are disturbed (closed with this one)
     * @param seed  the chaos seed, {@code >= 0}
     */
    public ChaosTransport(final Transport inner, final long seed) {
        super(notNull(inner));
        if (seed < 0) {
            throw new IllegalArgumentException("seed=" + seed + " must be >= 0");
        }
        this.endpoints = new ChaosEndpoint[inner.nprocs()];
        for (int i = 0; i < endpoints.length; i++) {
            if (!inner.isLocal(i)) {
                continue;
            }
            endpoints[i] = new ChaosEndpoint(inner.endpoint(i), seed * 0x9E3779B97F4A7C15L + i);
        }
    }

    private static Transport notNull(final Transport inner) {
        if (inner == null) {
            throw new IllegalArgumentException("inner=null");
        }
        return inner;
    }

    @Override
    public String name() {
        return delegate().name() + "+chaos";
    }

    @Override
    public Endpoint endpoint(final int pid) {
        return endpoints[pid];
    }

    /** The chaos endpoint of {@code pid}, for tests: how many frames it delivered out of arrival order. */
    public long reorderedFrames(final int pid) {
        return endpoints[pid].reordered;
    }

    private static final class ChaosEndpoint extends ForwardingEndpoint implements FrameHandler {
        // held frame layout in a sender's queue: [long releaseNs][long arrivalNo][int type][int length][bytes]
        private static final int RELEASE = 0;
        private static final int ARRIVAL = 8;
        private static final int TYPE = 16;
        private static final int LENGTH = 20;
        private static final int HEADER = 24;

        private final SplittableRandom random;
        private final ExpandableArrayBuffer[] held;
        private final int[] head;
        private final int[] tail;
        private final long[] lastRelease;
        private final int[] ready;
        private int heldFrames;
        private long arrivals;
        private long delivered;
        long reordered;

        ChaosEndpoint(final Endpoint inner, final long seed) {
            super(inner);
            this.random = new SplittableRandom(seed);
            final int p = inner.nprocs();
            this.held = new ExpandableArrayBuffer[p];
            this.head = new int[p];
            this.tail = new int[p];
            this.lastRelease = new long[p];
            this.ready = new int[p];
        }

        @Override
        public int poll(final FrameHandler handler, final int limit) {
            maybeSlowDown();
            final boolean drain = limit == Integer.MAX_VALUE;
            final int take = drain ? Integer.MAX_VALUE : MAX_HELD_FRAMES - heldFrames;
            if (take > 0) {
                delegate().poll(this, take);
            }
            // a few frames per poll at most, so that a receiver acts between the frames of one stream
            final int most = drain ? limit : Math.min(limit, 1 + random.nextInt(4));
            int n = 0;
            while (n < most && heldFrames > 0) {
                final long now = System.nanoTime();
                int readyCount = 0;
                for (int s = 0; s < held.length; s++) {
                    if (head[s] < tail[s] && (drain || held[s].getLong(head[s] + RELEASE) <= now)) {
                        ready[readyCount++] = s;
                    }
                }
                if (readyCount == 0) {
                    break;
                }
                deliver(ready[random.nextInt(readyCount)], handler);
                n++;
            }
            return n;
        }

        private void deliver(final int src, final FrameHandler handler) {
            final ExpandableArrayBuffer b = held[src];
            final int at = head[src];
            final int type = b.getInt(at + TYPE);
            final int length = b.getInt(at + LENGTH);
            if (b.getLong(at + ARRIVAL) != delivered) {
                reordered++;
            }
            delivered++;
            head[src] = at + HEADER + length;
            heldFrames--;
            if (head[src] == tail[src]) {
                head[src] = 0;
                tail[src] = 0;
            }
            // The frame's bytes stay in place until the next append to this queue, which only a later poll makes.
            handler.onFrame(src, type, b, at + HEADER, length);
        }

        @Override
        public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
            final int length) {
            ExpandableArrayBuffer b = held[srcPid];
            if (b == null) {
                b = new ExpandableArrayBuffer(Math.max(1024, HEADER + length));
                held[srcPid] = b;
            }
            if (head[srcPid] > (64 << 10) && head[srcPid] > b.capacity() / 2) {
                // compact: nothing handed out from this queue is still in use during an append
                b.putBytes(0, b, head[srcPid], tail[srcPid] - head[srcPid]);
                tail[srcPid] -= head[srcPid];
                head[srcPid] = 0;
            }
            final long now = System.nanoTime();
            final long release = Math.max(lastRelease[srcPid], now + delay());
            lastRelease[srcPid] = release;
            final int at = tail[srcPid];
            b.putLong(at + RELEASE, release);
            b.putLong(at + ARRIVAL, arrivals++);
            b.putInt(at + TYPE, type);
            b.putInt(at + LENGTH, length);
            b.putBytes(at + HEADER, buffer, offset, length);
            tail[srcPid] = at + HEADER + length;
            heldFrames++;
        }

        private long delay() {
            final int dice = random.nextInt(100);
            if (dice < 40) {
                return 0;
            }
            if (dice < 98) {
                return random.nextLong(SHORT_DELAY_NS);
            }
            return random.nextLong(LONG_DELAY_NS);
        }

        private void maybeSlowDown() {
            final int dice = random.nextInt(256);
            if (dice == 0) {
                final long until = System.nanoTime() + random.nextLong(SLOWDOWN_NS);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            } else if (dice < 4) {
                Thread.yield();
            }
        }

        @Override
        public void idle() {
            if (heldFrames > 0) {
                // Frames are waiting for their release time: do not park on an inbox that may stay empty.
                Thread.yield();
            } else {
                delegate().idle();
            }
        }
    }
}
