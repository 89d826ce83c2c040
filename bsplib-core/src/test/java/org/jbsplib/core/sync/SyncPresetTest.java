package org.jbsplib.core.sync;

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

/** Sync specs with presets ({@code org:paper}) and the classic sync's own knobs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SyncPresetTest {
    /** Doubles each process puts to the next one per superstep: 64 KiB, above the default rendezvous threshold. */
    private static final int DOUBLES = 8192;
    private static final int SUPERSTEPS = 4;

    @Test
    void shouldParseNameAndPreset() {
        assertEquals(new SyncSpec("org", ""), SyncSpec.parse("org"));
        assertEquals(new SyncSpec("rbs", "paper"), SyncSpec.parse(" rbs:paper "));
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SyncSpec.parse("org:"));
        assertTrue(e.getMessage().contains("sync=org:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SyncSpec.parse(" "));
    }

    @Test
    void shouldRefuseAnUnknownPresetNamingItAndTheKnownOnes() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.syncMode("org:oxford"));
        assertTrue(e.getMessage().contains("preset=oxford"), e.getMessage());
        assertTrue(e.getMessage().contains("presets: paper"), e.getMessage());
        final IllegalArgumentException run = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).syncMode("org:oxford"), bsp -> { }));
        assertTrue(run.getMessage().contains("preset=oxford"), run.getMessage());
    }

    @Test
    void shouldRefuseAnUnknownKnobValueNamingIt() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).option(ClassicSync.BARRIER_OPTION, "none"), bsp -> { }));
        assertTrue(e.getMessage().contains("org.barrier=none"), e.getMessage());
        final IllegalArgumentException bytes = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).option(ClassicSync.RENDEZVOUS_OPTION, "-1"), bsp -> { }));
        assertTrue(bytes.getMessage().contains("org.rendezvousBytes=-1"), bytes.getMessage());
    }

    @Test
    void shouldRefuseABarrierBackendThatThePaperPresetWouldNeverUse() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).syncMode("org:paper").barrier("tree"), bsp -> bsp.sync()));
        assertTrue(e.getMessage().contains("barrier=tree"), e.getMessage());
        assertTrue(e.getMessage().contains("sync=org:paper"), e.getMessage());
        assertTrue(e.getMessage().contains("org.barrier=counts"), e.getMessage());
        // the same under the engineering defaults with the option set by hand
        assertThrows(IllegalArgumentException.class, () -> BspRuntime.run(new BspConfig().procs(2).barrier("tree")
            .option(ClassicSync.BARRIER_OPTION, "counts"), bsp -> bsp.sync()));
        // the preset with the backend put back runs through it
        final RunResult through = run(new BspConfig().procs(2).syncMode("org:paper").barrier("tree")
            .option(ClassicSync.BARRIER_OPTION, "backend"));
        assertTrue(through.stats().get(0).counter("barrier.episodes") > 0, "barrier episodes with org.barrier=backend");
    }

    @Test
    void shouldSendEveryStreamWithoutGrantsAndWithoutABarrierUnderThePaperPreset() {
        final RunResult engineering = run(new BspConfig().procs(4).syncMode("org"));
        final RunResult paper = run(new BspConfig().procs(4).syncMode("org:paper"));
        for (int pid = 0; pid < 4; pid++) {
            final SyncStats e = engineering.stats().get(pid);
            final SyncStats p = paper.stats().get(pid);
            assertEquals(SUPERSTEPS, e.counter("org.grants"), "grants of pid " + pid + " under org");
            assertTrue(e.counter("barrier.episodes") > 0, "barrier episodes of pid " + pid + " under org");
            assertEquals(0, p.counter("org.grants"), "grants of pid " + pid + " under org:paper");
            assertEquals(0, p.counter("barrier.episodes"), "barrier episodes of pid " + pid + " under org:paper");
        }
    }

    @Test
    void shouldLetTheRendezvousThresholdAloneDecideGrantsAndTheRunsOptionWinOverThePreset() {
        // a large eager limit does not remove org's grants once its own threshold is set
        final RunResult small = run(new BspConfig().procs(2).eagerLimitBytes(1 << 20)
            .option(ClassicSync.RENDEZVOUS_OPTION, "1024"));
        assertEquals(SUPERSTEPS, small.stats().get(0).counter("org.grants"));
        final RunResult none = run(new BspConfig().procs(2).eagerLimitBytes(0)
            .option(ClassicSync.RENDEZVOUS_OPTION, "unlimited"));
        assertEquals(0, none.stats().get(0).counter("org.grants"));
        final RunResult paperWithGrants = run(new BspConfig().procs(2).syncMode("org:paper")
            .option(ClassicSync.RENDEZVOUS_OPTION, "0"));
        assertEquals(SUPERSTEPS, paperWithGrants.stats().get(0).counter("org.grants"));
        assertEquals(Map.of(ClassicSync.BARRIER_OPTION, "counts", ClassicSync.RENDEZVOUS_OPTION, "unlimited",
            ClassicSync.DIRECT_OPTION, "never"),
            BspRuntime.syncMode("org").presets().get("paper"));
    }

    @Test
    void shouldDeliverEveryStreamWhenWritingFramesOnArrival() {
        final RunResult r = run(new BspConfig().procs(4).syncMode("org:paper").option(ClassicSync.APPLY_OPTION,
            "arrival"));
        assertEquals(SUPERSTEPS + 2, r.supersteps()[0], "syncs + 1");
    }

    /**
     * Each process puts {@link #DOUBLES} values to the next one per superstep and checks what it received. The streams
     * go in frames ({@code org.direct=never}): grants are the flow control of framed streams, and a direct stream
     * needs none ({@link DirectStreamsTest}).
     */
    private static RunResult run(final BspConfig config) {
        return BspRuntime.run(config.option(ClassicSync.DIRECT_OPTION, "never"), bsp -> {
            final int p = bsp.nprocs();
            final double[] in = new double[DOUBLES];
            final double[] out = new double[DOUBLES];
            final Reg area = bsp.pushReg(in);
            bsp.sync();
            for (int s = 0; s < SUPERSTEPS; s++) {
                java.util.Arrays.fill(out, bsp.pid() * 100 + s);
                bsp.put((bsp.pid() + 1) % p, out, 0, area, 0, DOUBLES);
                bsp.sync();
                final double expected = ((bsp.pid() + p - 1) % p) * 100 + s;
                for (int i = 0; i < DOUBLES; i++) {
                    if (in[i] != expected) {
                        throw new AssertionError("pid " + bsp.pid() + " superstep " + s + " in[" + i + "]=" + in[i]
                            + ", expected " + expected);
                    }
                }
            }
        });
    }
}
