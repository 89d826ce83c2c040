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
 * The relaxed sync's frame and stream counters ({@code rbs.req}, {@code rbs.ack}, {@code rbs.data},
 * {@code rbs.eagerStreams}, {@code rbs.directStreams}, {@code rbs.delayedReq}, {@code rbs.exchangeSupersteps},
 * {@code rbs.relaxedSupersteps}) are running totals: a timed section (NPB's per-process counters) has its own, and
 * the whole run still has all of them.
 */
@Timeout(60)
class RelaxedSectionCountersTest {
    private static final int BIG = 1 << 15; // longs: 256 KiB, far above the eager limit
    private static final int SUPERSTEPS = 7;
    private static final int FROM = 2;
    private static final int TO = 5;

    /**
     * Two processes put a large stream to each other in each of seven relaxed supersteps, every stream direct; the
     * section covers the syncs of supersteps 2, 3 and 4.
     */
    @Test
    void shouldCountTheStreamsAndSuperstepsOfATimedSection() {
        final BspConfig config = new BspConfig().procs(2).syncMode("rbs").option(ExchangePolicy.OPTION, "never")
            .option(RelaxedSync.DIRECT_OPTION, "always");
        final RunResult result = BspRuntime.run(config, bsp -> {
            final long[] area = new long[BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] src = new long[BIG];
            for (int s = 0; s < SUPERSTEPS; s++) {
                if (s == FROM) {
                    BspRuntime.stats(bsp).startSection();
                } else if (s == TO) {
                    BspRuntime.stats(bsp).stopSection();
                }
                bsp.hpPut(1 - bsp.pid(), src, 0, reg, 0, BIG);
                bsp.sync();
                bsp.commit(reg, 1);
            }
        });
        for (int pid = 0; pid < 2; pid++) {
            final SyncStats whole = result.stats().get(pid);
            final SyncStats section = whole.section();
            final String where = "pid " + pid + ": section " + section.counters() + ", whole run " + whole.counters();
            assertEquals(TO - FROM, section.relaxedSupersteps() + section.exchangeSupersteps(), where);
            assertEquals(section.relaxedSupersteps(), section.counter("rbs.relaxedSupersteps"), where);
            assertEquals(section.exchangeSupersteps(), section.counter("rbs.exchangeSupersteps"), where);
            assertEquals(TO - FROM, section.counter("rbs.directStreams"), where);
            assertEquals(SUPERSTEPS, whole.counter("rbs.directStreams"), where);
            assertEquals(whole.relaxedSupersteps(), whole.counter("rbs.relaxedSupersteps"), where);
            assertEquals(whole.exchangeSupersteps(), whole.counter("rbs.exchangeSupersteps"), where);
            for (final String name : new String[] {"rbs.req", "rbs.ack"}) {
                assertTrue(section.counter(name) > 0, name + ": " + where);
                assertTrue(section.counter(name) < whole.counter(name), name + ": " + where);
            }
            for (final String name : new String[] {"rbs.req", "rbs.ack", "rbs.data", "rbs.eagerStreams",
                "rbs.directStreams", "rbs.delayedReq", "rbs.exchangeSupersteps", "rbs.relaxedSupersteps"}) {
                assertTrue(whole.counters().containsKey(name), name + " in the whole run: " + where);
            }
        }
    }
}
