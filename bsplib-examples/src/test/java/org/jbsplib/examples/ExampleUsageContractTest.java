package org.jbsplib.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code ./bsp example} as bsplib-examples/README.md and the CLI's rules say: bad usage is one line, exit code 2. */
@Timeout(60)
class ExampleUsageContractTest {
    @Test
    void shouldRefuseAnFftTooShortForTheProcessesAsBadUsageBeforeTheRun() {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of("example", "fft", "--n", "16", "--procs", "8"),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("bsp example: error: fft: --n=16 must be at least P'^2 = 64 (P' = 8, the largest power of two "
            + "<= P = 8)", err.toString(StandardCharsets.UTF_8).strip());
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");
    }
}
