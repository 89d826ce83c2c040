package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.core.BspConfig;
import org.junit.jupiter.api.Test;

/** The machine option {@code shuffle=SEED}: read by the provider, kept out of the network model, checked. */
class ShuffleOptionTest {
    @Test
    void shouldReadTheSeedAndLeaveTheOtherOptionsToTheModel() {
        assertEquals(7, VirtualMachineProvider.shuffleSeed("sp2-us;stepCost=1ms;shuffle=7"));
        assertEquals(VirtualMachine.NO_SHUFFLE, VirtualMachineProvider.shuffleSeed("sp2-us;stepCost=1ms"));
        assertEquals("sp2-us;stepCost=1ms", VirtualMachineProvider.modelOptions("sp2-us;shuffle=7;stepCost=1ms"));
        assertEquals("sp2-us;L=20us", VirtualMachineProvider.modelOptions("sp2-us;L=20us"));
        final String described = new VirtualMachineProvider().describe("sp2-us;stepCost=1ms;shuffle=7",
            new BspConfig().procs(4));
        assertTrue(described.endsWith(" shuffle=7"), described);
    }

    @Test
    void shouldRefuseASeedThatIsNotAnInteger() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> VirtualMachineProvider.shuffleSeed("sp2-us;shuffle=x1"));
        assertTrue(e.getMessage().contains("shuffle=x1"), e.getMessage());
    }
}
