package org.jbsplib.trace;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.jbsplib.core.trace.SuperstepTracer;

/**
 * One process's tracer: keeps its records in a preallocated in-memory buffer and appends them to its JVM's queue
 * (when the run has a trace directory) only when the buffer is full and when the run closes its trace, and commits
 * the JFR events that a recording enabled. Created with its appender and buffer by the thread that starts the run
 * (finding the queue's cycle takes ~0.1 s the first time, touching the buffer's pages takes milliseconds: before the
 * processes start, not in their first supersteps), then used by the process (one thread at a time); nothing is
 * allocated per record (a record is written field by field into the buffer, a disabled JFR event is never filled,
 * and an enabled one is the tracer's own object of its type, filled again).
 *
 * <pre>{@code
 * ProcessTracer t = new ProcessTracer(queue, 4, 0, 65_536);   // pid 0 of P = 4, room for 65,536 records
 * t.superstep(0, 0, 1_000, 5_000, 800, 0, 300, 400, 64, 64, 1, 1, 2, 0, 0, 0, waitedFor);  // into the buffer
 * t.close();                                                  // after the process ended: appends the buffer
 * }</pre>
 */
final class ProcessTracer implements SuperstepTracer {
    /** The fewest records a process's buffer holds, whatever the budget ({@link JournalSink#BUFFER_BYTES_OPTION}). */
    static final int MIN_BUFFER_RECORDS = 64;
    /**
     * The most records one appended {@link TraceLayout#BATCH} document holds: a full buffer goes to the queue as
     * several documents of at most this many records (about 0.5 MB), far below the largest document a queue takes.
     */
    static final int DOCUMENT_RECORDS = 4096;
    /** The stride of {@link #touch}: the smallest page size of the platforms Java runs on. */
    private static final int PAGE_BYTES = 4096;
    /** The bytes of a {@link TraceLayout#COMMIT} record. */
    private static final int COMMIT_BYTES = 4 * 2 + 8 * 4 + 4 * 2;
    private final ChronicleQueue queue;
    private final int words;
    private final int superstepBytes;
    private final ExcerptAppender appender;
    // Implementation note: records wait in this buffer, sized once (its pages touched here, so that the run takes no
    // page fault for it), and go to the queue only when it passes its high-water mark (the next record might not fit)
    // and when the run closes the trace, normally or after a failure or an abort. A run whose records fit (the common
    // case: LU class A at P = 2 has ~32,000 per process) appends nothing while its processes run: an append writes
    // into the queue's memory-mapped file, whose first touch of each page is a page fault, and a process stalled by
    // that stalls its peers at the next sync (see the README's Overhead section). A JVM that dies in the run
    // loses the records since the last append (at most one buffer per process).
    private final Bytes<?> buffer;
    private final long highWater;
    private int buffered;
    private long appends;
    // Implementation note: one event object of each type per tracer, filled and committed again at each superstep
    // (the tracer's thread rule makes them confined). An object allocated per event cost three per superstep and one
    // per commit, whether or not a recording enabled them, unless the JIT's escape analysis removed them, which it
    // did not in a virtual-time LU run under a profiling recording (12 % of the sampled allocation). A committed
    // event keeps its timing in the object: begin() and end() right before each commit() set both afresh, so each
    // event is stamped at its commit as a fresh object's would be (its duration is the few nanoseconds between them).
    private final JfrEvents.Superstep superstepEvent = new JfrEvents.Superstep();
    private final JfrEvents.Sync syncEvent = new JfrEvents.Sync();
    private final JfrEvents.BarrierEpisode barrierEvent = new JfrEvents.BarrierEpisode();
    private final JfrEvents.Commit commitEvent = new JfrEvents.Commit();

    /**
     * @param queue         the JVM's queue, or {@code null} for JFR events only
     * @param procs         the run's processes (the size of the waited-for bit set)
     * @param pid           the process
     * @param bufferRecords the superstep records the buffer holds (at least {@link #MIN_BUFFER_RECORDS})
     */
    ProcessTracer(final ChronicleQueue queue, final int procs, final int pid, final int bufferRecords) {
        if (bufferRecords < MIN_BUFFER_RECORDS) {
            throw new IllegalArgumentException("bufferRecords=" + bufferRecords + " of pid " + pid + " must be >= "
                + MIN_BUFFER_RECORDS);
        }
        this.queue = queue;
        this.words = TraceLayout.words(procs);
        this.superstepBytes = TraceLayout.superstepBytes(procs);
        if (queue != null) {
            appender = queue.createAppender();
            // the first document an appender writes is slow (its mapping, the cycle): write it now, not in the run
            try (DocumentContext dc = appender.writingDocument()) {
                dc.wire().bytes().writeInt(TraceLayout.PROCESS).writeInt(pid);
            }
            // Used by one thread at a time, but not always the same one: the process's thread, and whoever it hands its
            // Bsp to with a happens-before edge (a benchmark driving pid 0, a program's helper). Chronicle's owner
            // check would refuse the second thread.
            appender.singleThreadedCheckDisabled(true);
            final long capacity = (long) bufferRecords * superstepBytes;
            buffer = Bytes.allocateDirect(capacity);
            buffer.singleThreadedCheckDisabled(true);
            touch(buffer, capacity);
            highWater = capacity - superstepBytes;
        } else {
            appender = null;
            buffer = null;
            highWater = 0;
        }
    }

    /**
     * Writes one byte into every page of the buffer, so that the process's records take no page fault: a write, as
     * reading first would only map the shared zero page.
     */
    private static void touch(final Bytes<?> buffer, final long capacity) {
        for (long at = 0; at < capacity; at += PAGE_BYTES) {
            buffer.writeByte(at, (byte) 0);
        }
        buffer.writeByte(capacity - 1, (byte) 0);
    }

    @Override
    public void superstep(final int pid, final long superstep, final long startNs, final long syncStartNs,
        final long syncNs, final long commitNs, final long barrierNs, final long waitNs, final long bytesOut,
        final long bytesIn, final long framesOut, final long framesIn, final int puts, final int gets, final int sends,
        final long modelledNs, final long[] waitedFor) {
        if (queue != null) {
            final Bytes<?> b = buffer;
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
        final JfrEvents.Superstep e = superstepEvent;
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
            commitNow(e);
        }
        final JfrEvents.Sync s = syncEvent;
        if (s.isEnabled()) {
            s.pid = pid;
            s.superstep = superstep;
            s.syncNs = syncNs;
            s.barrierNs = barrierNs;
            s.waitNs = waitNs;
            s.bytesOut = bytesOut;
            s.bytesIn = bytesIn;
            commitNow(s);
        }
        final JfrEvents.BarrierEpisode x = barrierEvent;
        if (x.isEnabled() && (barrierNs > 0 || modelledNs > 0)) {
            x.pid = pid;
            x.superstep = superstep;
            x.barrierNs = barrierNs;
            x.modelledNs = modelledNs;
            commitNow(x);
        }
    }

    @Override
    public void commit(final int pid, final long superstep, final long startNs, final long ns, final long waitNs,
        final int reg, final int n) {
        if (queue != null) {
            buffer.writeInt(TraceLayout.COMMIT).writeInt(pid).writeLong(superstep).writeLong(startNs).writeLong(ns)
                .writeLong(waitNs).writeInt(reg).writeInt(n);
            added();
        }
        final JfrEvents.Commit e = commitEvent;
        if (e.isEnabled()) {
            e.pid = pid;
            e.superstep = superstep;
            e.commitNs = ns;
            e.waitNs = waitNs;
            e.reg = reg;
            e.n = n;
            commitNow(e);
        }
    }

    /** Commits a filled event of this tracer's, stamped now (see the implementation note on the event fields). */
    private static void commitNow(final jdk.jfr.Event event) {
        event.begin();
        event.end();
        event.commit();
    }

    /** Counts a record in the buffer and appends the buffer when the next record might not fit. */
    private void added() {
        buffered++;
        if (buffer.writePosition() > highWater) {
            append();
        }
    }

    /**
     * Appends the buffered records as {@link TraceLayout#BATCH} documents of at most {@link #DOCUMENT_RECORDS}
     * records each, in order, and empties the buffer.
     */
    private void append() {
        final long end = buffer.writePosition();
        long pos = 0;
        while (pos < end) {
            final long from = pos;
            int n = 0;
            while (n < DOCUMENT_RECORDS && pos < end) {
                pos += buffer.readInt(pos) == TraceLayout.SUPERSTEP ? superstepBytes : COMMIT_BYTES;
                n++;
            }
            try (DocumentContext dc = appender.writingDocument()) {
                dc.wire().bytes().writeInt(TraceLayout.BATCH).writeInt(n).write(buffer, from, pos - from);
            }
        }
        buffer.clear();
        buffered = 0;
        appends++;
    }

    /** @return how many times the buffer went to the queue so far (when full, and when the trace closed) */
    long appends() {
        return appends;
    }

    /** @return the records in the buffer, not yet appended */
    int buffered() {
        return buffered;
    }

    /**
     * Appends what is buffered and closes the appender: from the thread that closes the run, after the process ended
     * (normally, by a failure or by an abort).
     */
    void close() {
        if (appender != null) {
            if (buffered > 0) {
                append();
            }
            appender.close();
            buffer.releaseLast();
        }
    }
}
