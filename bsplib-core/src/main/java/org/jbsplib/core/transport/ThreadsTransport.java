package org.jbsplib.core.transport;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The embedded transport: P processes as threads of one JVM, each with an inbox that is an Agrona
 * {@link ManyToOneRingBuffer} in off-heap memory. Frames carry the sender's pid and the frame type in the ring's
 * message type id, so a frame costs only the ring's 8-byte header. Per-pair FIFO order follows from each sender
 * writing its frames to a destination in order.
 *
 * <p><b>Threading.</b> Each {@link Endpoint} is confined to its process's thread; any number of threads send into
 * one inbox at once (the ring is many-to-one), only its owner reads it. The sender commits a frame with a release
 * store in the ring and the owner reads it with an acquire load, which gives {@link Endpoint}'s happens-before edge
 * from sending to handling. A sender then wakes the owner's {@link WakeableIdleStrategy} if it parked; the
 * {@link RunControl} is shared by all threads. The constructor and {@link #close()} run on the thread that owns the
 * run, before the processes start and after they ended.
 */
public final class ThreadsTransport implements Transport {
    private final int nprocs;
    private final RingBuffer[] inboxes;
    private final WakeableIdleStrategy[] idlers;
    private final ThreadsEndpoint[] endpoints;
    private final RunControl control;
    private final int maxFrameLength;

    /**
     * @param nprocs        number of processes
     * @param ringCapacity  bytes per inbox, a power of two
     * @param cores         cores the waiting strategy assumes
     */
    public ThreadsTransport(final int nprocs, final int ringCapacity, final int cores) {
        this(nprocs, ringCapacity, cores, false);
    }

    /**
     * @param nprocs         number of processes
     * @param ringCapacity   bytes per inbox, a power of two
     * @param cores          cores the waiting strategy assumes
     * @param virtualThreads whether the processes run on virtual threads (their waits never spin)
     */
    public ThreadsTransport(final int nprocs, final int ringCapacity, final int cores, final boolean virtualThreads) {
        this(nprocs, ringCapacity, cores, virtualThreads, 0);
    }

    /**
     * @param nprocs         number of processes
     * @param ringCapacity   bytes per inbox, a power of two
     * @param cores          cores the waiting strategy assumes
     * @param virtualThreads whether the processes run on virtual threads (their waits never spin)
     * @param idleYieldNs    while the processes fit on the cores: how long a wait yields before it parks, ns
     *                       ({@link org.jbsplib.core.BspConfig#IDLE_YIELD_PROP})
     */
    public ThreadsTransport(final int nprocs, final int ringCapacity, final int cores, final boolean virtualThreads,
        final long idleYieldNs) {
        this.nprocs = nprocs;
        this.inboxes = new RingBuffer[nprocs];
        this.idlers = new WakeableIdleStrategy[nprocs];
        this.endpoints = new ThreadsEndpoint[nprocs];
        this.control = new RunControl(nprocs);
        for (int i = 0; i < nprocs; i++) {
            final ByteBuffer bb = ByteBuffer.allocateDirect(ringCapacity + RingBufferDescriptor.TRAILER_LENGTH);
            inboxes[i] = new ManyToOneRingBuffer(new UnsafeBuffer(bb));
            final RingBuffer inbox = inboxes[i];
            idlers[i] = new WakeableIdleStrategy(nprocs, cores, virtualThreads, idleYieldNs, () -> inbox.size() > 0);
        }
        this.maxFrameLength = inboxes[0].maxMsgLength();
        for (int i = 0; i < nprocs; i++) {
            endpoints[i] = new ThreadsEndpoint(i);
        }
        control.quiescence().pendingFrames(pid -> inboxes[pid].size() > 0);
        control.onWake(() -> {
            for (final WakeableIdleStrategy idler : idlers) {
                idler.wakeAlways();
            }
        });
    }

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public int nprocs() {
        return nprocs;
    }

    @Override
    public Endpoint endpoint(final int pid) {
        return endpoints[pid];
    }

    @Override
    public RunControl control() {
        return control;
    }

    @Override
    public boolean sharesMemory() {
        return true;
    }

    /** @return {@code true}: the inboxes carry only control frames when a protocol copies data directly */
    @Override
    public boolean directCopies() {
        return true;
    }

    /**
     * @return {@code true}: a frame is committed in the destination's ring before its sender arrives at the barrier,
     *     and the release happens-after every arrival
     */
    @Override
    public boolean drainsAfterBarrier() {
        return true;
    }

    @Override
    public void close() {
        // Off-heap inboxes are released with their ByteBuffers by the garbage collector.
    }

    static int typeId(final int src, final int type) {
        return (src << 8) | type;
    }

    private final class ThreadsEndpoint extends EndpointFields implements Endpoint, MessageHandler {
        // After the fields (EndpointFields), which every poll reads: the endpoints of one run are allocated one
        // after the other, and a copying collector keeps them so, while their owners poll on different cores.
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;

        ThreadsEndpoint(final int pid) {
            super(pid, control.quiescence());
        }

        @Override
        public int pid() {
            return pid;
        }

        @Override
        public int nprocs() {
            return nprocs;
        }

        @Override
        public int maxFrameLength() {
            return maxFrameLength;
        }

        @Override
        public boolean offer(final int dstPid, final int type, final DirectBuffer src, final int offset,
            final int length) {
            if (inboxes[dstPid].write(typeId(pid, type), src, offset, length)) {
                quiescence.sent(pid);
                idlers[dstPid].wake();
                return true;
            }
            return false;
        }

        @Override
        public int tryClaim(final int dstPid, final int type, final int length) {
            return inboxes[dstPid].tryClaim(typeId(pid, type), length);
        }

        @Override
        public MutableDirectBuffer claimBuffer(final int dstPid) {
            return inboxes[dstPid].buffer();
        }

        @Override
        public void commit(final int dstPid, final int index) {
            inboxes[dstPid].commit(index);
            quiescence.sent(pid);
            idlers[dstPid].wake();
        }

        @Override
        public int poll(final FrameHandler handler, final int limit) {
            if (this.handler != handler) {
                this.handler = handler; // a store per poll would dirty the line for nothing: the handler rarely changes
            }
            final RingBuffer inbox = inboxes[pid];
            int n = inbox.read(this, limit);
            if (n < limit && (n > 0 || limit == Integer.MAX_VALUE)) {
                // One read stops where the ring wraps: a second one delivers what was written after the wrap. A
                // read that finds only the padding before the wrap delivers nothing, so a drain reads again even
                // then; other polls skip that second read when the ring is empty (the next poll delivers).
                n += inbox.read(this, limit - n);
            }
            if (n > 0) {
                quiescence.progress(pid);
            }
            return n;
        }

        @Override
        public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index,
            final int length) {
            handler.onFrame(msgTypeId >>> 8, msgTypeId & 0xFF, buffer, index, length);
        }

        @Override
        public RunControl control() {
            return control;
        }

        @Override
        public void idle() {
            quiescence.idle(pid);
            idlers[pid].idle();
        }

        @Override
        public void resetIdle() {
            quiescence.progress(pid);
            idlers[pid].reset();
        }

        @Override
        public void reportIdle(final java.util.function.ObjLongConsumer<String> sink) {
            idlers[pid].report(sink);
        }
    }
}
