package org.jbsplib.npb.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** On a transport between JVMs each configuration is one launch of ./bsp npb holding its warm-up and repeats. */
class CompareAeronTest {
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void shouldRunAllRunsOfAConfigurationInOneLaunch(@TempDir final Path dir) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = new CompareCommand().run(List.of("--kernels", "ft", "--class", "S", "--procs", "2",
            "--sync", "rbs", "--transport", "aeron-ipc", "--repeat", "2", "--out", dir.toString()),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, out + "\n" + err);
        final Results r = Results.readJson(dir.resolve("results.json"));
        assertEquals(3, r.runs().size(), r.runs().toString());
        assertTrue(r.runs().get(0).warmup());
        assertEquals(List.of(0, 1, 2), r.runs().stream().map(RunRecord::run).toList());
        for (final RunRecord x : r.runs()) {
            assertTrue(x.verified() && x.seconds() > 0 && x.tSync() > 0 && x.supersteps() > 0, x.toString());
            assertEquals("aeron-ipc", x.config().transport());
        }
        final Path log = dir.resolve("launches/ft-S-P_2-rbs-aeron-ipc.log");
        assertTrue(Files.readString(log).contains("[0]  Repeats = 3"), "one launch ran the 3 runs: " + log);
    }
}
