package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.SyncStats;
import org.jbsplib.npb.ft.FtKernel;
import org.jbsplib.npb.lu.LuKernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * FT and LU class S under the paper's two syncs ({@code org:paper}, {@code rbs:paper}), and the superstep accounting
 * of their timed sections.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PaperPresetsTest {
    static List<Arguments> runs() {
        final List<Arguments> runs = new ArrayList<>();
        for (final String kernel : new String[] {"ft", "lu"}) {
            for (final String sync : new String[] {"org:paper", "rbs:paper"}) {
                for (final int p : new int[] {1, 2, 4, 8}) {
                    runs.add(Arguments.of(kernel, sync, p));
                }
            }
        }
        return runs;
    }

    @ParameterizedTest(name = "{0} class S, sync={1}, P={2}")
    @MethodSource("runs")
    void shouldVerifyClassS(final String kernel, final String sync, final int procs) {
        final NpbResult r = run(kernel, new BspConfig().procs(procs).syncMode(sync));
        assertTrue(r.verified(), () -> "not verified: " + r.details());
        for (int pid = 0; pid < procs; pid++) {
            final SyncStats s = r.run().stats().get(pid);
            if (sync.startsWith("rbs")) {
                // timed supersteps by kind: all relaxed (registrations happen before the timed section)
                assertEquals(0, s.exchangeSupersteps(), "timed exchange supersteps of pid " + pid);
                assertEquals(s.syncs(), s.relaxedSupersteps(), "timed relaxed supersteps of pid " + pid);
                assertTrue(s.syncs() > 0, "timed syncs of pid " + pid);
            } else {
                assertEquals(0, s.counter("org.grants"), "grants of pid " + pid);
            }
        }
        final String report = NpbReport.text(r);
        if (sync.startsWith("rbs")) {
            assertTrue(report.contains(" Timed supersteps = 0 exchange, "), report);
            assertTrue(report.contains(" T_barrier = ") && report.contains("(exchange supersteps only)"), report);
            final Map<String, Object> json = NpbReport.json(r);
            assertEquals(0L, json.get("exchange_supersteps"));
            assertEquals(r.run().stats().get(0).syncs(), json.get("relaxed_supersteps"));
        } else {
            assertTrue(report.contains(" Sync = org:paper"), report);
            assertTrue(report.contains(" Barrier = none (the count exchange is the barrier)"), report);
            assertTrue(report.contains(" T_barrier = ") && !report.contains("Timed supersteps"), report);
        }
    }

    /** Under the engineering default ({@code auto}) FT's first transposes are exchange supersteps, timed. */
    @Test
    void shouldCountTheExchangeSuperstepsInsideTheTimedSectionUnderTheDefault() {
        final NpbResult r = run("ft", new BspConfig().procs(4).syncMode("rbs").option(NpbOptions.WARMUP, "0"));
        assertTrue(r.verified(), () -> "not verified: " + r.details());
        final SyncStats s = r.run().stats().get(0);
        assertTrue(s.exchangeSupersteps() > 0, "timed exchange supersteps " + s.exchangeSupersteps());
        assertEquals(s.syncs(), s.exchangeSupersteps() + s.relaxedSupersteps());
        final Map<String, Object> json = NpbReport.json(r);
        assertEquals(s.exchangeSupersteps(), json.get("exchange_supersteps"));
    }

    private static NpbResult run(final String kernel, final BspConfig config) {
        return "ft".equals(kernel) ? new FtKernel().run('S', config.option(NpbOptions.WARMUP, "0"), null)
            : new LuKernel().run('S', config, null);
    }
}
