package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A process's tracer allocates nothing per superstep or commit once warm, with or without a recording of its JFR
 * events: the records go into its preallocated buffer, and the events are its own objects, filled again. Measured
 * with the thread's allocation counter around {@link #STEPS} supersteps (each with a commit) after {@link #WARM}: the
 * bound, {@link #BOUND_PER_STEP} bytes a step, is below the size of any object, so one allocation per step fails it
 * (before, four JFR event objects a step: a Superstep, a Sync, a BarrierEpisode and a Commit). Not a timing.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProcessTracerAllocationTest {
    private static final int P = 2;
    private static final int WARM = 200;
    private static final int STEPS = 5_000;
    private static final long BOUND_PER_STEP = 8;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "recording={0}")
    @ValueSource(booleans = {false, true})
    void shouldAllocateNothingPerSuperstepOnceWarm(final boolean recording) throws Exception {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
            "the JVM counts no allocation per thread");
        final Path file = dir.resolve("run.jfr");
        final long allocated;
        final Recording rec = recording ? new Recording() : null; // none: the recorder is not even started
        try {
            if (rec != null) {
                rec.enable(JfrEvents.Superstep.class);
                rec.enable(JfrEvents.Sync.class);
                rec.enable(JfrEvents.Commit.class);
                rec.enable(JfrEvents.BarrierEpisode.class);
                rec.start();
            }
            final JournalSink sink = sink();
            final ProcessTracer t = (ProcessTracer) sink.tracer(0);
            sink.tracer(1);
            final long[] waitedFor = new long[TraceLayout.words(P)];
            for (int s = 0; s < WARM; s++) {
                step(t, s, waitedFor);
            }
            final long before = threads.getCurrentThreadAllocatedBytes();
            for (int s = WARM; s < WARM + STEPS; s++) {
                step(t, s, waitedFor);
            }
            allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertEquals(0, t.appends(), "the records fit the buffer: no append in the measured steps");
            sink.close();
            if (rec != null) {
                rec.stop();
                rec.dump(file);
            }
        } finally {
            if (rec != null) {
                rec.close();
            }
        }
        assertTrue(allocated <= BOUND_PER_STEP * STEPS, "recording=" + recording + ": " + allocated + " bytes in "
            + STEPS + " supersteps with a commit each (" + (double) allocated / STEPS + " a step)");
        if (recording) {
            assertStampedAtEachCommit(RecordingFile.readAllEvents(file));
        }
    }

    /** The events of the reused objects: every superstep's, each stamped when committed, not once for all. */
    private static void assertStampedAtEachCommit(final List<RecordedEvent> events) {
        final List<RecordedEvent> steps = events.stream()
            .filter(e -> e.getEventType().getName().equals("org.jbsplib.Superstep"))
            .sorted(Comparator.comparingLong(e -> e.getLong("superstep"))).toList();
        assertEquals(WARM + STEPS, steps.size(), "Superstep events");
        for (int i = 0; i < steps.size(); i++) {
            final RecordedEvent e = steps.get(i);
            assertEquals(i, e.getLong("superstep"));
            assertEquals(i % 3, e.getInt("puts"), "puts of superstep " + i);
            assertTrue(e.getDuration().toMillis() < 1_000, "superstep " + i + " lasted " + e.getDuration());
            if (i > 0) {
                assertTrue(!e.getStartTime().isBefore(steps.get(i - 1).getStartTime()), "superstep " + i
                    + " stamped " + e.getStartTime() + ", before superstep " + (i - 1));
            }
        }
        assertTrue(steps.get(0).getStartTime().isBefore(steps.get(steps.size() - 1).getStartTime()),
            "every event stamped at " + steps.get(0).getStartTime());
        assertEquals(WARM + STEPS, events.stream()
            .filter(e -> e.getEventType().getName().equals("org.jbsplib.Commit")).count(), "Commit events");
        assertEquals(WARM + STEPS, events.stream()
            .filter(e -> e.getEventType().getName().equals("org.jbsplib.BarrierEpisode")).count(), "barrier events");
    }

    /** One superstep of pid 0, with a commit, a barrier time of 1 ns and a modelled one of 7 ns. */
    private static void step(final ProcessTracer t, final int s, final long[] waitedFor) {
        t.commit(0, s, 10L * s, 3, 1, s % 5, 1);
        t.superstep(0, s, 10L * s, 10L * s + 5, 3, 0, 1, 1, 8, 8, 1, 1, s % 3, 0, 0, 7, waitedFor);
    }

    private JournalSink sink() throws java.io.IOException {
        final BspConfig config = new BspConfig().procs(P);
        config.conclude();
        final Path q = dir.resolve(TraceLayout.QUEUE_PREFIX + 0);
        Files.createDirectories(q);
        return new JournalSink(ChronicleTraceProvider.queue(q, false), config, new int[] {0, 1});
    }
}
