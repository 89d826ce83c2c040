package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;

/** FT's warm-up runs use a copy of the run's configuration: it must run on the same machine with the same settings. */
class NpbOptionsTest {
    @Test
    void shouldCopyTheMachineAndTheOtherSettings() {
        final BspConfig config = new BspConfig().procs(4).syncMode("rbs").barrier("tree").cores(2)
            .machine("virtual:sp2-us;L=20us").option("rbs.exchange", "never");
        final BspConfig copy = NpbOptions.copy(config);
        assertEquals("virtual:sp2-us;L=20us", copy.machine(), "a warm-up would run on the host instead");
        assertEquals(4, copy.procs());
        assertEquals("rbs", copy.syncMode());
        assertEquals("tree", copy.barrier());
        assertEquals(2, copy.cores());
        assertEquals("never", copy.options().get("rbs.exchange"));
    }

    @Test
    void shouldCopyThePinning() {
        assertEquals("on", NpbOptions.copy(new BspConfig().pin("on")).pin(), "a warm-up would run unpinned");
    }
}
