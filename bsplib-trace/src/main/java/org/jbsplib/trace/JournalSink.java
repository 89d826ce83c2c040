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
 * Writes the queue's {@link TraceLayout#HEADER} when it opens. The JVM's processes share a budget of buffer memory
 * ({@value #BUFFER_BYTES_OPTION}), split evenly: each process keeps its records in its share and appends them when it
 * is full and when the run ends.
 */
final class JournalSink implements TraceSink {
    /**
     * The run's option ({@code BspConfig.option}) giving the bytes of trace buffer all processes of one JVM share;
     * when absent, the system property {@value #BUFFER_BYTES_PROP}, else {@value #DEFAULT_BUFFER_BYTES}.
     */
    static final String BUFFER_BYTES_OPTION = "traceBufferBytes";
    /** The system property of the same knob ({@code -Dbsplib.traceBufferBytes=67108864}). */
    static final String BUFFER_BYTES_PROP = "bsplib.traceBufferBytes";
    /**
     * 32 MiB: 262,144 records of 128 bytes (P up to 64), so two processes of one JVM each hold 131,072 supersteps
     * before their first append (LU class A has ~32,000 per process).
     */
    static final long DEFAULT_BUFFER_BYTES = 32L << 20;
    private final ChronicleQueue queue;
    private final int procs;
    private final int bufferRecords;
    private final List<ProcessTracer> tracers = new ArrayList<>();

    /**
     * @param queue     the JVM's queue, or {@code null} for JFR events only
     * @param config    the run's configuration
     * @param localPids this JVM's processes
     */
    JournalSink(final ChronicleQueue queue, final BspConfig config, final int[] localPids) {
        this.queue = queue;
        this.procs = config.procs();
        this.bufferRecords = bufferRecords(bufferBytes(config), localPids.length, TraceLayout.superstepBytes(procs));
        if (queue != null) {
            writeHeader(config, localPids);
        }
        warmEvents();
    }

    /**
     * @param config the run's configuration
     * @return the JVM's trace buffer budget in bytes: the run's option, else the system property, else the default
     * @throws IllegalArgumentException when the value is not a number of bytes &gt; 0, naming it
     */
    static long bufferBytes(final BspConfig config) {
        String v = config.options().get(BUFFER_BYTES_OPTION);
        String name = BUFFER_BYTES_OPTION;
        if (v == null) {
            v = System.getProperty(BUFFER_BYTES_PROP);
            name = BUFFER_BYTES_PROP;
        }
        if (v == null) {
            return DEFAULT_BUFFER_BYTES;
        }
        final long bytes;
        try {
            bytes = Long.parseLong(v.trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + v + " must be a number of bytes > 0 (the trace buffer of "
                + "one JVM's processes)", e);
        }
        if (bytes <= 0) {
            throw new IllegalArgumentException(name + "=" + v + " must be a number of bytes > 0 (the trace buffer of "
                + "one JVM's processes)");
        }
        return bytes;
    }

    /**
     * @param budgetBytes    the JVM's trace buffer budget
     * @param localProcs     the processes sharing it
     * @param superstepBytes the bytes of a superstep record
     * @return the records of each process's buffer: its even share, at least {@link ProcessTracer#MIN_BUFFER_RECORDS}
     *         (so a JVM's buffers take at most {@code max(budgetBytes, localProcs * 64 records)})
     */
    static int bufferRecords(final long budgetBytes, final int localProcs, final int superstepBytes) {
        final long records = budgetBytes / Math.max(1, localProcs) / superstepBytes;
        return (int) Math.max(ProcessTracer.MIN_BUFFER_RECORDS, Math.min(records, Integer.MAX_VALUE / superstepBytes));
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
        final ProcessTracer t = new ProcessTracer(queue, procs, pid, bufferRecords);
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
