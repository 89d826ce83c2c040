package org.jbsplib.trace;

import java.util.ArrayList;
import java.util.List;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.trace.SuperstepTracer;
import org.jbsplib.core.trace.TraceSink;

/**
 * The sink of one run in one JVM: its Chronicle queue (or none, for JFR events only) and its processes' tracers.
 * Writes the queue's {@link TraceLayout#HEADER} when it opens.
 */
final class JournalSink implements TraceSink {
    private final ChronicleQueue queue;
    private final int procs;
    private final List<ProcessTracer> tracers = new ArrayList<>();

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
        }
        warmEvents();
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
        final ProcessTracer t = new ProcessTracer(queue, procs, pid);
        tracers.add(t);
        return t;
    }

    @Override
    public void close() {
        for (final ProcessTracer t : tracers) {
            t.close();
        }
        if (queue != null) {
            queue.close();
        }
    }
}
