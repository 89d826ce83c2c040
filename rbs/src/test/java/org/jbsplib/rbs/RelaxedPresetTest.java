package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The {@code rbs:paper} preset and RBS's eager limit as a knob of its own. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RelaxedPresetTest {
    private static final int STEPS = 6;

    @Test
    void shouldRelaxEverySuperstepWithoutEagerStreamsUnderThePaperPreset() {
        final RunResult r = ring(new BspConfig().procs(4).syncMode("rbs:paper"));
        for (int pid = 0; pid < 4; pid++) {
            final SyncStats s = r.stats().get(pid);
            assertEquals(0, s.counter("rbs.eagerStreams"), "eager streams of pid " + pid);
            assertEquals(0, s.counter("rbs.directStreams"), "direct streams of pid " + pid);
            // the registration superstep needs the exchange; every data superstep is relaxed
            assertEquals(1, s.exchangeSupersteps(), "exchange supersteps of pid " + pid);
            assertEquals(STEPS, s.relaxedSupersteps(), "relaxed supersteps of pid " + pid);
            assertEquals(s.counter("rbs.exchangeSupersteps"), s.exchangeSupersteps());
            assertEquals(s.counter("rbs.relaxedSupersteps"), s.relaxedSupersteps());
        }
        assertEquals(Map.of(ExchangePolicy.OPTION, "never", RelaxedSync.EAGER_OPTION, "0",
            RelaxedSync.DIRECT_OPTION, "never", RelaxedSync.SPLIT_OPTION, "off"),
            BspRuntime.syncMode("rbs").presets().get("paper"));
    }

    @Test
    void shouldTakeTheEagerLimitFromItsOwnOptionAheadOfTheSharedOne() {
        final long none = eagerStreams(ring(new BspConfig().procs(4).syncMode("rbs").eagerLimitBytes(1 << 20)
            .option(ExchangePolicy.OPTION, "never").option(RelaxedSync.EAGER_OPTION, "0")));
        assertEquals(0, none);
        final long some = eagerStreams(ring(new BspConfig().procs(4).syncMode("rbs").eagerLimitBytes(0)
            .option(ExchangePolicy.OPTION, "never").option(RelaxedSync.EAGER_OPTION, "1024")));
        assertTrue(some > 0, "eager streams: " + some);
        final long shared = eagerStreams(ring(new BspConfig().procs(4).syncMode("rbs").eagerLimitBytes(0)
            .option(ExchangePolicy.OPTION, "never")));
        assertEquals(0, shared, "eagerLimitBytes stays the default of rbs.eagerBytes");
    }

    @Test
    void shouldRefuseANegativeEagerLimitNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).syncMode("rbs").option(RelaxedSync.EAGER_OPTION, "-2"),
                bsp -> { }));
        assertTrue(e.getMessage().contains("rbs.eagerBytes=-2"), e.getMessage());
    }

    @Test
    void shouldRefuseAnUnknownPresetNamingTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.syncMode("rbs:fast"));
        assertTrue(e.getMessage().contains("preset=fast") && e.getMessage().contains("presets: paper"),
            e.getMessage());
    }

    private static long eagerStreams(final RunResult r) {
        return r.stats().stream().mapToLong(s -> s.counter("rbs.eagerStreams")).sum();
    }

    /** Each process puts one int to the next per superstep and commits it before reading it. */
    private static RunResult ring(final BspConfig config) {
        return BspRuntime.run(config, bsp -> {
            final int p = bsp.nprocs();
            final int[] x = new int[1];
            final Reg reg = bsp.pushReg(x);
            bsp.sync();
            for (int s = 1; s <= STEPS; s++) {
                if (s > 1) {
                    bsp.commit(reg, 1);
                    final int expected = (bsp.pid() + p - 1) % p * 100 + s - 1;
                    if (x[0] != expected) {
                        throw new AssertionError("pid " + bsp.pid() + " x=" + x[0] + ", expected " + expected);
                    }
                }
                bsp.put((bsp.pid() + 1) % p, new int[] {bsp.pid() * 100 + s}, 0, reg, 0, 1);
                bsp.sync();
            }
            bsp.commit(reg, 1);
        });
    }
}
