package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The end of a process's program takes effect in virtual order when it is marked as the runtime marks it
 * ({@code BspRuntime.runProcess}: {@code RunControl.markEnded}, which waits until no other process can still act at
 * an earlier virtual time, then {@code Endpoint.processEnded}, whose contract is that the run control knows the end
 * already): a process acting at an earlier virtual time does not see the end, and sees it at a clock at or after the
 * end's. The classic sync reads the end of a process from the run control, not from a frame, so the order shows.
 * In the other order the end would pass through {@code processEnded}'s gate, which lets a process act up to the
 * lookahead (o + L) ahead of the others, and take effect before an earlier process's turn.
 */
@Timeout(60)
class ProcessEndOrderTest {
    private static final NetworkModel SP2 = new NetworkModel("sp2", 20_000, 10_000, 10_000, 28.5714, CpuClock.FIXED,
        1, 0);
    private static final long T0 = 1_000_000;
    /** Within the lookahead of {@link #T0}: a gate would let pid 1 act at T1 while pid 0 is still to act at T0. */
    private static final long T1 = T0 + 1_000;

    @ParameterizedTest(name = "parallel={0}")
    @ValueSource(ints = {1, 2})
    void shouldSeeAnEndOnlyAtOrAfterItsVirtualTime(final int parallel) throws InterruptedException {
        final VirtualMachine m = new VirtualMachine(SP2, 2, 1024, VirtualMachine.NO_SHUFFLE, parallel);
        final boolean[] seenEarly = {true};
        final long[] seenAt = {-1};
        MachineHarness.run(m, (e, pid) -> {
            if (pid == 1) {
                e.advanceTo(T1); // and ends there
                return;
            }
            e.advanceTo(T0);
            e.awaitEarliest(); // pid 0 acts at T0, after everything before it and before everything after it
            seenEarly[0] = m.control().hasEnded(1);
            while (!m.control().hasEnded(1)) {
                e.idle();
            }
            seenAt[0] = m.clockNs(0);
        });
        assertFalse(seenEarly[0], "pid 0, acting at " + T0 + " ns, saw the end pid 1 made at " + T1 + " ns");
        assertTrue(seenAt[0] >= T1, "pid 0 saw pid 1's end at its clock " + seenAt[0] + " ns, before the end's time "
            + T1 + " ns");
    }
}
