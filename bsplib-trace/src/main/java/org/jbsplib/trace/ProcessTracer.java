package org.jbsplib.trace;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.jbsplib.core.trace.SuperstepTracer;

/**
 * One process's tracer: appends its records to its JVM's queue (when the run has a trace directory) and commits
 * the JFR events that a recording enabled. Created with its appender by the thread that starts the run (finding the
 * queue's cycle takes ~0.1 s the first time: before the processes start, not in their first superstep), then
 * used by the process (one thread at a time); nothing is allocated per record (the appender reuses its document context,
 * and a disabled JFR event is never filled).
 */
final class ProcessTracer implements SuperstepTracer {
    /** Records per appended document: up to this many of a process's last records are lost if its JVM dies. */
    static final int BATCH_RECORDS = 64;
    private final ChronicleQueue queue;
    private final int words;
    private final ExcerptAppender appender;
    // records wait here and go to the queue BATCH_RECORDS at a time: one append (one take of the queue's write lock,
    // which the JVM's processes share) per batch, not per superstep
    private final Bytes<?> batch;
    private int batched;

    /**
     * @param queue the JVM's queue, or {@code null} for JFR events only
     * @param procs the run's processes (the size of the waited-for bit set)
     * @param pid   the process
     */
    ProcessTracer(final ChronicleQueue queue, final int procs, final int pid) {
        this.queue = queue;
        this.words = TraceLayout.words(procs);
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
            batch = Bytes.allocateElasticDirect((long) BATCH_RECORDS * TraceLayout.superstepBytes(procs));
        } else {
            appender = null;
            batch = null;
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

    /** Counts a record in the batch and appends the batch when it is full. */
    private void added() {
        if (++batched == BATCH_RECORDS) {
            flush();
        }
    }

    /** Appends the batched records as one {@link TraceLayout#BATCH} document. */
    private void flush() {
        if (batched == 0) {
            return;
        }
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().writeInt(TraceLayout.BATCH).writeInt(batched).write(batch);
        }
        batch.clear();
        batched = 0;
    }

    /**
     * Appends what is batched and closes the appender: from the thread that closes the run, after the process ended
     * (normally or not).
     */
    void close() {
        if (appender != null) {
            flush();
            appender.close();
            batch.releaseLast();
        }
    }
}
