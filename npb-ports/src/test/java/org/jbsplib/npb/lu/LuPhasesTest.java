package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.jbsplib.core.BspConfig;
import org.jbsplib.npb.common.NpbResult;
import org.junit.jupiter.api.Test;

/** LU's {@code details.phase_seconds}: every phase of {@link LuProcess#PHASES} for every process, within the run. */
class LuPhasesTest {

    @Test
    @SuppressWarnings("unchecked")
    void shouldSplitEachProcesssTimedLoopIntoNpbsPhases() {
        final NpbResult r = LuKernel.run(LuClass.of('S'), new BspConfig().procs(2).syncMode("org"), null);
        final Map<String, Object> phases = (Map<String, Object>) r.details().get("phase_seconds");
        assertEquals(LuProcess.PHASES, java.util.List.copyOf(phases.keySet()));
        for (int p = 0; p < 2; p++) {
            double sum = 0;
            for (final String phase : LuProcess.PHASES) {
                final double s = ((double[]) phases.get(phase))[p];
                assertTrue(s >= 0, phase + " of pid " + p + ": " + s);
                sum += s;
            }
            for (final String phase : new String[] {"rhs", "blts", "buts"}) {
                assertTrue(((double[]) phases.get(phase))[p] > 0, phase + " of pid " + p + " took no time");
            }
            // the phases tile the process's own SSOR loop, which the run's time (the slowest process's) contains
            assertTrue(sum <= r.seconds() + 1e-3, "pid " + p + ": phases sum to " + sum + " s, the run took "
                + r.seconds() + " s");
        }
        // and what the JVM did meanwhile (JvmActivityTest checks the counters themselves)
        final Map<String, Object> jvm = (Map<String, Object>) r.details().get("jvm_activity");
        assertEquals(java.util.List.of("compile_ms", "gc_count", "gc_ms", "jit_thread_cpu_seconds",
            "gc_thread_cpu_seconds"), java.util.List.copyOf(jvm.keySet()), () -> String.valueOf(r.details()));
    }
}
