package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class HostProbeTest {
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldComputeTheCheckedValue() {
        final double r = HostProbe.compute(HostProbe.CHAIN_STEPS, HostProbe.STREAM_PASSES);
        assertEquals(Double.doubleToLongBits(HostProbe.EXPECTED), Double.doubleToLongBits(r),
            "the probe's computation gives " + r);
        HostProbe.check(r);
        HostProbe.warm();
        final double[] t = {-1, -1};
        HostProbe.timeOnce(t, 0);
        assertTrue(t[0] > 0, "a probe takes time");
        assertTrue(t[1] > 0 || Double.isNaN(t[1]), "its CPU time, where the thread has a CPU clock: " + t[1]);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRefuseAnyOtherResult() {
        assertThrows(IllegalStateException.class, () -> HostProbe.check(Math.nextUp(HostProbe.EXPECTED)));
        assertThrows(IllegalStateException.class, () -> HostProbe.check(Double.NaN));
        // both halves count: less of either gives another value, which the check refuses
        assertNotEquals(HostProbe.EXPECTED, HostProbe.compute(HostProbe.CHAIN_STEPS - HostProbe.CHAIN_BLOCK,
            HostProbe.STREAM_PASSES));
        assertNotEquals(HostProbe.EXPECTED, HostProbe.compute(HostProbe.CHAIN_STEPS, HostProbe.STREAM_PASSES - 1));
    }

    @Test
    void shouldReadTheOptionAndRefuseOtherValuesNamingThem() {
        assertFalse(HostProbe.on(new BspConfig()), "absent: off");
        assertTrue(HostProbe.on(new BspConfig().option(HostProbe.OPTION, "on")));
        assertFalse(HostProbe.on(new BspConfig().option(HostProbe.OPTION, " off ")));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> HostProbe.of(new BspConfig().option(HostProbe.OPTION, "yes")));
        assertEquals("npb.hostProbe=yes must be on or off", e.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldPutItsReadingsIntoTheDetailsOnlyWhenOn() {
        final HostProbe probe = HostProbe.of(new BspConfig().option(HostProbe.OPTION, "on"));
        probe.before();
        probe.after();
        final Map<String, Object> details = new LinkedHashMap<>();
        probe.addTo(details);
        final HostProbe.Reading r = HostProbe.reading(result(details));
        assertTrue(r != null && r.beforeSeconds() > 0 && r.afterSeconds() > 0, details.toString());
        assertEquals((r.beforeSeconds() + r.afterSeconds()) / 2, r.meanSeconds());
        assertTrue(r.beforeCpuSeconds() > 0 && r.afterCpuSeconds() > 0, "a platform thread has a CPU clock: " + r);

        final Map<String, Object> off = new LinkedHashMap<>();
        HostProbe.of(new BspConfig().option(HostProbe.OPTION, "off")).addTo(off);
        assertEquals(Map.of(HostProbe.DETAILS_KEY, "off"), off);
        assertNull(HostProbe.reading(result(off)));
        assertEquals("off", HostProbe.reason(result(off)));

        final Map<String, Object> absent = new LinkedHashMap<>();
        final HostProbe none = HostProbe.of(new BspConfig());
        none.before();
        none.after();
        none.addTo(absent);
        assertTrue(absent.isEmpty(), absent.toString());
    }

    @Test
    void shouldNotProbeWhenTheProcessesRunInSeveralJvms() {
        final Map<String, Object> details = new LinkedHashMap<>();
        final HostProbe probe = HostProbe.of(new BspConfig().transport("aeron-ipc").option(HostProbe.OPTION, "on"));
        probe.before();
        probe.after();
        probe.addTo(details);
        assertTrue(String.valueOf(details.get(HostProbe.DETAILS_KEY)).contains("several JVMs"), details.toString());
    }

    private static NpbResult result(final Map<String, Object> details) {
        return new NpbResult("ft", 'S', "64x64x64", 6, true, 1.0, 1.0, null, details);
    }
}
