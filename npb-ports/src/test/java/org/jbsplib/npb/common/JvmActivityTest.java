package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JvmActivityTest {
    @Test
    void shouldTellTheCompilerAndGcThreadsByTheirNames() {
        assertEquals(0, JvmActivity.kind("C2 CompilerThre"));
        assertEquals(0, JvmActivity.kind("C1 CompilerThre"));
        assertEquals(1, JvmActivity.kind("GC Thread#0"));
        assertEquals(1, JvmActivity.kind("G1 Conc#0"));
        assertEquals(1, JvmActivity.kind("VM Thread"));
        assertEquals(-1, JvmActivity.kind("VM Periodic Tas"));
        assertEquals(-1, JvmActivity.kind("main"));
        assertEquals(-1, JvmActivity.kind("bsp-pid-0"));
    }

    @Test
    void shouldGiveTheDifferencesAndNaNWhereACounterIsMissing() {
        final JvmActivity.Snapshot before = new JvmActivity.Snapshot(100, 3, 40, 2_000_000_000L, -1);
        final JvmActivity.Snapshot after = new JvmActivity.Snapshot(130, 5, 52, 1_500_000_000L, 7);
        final Map<String, Object> d = after.since(before);
        assertEquals(List.of("compile_ms", "gc_count", "gc_ms", "jit_thread_cpu_seconds", "gc_thread_cpu_seconds"),
            List.copyOf(d.keySet()));
        assertEquals(30.0, d.get("compile_ms"));
        assertEquals(2.0, d.get("gc_count"));
        assertEquals(12.0, d.get("gc_ms"));
        // a compiler thread that ended in between took its time with it: never negative
        assertEquals(0.0, d.get("jit_thread_cpu_seconds"));
        assertTrue(Double.isNaN((double) d.get("gc_thread_cpu_seconds")));
    }

    @Test
    void shouldCountACollectionAndTheCompilerThreadsOnLinux() {
        final JvmActivity.Snapshot before = JvmActivity.snapshot();
        System.gc(); // a full collection under every HotSpot collector unless explicit GCs are disabled
        final Map<String, Object> d = JvmActivity.snapshot().since(before);
        Assumptions.assumeFalse(explicitGcDisabled(), "-XX:+DisableExplicitGC: System.gc() does nothing");
        assertTrue((double) d.get("gc_count") >= 1, d.toString());
        Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task")),
            "the compiler threads' CPU time is read from Linux's /proc/self/task, which this system does not have");
        assertTrue(before.jitCpuNanos() > 0, "this JVM compiled something before the test: " + before);
        assertTrue(before.gcCpuNanos() > 0, "the VM thread ran at start-up: " + before);
    }

    @Test
    void shouldReportWhatTheJvmDidInPidZerosSection() {
        final TimedSection section = new TimedSection(2);
        BspRuntime.run(new BspConfig().procs(2), bsp -> {
            bsp.sync();
            section.start(bsp);
            if (bsp.pid() == 0) {
                System.gc();
            }
            bsp.sync();
            section.stop(bsp);
        });
        final Map<String, Object> d = section.jvmActivity();
        assertTrue(d != null, "pid 0 ran in this JVM");
        Assumptions.assumeFalse(explicitGcDisabled(), "-XX:+DisableExplicitGC: System.gc() does nothing");
        assertTrue((double) d.get("gc_count") >= 1, d.toString());
    }

    private static boolean explicitGcDisabled() {
        return java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
            .anyMatch(a -> a.equals("-XX:+DisableExplicitGC"));
    }
}
