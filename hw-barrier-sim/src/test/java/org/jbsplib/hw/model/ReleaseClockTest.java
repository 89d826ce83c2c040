package org.jbsplib.hw.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ReleaseClockTest {
    @Test
    @Timeout(value = 5, unit = TimeUnit.SECONDS)
    void shouldBusyWaitUntilTheModelledReleaseWhenEmulating() {
        final List<String> warnings = new ArrayList<>();
        final ReleaseClock clock = new ReleaseClock(ReleaseMode.EMULATE, warnings::add);
        final long release = System.nanoTime() + 200_000;
        clock.awaitRelease(release);
        assertTrue(System.nanoTime() >= release);
        assertEquals(0, clock.overruns());
        assertTrue(warnings.isEmpty());
    }

    @Test
    void shouldWarnOnceWhenTheRuntimeIsLaterThanTheModel() {
        final List<String> warnings = new ArrayList<>();
        final ReleaseClock clock = new ReleaseClock(ReleaseMode.EMULATE, warnings::add);
        clock.awaitRelease(System.nanoTime() - 1_000_000);
        clock.awaitRelease(System.nanoTime() - 1_000_000);
        assertEquals(2, clock.overruns());
        assertEquals(1, warnings.size());
        assertTrue(clock.worstOverrunNs() >= 1_000_000);
    }

    @Test
    void shouldReturnAtOnceWhenAccounting() {
        final ReleaseClock clock = new ReleaseClock(ReleaseMode.ACCOUNT, m -> { });
        final long far = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        assertEquals(0, clock.awaitRelease(far));
        assertTrue(System.nanoTime() < far);
        assertEquals(1, clock.waits());
        assertEquals(ReleaseMode.EMULATE, ReleaseMode.parse("Emulate"));
    }
}
