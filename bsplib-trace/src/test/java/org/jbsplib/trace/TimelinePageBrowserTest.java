package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.jbsplib.report.browser.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The timeline page in headless Chromium, on a synthetic trace as long as LU class A's (30,000 supersteps). */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class TimelinePageBrowserTest {
    static final int PROCS = 4;
    static final int SUPERSTEPS = 30_000;

    @Test
    void shouldDrawThirtyThousandSuperstepsWithoutConsoleErrors() throws Exception {
        final long seed = 13;
        final Trace trace = synthetic(seed);
        final Path out = Files.createDirectories(Path.of("target", "timeline"));
        final Path page = out.resolve("synthetic-30000.html");
        TimelinePage.write(trace, page);
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open(page);
            assertEquals(List.of(), browser.consoleErrors(), "seed " + seed);
            assertTrue(painted(browser) > 1000, "the canvas shows the lanes");
            // zoom into a few supersteps (block mode with labels and arrows), then back out
            browser.click("#arrows");
            browser.script("window.jbspTimeline.zoom(1000000000, 1000300000);");
            assertTrue(painted(browser) > 1000, "zoomed in");
            browser.screenshot(out.resolve("synthetic-30000-zoomed.png"));
            browser.script("window.jbspTimeline.zoom(0, window.jbspTimeline.tMax);");
            assertEquals(List.of(), browser.consoleErrors(), "seed " + seed);
            browser.screenshot(out.resolve("synthetic-30000.png"));
        }
    }

    /** @return how many canvas pixels are not white */
    static long painted(final HeadlessChromium browser) {
        return ((Number) browser.script("const c = document.getElementById('tl');"
            + "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;"
            + "for (let i = 0; i < d.length; i += 4) { if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++; }"
            + "return n;")).longValue();
    }

    /** Random computation and sync times, RBS-style waits on the right neighbour. */
    static Trace synthetic(final long seed) {
        final SplittableRandom rnd = new SplittableRandom(seed);
        final List<List<Trace.Step>> steps = new ArrayList<>();
        final List<List<Trace.CommitCall>> commits = new ArrayList<>();
        for (int p = 0; p < PROCS; p++) {
            steps.add(new ArrayList<>());
            commits.add(new ArrayList<>());
        }
        long t = 0;
        for (int k = 0; k < SUPERSTEPS; k++) {
            long end = t;
            for (int p = 0; p < PROCS; p++) {
                final long compute = 50_000 + rnd.nextLong(100_000);
                final long sync = 5_000 + rnd.nextLong(20_000);
                final long[] waited = {1L << ((p + 1) % PROCS)};
                steps.get(p).add(new Trace.Step(p, k, t, t + compute, sync, k % 7 == 0 ? 10_000 : 0, sync / 2,
                    sync / 3, 800, 800, 2, 2, 1, 0, 0, 0, waited));
                if (k % 7 == 0) {
                    commits.get(p).add(new Trace.CommitCall(p, k, t + compute / 2, 10_000, 6_000, 0, 1));
                }
                end = Math.max(end, t + compute + sync);
            }
            t = end + 1_000;
        }
        return new Trace(PROCS, "rbs", "", "threads", "", false, 1, steps, commits);
    }
}
