package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.jbsplib.npb.ft.FtKernel;
import org.jbsplib.npb.lu.LuKernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimedSectionTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldCountOnlyTheSyncsInsideTheSection() {
        final TimedSection section = new TimedSection(3);
        final RunResult whole = BspRuntime.run(new BspConfig().procs(3), bsp -> {
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            bsp.sync();
            section.start(bsp);
            for (int i = 0; i < 4; i++) {
                bsp.put((bsp.pid() + 1) % bsp.nprocs(), new int[] {i}, 0, reg, 0, 1);
                bsp.sync();
            }
            section.stop(bsp);
            bsp.sync();
        });
        final RunResult timed = section.of(whole);
        for (int pid = 0; pid < 3; pid++) {
            assertEquals(7, whole.stats().get(pid).syncs());
            final SyncStats s = timed.stats().get(pid);
            assertEquals(4, s.syncs(), "pid " + pid);
            assertTrue(s.syncNs() <= whole.stats().get(pid).syncNs(), "pid " + pid);
            assertTrue(s.bytesSent() > 0 && s.bytesSent() < whole.stats().get(pid).bytesSent(), "pid " + pid);
        }
        assertEquals(whole.wallNs(), timed.wallNs());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldCountTheWaitsInsideTheSection() {
        final TimedSection section = new TimedSection(2);
        final AtomicReference<Thread> pidZero = new AtomicReference<>();
        final RunResult whole = BspRuntime.run(new BspConfig().procs(2), bsp -> {
            bsp.sync();
            section.start(bsp);
            if (bsp.pid() == 0) {
                pidZero.set(Thread.currentThread());
            } else {
                // pid 1 arrives only once pid 0 has spun, yielded and parked in the sync, waiting for it
                Thread t;
                while ((t = pidZero.get()) == null || t.getState() != Thread.State.WAITING
                    && t.getState() != Thread.State.TIMED_WAITING) {
                    Thread.onSpinWait();
                }
            }
            bsp.sync();
            section.stop(bsp);
            bsp.sync();
        });
        final SyncStats waiter = section.of(whole).stats().get(0);
        final long steps = waiter.counter("idle.spins") + waiter.counter("idle.yields") + waiter.counter("idle.parks");
        assertTrue(steps > 0, "pid 0 waited in the section, but its counters are " + waiter.counters());
        final SyncStats all = whole.stats().get(0);
        assertTrue(all.counter("idle.spins") + all.counter("idle.yields") + all.counter("idle.parks") >= steps,
            "the whole run counts at least the section's waits: " + all.counters());
    }

    @Test
    void shouldRefuseARunWhoseProcessesDidNotMarkTheSection() {
        final TimedSection section = new TimedSection(2);
        final RunResult run = BspRuntime.run(new BspConfig().procs(2), bsp -> bsp.sync());
        assertTrue(assertThrows(IllegalStateException.class, () -> section.of(run)).getMessage().contains("pid 0"));
    }

    /** The report's T_sync covers the timed section only, so no process's T_sync exceeds the reported time. */
    @ParameterizedTest(name = "{0} P={1} sync={2}")
    @CsvSource({"ft,4,org", "ft,4,rbs", "lu,4,org", "lu,4,rbs", "lu,8,org"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldKeepTheSyncBreakdownInsideTheTimedSection(final String kernel, final int procs, final String sync) {
        final BspConfig config = new BspConfig().procs(procs).syncMode(sync).option(NpbOptions.WARMUP, "0");
        final NpbResult r = "ft".equals(kernel) ? new FtKernel().run('S', config, null)
            : new LuKernel().run('S', config, null);
        assertTrue(r.verified());
        for (final SyncStats s : r.run().stats()) {
            assertTrue(s.syncNs() / 1e9 <= r.seconds(), () -> "T_sync=" + s.syncNs() / 1e9 + " s exceeds time="
                + r.seconds() + " s");
            assertTrue(s.syncs() > 0);
        }
    }
}
