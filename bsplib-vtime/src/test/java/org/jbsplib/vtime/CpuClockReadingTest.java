package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How often a process reads its thread CPU clock ({@code cpu=thread}): a system call of about 1.4 µs on the
 * development host, a quarter of the simulation's wall time for LU class W at P = 32 under rbs. Reading the virtual
 * clock outside the library ({@code Bsp.time()}, the superstep tracer) charges the computation up to that reading
 * and goes on from the same reading, one system call where it took two.
 */
@Timeout(60)
class CpuClockReadingTest {
    private static final NetworkModel MODEL = new NetworkModel("test", 5_000, 700, 1_100, 0, CpuClock.THREAD, 1, 0);

    @Test
    void shouldReadTheCpuClockOnceForEachReadingOfTheVirtualClockOutsideTheLibrary() throws InterruptedException {
        final int readings = 50;
        final VirtualMachine m = new VirtualMachine(MODEL, 1, 1024);
        final long[] clocks = new long[readings];
        MachineHarness.run(m, (e, pid) -> {
            e.leaveLibrary();
            for (int i = 0; i < readings; i++) {
                clocks[i] = e.nanoTime();
            }
            e.enterLibrary(1);
        });
        for (int i = 1; i < readings; i++) {
            assertTrue(clocks[i] >= clocks[i - 1], "the virtual clock went back at reading " + i + ": "
                + clocks[i - 1] + " then " + clocks[i] + " ns");
        }
        // one at the start, one at each library entry (2) and exit (2), one per reading, and three at the end, in the
        // runtime's order: the charge before the end waits for virtual order and the mark after it (the run control's
        // markEnded), then the end's own charge (the endpoint's processEnded); five before, when the test harness
        // called processEnded alone first
        assertEquals(readings + 8, m.cpuReadings(), "CPU clock readings of " + readings + " nanoTime() calls");
    }
}
