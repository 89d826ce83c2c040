package org.jbsplib.core.barrier;

import org.agrona.DirectBuffer;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspTimeoutException;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.RunControl;
import org.jbsplib.core.transport.ThreadsTransport;
import org.jbsplib.core.transport.Transport;

/**
 * P processes' barriers over an in-JVM {@link ThreadsTransport}, without a BSP program: for conformance tests and
 * benchmarks. Thread {@code i} uses only {@link #port(int) port(i)}; the group's failure flag is shared like a run's.
 *
 * <pre>{@code
 * try (BarrierGroup g = new BarrierGroup("tree:fanout=2", 8, 2, TimeUnit.SECONDS.toNanos(30))) {
 *     // on thread i:
 *     g.port(i).sync();
 * }
 * }</pre>
 */
public final class BarrierGroup implements AutoCloseable {
    private static final int RING_BYTES = 64 * 1024;

    private final Transport transport;
    private final BarrierPort[] ports;

    /**
     * @param spec      barrier spec {@code name[:key=value,...]}, empty for the default ({@code shm})
     * @param nprocs    the number of processes, {@code >= 1}
     * @param cores     cores the waiting strategy assumes, {@code >= 1}
     * @param timeoutNs the longest wait without progress before the group fails, {@code > 0}
     * @throws IllegalArgumentException for a bad argument or spec, naming it
     */
    public BarrierGroup(final String spec, final int nprocs, final int cores, final long timeoutNs) {
        this(spec, threads(nprocs, cores, timeoutNs), cores, timeoutNs);
    }

    private static ThreadsTransport threads(final int nprocs, final int cores, final long timeoutNs) {
        if (nprocs < 1) {
            throw new IllegalArgumentException("nprocs=" + nprocs + " must be >= 1");
        }
        if (cores < 1) {
            throw new IllegalArgumentException("cores=" + cores + " must be >= 1");
        }
        if (timeoutNs <= 0) {
            throw new IllegalArgumentException("timeoutNs=" + timeoutNs + " must be > 0");
        }
        return new ThreadsTransport(nprocs, RING_BYTES, cores);
    }

    /**
     * P processes' barriers over {@code transport}, every process of which must be local; the group closes it.
     *
     * @param spec      barrier spec {@code name[:key=value,...]}, empty for the transport's default
     * @param transport the transport, e.g. one between JVMs with every process in this one
     * @param cores     cores the waiting strategy assumes, {@code >= 1}
     * @param timeoutNs the longest wait without progress before the group fails, {@code > 0}
     * @throws IllegalArgumentException for a bad argument or spec, naming it
     */
    public BarrierGroup(final String spec, final Transport transport, final int cores, final long timeoutNs) {
        if (cores < 1 || timeoutNs <= 0) {
            throw new IllegalArgumentException("cores=" + cores + " must be >= 1 and timeoutNs=" + timeoutNs
                + " > 0");
        }
        this.transport = transport;
        final int nprocs = transport.nprocs();
        final BarrierRun run = BarrierRun.forRun(spec, cores, transport);
        this.ports = new BarrierPort[nprocs];
        for (int i = 0; i < nprocs; i++) {
            final Member m = new Member(transport.endpoint(i), timeoutNs);
            ports[i] = run.open(m.endpoint, m, m);
            m.port = ports[i];
        }
    }

    /** @return the port of process {@code pid}, for that process's thread only */
    public BarrierPort port(final int pid) {
        return ports[pid];
    }

    /** @return the number of processes */
    public int nprocs() {
        return ports.length;
    }

    /** @return the group's failure flag */
    public RunControl control() {
        return transport.control();
    }

    /**
     * Fails the group as process {@code pid} (all-or-none): every process leaves its current or next wait with
     * the returned exception.
     */
    public BspAbortException fail(final int pid, final String message, final Throwable cause) {
        return transport.control().fail(new BspAbortException(pid, ports[pid].episodes(), message, cause));
    }

    @Override
    public void close() {
        for (final BarrierPort p : ports) {
            p.close();
        }
        transport.close();
    }

    private final class Member implements FrameHandler, BarrierWaiter {
        final Endpoint endpoint;
        final long timeoutNs;
        BarrierPort port;

        Member(final Endpoint endpoint, final long timeoutNs) {
            this.endpoint = endpoint;
            this.timeoutNs = timeoutNs;
        }

        @Override
        public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
            final int length) {
            if (!BarrierPort.isBarrierFrame(type)) {
                throw fail(endpoint.pid(), "protocol error: frame type " + type + " from pid " + srcPid
                    + " in a barrier group", null);
            }
            port.onFrame(srcPid, type, buffer, offset, length);
        }

        @Override
        public void idle(final long waitStartNs, final String what) {
            endpoint.control().checkFailure();
            final long waited = System.nanoTime() - waitStartNs;
            if (waited > timeoutNs) {
                throw fail(endpoint.pid(), "barrier timed out", new BspTimeoutException("pid " + endpoint.pid()
                    + " waited " + waited / 1_000_000 + " ms without progress in " + what + " of episode "
                    + port.episodes() + " (" + port.spec() + ")"));
            }
            endpoint.idle();
        }
    }
}
