package org.jbsplib.npb.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class NpbCommandTest {
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldReportAndWriteJsonForAVerifiedRun(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("ft.json");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "2", "--warmup", "0",
            "--json", json.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, report);
        for (final String line : new String[] {" Class = S", " Size = 64x64x64", " Iterations = 6",
            " Processes = 2", " Sync = org", " Verification = SUCCESSFUL", " T_sync = ", " T_barrier = ",
            " T_comm = ", " Mop/s total = ", " Idle waits = spins/yields/parks/parked ms by pid: 0: "}) {
            assertTrue(report.contains(line), "missing '" + line + "' in\n" + report);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("iteration 6 of 6"), err.toString());
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        assertEquals("ft", m.get("kernel"));
        assertEquals("S", m.get("class"));
        assertEquals(2L, m.get("procs"));
        assertEquals("org", m.get("sync"));
        assertEquals(Boolean.TRUE, m.get("verified"));
        assertTrue(((Number) m.get("mops")).doubleValue() > 0);
        assertTrue(((Number) m.get("seconds")).doubleValue() > 0);
        for (final String key : new String[] {"barrier", "t_sync", "t_barrier", "t_comm"}) {
            assertTrue(m.containsKey(key), key);
        }
        final List<Object> per = (List<Object>) m.get("per_process");
        assertEquals(2, per.size());
        long steps = 0;
        for (final Object o : per) {
            final Map<String, Object> idle = (Map<String, Object>) ((Map<String, Object>) o).get("idle");
            assertTrue(idle != null && idle.keySet().containsAll(List.of("spins", "yields", "parks",
                "parked_seconds")), "idle waits of " + o);
            steps += ((Number) idle.get("spins")).longValue() + ((Number) idle.get("yields")).longValue()
                + ((Number) idle.get("parks")).longValue();
        }
        assertTrue(steps > 0, "the processes of a timed section wait at some sync: " + per);
    }

    /**
     * The relaxed sync's frame, stream and superstep counters are running totals read at the timed section's edges,
     * so each process's {@code per_process} counters have the section's own (before, they were counted only at the
     * end of the program, after the section, and the JSON had none of them).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldCarryTheRelaxedSyncsCountersOfTheTimedSectionInTheJson(@TempDir final Path dir) throws Exception {
        for (final Object o : ftS2PerProcess(dir, "--sync", "rbs", "--opt", "rbs.exchange=never")) {
            final Map<String, Object> p = (Map<String, Object>) o;
            final Map<String, Object> counters = (Map<String, Object>) p.get("counters");
            assertTrue(counters != null && p.containsKey("relaxed_supersteps"), "per process: " + p);
            final long relaxed = ((Number) p.get("relaxed_supersteps")).longValue();
            final long exchange = ((Number) p.get("exchange_supersteps")).longValue();
            assertTrue(relaxed + exchange > 0, "timed supersteps of " + p);
            assertEquals(relaxed, number(counters, "rbs.relaxedSupersteps"), "counters of " + p);
            assertEquals(exchange, number(counters, "rbs.exchangeSupersteps"), "counters of " + p);
            for (final String name : new String[] {"rbs.req", "rbs.ack"}) {
                assertTrue(number(counters, name) > 0, name + " in the counters of " + p);
            }
            assertTrue(number(counters, "rbs.eagerStreams") + number(counters, "rbs.directStreams")
                + number(counters, "rbs.data") > 0, "streams in the counters of " + p);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    @SuppressWarnings("unchecked")
    void shouldCarryTheClassicSyncsCountersOfTheTimedSectionInTheJson(@TempDir final Path dir) throws Exception {
        for (final Object o : ftS2PerProcess(dir, "--sync", "org")) {
            final Map<String, Object> p = (Map<String, Object>) o;
            final Map<String, Object> counters = (Map<String, Object>) p.get("counters");
            assertTrue(counters != null, "per process: " + p);
            // every timed superstep's count exchange either sent or left out a COUNT frame to the partner
            assertTrue(number(counters, "org.countFrames") + number(counters, "org.countFramesOmitted") > 0,
                "COUNT frames in the counters of " + p);
            // FT's transposes are hpPuts: streams, direct or inline, in the timed section
            assertTrue(number(counters, "org.directStreams") + number(counters, "org.inlineStreams") > 0,
                "streams in the counters of " + p);
        }
    }

    /** @return the {@code per_process} entries of FT class S at P = 2 run with {@code options}, checked to succeed */
    @SuppressWarnings("unchecked")
    private static List<Object> ftS2PerProcess(final Path dir, final String... options) throws Exception {
        final Path json = dir.resolve("ft.json");
        final List<String> args = new java.util.ArrayList<>(List.of("ft", "--class", "S", "--procs", "2"));
        args.addAll(List.of(options));
        args.addAll(List.of("--warmup", "0", "--quiet", "--json", json.toString()));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = new NpbCommand().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        final List<Object> per = (List<Object>) m.get("per_process");
        assertEquals(2, per.size());
        return per;
    }

    /** @return the counter {@code name}, 0 where a section left it out (it did not change) */
    private static long number(final Map<String, Object> counters, final String name) {
        final Object v = counters.get(name);
        return v == null ? 0 : ((Number) v).longValue();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldBeQuietWhenAsked() throws Exception {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        new NpbCommand().run(List.of("ft", "--class", "S", "--procs", "1", "--warmup", "0", "--quiet"),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldRejectUnknownKernelsAndClassesNamingThem() {
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final CliException kernel = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("zz"), sink, sink));
        assertTrue(kernel.getMessage().contains("kernel=zz") && kernel.getMessage().contains("ft"),
            kernel.getMessage());
        final CliException cls = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("ft", "--class", "Q"), sink, sink));
        assertTrue(cls.getMessage().contains("class=Q"), cls.getMessage());
        final IllegalArgumentException warmup = assertThrows(IllegalArgumentException.class,
            () -> new NpbCommand().run(List.of("ft", "--opt", "npb.warmup=-3"), sink, sink));
        assertTrue(warmup.getMessage().contains("npb.warmup=-3"), warmup.getMessage());
        final CliException often = assertThrows(CliException.class,
            () -> new NpbCommand().run(List.of("ft", "--warmup", "often"), sink, sink));
        assertEquals("--warmup=often must be auto or a number of runs", often.getMessage());
        final IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
            () -> new NpbCommand().run(List.of("ft", "--warmup", "101"), sink, sink));
        assertTrue(many.getMessage().contains("npb.warmup=101"), many.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void shouldRejectAnUnknownOptionKeyNamingTheKnownOnes() {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final CliException e = assertThrows(CliException.class, () -> new NpbCommand().run(List.of("ft", "--class",
            "S", "--procs", "1", "--warmup", "0", "--opt", "ft.lane=16"), sink,
            new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals("--opt ft.lane=16: unknown key ft.lane (known for ft: ft.checksum, ft.lanes, ft.layout, "
            + "ft.rehearse, npb.hostProbe, npb.warmup, org.apply, org.barrier, org.counts, org.direct, "
            + "org.rendezvousBytes, org.splitBytes, rbs.direct, rbs.eagerBytes, "
            + "rbs.exchange, rbs.splitBytes)",
            e.getMessage());
        assertEquals("", err.toString(StandardCharsets.UTF_8), "nothing ran");
    }

    @Test
    void shouldNameEveryOptKeyItAcceptsInItsHelp() {
        final String help = new NpbCommand().help();
        for (final String key : List.of("ft.checksum", "ft.lanes", "ft.layout", "ft.rehearse", "lu.planes",
            "lu.syncsplit", "npb.hostProbe", "npb.warmup", "org.apply", "org.barrier", "org.counts", "org.direct",
            "org.rendezvousBytes", "org.splitBytes", "rbs.direct", "rbs.eagerBytes", "rbs.exchange", "rbs.splitBytes")) {
            assertTrue(help.contains(key), key + " in " + help);
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRefuseARunThatCannotFitTheHeapBeforeStartingIt() throws Exception {
        // a child JVM with a small, known heap: FT class S on 4,096 processes holds 325 MiB of data alone, so the
        // refusal does not depend on how much memory the machine running the tests has
        final List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp",
            System.getProperty("java.class.path"), "org.jbsplib.core.cli.Main", "npb", "ft", "--class", "S", "--procs",
            "4096", "--quiet");
        final Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        final String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!child.waitFor(90, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child JVM did not end within 90 s: " + output);
        }
        assertEquals(2, child.exitValue(), output);
        assertEquals(1, output.strip().split("\n").length, output);
        assertTrue(output.startsWith("bsp npb: error: ft class S on procs=4096 needs about "), output);
        assertTrue(output.contains("of heap") && output.contains("this JVM may use; raise it with "
            + "JBSP_JAVA_OPTS=-Xmx"), output);
    }

    @Test
    void shouldEstimateTheMemoryOfTheDataAndTheRuntime() {
        final NpbKernel ft = NpbCommand.kernels().get("ft");
        final org.jbsplib.core.BspConfig four = new org.jbsplib.core.BspConfig().procs(4);
        // class S: 64^3 complex points, 3 arrays of 16 bytes a point: 12 MiB plus small buffers over 4 processes
        final long perProcess = ft.heapBytesPerProcess('S', four);
        assertTrue(perProcess >= 3L * 16 * 64 * 64 * 64 / 4 && perProcess < 8L << 20, "per process " + perProcess);
        NpbCommand.checkMemory(ft, 'S', four, 64L << 20, 64L << 20);
        final CliException heap = assertThrows(CliException.class,
            () -> NpbCommand.checkMemory(ft, 'S', four, 8L << 20, 64L << 20));
        assertTrue(heap.getMessage().contains("more than the 8.0 MiB this JVM may use"), heap.getMessage());
        final CliException direct = assertThrows(CliException.class,
            () -> NpbCommand.checkMemory(ft, 'S', four, 64L << 20, 1L << 20));
        assertTrue(direct.getMessage().contains("of direct memory for the inboxes")
            && direct.getMessage().contains("-XX:MaxDirectMemorySize="), direct.getMessage());
        final NpbKernel lu = NpbCommand.kernels().get("lu");
        final long luS = lu.heapBytesPerProcess('S', four);
        // class S: 12^3 points of 5 unknowns in 4 arrays of doubles, over 4 processes, with ghost points
        assertTrue(luS > 4L * 8 * 5 * 12 * 12 * 12 / 4, "lu per process " + luS);
    }
}
