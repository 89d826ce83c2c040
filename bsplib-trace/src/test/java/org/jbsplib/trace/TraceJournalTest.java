package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.jbsplib.core.examples.Broadcast;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TraceJournalTest {
    static final int SHIFTS = 5;

    /** Superstep 0 registers; supersteps 1..SHIFTS each put one int to the right neighbour; the last ends. */
    static final BspProgram RING = bsp -> {
        final int[] x = new int[1];
        final Reg reg = bsp.pushReg(x);
        bsp.sync();
        for (int k = 0; k < SHIFTS; k++) {
            bsp.putInt((bsp.pid() + 1) % bsp.nprocs(), bsp.pid() + k, reg, 0);
            bsp.sync();
        }
    };

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"org", "rbs"})
    void shouldRecordOneRecordPerProcessAndSuperstepOfTheRingShift(final String sync) {
        final int p = 3;
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode(sync).trace(dir), RING);
        final Trace t = TraceReader.read(dir);
        assertEquals(p, t.procs());
        assertEquals(sync, t.sync());
        for (int pid = 0; pid < p; pid++) {
            final List<Trace.Step> steps = t.steps().get(pid);
            assertEquals(SHIFTS + 2, steps.size(), "pid " + pid);
            assertEquals(r.supersteps()[pid], steps.size(), "pid " + pid);
            for (int s = 0; s < steps.size(); s++) {
                final Trace.Step step = steps.get(s);
                assertEquals(pid, step.pid());
                assertEquals(s, step.superstep());
                assertEquals(s >= 1 && s <= SHIFTS ? 1 : 0, step.puts(), "puts of pid " + pid + " superstep " + s);
                assertEquals(0, step.gets());
                assertEquals(0, step.sends());
                assertTrue(step.startNs() <= step.syncStartNs(), step.toString());
                if (s > 0) {
                    assertTrue(steps.get(s - 1).endNs() <= step.startNs(), step.toString());
                }
                for (int q = 0; q < p; q++) {
                    assertFalse(step.waitedFor(pid), "a process never waits for itself: " + step);
                }
            }
            assertTrue(t.commits().get(pid).isEmpty());
        }
        assertTotalsMatch(r, t);
    }

    /**
     * Many full buffers (the smallest, {@code MIN_BUFFER_RECORDS}) appended during the run and a partial last one,
     * with commit records among them: none is lost or reordered.
     */
    @Test
    void shouldKeepEveryRecordOfARunOfManyBatches() {
        final int p = 3;
        final int shifts = ProcessTracer.MIN_BUFFER_RECORDS * 24 + 17;
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode("org").trace(dir)
            .option(JournalSink.BUFFER_BYTES_OPTION, "1"), bsp -> {
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int k = 0; k < shifts; k++) {
                bsp.putInt((bsp.pid() + 1) % bsp.nprocs(), k, reg, 0);
                bsp.sync();
                if (k % 7 == 0) {
                    bsp.commit(reg, 1);
                }
            }
        });
        final Trace t = TraceReader.read(dir);
        for (int pid = 0; pid < p; pid++) {
            final List<Trace.Step> steps = t.steps().get(pid);
            assertEquals(shifts + 2, steps.size(), "pid " + pid);
            for (int s = 0; s < steps.size(); s++) {
                assertEquals(s, steps.get(s).superstep(), "pid " + pid);
            }
            final List<Trace.CommitCall> commits = t.commits().get(pid);
            assertEquals((shifts + 6) / 7, commits.size(), "pid " + pid);
            for (int c = 0; c < commits.size(); c++) {
                assertEquals(2 + 7L * c, commits.get(c).superstep(), "pid " + pid + " commit " + c);
            }
        }
        assertTotalsMatch(r, t);
    }

    @Test
    void shouldRecordTheBroadcastsPutsAndCommits() {
        final int p = 4;
        final PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode("org").trace(dir),
            new Broadcast(quiet, 7));
        final Trace t = TraceReader.read(dir);
        for (int pid = 0; pid < p; pid++) {
            final List<Trace.Step> steps = t.steps().get(pid);
            assertEquals(r.supersteps()[pid], steps.size());
            assertEquals(0, steps.get(0).puts());
            assertEquals(pid == 0 ? p : 0, steps.get(1).puts(), "pid " + pid);
            final List<Trace.CommitCall> commits = t.commits().get(pid);
            assertEquals(1, commits.size(), "pid " + pid);
            assertEquals(2, commits.get(0).superstep());
            assertEquals(pid, commits.get(0).pid());
        }
        assertTotalsMatch(r, t);
    }

    /**
     * RBS, relaxed supersteps: pid 1 puts to pid 0 in superstep 1 only once pid 0 is about to commit in superstep 2,
     * so pid 0's commit(reg, 1) cannot find the update there and must wait for it.
     */
    @Test
    void shouldRecordTheWaitOfAnRbsCommitWhoseDataComesLate() throws Exception {
        final AtomicBoolean committing = new AtomicBoolean();
        final Path file = dir.resolve("commit.jfr");
        final RunResult r;
        try (Recording rec = new Recording()) {
            rec.enable(JfrEvents.Commit.class);
            rec.start();
            r = BspRuntime.run(new BspConfig().procs(2).syncMode("rbs").option("rbs.exchange", "never")
                .trace(dir.resolve("trace")), bsp -> {
                    final int[] x = new int[1];
                    final Reg reg = bsp.pushReg(x);
                    bsp.sync();
                    if (bsp.pid() == 1) {
                        while (!committing.get()) {
                            Thread.yield();
                        }
                        bsp.putInt(0, 42, reg, 0);
                    }
                    bsp.sync();
                    if (bsp.pid() == 0) {
                        committing.set(true);
                        bsp.commit(reg, 1);
                        assertEquals(42, x[0]);
                    }
                });
            rec.stop();
            rec.dump(file);
        }
        final Trace t = TraceReader.read(dir.resolve("trace"));
        assertTrue(t.commits().get(1).isEmpty());
        final List<Trace.CommitCall> commits = t.commits().get(0);
        assertEquals(1, commits.size(), commits.toString());
        final Trace.CommitCall c = commits.get(0);
        assertEquals(2, c.superstep());
        assertEquals(0, c.reg(), "the first registration's slot");
        assertEquals(1, c.n());
        assertTrue(c.waitNs() > 0, "the update cannot be there when the commit starts: " + c);
        assertTrue(c.waitNs() <= c.ns(), c.toString());
        final Trace.Step step = t.steps().get(0).get(2);
        assertEquals(c.ns(), step.commitNs(), step.toString());
        assertTrue(c.waitNs() <= step.waitNs(), "the superstep's waiting includes its commit's: " + step);
        assertTotalsMatch(r, t);
        final long[] totals = TraceSummary.of(t).totals()[0];
        assertEquals(c.waitNs(), totals[java.util.Arrays.asList(TraceSummary.TOTALS).indexOf("commit_wait_ns")]);
        final List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
            .filter(e -> e.getEventType().getName().equals("org.jbsplib.Commit")).toList();
        assertEquals(1, events.size(), events.toString());
        final RecordedEvent e = events.get(0);
        assertEquals(0, e.getInt("pid"));
        assertEquals(2, e.getLong("superstep"));
        assertEquals(c.ns(), e.getLong("commitNs"));
        assertEquals(c.waitNs(), e.getLong("waitNs"));
        assertEquals(0, e.getInt("reg"));
        assertEquals(1, e.getInt("n"));
    }

    /** A run that fails leaves the records of every superstep its processes ended (appended when the run closes). */
    @ParameterizedTest
    @ValueSource(strings = {"org", "rbs"})
    void shouldKeepTheRecordsOfAFailingRun(final String sync) {
        final int p = 3;
        final int failAt = 40;
        final BspAbortException e = assertThrows(BspAbortException.class, () -> BspRuntime.run(
            new BspConfig().procs(p).syncMode(sync).trace(dir), bsp -> {
                for (int s = 0; ; s++) {
                    if (s == failAt && bsp.pid() == 1) {
                        throw new IllegalStateException("boom in " + bsp.pid());
                    }
                    bsp.sync();
                }
            }));
        assertEquals(1, e.pid());
        assertRecordedUpTo(TraceReader.read(dir), p, failAt);
    }

    /** A run that a process aborts leaves the records of every superstep its processes ended. */
    @Test
    void shouldKeepTheRecordsOfAnAbortedRun() {
        final int p = 3;
        final int abortAt = 25;
        assertThrows(BspAbortException.class, () -> BspRuntime.run(new BspConfig().procs(p).trace(dir), bsp -> {
            for (int s = 0; ; s++) {
                if (s == abortAt && bsp.pid() == 2) {
                    throw bsp.abort("stop at " + s);
                }
                bsp.sync();
            }
        }));
        assertRecordedUpTo(TraceReader.read(dir), p, abortAt);
    }

    /** Every process has the records of supersteps 0..ended-1, in order (and maybe of the one that failed). */
    private static void assertRecordedUpTo(final Trace t, final int p, final int ended) {
        assertEquals(p, t.procs());
        for (int pid = 0; pid < p; pid++) {
            final List<Trace.Step> steps = t.steps().get(pid);
            assertTrue(steps.size() >= ended, "pid " + pid + " has " + steps.size() + " records, want >= " + ended);
            for (int s = 0; s < steps.size(); s++) {
                assertEquals(s, steps.get(s).superstep(), "pid " + pid);
            }
        }
    }

    @Test
    void shouldRefuseADirectoryThatAlreadyHoldsATrace() {
        BspRuntime.run(new BspConfig().procs(2).trace(dir), RING);
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).trace(dir), RING));
        assertTrue(e.getMessage().contains("trace=" + dir), e.getMessage());
    }

    @Test
    void shouldNameADirectoryWithoutATrace() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceReader.read(dir));
        assertTrue(e.getMessage().contains("trace=" + dir + " holds no trace"), e.getMessage());
    }

    /** The trace's sums per process equal the run's statistics. */
    static void assertTotalsMatch(final RunResult r, final Trace t) {
        for (int pid = 0; pid < t.procs(); pid++) {
            final SyncStats s = r.stats().get(pid);
            long bytesOut = 0;
            long bytesIn = 0;
            long framesOut = 0;
            long framesIn = 0;
            long syncNs = 0;
            long commitNs = 0;
            long barrierNs = 0;
            long waitNs = 0;
            long commitCallsNs = 0;
            long commitWaitNs = 0;
            for (final Trace.CommitCall c : t.commits().get(pid)) {
                commitCallsNs += c.ns();
                commitWaitNs += c.waitNs();
            }
            for (final Trace.Step step : t.steps().get(pid)) {
                bytesOut += step.bytesOut();
                bytesIn += step.bytesIn();
                framesOut += step.framesOut();
                framesIn += step.framesIn();
                syncNs += step.syncNs();
                commitNs += step.commitNs();
                barrierNs += step.barrierNs();
                waitNs += step.waitNs();
            }
            final String who = "pid " + pid;
            assertEquals(s.bytesSent(), bytesOut, who);
            assertEquals(s.bytesReceived(), bytesIn, who);
            assertEquals(s.framesSent(), framesOut, who);
            assertEquals(s.framesReceived(), framesIn, who);
            assertEquals(s.syncNs(), syncNs + commitNs, who);
            assertEquals(s.commitNs(), commitNs, who);
            assertEquals(s.barrierNs(), barrierNs, who);
            assertEquals(s.waitNs(), waitNs, who);
            assertEquals(s.commitNs(), commitCallsNs, "the commit calls' times add up to the run's: " + who);
            assertTrue(commitWaitNs <= waitNs, who);
        }
    }
}
