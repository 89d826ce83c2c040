package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The counter-example of the paper's §5: P0 expects data from P1 in superstep s and from P2 in superstep s+2, and
 * P2's message arrives first. A plain message counter would let P0's commit of superstep s+1 return on P2's
 * message and read its value; the relaxed sync keeps P2's request in the acknowledge table until P0 reaches
 * superstep s+2. Run with the paper's handshake (eager limit 0: the req leaves at the put, the data after the ack)
 * and with eager streams (req and data leave together at P2's sync, which then returns without waiting).
 */
@Timeout(30)
class CounterExampleTest {
    @ParameterizedTest(name = "eager limit {0}, run {1}")
    @CsvSource({"0,1", "0,2", "0,3", "16384,1", "16384,2", "16384,3"})
    void shouldNotCountALaterSuperstepsMessageForAnEarlierCommit(final int eager, final int run) throws Exception {
        final CountDownLatch p2Requested = new CountDownLatch(1);
        final AtomicIntegerArray read = new AtomicIntegerArray(2);
        final RunResult r = BspRuntime.run(new BspConfig().procs(3).syncMode("rbs")
            .option(ExchangePolicy.OPTION, "never").eagerLimitBytes(eager)
            .syncTimeoutNs(TimeUnit.SECONDS.toNanos(20)), bsp -> {
                final int[] x = new int[1];
                final Reg reg = bsp.pushReg(x);
                bsp.sync(); // superstep 0 (an exchange superstep: registration); s = 1
                switch (bsp.pid()) {
                    case 0 -> {
                        bsp.sync();              // end of s
                        bsp.commit(reg, 1);      // in s+1: P1's put of s
                        read.set(0, x[0]);
                        bsp.sync();              // end of s+1
                        bsp.sync();              // end of s+2
                        bsp.commit(reg, 1);      // in s+3: P2's put of s+2
                        read.set(1, x[0]);
                    }
                    case 1 -> {
                        // P1 is slow: it puts only once P2's request of superstep s+2 is on its way to P0
                        if (!p2Requested.await(10, TimeUnit.SECONDS)) {
                            throw new IllegalStateException("P2 never requested");
                        }
                        bsp.put(0, new int[] {111}, 0, reg, 0, 1);
                        bsp.sync();
                        bsp.sync();
                        bsp.sync();
                    }
                    default -> {
                        bsp.sync();
                        bsp.sync();
                        bsp.put(0, new int[] {222}, 0, reg, 0, 1); // superstep s+2
                        if (eager == 0) {
                            p2Requested.countDown(); // the req left at the put
                            bsp.sync();
                        } else {
                            bsp.sync();              // req and data left together; no wait for the ack
                            p2Requested.countDown();
                        }
                    }
                }
            });
        assertEquals(111, read.get(0), "P0 read in superstep s+1 the value of P2's later superstep");
        assertEquals(222, read.get(1));
        // the scenario really happened: P2's request waited in P0's acknowledge table
        assertTrue(r.stats().get(0).counter("rbs.delayedReq") >= 1, r.stats().get(0).counters().toString());
    }
}
