package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.trace.Tracing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JfrEventsTest {
    @TempDir
    Path dir;

    @Test
    void shouldCommitOneSuperstepEventPerProcessAndSuperstepWithoutATraceDirectory() throws Exception {
        final int p = 3;
        final Path file = dir.resolve("run.jfr");
        final RunResult r;
        try (Recording rec = new Recording()) {
            rec.enable(JfrEvents.Superstep.class);
            rec.enable(JfrEvents.Sync.class);
            rec.enable(JfrEvents.Commit.class);
            rec.enable(JfrEvents.BarrierEpisode.class);
            rec.start();
            r = BspRuntime.run(new BspConfig().procs(p).syncMode("org"), TraceJournalTest.RING);
            rec.stop();
            rec.dump(file);
        }
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        final Map<String, Integer> counts = new TreeMap<>();
        final long[] bytesOut = new long[p];
        for (final RecordedEvent e : events) {
            counts.merge(e.getEventType().getName(), 1, Integer::sum);
            if (e.getEventType().getName().equals("org.jbsplib.Superstep")) {
                final int pid = e.getInt("pid");
                bytesOut[pid] += e.getLong("bytesOut");
                final long superstep = e.getLong("superstep");
                assertEquals(superstep >= 1 && superstep <= TraceJournalTest.SHIFTS ? 1 : 0, e.getInt("puts"),
                    "puts of pid " + pid + " in superstep " + superstep);
            }
        }
        final int supersteps = (int) r.supersteps()[0];
        assertEquals(p * supersteps, counts.get("org.jbsplib.Superstep"), counts.toString());
        assertEquals(p * supersteps, counts.get("org.jbsplib.Sync"), counts.toString());
        assertEquals(p * (supersteps - 1), counts.get("org.jbsplib.BarrierEpisode"), "one per sync: " + counts);
        assertNull(counts.get("org.jbsplib.Commit"), "the ring shift commits nothing");
        for (int pid = 0; pid < p; pid++) {
            assertEquals(r.stats().get(pid).bytesSent(), bytesOut[pid], "pid " + pid);
        }
    }

    @Test
    void shouldNotTraceARunWithoutADirectoryWhenNoRecordingWantsTheEvents() {
        // no recording enables the events: the provider declines, and the run has no tracer at all
        assertNull(Tracing.open(new BspConfig().procs(2).conclude(), new int[] {0, 1}));
    }
}
