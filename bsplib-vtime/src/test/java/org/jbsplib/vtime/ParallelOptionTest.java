package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;

/**
 * The machine option {@code parallel=K}: read by the provider, kept out of the network model, checked, and asking
 * for K carriers of virtual threads.
 */
class ParallelOptionTest {
    @Test
    void shouldReadKAndLeaveTheOtherOptionsToTheModel() {
        assertEquals(2, VirtualMachineProvider.parallel("sp2-us;stepCost=1ms;parallel=2"));
        assertEquals(1, VirtualMachineProvider.parallel("sp2-us;stepCost=1ms"));
        assertEquals("sp2-us;stepCost=1ms", VirtualMachineProvider.modelOptions("sp2-us;parallel=2;stepCost=1ms"));
        assertEquals("sp2-us", VirtualMachineProvider.modelOptions("sp2-us;shuffle=3;parallel=2"));
        final String described = new VirtualMachineProvider().describe("sp2-us;stepCost=1ms;parallel=2",
            new BspConfig().procs(4));
        assertTrue(described.endsWith(" parallel=2"), described);
        assertTrue(!new VirtualMachineProvider().describe("sp2-us;stepCost=1ms", new BspConfig().procs(4))
            .contains("parallel"), "parallel=1 is not described");
    }

    @Test
    void shouldAskForAsManyCarriersAsProcessesRunAtOnce() {
        final VirtualMachineProvider provider = new VirtualMachineProvider();
        assertEquals(Map.of(VirtualMachine.PARALLELISM_PROP, "2"), provider.jvmProperties("sp2-us;parallel=2"));
        assertEquals(Map.of(VirtualMachine.PARALLELISM_PROP, "1"), provider.jvmProperties("sp2-us;L=20us"));
        assertEquals(Map.of(VirtualMachine.PARALLELISM_PROP, "1"), provider.jvmProperties("sp2-us;parallel=x"));
    }

    @Test
    void shouldRefuseAKThatIsNotAnIntegerFromOneTo64() {
        for (final String bad : new String[] {"x", "0", "-1", "65"}) {
            final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VirtualMachineProvider.parallel("sp2-us;parallel=" + bad));
            assertTrue(e.getMessage().contains("parallel=" + bad), e.getMessage());
        }
    }
}
