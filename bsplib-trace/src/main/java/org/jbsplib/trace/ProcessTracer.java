package org.jbsplib.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.jbsplib.core.trace.SuperstepTracer;

/**
 * One process's tracer: records its supersteps and commits (when the run has a trace directory) and commits the JFR
 * events that a recording enabled. Created with its appender by the thread that starts the run (finding the queue's
 * cycle takes ~0.1 s the first time: before the processes start, not in their first superstep), then used by the
 * process (one thread at a time); nothing is allocated per record (a disabled JFR event is never filled).
 *
 * <p>Threading: the process writes each record into the current one of {@link #BUFFERS} preallocated buffers; a full
 * buffer is handed to its sink's writer thread ({@link JournalSink}), which appends it to the queue as one document
 * and gives it back. The process never touches the queue during the run: an append writes into the queue's
 * memory-mapped file, whose first touch of each page costs a page fault (about 20 us here), and a superstep that
 * paid for them held up every process of the run. Hand-off: {@code filled} (written by the process, release) and
 * {@code written} (by the writer, release), each read with acquire by the other side.
 */
final class ProcessTracer implements SuperstepTracer {
    /** Records per appended document. */
    static final int BATCH_RECORDS = 64;
    /**
     * Buffers per process: the writer may fall this many batches behind before the process waits for it (on a
     * machine with fewer cores than processes plus one, the writer runs when a process yields or parks).
     */
    static final int BUFFERS = 8;
    private static final VarHandle FILLED;
    private static final VarHandle WRITTEN;

    static {
        try {
            final MethodHandles.Lookup l = MethodHandles.lookup();
            FILLED = l.findVarHandle(ProcessTracer.class, "filled", long.class);
            WRITTEN = l.findVarHandle(ProcessTracer.class, "written", long.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ChronicleQueue queue;
    private final JournalSink sink;
    private final int words;
    private final ExcerptAppender appender;
    private final Bytes<?>[] buffers;
    private final int[] counts;
    // the process's side: the buffer it fills and how many records it holds
    private Bytes<?> batch;
    private int batched;
    @SuppressWarnings("unused") // through FILLED: batches handed to the writer
    private long filled;
    @SuppressWarnings("unused") // through WRITTEN: batches the writer appended (their buffers are free again)
    private long written;

    /**
     * @param queue the JVM's queue, or {@code null} for JFR events only
     * @param sink  the sink whose writer appends the full buffers ({@code null} with no queue)
     * @param procs the run's processes (the size of the waited-for bit set)
     * @param pid   the process
     */
    ProcessTracer(final ChronicleQueue queue, final JournalSink sink, final int procs, final int pid) {
        this.queue = queue;
        this.sink = sink;
        this.words = TraceLayout.words(procs);
        if (queue != null) {
            appender = queue.createAppender();
            // the first document an appender writes is slow (its mapping, the cycle): write it now, not in the run
            try (DocumentContext dc = appender.writingDocument()) {
                dc.wire().bytes().writeInt(TraceLayout.PROCESS).writeInt(pid);
            }
            // Made here, used by the sink's writer thread (after a happens-before edge: JournalSink publishes the
            // tracer through a volatile field) and at close by the thread closing the run: Chronicle's owner check
            // would refuse the second thread.
            appender.singleThreadedCheckDisabled(true);
            final long capacity = (long) BATCH_RECORDS * TraceLayout.superstepBytes(procs);
            buffers = new Bytes<?>[BUFFERS];
            for (int i = 0; i < BUFFERS; i++) {
                buffers[i] = Bytes.allocateElasticDirect(capacity);
                buffers[i].zeroOut(0, capacity); // touch the pages now, not in a superstep
            }
            counts = new int[BUFFERS];
            batch = buffers[0];
        } else {
            appender = null;
            buffers = null;
            counts = null;
        }
    }

    @Override
    public void superstep(final int pid, final long superstep, final long startNs, final long syncStartNs,
        final long syncNs, final long commitNs, final long barrierNs, final long waitNs, final long bytesOut,
        final long bytesIn, final long framesOut, final long framesIn, final int puts, final int gets, final int sends,
        final long modelledNs, final long[] waitedFor) {
        if (queue != null) {
            final Bytes<?> b = batch;
            {
                b.writeInt(TraceLayout.SUPERSTEP).writeInt(pid).writeLong(superstep).writeLong(startNs)
                    .writeLong(syncStartNs).writeLong(syncNs).writeLong(commitNs).writeLong(barrierNs)
                    .writeLong(waitNs).writeLong(bytesOut).writeLong(bytesIn).writeLong(framesOut)
                    .writeLong(framesIn).writeLong(modelledNs).writeInt(puts).writeInt(gets).writeInt(sends)
                    .writeInt(words);
                for (int w = 0; w < words; w++) {
                    b.writeLong(waitedFor[w]);
                }
            }
            added();
        }
        final JfrEvents.Superstep e = new JfrEvents.Superstep();
        if (e.isEnabled()) {
            e.pid = pid;
            e.superstep = superstep;
            e.computeNs = syncStartNs - startNs;
            e.commitNs = commitNs;
            e.syncNs = syncNs;
            e.waitNs = waitNs;
            e.bytesOut = bytesOut;
            e.bytesIn = bytesIn;
            e.framesOut = framesOut;
            e.framesIn = framesIn;
            e.puts = puts;
            e.gets = gets;
            e.sends = sends;
            e.waitedFor = waitedFor[0];
            e.commit();
        }
        final JfrEvents.Sync s = new JfrEvents.Sync();
        if (s.isEnabled()) {
            s.pid = pid;
            s.superstep = superstep;
            s.syncNs = syncNs;
            s.barrierNs = barrierNs;
            s.waitNs = waitNs;
            s.bytesOut = bytesOut;
            s.bytesIn = bytesIn;
            s.commit();
        }
        final JfrEvents.BarrierEpisode x = new JfrEvents.BarrierEpisode();
        if (x.isEnabled() && (barrierNs > 0 || modelledNs > 0)) {
            x.pid = pid;
            x.superstep = superstep;
            x.barrierNs = barrierNs;
            x.modelledNs = modelledNs;
            x.commit();
        }
    }

    @Override
    public void commit(final int pid, final long superstep, final long startNs, final long ns, final long waitNs,
        final int reg, final int n) {
        if (queue != null) {
            batch.writeInt(TraceLayout.COMMIT).writeInt(pid).writeLong(superstep).writeLong(startNs).writeLong(ns)
                .writeLong(waitNs).writeInt(reg).writeInt(n);
            added();
        }
        final JfrEvents.Commit e = new JfrEvents.Commit();
        if (e.isEnabled()) {
            e.pid = pid;
            e.superstep = superstep;
            e.commitNs = ns;
            e.waitNs = waitNs;
            e.reg = reg;
            e.n = n;
            e.commit();
        }
    }

    /** Counts a record in the batch and hands a full batch to the writer. */
    private void added() {
        if (++batched == BATCH_RECORDS) {
            handOff();
        }
    }

    /** Process side: publishes the full buffer to the writer and moves to the next, waiting if none is free. */
    private void handOff() {
        final long f = (long) FILLED.getOpaque(this);
        counts[(int) (f % BUFFERS)] = batched;
        FILLED.setRelease(this, f + 1);
        sink.wakeWriter();
        // the next buffer is free once the writer has appended the batch that used it BUFFERS batches ago
        while (f + 1 - (long) WRITTEN.getAcquire(this) >= BUFFERS) {
            sink.checkWriter();
            sink.wakeWriter();
            Thread.yield();
        }
        batch = buffers[(int) ((f + 1) % BUFFERS)];
        batched = 0;
    }

    /**
     * Writer side: appends the batches the process handed over since the last call, in order.
     *
     * @return the batches appended
     */
    int drain() {
        if (appender == null) {
            return 0;
        }
        final long f = (long) FILLED.getAcquire(this);
        long w = (long) WRITTEN.getOpaque(this);
        final int n = (int) (f - w);
        for (; w < f; w++) {
            final int i = (int) (w % BUFFERS);
            append(buffers[i], counts[i]);
            WRITTEN.setRelease(this, w + 1);
        }
        return n;
    }

    /** Appends {@code count} records of {@code b} as one {@link TraceLayout#BATCH} document and clears it. */
    private void append(final Bytes<?> b, final int count) {
        if (count == 0) {
            return;
        }
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().writeInt(TraceLayout.BATCH).writeInt(count).write(b);
        }
        b.clear();
    }

    /**
     * Appends what is handed over and what is still in the process's buffer, and closes the appender: from the thread
     * that closes the run, after the process ended (normally or not) and the writer stopped.
     */
    void close() {
        if (appender != null) {
            drain();
            append(batch, batched);
            batched = 0;
            appender.close();
            for (final Bytes<?> b : buffers) {
                b.releaseLast();
            }
        }
    }
}
