package org.jbsplib.rbs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jbsplib.core.cli.Main;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every example prints exactly the same lines, in the same order, under {@code --sync rbs} as under {@code org}. */
@Timeout(120)
class ExamplesUnderRbsTest {

    private static String run(final String... args) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, code, String.join(" ", args));
        return out.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "{0} P={1}")
    @CsvSource({"broadcast, 8", "inprod, 5", "bsmp, 4", "broadcast, 32", "bsmp, 13"})
    void shouldPrintTheSameLinesInTheSameOrderAsTheClassicSync(final String example, final int p) {
        final String org = run("example", example, "--procs", Integer.toString(p), "--sync", "org", "--quiet");
        for (int i = 0; i < 3; i++) {
            assertEquals(org, run("example", example, "--procs", Integer.toString(p), "--sync", "rbs", "--quiet"));
        }
        assertEquals(org, run("example", example, "--procs", Integer.toString(p), "--sync", "rbs", "--chaos", "7",
            "--quiet"));
    }
}
