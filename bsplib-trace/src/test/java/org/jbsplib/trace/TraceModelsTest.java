package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.BspProgram;
import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The fields that need a hardware barrier model or the relaxed sync, on the virtual-time machine (deterministic). */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class TraceModelsTest {
    static final int STEPS = 8;

    @TempDir
    Path dir;

    @Test
    void shouldRecordEachBarrierEpisodesModelledLatencyOfAHardwareModel() {
        final int p = 4;
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode("org").barrier("nic-pe:preset=lanai43")
            .machine("virtual:myrinet-lanai43;stepCost=10us").trace(dir), bsp -> {
                for (int i = 0; i < STEPS; i++) {
                    bsp.sync();
                }
            });
        final Trace t = TraceReader.read(dir);
        assertTrue(t.virtualClock());
        for (int pid = 0; pid < p; pid++) {
            long modelled = 0;
            for (final Trace.Step s : t.steps().get(pid)) {
                if (s.superstep() < STEPS) {
                    assertTrue(s.modelledNs() > 0, "a modelled episode in every sync: " + s);
                }
                modelled += s.modelledNs();
            }
            assertEquals(r.stats().get(pid).counter("barrier.modelledNs"), modelled, "pid " + pid);
        }
        TraceJournalTest.assertTotalsMatch(r, t);
    }

    /** A ring shift whose receivers commit: after the first count exchange the supersteps are relaxed. */
    static final BspProgram COMMITTED_RING = bsp -> {
        final int[] x = new int[1];
        final Reg reg = bsp.pushReg(x);
        bsp.sync();
        for (int k = 0; k < STEPS; k++) {
            bsp.putInt((bsp.pid() + 1) % bsp.nprocs(), k, reg, 0);
            bsp.sync();
            bsp.commit(reg, 1);
        }
    };

    @Test
    void shouldRecordThatARelaxedSyncWaitsOnlyForTheProcessItPutTo() {
        final int p = 3;
        final RunResult r = BspRuntime.run(new BspConfig().procs(p).syncMode("rbs").machine("virtual:sp2-us")
            .trace(dir), COMMITTED_RING);
        final Trace t = TraceReader.read(dir);
        int relaxed = 0;
        int waits = 0;
        for (int pid = 0; pid < p; pid++) {
            for (final Trace.Step s : t.steps().get(pid)) {
                assertFalse(s.waitedFor(pid), "never itself: " + s);
                if (s.superstep() > 1 && s.barrierNs() == 0 && s.superstep() < STEPS + 1) {
                    relaxed++;
                    for (int q = 0; q < p; q++) {
                        if (s.waitedFor(q)) {
                            waits++;
                            assertEquals((pid + 1) % p, q, "a relaxed sync waits for the ack of its put's target: "
                                + s);
                        }
                    }
                }
            }
            assertEquals(STEPS, t.commits().get(pid).size(), "pid " + pid);
        }
        assertTrue(relaxed > 0, "the relaxed regime was reached");
        assertTrue(waits > 0, "one process at a time: a sync waits for its acknowledgement");
        TraceJournalTest.assertTotalsMatch(r, t);
        final TraceSummary summary = TraceSummary.of(t);
        assertTrue(summary.text(5).contains("pids each process idled for"), summary.text(5));
    }
}
