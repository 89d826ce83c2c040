package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.jbsplib.api.Reg;
import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.sync.SplitCopiesSuite;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Split copies of the relaxed sync's direct streams ({@link RelaxedSync#SPLIT_OPTION}): a large put or hpPut of a
 * direct stream is copied half by its receiver and half by its sender, which waits for the receiver's DIRECT_DONE
 * anyway. The shared scenarios ({@link SplitCopiesSuite}) run under each exchange policy (relaxed and exchange
 * supersteps); here, what only the relaxed sync has: mutual streams, and the presets and settings that turn
 * splitting off.
 */
class RelaxedSplitCopiesTest extends SplitCopiesSuite {
    @Override
    protected String prefix() {
        return "rbs";
    }

    /** The exchange policies ({@link ExchangePolicy#OPTION}). */
    @Override
    protected List<String> modes() {
        return List.of("never", "always", "auto");
    }

    @Override
    protected BspConfig config(final int procs, final String policy, final String split) {
        final BspConfig c = new BspConfig().procs(procs).syncMode("rbs").option(ExchangePolicy.OPTION, policy);
        return split == null ? c : c.option(RelaxedSync.SPLIT_OPTION, split);
    }

    /** A small stream goes direct only with {@code rbs.direct=always} and no eager streams. */
    @Override
    protected BspConfig directConfig(final int procs, final String policy, final String split) {
        return config(procs, policy, split).option(RelaxedSync.DIRECT_OPTION, "always").eagerLimitBytes(0);
    }

    @Override
    protected BspConfig framedConfig(final int procs, final String policy) {
        return config(procs, policy, "off").option(RelaxedSync.DIRECT_OPTION, "never");
    }

    @Override
    protected boolean splitsGets() {
        return false;
    }

    @Override
    protected Optional<String> splitWaitCounter() {
        return Optional.of("rbs.waitSplitNs");
    }

    /** Besides the option's values: the preset {@code rbs:paper}, and streams in frames. */
    @Override
    protected List<String> offNames() {
        return List.of("0", "off", "unlimited", "paper", "frames");
    }

    @Override
    protected BspConfig offConfig(final String how) {
        return switch (how) {
            case "paper" -> new BspConfig().procs(2).syncMode("rbs:paper");
            case "frames" -> config(2, "never", "16").option(RelaxedSync.DIRECT_OPTION, "never");
            default -> super.offConfig(how);
        };
    }

    /**
     * Both processes put to each other in every superstep, as FT's transposes do: each is receiver and sender at
     * once, so each may find the other's SPLIT while it writes the other's stream.
     */
    @ParameterizedTest(name = "policy={0}")
    @ValueSource(strings = {"never", "always"})
    void shouldShareMutualStreamsAndKeepWhatArrived(final String policy) {
        final RunResult result = BspRuntime.run(config(2, policy, SPLIT), bsp -> {
            final int me = bsp.pid();
            final int other = 1 - me;
            final long[] area = new long[2 * BIG];
            final Reg reg = bsp.pushReg(area);
            bsp.sync();
            final long[] src = new long[2 * BIG];
            for (int s = 0; s < SUPERSTEPS; s++) {
                for (int i = 0; i < 2 * BIG; i++) {
                    src[i] = me * 1_000_000_000L + s * 1_000_000L + i;
                }
                bsp.hpPut(other, src, 0, reg, 0, BIG);
                bsp.put(other, src, BIG, reg, BIG, BIG);
                bsp.sync();
                java.util.Arrays.fill(src, -1); // neither source may change what arrives
                bsp.commit(reg, 2);
                for (int i = 0; i < 2 * BIG; i++) {
                    if (area[i] != other * 1_000_000_000L + s * 1_000_000L + i) {
                        throw new AssertionError(policy + ": pid " + me + " superstep " + s + " element " + i + ": "
                            + area[i]);
                    }
                }
            }
        });
        for (int pid = 0; pid < 2; pid++) {
            assertEquals(2 * SUPERSTEPS, counter(result, pid, "splitCopies"), "pid " + pid);
            assertShared(result, pid, 1 - pid, BIG * 8 / 2);
        }
    }
}
