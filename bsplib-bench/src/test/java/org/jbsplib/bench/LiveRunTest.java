package org.jbsplib.bench;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The benchmarks' kept-alive run reports why a run could not start, at once, instead of waiting for it. */
@Timeout(20)
class LiveRunTest {
    @Test
    void shouldReportTheCauseWhenTheRunFailsBeforeItStarts() {
        final IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> new LiveRun(new BspConfig().procs(2).syncMode("no-such-sync"), 1));
        assertTrue(e.getMessage().contains("failed before it started") && e.getMessage().contains("no-such-sync"),
            e.getMessage());
    }

    @Test
    void shouldStartAndStopARun() throws Exception {
        try (LiveRun run = new LiveRun(2, 8)) {
            run.bsp().put(1, new byte[8], 0, run.data(), 0, 8);
            run.bsp().sync();
        }
    }
}
