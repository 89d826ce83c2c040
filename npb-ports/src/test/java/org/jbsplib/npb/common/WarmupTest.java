package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;

/** The warm-up's count: fixed, or until a run compiles at most {@value Warmup#QUIET_PERCENT} % of its time. */
class WarmupTest {
    private static final long MS = 1_000_000L;

    /** A fake run of 100 ms whose JIT compiles the next of {@code compileMs} (then nothing). */
    private static final class FakeJit {
        private final long[] compileMs;
        private final AtomicInteger runs = new AtomicInteger();
        private long compiled;
        private long now;

        FakeJit(final long... compileMs) {
            this.compileMs = compileMs;
        }

        void run() {
            final int i = runs.getAndIncrement();
            compiled += i < compileMs.length ? compileMs[i] : 0;
            now += 100 * MS;
        }
    }

    private static Warmup.Done warm(final int runs, final FakeJit jit) {
        return Warmup.run(runs, jit::run, () -> jit.compiled, () -> jit.now);
    }

    @Test
    void shouldRunAFixedCountWhateverTheJitDoes() {
        final FakeJit jit = new FakeJit(90, 90, 90);
        assertEquals(2, warm(2, jit).runs());
        assertEquals(2, jit.runs.get());
        assertEquals(0, warm(0, new FakeJit()).runs());
    }

    @Test
    void shouldStopAutoAfterTwoRunsInARowThatCompiledAtMostTheQuietShare() {
        // 100 ms runs: 40, 12, 6 and 30 ms of compilation are more than 5 %, 5, 2 and 3 ms are not; a quiet run
        // followed by a busy one (5 then 30) does not end it
        final FakeJit jit = new FakeJit(40, 12, 5, 30, 6, 2, 3, 90);
        final Warmup.Done done = warm(NpbOptions.WARMUP_AUTO, jit);
        assertEquals(2, Warmup.AUTO_QUIET_RUNS);
        assertEquals(7, done.runs());
        assertEquals(List.of(40L, 12L, 5L, 30L, 6L, 2L, 3L), done.compileMillis());
        assertEquals(List.of(100L, 100L, 100L, 100L, 100L, 100L, 100L), done.wallMillis());
    }

    @Test
    void shouldCapAutoAtItsMostRuns() {
        final long[] busy = new long[2 * Warmup.AUTO_MAX_RUNS];
        java.util.Arrays.fill(busy, 50);
        assertEquals(Warmup.AUTO_MAX_RUNS, warm(NpbOptions.WARMUP_AUTO, new FakeJit(busy)).runs());
    }

    @Test
    void shouldStartNoAutoRunAfterItsBudget() {
        final FakeJit slow = new FakeJit(9000, 9000, 9000);
        final Warmup.Done done = Warmup.run(NpbOptions.WARMUP_AUTO, slow::run, () -> slow.compiled,
            () -> slow.now * (Warmup.AUTO_BUDGET_SECONDS * 6L)); // each run 18 s: the third would start after 36 s
        assertEquals(2, done.runs());
    }

    @Test
    void shouldMakeThreeAutoRunsWhereTheJvmDoesNotMeasureCompilation() {
        final FakeJit jit = new FakeJit();
        final Warmup.Done done = Warmup.run(NpbOptions.WARMUP_AUTO, jit::run, () -> -1, () -> jit.now);
        assertEquals(3, done.runs());
        assertEquals(List.of(-1L, -1L, -1L), done.compileMillis());
    }

    @Test
    void shouldWarmUpAutomaticallyByDefaultOnTheHostAndOnceOnAMachineModelOrBetweenJvms() {
        assertEquals(NpbOptions.WARMUP_AUTO, NpbOptions.warmup(new BspConfig()));
        assertEquals(NpbOptions.WARMUP_AUTO, NpbOptions.warmup(new BspConfig().option(NpbOptions.WARMUP, "auto")));
        assertEquals(3, NpbOptions.warmup(new BspConfig().option(NpbOptions.WARMUP, "3")));
        final AtomicInteger runs = new AtomicInteger();
        assertEquals(1, Warmup.run(new BspConfig().machine("virtual:sp2-us"), runs::incrementAndGet).runs());
        assertEquals(1, runs.get());
        assertEquals(1, Warmup.run(new BspConfig().transport("aeron-ipc"), runs::incrementAndGet).runs(),
            "every JVM must run the same warm-up runs");
        assertTrue(Warmup.adapts(new BspConfig()));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> NpbOptions.warmup(new BspConfig().option(NpbOptions.WARMUP, "often")));
        assertTrue(e.getMessage().contains("npb.warmup=often"), e.getMessage());
    }
}
