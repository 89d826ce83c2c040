package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * {@code rbs.wait*Ns}), and that a wait of a few milliseconds for a partner's data yields through instead of
 * parking. The waits are made by a partner that sleeps; nothing here is timed.
 */
@Timeout(60)
class RelaxedWaitsTest {
    private static final int SUPERSTEPS = 20;
    private static final int BIG = 8192; // doubles: 64 KiB, above the default eager limit of 16 KiB

    private static BspConfig twoOnTwoCores() {
        return new BspConfig().procs(2).cores(2).threads("platform").syncMode("rbs")
            .option(ExchangePolicy.OPTION, "never");
    }

    /**
     * The relaxed pipeline of FT's checksum and LU's wavefronts, at P = cores: pid 0 commits what pid 1 put in the
     * superstep before, and pid 1 computes (sleeps) about 10 ms first. Before, every such wait yielded 1 ms and
     * then parked several times (at least once per superstep); the partner's frame then had to wake it.
     */
    @Test
    void shouldNotParkWhileWaitingAFewMillisecondsForThePartnersData() {
        final RunResult result = BspRuntime.run(twoOnTwoCores(), bsp -> {
            final double[] x = new double[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int s = 0; s < SUPERSTEPS; s++) {
                if (bsp.pid() == 1) {
                    sleepMillis(10);
                    bsp.put(0, new double[] {s}, 0, reg, 0, 1);
                }
                bsp.sync();
                if (bsp.pid() == 0) {
                    bsp.commit(reg, 1);
                    if (x[0] != s) {
                        throw new AssertionError("superstep " + s + ": x=" + x[0]);
                    }
                }
            }
        });
        final SyncStats waiter = result.stats().get(0);
        assertEquals(SUPERSTEPS, waiter.counter("rbs.relaxedSupersteps"), waiter.counters().toString());
        assertTrue(waiter.counter("rbs.waitCommitNs") > 0, "pid 0 waited in its commits: " + waiter.counters());
        assertTrue(waiter.counter("idle.parks") <= SUPERSTEPS / 2, "pid 0 parked " + waiter.counter("idle.parks")
            + " times in " + SUPERSTEPS + " waits of about 10 ms: " + waiter.counters());
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

    /** The wait counters are running totals: a timed section (NPB's per-process statistics) has its own. */
    @Test
    void shouldCountTheWaitsOfATimedSection() {
        final RunResult result = BspRuntime.run(twoOnTwoCores(), bsp -> {
            final double[] x = new double[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            BspRuntime.stats(bsp).startSection();
            if (bsp.pid() == 1) {
                sleepMillis(20);
                bsp.put(0, new double[] {1}, 0, reg, 0, 1);
            }
            bsp.sync();
            if (bsp.pid() == 0) {
                bsp.commit(reg, 1);
            }
            BspRuntime.stats(bsp).stopSection();
        });
        final SyncStats section = result.stats().get(0).section();
        assertTrue(section.counter("rbs.waitCommitNs") > 0, "pid 0's section waited in its commit: "
            + section.counters());
        assertTrue(section.counter("rbs.waitCommitNs") <= result.stats().get(0).counter("rbs.waitCommitNs"));
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
