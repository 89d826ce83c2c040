package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How the relaxed sync waits while the processes fit on the cores: what each idle step waits for (counters
 * {@code rbs.wait*Ns}). The waits are made by a partner that sleeps; nothing here is timed.
 */
@Timeout(60)
class RelaxedWaitsTest {
    private static final int BIG = 8192; // doubles: 64 KiB, above the default eager limit of 16 KiB

    private static BspConfig twoOnTwoCores() {
        return new BspConfig().procs(2).cores(2).threads("platform").syncMode("rbs")
            .option(ExchangePolicy.OPTION, "never");
    }

    /** A stream above the eager limit waits for its ack, which the sleeping consumer gives only in its sync. */
    @Test
    void shouldCountTheWaitForTheAckOfALargeStream() {
        final RunResult result = BspRuntime.run(twoOnTwoCores(), bsp -> {
            final double[] area = new double[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            if (bsp.pid() == 0) {
                bsp.put(1, new double[BIG], 0, reg, 0, BIG);
            } else {
                sleepMillis(20);
            }
            bsp.sync();
            if (bsp.pid() == 1) {
                bsp.commit(reg, 1);
            }
        });
        final SyncStats producer = result.stats().get(0);
        assertTrue(producer.counter("rbs.waitAckNs") > 0, "pid 0 waited for pid 1's ack: " + producer.counters());
        for (final String name : new String[] {"rbs.waitAckNs", "rbs.waitOwedAckNs", "rbs.waitDirectDoneNs",
            "rbs.waitSendNs", "rbs.waitCommitNs"}) {
            assertTrue(producer.counters().containsKey(name), name + " reported: " + producer.counters());
        }
    }

    /**
     * An eager stream owes its ack: the producer's next stream to the same destination waits for it. Here pid 1
     * sleeps before its first sync, so pid 0's second sync waits for the ack of its first stream.
     */
    @Test
    void shouldCountTheWaitForTheOwedAckOfAnEagerStream() {
        final RunResult result = BspRuntime.run(twoOnTwoCores(), bsp -> {
            final double[] x = new double[2];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            if (bsp.pid() == 1) {
                sleepMillis(20);
            }
            for (int s = 0; s < 2; s++) {
                if (bsp.pid() == 0) {
                    bsp.put(1, new double[] {s}, 0, reg, s, 1);
                }
                bsp.sync();
                if (bsp.pid() == 1) {
                    bsp.commit(reg, 1);
                }
            }
        });
        final SyncStats producer = result.stats().get(0);
        assertTrue(producer.counter("rbs.waitOwedAckNs") > 0, "pid 0 waited for the owed ack: "
            + producer.counters());
    }

    private static void sleepMillis(final long ms) {
        try {
            Thread.sleep(ms);
        } catch (final InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
