package org.jbsplib.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The barrier SPI's channel, as a user's backend meets it ({@link ChannelCheckBarrierProvider}, registered in this
 * module's test resources): {@code send} refuses a type outside 0..MAX_TYPE, a pid out of range or the process's own,
 * and a frame too long, naming the values; {@code signal} is unsupported without virtual time; {@code sharedState}
 * gives every process of a run the same object on a transport that shares memory. The backend itself runs the
 * classic sync.
 */
@Timeout(60)
class BarrierChannelContractTest {

    @Test
    void shouldAnswerMisuseOfTheChannelAsTheSpiSays() {
        ChannelCheckBarrierProvider.SEEN.clear();
        final int[] sums = new int[3];
        BspRuntime.run(new BspConfig().procs(3).barrier("channelcheck"), bsp -> {
            final int[] x = new int[1];
            final org.jbsplib.api.Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int step = 1; step <= 20; step++) {
                bsp.putInt((bsp.pid() + 1) % 3, step, reg, 0);
                bsp.sync();
                bsp.commit(reg, 1);
                sums[bsp.pid()] += x[0];
            }
        });
        assertEquals(3 * 210, sums[0] + sums[1] + sums[2], "every superstep's put arrived");
        assertEquals(3, ChannelCheckBarrierProvider.SEEN.size());
        for (int pid = 0; pid < 3; pid++) {
            final List<String> seen = ChannelCheckBarrierProvider.SEEN.get(pid);
            assertLine(seen, "type=16: IllegalArgumentException", "type=16");
            assertLine(seen, "type=-1: IllegalArgumentException", "type=-1");
            assertLine(seen, "dst=own: IllegalArgumentException", "dstPid=" + pid, "not self");
            assertLine(seen, "dst=P: IllegalArgumentException", "dstPid=3", "pids 0..2");
            assertLine(seen, "too long: IllegalArgumentException", "length=");
            assertLine(seen, "signal: UnsupportedOperationException", "virtual time");
        }
        final String shared = ChannelCheckBarrierProvider.SEEN.get(0).get(ChannelCheckBarrierProvider.SEEN.get(0)
            .size() - 1);
        assertTrue(shared.startsWith("shared=java.lang.Object@"), shared);
        assertEquals(shared, ChannelCheckBarrierProvider.SEEN.get(1).get(ChannelCheckBarrierProvider.SEEN.get(1)
            .size() - 1), "one object for the run");
        assertEquals(shared, ChannelCheckBarrierProvider.SEEN.get(2).get(ChannelCheckBarrierProvider.SEEN.get(2)
            .size() - 1), "one object for the run");
    }

    private static void assertLine(final List<String> seen, final String start, final String... parts) {
        final String line = seen.stream().filter(l -> l.startsWith(start)).findFirst()
            .orElseThrow(() -> new AssertionError(start + " in " + seen));
        for (final String part : parts) {
            assertTrue(line.contains(part), part + " in " + line);
        }
    }
}
