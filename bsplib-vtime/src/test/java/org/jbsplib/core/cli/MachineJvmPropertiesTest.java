package org.jbsplib.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The CLI gives a command that names the virtual machine one carrier for its virtual threads, unless told otherwise. */
class MachineJvmPropertiesTest {
    private static final String PROP = "jdk.virtualThreadScheduler.parallelism";
    private String saved;

    @BeforeEach
    void clear() {
        saved = System.getProperty(PROP);
        System.clearProperty(PROP);
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(PROP);
        } else {
            System.setProperty(PROP, saved);
        }
    }

    @Test
    void shouldAskForOneCarrierWhenACommandRunsOnTheVirtualMachine() {
        Main.prepareJvm(List.of("npb", "lu", "--class", "S", "--machine", "virtual:sp2-us;L=20us"));
        assertEquals("1", System.getProperty(PROP));
    }

    @Test
    void shouldAskForAsManyCarriersAsTheKernelRunsProcessesAtOnce() {
        Main.prepareJvm(List.of("npb", "lu", "--class", "S", "--machine", "virtual:sp2-us;parallel=2"));
        assertEquals("2", System.getProperty(PROP));
    }

    @Test
    void shouldLeaveAParallelismTheUserSetAlone() {
        System.setProperty(PROP, "3");
        Main.prepareJvm(List.of("compare", "--machine", "virtual:sp2-ip"));
        assertEquals("3", System.getProperty(PROP));
    }

    @Test
    void shouldSetNothingWithoutAMachineOrForAnUnknownOne() {
        Main.prepareJvm(List.of("npb", "lu", "--procs", "4"));
        assertNull(System.getProperty(PROP));
        Main.prepareJvm(List.of("npb", "lu", "--machine", "nosuch:x"));
        assertNull(System.getProperty(PROP));
        Main.prepareJvm(List.of("npb", "lu", "--machine"));
        assertNull(System.getProperty(PROP));
    }
}
