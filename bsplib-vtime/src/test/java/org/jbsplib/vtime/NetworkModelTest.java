package org.jbsplib.vtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.cli.RunOptions;
import org.junit.jupiter.api.Test;

/** Machine specs: presets, overrides with units, and refusals that name the value. */
class NetworkModelTest {
    @Test
    void shouldApplyOverridesWithUnitsToAPreset() {
        final NetworkModel m = NetworkModel.parse("sp2-us;L=20us;o=1.5µs;g=300ns;G=0.5ns;cpuScale=8");
        assertEquals(20_000, m.latencyNs());
        assertEquals(1_500, m.overheadNs());
        assertEquals(300, m.gapNs());
        assertEquals(0.5, m.gapPerByteNs());
        assertEquals(8.0, m.cpuScale());
        assertEquals(CpuClock.AUTO, m.cpu());
        assertEquals(CpuClock.ELAPSED, NetworkModel.parse("sp2-us;cpu=elapsed").cpu());
        assertEquals(CpuClock.FIXED, NetworkModel.parse("infiniband;stepCost=1ms").cpu());
        assertEquals(1_000_000, NetworkModel.parse("infiniband;stepCost=1ms").stepCostNs());
    }

    @Test
    void shouldBeListedWithItsPresetsByTheBackendsCommand() {
        final java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        final java.io.PrintStream sink = new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, org.jbsplib.core.cli.Main.run(java.util.List.of("backends"), sink, sink));
        final String line = out.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
            .filter(l -> l.startsWith("  virtual  ")).findFirst().orElseThrow(() -> new AssertionError(out));
        for (final String preset : Presets.all().keySet()) {
            assertTrue(line.contains(preset), preset + " in " + line);
        }
    }

    @Test
    void shouldGiveEveryPresetASource() {
        for (final String name : new String[] {"sp2-us", "sp2-ip", "myrinet-lanai43", "myrinet-lanai72",
            "infiniband", "tile64", "local"}) {
            assertNotNull(Presets.get(name));
            assertTrue(Presets.source(name).length() > 40, name);
        }
        // the SP2 user-space one-way time is the published 40 us
        assertEquals(40_000, Presets.get("sp2-us").oneWayNs(1));
    }

    @Test
    void shouldRefuseUnknownPresetsKeysAndValuesNamingThem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkModel.parse("sp3"))
            .getMessage().contains("preset=sp3"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkModel.parse("sp2-us;X=1"))
            .getMessage().contains("X=1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkModel.parse("sp2-us;L=fast"))
            .getMessage().contains("L=fast"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> NetworkModel.parse("sp2-us;L=0;o=0"))
            .getMessage().contains("lookahead"));
    }

    @Test
    void shouldRefuseSharedMemoryBarriersWithAClearMessage() {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> BspRuntime.run(new BspConfig().procs(2).barrier("shm").machine("virtual:sp2-us"), bsp -> { }));
        assertTrue(e.getMessage().contains("barrier=shm") && e.getMessage().contains("virtual"), e.getMessage());
    }

    @Test
    void shouldRefuseThreadCpuTimeOnVirtualThreadsNamingTheOption() {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.jbsplib.core.ThreadKind.virtualAvailable(),
            "virtual threads need Java 21+, this is Java " + Runtime.version().feature());
        org.junit.jupiter.api.Assumptions.assumeFalse(ThreadCpuTime.nativeClock(),
            "Java 22+ on 64-bit Linux reads a virtual thread's carrier CPU time: cpu=thread is allowed there");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new BspConfig().procs(4).threads("virtual").machine("virtual:sp2-us;cpu=thread").conclude());
        assertTrue(e.getMessage().contains("cpu=thread") && e.getMessage().contains("--threads platform"),
            e.getMessage());
    }

    @Test
    void shouldDefaultToTheMessageBarrierOnTheVirtualMachine() {
        final BspConfig config = new BspConfig().procs(4).machine("virtual:sp2-us").conclude();
        try (VirtualMachine m = new VirtualMachine(NetworkModel.parse("sp2-us"), 4, 4096)) {
            assertEquals("dissemination",
                org.jbsplib.core.barrier.BarrierRun.forRun(config.barrier(), config.cores(), m).spec().name());
            assertEquals("tree", org.jbsplib.core.barrier.BarrierRun.forRun("tree", config.cores(), m).spec().name());
        }
    }

    @Test
    void shouldReportTheVirtualEndTimeOfAnEmptyProgramAsComputationOnly() {
        final double[] t = new double[2];
        BspRuntime.run(new BspConfig().procs(2).machine("virtual:sp2-us;stepCost=3ms"), bsp -> {
            bsp.sync();
            t[bsp.pid()] = bsp.time();
        });
        // one superstep charged 3 ms, then a sync: dissemination over 2 processes after the count exchange
        assertTrue(t[0] >= 0.003 && t[0] < 0.004, "virtual time " + t[0]);
        assertEquals(t[0], t[1]);
    }

    @Test
    void shouldMarkTheJsonOfARunOnTheVirtualMachineAsVirtualTime() {
        final RunResult r = BspRuntime.run(new BspConfig().procs(3).machine("virtual:infiniband;stepCost=1us"),
            bsp -> bsp.sync());
        final java.util.Map<String, Object> json = RunOptions.toJson(r);
        assertEquals(Boolean.TRUE, json.get("virtual_time"));
        assertEquals("virtual:infiniband;stepCost=1us", json.get("machine"));
        assertEquals("virtual:infiniband: L=7.4us o=1us g=1us G=0.5ns/B cpu=fixed cpuScale=1 stepCost=1us",
            json.get("machine_model"));
        assertEquals("virtual", r.config().machine().substring(0, 7));
    }
}
