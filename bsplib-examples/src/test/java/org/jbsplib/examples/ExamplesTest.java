package org.jbsplib.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.jbsplib.core.BspConfig;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.cli.Main;
import org.jbsplib.core.examples.Example;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example for P in {1, 2, 3, 4, 8} under org and rbs, and under both with a chaos seed, at small n. */
@Timeout(120)
class ExamplesTest {
    private static final Map<String, Integer> SMALL_N = Map.of("sort", 3000, "lu", 24, "fft", 256, "matvec", 500,
        "inprod", 1000);

    static Stream<Arguments> runs() {
        final List<Arguments> list = new ArrayList<>();
        for (final String name : new ClassicExamples().examples().keySet()) {
            for (final int p : new int[] {1, 2, 3, 4, 8}) {
                list.add(Arguments.of(name, p, "org", -1L));
                list.add(Arguments.of(name, p, "rbs", -1L));
            }
            list.add(Arguments.of(name, 3, "rbs", 5L));
            list.add(Arguments.of(name, 4, "org", 9L));
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} P={1} sync={2} chaos={3}")
    @MethodSource("runs")
    void shouldPassItsOwnCheck(final String name, final int p, final String sync, final long chaos) {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        final int n = SMALL_N.getOrDefault(name, 37);
        final Example example = new ClassicExamples().create(name, argsWithN(n), out);
        BspRuntime.run(new BspConfig().procs(p).syncMode(sync).chaosSeed(chaos), example);
        final String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(example.passed() && text.contains("PASS"), name + " P=" + p + " " + sync + ": " + text);
    }

    private static org.jbsplib.core.cli.Args argsWithN(final int n) {
        return org.jbsplib.core.cli.Args.parse(List.of("--n", Integer.toString(n)), java.util.Set.of("--n"),
            java.util.Set.of());
    }

    @Test
    void shouldRunThroughTheCliAndWriteJson(@org.junit.jupiter.api.io.TempDir final java.nio.file.Path dir)
        throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final java.nio.file.Path json = dir.resolve("lu.json");
        final int code = Main.run(List.of("example", "lu", "--n", "20", "--procs", "4", "--sync", "rbs", "--json",
            json.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("lu: P=4 n=20 grid 2x2"), out.toString());
        assertTrue(java.nio.file.Files.readString(json).contains("\"passed\": true"),
            java.nio.file.Files.readString(json));
    }

    @Test
    void shouldRejectBadSizesNamingThem() {
        final IllegalArgumentException fft = assertThrows(IllegalArgumentException.class,
            () -> new FftExample(null, 100));
        assertTrue(fft.getMessage().contains("--n=100"), fft.getMessage());
        final IllegalArgumentException neg = assertThrows(IllegalArgumentException.class,
            () -> new SortExample(null, -1));
        assertTrue(neg.getMessage().contains("--n=-1"), neg.getMessage());
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("example", "fft", "--n", "16", "--procs", "8"),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertTrue(code != 0 && err.toString(StandardCharsets.UTF_8).contains("--n=16"),
            err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldListEveryOptionOnceInTheHelp() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Main.run(List.of("example", "--help"), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        final List<String> options = out.toString(StandardCharsets.UTF_8).lines()
            .filter(line -> line.startsWith("  --")).map(line -> line.strip().split("\\s+", 2)[0]).toList();
        assertEquals(options.stream().distinct().toList(), options, "each option once");
        assertTrue(options.contains("--n") && options.contains("--value"), options.toString());
    }
}
