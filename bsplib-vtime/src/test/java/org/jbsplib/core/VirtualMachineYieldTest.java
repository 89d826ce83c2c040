package org.jbsplib.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jbsplib.core.transport.ThreadsTransport;
import org.jbsplib.vtime.NetworkModel;
import org.jbsplib.vtime.VirtualMachine;
import org.junit.jupiter.api.Test;

/**
 * Virtual threads sharing the cores yield at each sync and commit, except on the virtual-time machine, whose kernel
 * decides who runs: there a yield only costs a continuation switch, charged to the process as computation.
 * (Java 21+: skipped on older JVMs.)
 */
class VirtualMachineYieldTest {
    private static BspConfig sharedCores() {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need Java 21+");
        return new BspConfig().procs(8).cores(2).threads(ThreadKind.VIRTUAL);
    }

    @Test
    void shouldNotYieldAtSyncOnTheVirtualMachine() {
        final VirtualMachine m = new VirtualMachine(NetworkModel.parse("infiniband"), 8, 1024);
        assertFalse(new BspProcess(0, sharedCores(), m.endpoint(0), 0).yieldsAtSync());
    }

    @Test
    void shouldStillYieldAtSyncOnTheThreadsTransport() {
        final ThreadsTransport t = new ThreadsTransport(8, 1 << 16, 2);
        assertTrue(new BspProcess(0, sharedCores(), t.endpoint(0), 0).yieldsAtSync());
    }
}
