package org.jbsplib.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.trace.SuperstepTracer;
import org.jbsplib.core.trace.TraceSink;

/**
 * The sink of one run in one JVM: its Chronicle queue (or none, for JFR events only), its processes' tracers and,
 * with a queue, one writer thread that appends the tracers' full buffers to the queue, so that no process pays for
 * an append (and its page faults) inside a superstep. Writes the queue's {@link TraceLayout#HEADER} when it opens.
 *
 * <p>Threading: {@link #tracer(int)} and {@link #close()} from the thread that runs the run; {@link #wakeWriter()}
 * from the processes. The writer parks when no buffer is full and is woken by a hand-off (or after
 * {@link #WRITER_PARK_NS}).
 */
final class JournalSink implements TraceSink {
    /** The writer's longest park when no process woke it. */
    static final long WRITER_PARK_NS = 1_000_000L;
    private final ChronicleQueue queue;
    private final int procs;
    private final List<ProcessTracer> tracers = new ArrayList<>();
    // the tracers the writer drains, republished (copy on write) when one is added
    private volatile ProcessTracer[] draining = new ProcessTracer[0];
    private volatile boolean closing;
    private volatile Throwable writerFailure;
    private final Thread writer;

    /**
     * @param queue     the JVM's queue, or {@code null} for JFR events only
     * @param config    the run's configuration
     * @param localPids this JVM's processes
     */
    JournalSink(final ChronicleQueue queue, final BspConfig config, final int[] localPids) {
        this.queue = queue;
        this.procs = config.procs();
        if (queue != null) {
            writeHeader(config, localPids);
            writer = new Thread(this::writeLoop, "jbsp-trace-writer-" + (localPids.length > 0 ? localPids[0] : 0));
            writer.setDaemon(true);
            writer.start();
        } else {
            writer = null;
        }
        warmEvents();
    }

    /** The writer thread: appends full buffers until the sink closes. */
    private void writeLoop() {
        try {
            while (!closing) {
                int appended = 0;
                for (final ProcessTracer t : draining) {
                    appended += t.drain();
                }
                if (appended == 0) {
                    LockSupport.parkNanos(this, WRITER_PARK_NS);
                }
            }
        } catch (final RuntimeException | Error e) {
            writerFailure = e; // a process waiting for a free buffer fails with it instead of waiting forever
        }
    }

    /**
     * Called by a process waiting for a free buffer.
     *
     * @throws IllegalStateException naming the queue and the cause if the writer thread has failed
     */
    void checkWriter() {
        final Throwable f = writerFailure;
        if (f != null) {
            throw new IllegalStateException("trace: the writer of " + queue.fileAbsolutePath() + " failed: " + f, f);
        }
    }

    /** Wakes the writer: a process handed over a full buffer. */
    void wakeWriter() {
        LockSupport.unpark(writer);
    }

    /**
     * Loads the JFR event classes now: the first use of an event class registers it with the flight recorder, which
     * took over a second here, and must not land in a process's first superstep.
     */
    private static void warmEvents() {
        new JfrEvents.Superstep().isEnabled();
        new JfrEvents.Sync().isEnabled();
        new JfrEvents.Commit().isEnabled();
        new JfrEvents.BarrierEpisode().isEnabled();
    }

    private void writeHeader(final BspConfig config, final int[] localPids) {
        final long epochNs = System.currentTimeMillis() * 1_000_000L;
        final long nanoTime = System.nanoTime();
        try (ExcerptAppender a = queue.createAppender(); DocumentContext dc = a.writingDocument()) {
            final Bytes<?> b = dc.wire().bytes();
            b.writeInt(TraceLayout.HEADER).writeInt(TraceLayout.VERSION).writeInt(procs).writeLong(epochNs)
                .writeLong(nanoTime).writeInt(config.onMachineModel() ? 1 : 0);
            b.writeUtf8(config.syncMode()).writeUtf8(config.barrier()).writeUtf8(config.transport())
                .writeUtf8(config.machine());
            b.writeInt(localPids.length);
            for (final int pid : localPids) {
                b.writeInt(pid);
            }
        }
    }

    @Override
    public SuperstepTracer tracer(final int pid) {
        final ProcessTracer t = new ProcessTracer(queue, queue != null ? this : null, procs, pid);
        tracers.add(t);
        draining = tracers.toArray(new ProcessTracer[0]);
        return t;
    }

    @Override
    public void close() {
        if (writer != null) {
            closing = true;
            LockSupport.unpark(writer);
            boolean interrupted = false;
            while (writer.isAlive()) {
                try {
                    writer.join();
                } catch (final InterruptedException e) {
                    interrupted = true; // finish closing (the records must reach the queue), then restore the flag
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        for (final ProcessTracer t : tracers) {
            t.close();
        }
        if (queue != null) {
            queue.close();
        }
    }
}
