package org.jbsplib.hw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.hw.model.BarrierModel;
import org.junit.jupiter.api.Test;

class HwBarrierModelsTest {
    @Test
    void shouldCreateEveryBackendFromItsSpec() {
        for (String backend : HwBarrierModels.BACKENDS) {
            final BarrierModel m = HwBarrierModels.create(backend, 4);
            assertTrue(m.name().startsWith(backend + "/"), m.name());
            for (int pid = 0; pid < 4; pid++) {
                m.arrive(pid, 100);
            }
            assertTrue(m.lastReport().latencyNs() > 0, m.lastReport().toString());
        }
        assertEquals("papers/papers0-2op", HwBarrierModels.create("papers/papers0-2op:portOpsPerSec=1e6", 2).name());
    }

    @Test
    void shouldApplyOverrides() {
        final BarrierModel slow = HwBarrierModels.create("papers:portOpsPerSec=4e5", 4);
        final BarrierModel fast = HwBarrierModels.create("papers:portOpsPerSec=1e6", 4);
        for (int pid = 0; pid < 4; pid++) {
            slow.arrive(pid, 0);
            fast.arrive(pid, 0);
        }
        assertTrue(slow.lastReport().latencyNs() > fast.lastReport().latencyNs());
    }

    @Test
    void shouldNameAnUnknownBackendAndListTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> HwBarrierModels.create("token-ring:x=1", 4));
        assertTrue(e.getMessage().contains("backend=token-ring") && e.getMessage().contains("nic-pe"),
            e.getMessage());
        final IllegalArgumentException k = assertThrows(IllegalArgumentException.class,
            () -> HwBarrierModels.create("reflex:hopsNs=2", 4));
        assertTrue(k.getMessage().contains("key=hopsNs") && k.getMessage().contains("hopNs"), k.getMessage());
        assertThrows(IllegalArgumentException.class, () -> HwBarrierModels.create("bsr", 301));
    }
}
