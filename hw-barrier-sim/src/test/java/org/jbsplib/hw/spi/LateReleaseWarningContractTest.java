package org.jbsplib.hw.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.jbsplib.hw.model.ReleaseClock;
import org.jbsplib.hw.model.ReleaseMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The warning of emulate mode when the runtime released later than the model (hw-barrier-sim/MODELS.md): one line
 * on standard error in the runtime's style ({@code bsplib: ...}), not a logging record of two lines.
 */
@Timeout(30)
class LateReleaseWarningContractTest {
    @Test
    void shouldSayInOneLineHowManyEpisodesTheRuntimeReleasedLaterThanTheModel() {
        final ReleaseClock clock = new ReleaseClock(ReleaseMode.EMULATE, m -> { });
        clock.awaitRelease(System.nanoTime() - 1_000_000);
        clock.awaitRelease(System.nanoTime() - 1_000_000);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HwBarrier.warnLateReleases(new PrintStream(bytes, true, StandardCharsets.UTF_8), "papers/papers0", clock,
            "the runtime's own cost exceeds the modelled hardware's");
        final String line = bytes.toString(StandardCharsets.UTF_8);
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("bsplib: barrier=papers/papers0 pid 0: 2 of 2 episodes were released later than "
            + "the model (worst by "), line);
        assertTrue(line.strip().endsWith(" ns): the runtime's own cost exceeds the modelled hardware's"), line);
    }

    @Test
    void shouldSayNothingWhenNoEpisodeWasLate() {
        final ReleaseClock clock = new ReleaseClock(ReleaseMode.ACCOUNT, m -> { });
        clock.awaitRelease(System.nanoTime() - 1_000_000);
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HwBarrier.warnLateReleases(new PrintStream(bytes, true, StandardCharsets.UTF_8), "papers", clock, "why");
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }
}
