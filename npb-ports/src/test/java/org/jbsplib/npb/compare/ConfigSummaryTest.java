package org.jbsplib.npb.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ConfigSummaryTest {
    private final Configuration org = Runs.config("ft", 2, "org");
    private final Configuration rbs = Runs.config("ft", 2, "rbs");

    @Test
    void shouldSummarizeMeasuredRunsOnlyLeavingOutWarmUpsAndFailures() {
        final Map<Configuration, ConfigSummary> s = ConfigSummary.of(List.of(Runs.ok(org, 0, 9.0),
            Runs.ok(org, 1, 1.0), Runs.failed(org, 2, 0.1), Runs.ok(org, 3, 3.0), Runs.ok(org, 4, 2.0)));
        final ConfigSummary o = s.get(org);
        assertEquals(3, o.measured());
        assertEquals(1, o.failed());
        assertEquals(2.0, o.seconds().median());
        assertEquals(1.0, o.seconds().min(), "the failed run's 0.1 s is not a result");
        assertEquals(3.0, o.seconds().max(), "the warm-up's 9 s is not a result");
        assertEquals(2.0 / 3, o.tSync().median(), 1e-12);
        assertEquals(500.0, o.mops().median(), 1e-9);
    }

    @Test
    void shouldHaveNoDataWhenEveryRunFailed() {
        final ConfigSummary s = ConfigSummary.of(List.of(Runs.ok(rbs, 0, 1), Runs.failed(rbs, 1, 1),
            Runs.failed(rbs, 2, 1))).get(rbs);
        assertFalse(s.hasData());
        assertEquals(2, s.failed());
        assertNull(s.seconds());
    }

    @Test
    void shouldKeepTheOrderOfFirstAppearance() {
        assertEquals(List.of(rbs, org), List.copyOf(ConfigSummary.of(List.of(Runs.ok(rbs, 1, 1),
            Runs.ok(org, 1, 1), Runs.ok(rbs, 2, 1))).keySet()));
    }

    @Test
    void shouldComputeTheChangeAgainstABaseline() {
        final ConfigSummary now = ConfigSummary.of(List.of(Runs.ok(org, 1, 1.1))).get(org);
        final ConfigSummary before = ConfigSummary.of(List.of(Runs.ok(org, 1, 1.0))).get(org);
        assertEquals(0.1, ConfigSummary.change(now.seconds(), before.seconds()), 1e-12);
        assertTrue(Double.isNaN(ConfigSummary.change(now.seconds(), null)));
        assertTrue(Double.isNaN(ConfigSummary.change(null, before.seconds())));
    }

    @Test
    void shouldSummarizeTheHostProbeAndTheHostNormalizedTimeOfTheMeasuredRuns() {
        final ConfigSummary s = ConfigSummary.of(List.of(Runs.probed(org, 0, 9.0, 1.0, 1.0),
            Runs.probed(org, 1, 2.0, 0.1, 0.1), Runs.probed(org, 2, 3.0, 0.1, 0.2), Runs.probed(org, 3, 4.0, 0.2, 0.2)))
            .get(org);
        assertEquals(0.1, s.probe().min(), "the warm-up's probe of 1 s is not summarized");
        assertEquals(0.2, s.probe().max());
        assertEquals(6, s.probe().count(), "before and after of each measured run");
        assertEquals(20.0, s.perProbe().median(), 1e-12, "2 / 0.1, 3 / 0.15 and 4 / 0.2");
        assertEquals(20.0, s.perProbe().min(), 1e-12);
        assertEquals(20.0, s.perProbe().max(), 1e-12);

        final ConfigSummary partly = ConfigSummary.of(List.of(Runs.probed(org, 1, 2.0, 0.1, 0.1),
            Runs.ok(org, 2, 3.0))).get(org);
        assertNull(partly.probe(), "a run without readings leaves the summary without them");
        assertNull(partly.perProbe());
    }
}
