package org.jbsplib.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What npb-ports/README.md promises of {@code ./bsp npb} and {@code ./bsp compare} on the command line. */
@Timeout(120)
class NpbUsageContractTest {
    /** @return {exit code, stdout, stderr} of {@code ./bsp argv} */
    private static Object[] bsp(final String... argv) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = Main.run(List.of(argv), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Object[] {code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void shouldRefuseAnFtLayoutNamingTheOptionAndTheLayoutsItTakes() {
        final Object[] r = bsp("npb", "ft", "--opt", "ft.layout=pencils", "--quiet");
        assertEquals(2, r[0], (String) r[2]);
        assertEquals("bsp npb: error: ft.layout=pencils must be 1d (slabs), 2d (pencils) or auto",
            ((String) r[2]).strip());
    }
}
