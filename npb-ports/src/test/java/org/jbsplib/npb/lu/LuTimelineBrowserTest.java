package org.jbsplib.npb.lu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.RunResult;
import org.jbsplib.npb.common.NpbOptions;
import org.jbsplib.npb.common.NpbResult;
import org.jbsplib.report.browser.HeadlessChromium;
import org.jbsplib.trace.TimelinePage;
import org.jbsplib.trace.Trace;
import org.jbsplib.trace.TraceReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A traced LU class S run at P = 4: its journal matches the run, and its timeline opens in headless Chromium. */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class LuTimelineBrowserTest {
    @Test
    void shouldOpenTheTimelineOfLuClassSAtFourProcessesWithoutConsoleErrors() throws Exception {
        final Path out = Files.createDirectories(Path.of("target", "trace-timeline"));
        final Path dir = Files.createTempDirectory(out, "lu-S-P4-");
        final NpbResult r = new LuKernel().run('S', new BspConfig().procs(4).syncMode("org")
            .option(NpbOptions.WARMUP, "0").trace(dir), null);
        assertTrue(r.verified(), "LU class S verifies when traced");
        final Trace trace = TraceReader.read(dir);
        final RunResult run = r.run();
        for (int pid = 0; pid < 4; pid++) {
            assertEquals(run.supersteps()[pid], trace.steps().get(pid).size(), "pid " + pid);
            long bytesOut = 0;
            long syncAndCommitNs = 0;
            for (final Trace.Step s : trace.steps().get(pid)) {
                bytesOut += s.bytesOut();
                syncAndCommitNs += s.syncNs() + s.commitNs();
            }
            // the result's statistics are those of LU's timed section, the trace covers the whole run
            final long sectionBytes = run.stats().get(pid).bytesSent();
            assertTrue(bytesOut >= sectionBytes && sectionBytes > 0, "pid " + pid + ": " + bytesOut + " bytes traced, "
                + sectionBytes + " in the timed section");
            assertTrue(syncAndCommitNs >= run.stats().get(pid).syncNs(), "pid " + pid);
        }
        final Path page = out.resolve("lu-S-P4.html");
        TimelinePage.write(trace, page);
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open(page);
            assertEquals(List.of(), browser.consoleErrors());
            assertEquals(1, browser.count("canvas"));
            browser.click("#arrows");
            browser.script("window.jbspTimeline.zoom(window.jbspTimeline.tMax * 0.5,"
                + " window.jbspTimeline.tMax * 0.5005);");
            assertEquals(List.of(), browser.consoleErrors());
            browser.screenshot(out.resolve("lu-S-P4-zoomed.png"));
            browser.script("window.jbspTimeline.zoom(0, window.jbspTimeline.tMax);");
            browser.screenshot(out.resolve("lu-S-P4.png"));
            assertEquals(List.of(), browser.consoleErrors());
        }
    }
}
