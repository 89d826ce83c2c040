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
 * confined to the process's thread; nothing is allocated per record (the appender reuses its document context,
 * and a disabled JFR event is never filled).
 */
final class ProcessTracer implements SuperstepTracer {
    private final ChronicleQueue queue;
    private final int words;
    private final ExcerptAppender appender;

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
            // the process's thread becomes its owner at its first record
            appender.singleThreadedCheckReset();
        } else {
            appender = null;
        }
    }

    @Override
    public void superstep(final int pid, final long superstep, final long startNs, final long syncStartNs,
        final long syncNs, final long commitNs, final long barrierNs, final long waitNs, final long bytesOut,
        final long bytesIn, final long framesOut, final long framesIn, final int puts, final int gets, final int sends,
        final long modelledNs, final long[] waitedFor) {
        if (queue != null) {
            try (DocumentContext dc = appender().writingDocument()) {
                final Bytes<?> b = dc.wire().bytes();
                b.writeInt(TraceLayout.SUPERSTEP).writeInt(pid).writeLong(superstep).writeLong(startNs)
                    .writeLong(syncStartNs).writeLong(syncNs).writeLong(commitNs).writeLong(barrierNs)
                    .writeLong(waitNs).writeLong(bytesOut).writeLong(bytesIn).writeLong(framesOut)
                    .writeLong(framesIn).writeLong(modelledNs).writeInt(puts).writeInt(gets).writeInt(sends)
                    .writeInt(words);
                for (int w = 0; w < words; w++) {
                    b.writeLong(waitedFor[w]);
                }
            }
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
    public void commit(final int pid, final long superstep, final long startNs, final long ns) {
        if (queue != null) {
            try (DocumentContext dc = appender().writingDocument()) {
                dc.wire().bytes().writeInt(TraceLayout.COMMIT).writeInt(pid).writeLong(superstep).writeLong(startNs)
                    .writeLong(ns);
            }
        }
        final JfrEvents.Commit e = new JfrEvents.Commit();
        if (e.isEnabled()) {
            e.pid = pid;
            e.superstep = superstep;
            e.commitNs = ns;
            e.commit();
        }
    }

    private ExcerptAppender appender() {
        return appender;
    }

    /** Closes the appender (from the thread that closes the run, after the process ended). */
    void close() {
        if (appender != null) {
            appender.singleThreadedCheckReset();
            appender.close();
        }
    }
}
