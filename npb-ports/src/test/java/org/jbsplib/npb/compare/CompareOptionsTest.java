package org.jbsplib.npb.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class CompareOptionsTest {
    @TempDir
    Path dir;

    /** @return exit code and stderr of {@code ./bsp compare ARGS} */
    private static String[] bsp(final String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final List<String> argv = new ArrayList<>(List.of("compare"));
        argv.addAll(List.of(args));
        final int code = Main.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {String.valueOf(code), err.toString(StandardCharsets.UTF_8),
            out.toString(StandardCharsets.UTF_8)};
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--kernels zz|option --kernels: kernel=zz is not known",
        "--kernels ft,ft|option --kernels=ft,ft names ft twice",
        "--class Q|option --class=Q is not a class of ft",
        "--procs 0|option --procs=0: 0 must be >= 1",
        "--procs 2,x|option --procs=2,x: 'x' is not an integer",
        "--sync bsp|option --sync: sync=bsp is not a known sync mode",
        "--sync rbs:fast|rbs:fast",
        "--barrier nosuch|nosuch",
        "--repeat 0|option --repeat=0 must be >= 1",
        "--repeat two|option --repeat=two is not an integer",
        "--kernels lu --procs 3|configuration lu S P=3 org default",
        "--machine virtual:nowhere|virtual:nowhere",
        "--frobnicate 1|unknown option --frobnicate",
        "--baseline /no/such/results.json|option --baseline=/no/such/results.json is not a readable file",
        "extra|unexpected argument extra"})
    void shouldRefuseBadUsageWithOneLineNamingTheOptionAndValue(final String args, final String expected) {
        final String[] r = bsp(args.split(" "));
        assertEquals("2", r[0], r[1]);
        assertEquals(1, r[1].strip().split("\n").length, r[1]);
        assertTrue(r[1].startsWith("bsp compare: error: "), r[1]);
        assertTrue(r[1].contains(expected), "'" + expected + "' in " + r[1]);
    }

    @Test
    void shouldRefuseAnOutputDirectoryThatIsAFileAndABaselineThatIsNoResults() throws IOException {
        final Path file = Files.writeString(dir.resolve("f"), "x");
        final String[] out = bsp("--out", file.toString());
        assertEquals("2", out[0]);
        assertTrue(out[1].contains("option --out=" + file + " is a file"), out[1]);
        final Path npb = Files.writeString(dir.resolve("npb.json"), "{\"kernel\": \"ft\"}");
        final String[] base = bsp("--baseline", npb.toString(), "--out", dir.resolve("o").toString());
        assertEquals("2", base[0], base[1]);
        assertTrue(base[1].contains("option --baseline=" + npb) && base[1].contains("no \"runs\" list"), base[1]);
        assertFalse(Files.exists(dir.resolve("o/results.json")), "nothing ran");
    }

    @Test
    void shouldKeepTheTransportOptionForItselfInsteadOfLaunchingOneJvmPerProcess() {
        final String[] r = bsp("--transport", "aeron-ipc", "--procs", "2", "--kernels", "zz");
        assertEquals("2", r[0], r[1]);
        assertTrue(r[1].startsWith("bsp compare: error: option --kernels: kernel=zz"), r[1]);
        assertFalse(r[1].contains("[0]"), "no JVM was launched: " + r[1]);
    }

    @Test
    void shouldExplainEveryOptionInItsHelp() {
        final String[] r = bsp("--help");
        assertEquals("0", r[0]);
        for (final String option : CompareOptions.VALUES) {
            assertTrue(r[2].contains("  " + option + " "), option + " in\n" + r[2]);
        }
        for (final String option : CompareOptions.FLAGS) {
            assertTrue(r[2].contains("  " + option + " "), option + " in\n" + r[2]);
        }
    }

    @Test
    void shouldRunRbsOncePerPBecauseItHasNoBarrier() {
        final CompareOptions o = CompareOptions.parse(List.of("--kernels", "ft", "--procs", "2,4", "--sync",
            "org,rbs", "--barrier", "shm,dissemination"), CompareCommand.kernels());
        final List<String> labels = o.matrix().stream().map(Configuration::label).toList();
        assertEquals(List.of("ft S P=2 org shm", "ft S P=2 org dissemination", "ft S P=2 rbs",
            "ft S P=4 org shm", "ft S P=4 org dissemination", "ft S P=4 rbs"), labels);
        assertFalse(o.launched());
        assertTrue(CompareOptions.parse(List.of("--transport", "aeron-ipc"), CompareCommand.kernels()).launched());
    }

    @Test
    void shouldRunOrgPaperOncePerPBecauseItsCountExchangeIsTheBarrier() {
        final CompareOptions o = CompareOptions.parse(List.of("--kernels", "ft", "--procs", "2", "--sync",
            "org,org:paper", "--barrier", "shm,dissemination"), CompareCommand.kernels());
        final List<String> labels = o.matrix().stream().map(Configuration::label).toList();
        assertEquals(List.of("ft S P=2 org shm", "ft S P=2 org dissemination", "ft S P=2 org:paper"), labels);
    }
}
