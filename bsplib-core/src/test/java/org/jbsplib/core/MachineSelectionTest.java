package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.RunOptions;
import org.junit.jupiter.api.Test;

/** Selecting a machine model: spec parsing, --machine, and refusals that name the value. */
class MachineSelectionTest {
    @Test
    void shouldSplitASpecIntoNameAndOptions() {
        assertEquals("virtual", Machines.name("virtual:sp2-us;L=20us"));
        assertEquals("sp2-us;L=20us", Machines.options("virtual:sp2-us;L=20us"));
        assertEquals("virtual", Machines.name("virtual"));
        assertEquals("", Machines.options("virtual"));
    }

    @Test
    void shouldRunOnTheHostUnlessAMachineIsGiven() {
        assertFalse(new BspConfig().onMachineModel());
        assertTrue(new BspConfig().machine("virtual:sp2-us").onMachineModel());
        assertEquals("virtual:sp2-us", RunOptions.config(Args.parse(java.util.List.of("--machine", "virtual:sp2-us"),
            RunOptions.values(), RunOptions.flags())).machine());
    }

    @Test
    void shouldRefuseAnUnknownMachineNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().machine("quantum:fast").conclude());
        assertTrue(e.getMessage().contains("machine=quantum:fast"), e.getMessage());
    }

    @Test
    void shouldRefuseChaosOnAMachineModelNamingBoth() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().machine("quantum").chaosSeed(3).conclude());
        assertTrue(e.getMessage().contains("chaosSeed=3") && e.getMessage().contains("machine=quantum"),
            e.getMessage());
    }
}
