package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A process's records stay in its buffer until it is full or the trace closes, and reach the queue in order. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessTracerBufferTest {
    private static final int P = 2;
    private final long[] waitedFor = new long[TraceLayout.words(P)];

    @TempDir
    Path dir;

    @Test
    void shouldAppendNothingWhileTheRecordsFitTheDefaultBuffer() throws Exception {
        final int records = 10_000;
        final JournalSink sink = sink(new BspConfig().procs(P));
        final ProcessTracer t = (ProcessTracer) sink.tracer(0);
        sink.tracer(1);
        for (int s = 0; s < records; s++) {
            superstep(t, s);
        }
        assertEquals(0, t.appends());
        assertEquals(records, t.buffered());
        assertEquals(0, queuedRecords(), "records in the queue before the trace closed");
        sink.close();
        final List<Trace.Step> steps = TraceReader.read(dir).steps().get(0);
        assertEquals(records, steps.size());
        for (int s = 0; s < records; s++) {
            assertEquals(s, steps.get(s).superstep());
        }
    }

    @Test
    void shouldAppendAFullBufferAndKeepTheOrderOfSuperstepAndCommitRecords() throws Exception {
        final int bufferRecords = 100;
        final long budget = (long) P * bufferRecords * TraceLayout.superstepBytes(P);
        final JournalSink sink = sink(new BspConfig().procs(P).option(JournalSink.BUFFER_BYTES_OPTION,
            String.valueOf(budget)));
        final ProcessTracer t = (ProcessTracer) sink.tracer(0);
        final int supersteps = 250;
        for (int s = 0; s < supersteps; s++) {
            superstep(t, s);
        }
        assertEquals(2, t.appends(), "a buffer of 100 superstep records appended after 100 and 200 records");
        assertEquals(2 * bufferRecords, queuedRecords());
        for (int s = supersteps; s < supersteps + 30; s++) {
            t.commit(0, s, 10L * s, 3, 1, s % 5, 1);
            superstep(t, s);
        }
        sink.close();
        final Trace trace = TraceReader.read(dir);
        final List<Trace.Step> steps = trace.steps().get(0);
        assertEquals(supersteps + 30, steps.size());
        for (int s = 0; s < steps.size(); s++) {
            assertEquals(s, steps.get(s).superstep());
            assertEquals(s % 3, steps.get(s).puts());
        }
        final List<Trace.CommitCall> commits = trace.commits().get(0);
        assertEquals(30, commits.size());
        for (int c = 0; c < commits.size(); c++) {
            assertEquals(supersteps + c, commits.get(c).superstep());
        }
    }

    @Test
    void shouldSplitALargeBufferIntoDocumentsOfAtMostDocumentRecords() throws Exception {
        final int records = ProcessTracer.DOCUMENT_RECORDS * 2 + 5;
        final JournalSink sink = sink(new BspConfig().procs(P));
        final ProcessTracer t = (ProcessTracer) sink.tracer(0);
        for (int s = 0; s < records; s++) {
            superstep(t, s);
        }
        sink.close();
        assertEquals(List.of(ProcessTracer.DOCUMENT_RECORDS, ProcessTracer.DOCUMENT_RECORDS, 5), batchSizes());
        assertEquals(records, TraceReader.read(dir).steps().get(0).size());
    }

    @Test
    void shouldNameABufferBudgetThatIsNotANumberOfBytes() {
        for (final String v : List.of("lots", "0", "-8")) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JournalSink.bufferBytes(new BspConfig().option(JournalSink.BUFFER_BYTES_OPTION, v)));
            assertTrue(e.getMessage().contains("traceBufferBytes=" + v), e.getMessage());
        }
    }

    @Test
    void shouldGiveEachProcessItsShareOfTheBudgetAndAtLeastTheMinimum() {
        assertEquals(131_072, JournalSink.bufferRecords(JournalSink.DEFAULT_BUFFER_BYTES, 2, 128));
        assertEquals(1_000, JournalSink.bufferRecords(4 * 1_000 * 128, 4, 128));
        assertEquals(ProcessTracer.MIN_BUFFER_RECORDS, JournalSink.bufferRecords(1, 64, 128));
    }

    private JournalSink sink(final BspConfig config) {
        config.conclude();
        final Path q = dir.resolve(TraceLayout.QUEUE_PREFIX + 0);
        try {
            Files.createDirectories(q);
        } catch (final java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return new JournalSink(ChronicleTraceProvider.queue(q, false), config, new int[] {0, 1});
    }

    private void superstep(final ProcessTracer t, final int s) {
        t.superstep(0, s, 10L * s, 10L * s + 5, 3, 0, 1, 1, 8, 8, 1, 1, s % 3, 0, 0, 0, waitedFor);
    }

    /** @return the records of the BATCH documents in the queue so far */
    private int queuedRecords() {
        int n = 0;
        for (final int b : batchSizes()) {
            n += b;
        }
        return n;
    }

    /** @return the record count of each BATCH document in the queue, in order */
    private List<Integer> batchSizes() {
        final List<Integer> sizes = new java.util.ArrayList<>();
        try (ChronicleQueue q = ChronicleTraceProvider.queue(dir.resolve(TraceLayout.QUEUE_PREFIX + 0), true);
             ExcerptTailer tailer = q.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        return sizes;
                    }
                    final Bytes<?> b = dc.wire().bytes();
                    if (b.readInt() == TraceLayout.BATCH) {
                        sizes.add(b.readInt());
                    }
                }
            }
        }
    }
}
