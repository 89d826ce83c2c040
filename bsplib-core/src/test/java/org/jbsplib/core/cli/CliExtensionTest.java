package org.jbsplib.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.examples.Example;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Examples and benchmarks added by other modules: an {@link ExampleProvider} and a {@code "bench NAME"} command,
 * both registered in this module's test resources.
 */
@Timeout(60)
class CliExtensionTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... args) {
        return Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void shouldRunAProvidedExampleWithItsOwnOption() {
        assertEquals(0, bsp("example", "check", "--answer", "42", "--procs", "3", "--quiet"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("PASS"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldExitWithStatusOneWhenAProvidedExampleFails() {
        assertEquals(1, bsp("example", "check", "--answer", "41", "--quiet"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("FAIL"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldListProvidedExamplesAndTheirOptions() {
        assertEquals(0, bsp("example", "--help"));
        final String help = out.toString(StandardCharsets.UTF_8);
        assertTrue(help.contains("check") && help.contains("--answer") && help.contains("inprod"), help);
    }

    @Test
    void shouldDelegateAnUnknownBenchmarkToItsCommand() {
        assertEquals(0, bsp("bench", "echo", "--word", "hello"));
        assertEquals("echo hello", out.toString(StandardCharsets.UTF_8).strip());
        assertEquals(0, bsp("bench", "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("bench echo --word"));
    }

    @Test
    void shouldExplainOnlyTheBenchmarkNamedBeforeHelp() {
        assertEquals(0, bsp("bench", "echo", "--help"));
        final String echo = out.toString(StandardCharsets.UTF_8);
        assertTrue(echo.contains("bench echo --word") && !echo.contains("bench barrier"), echo);
        out.reset();
        assertEquals(0, bsp("bench", "barrier", "--help"));
        final String barrier = out.toString(StandardCharsets.UTF_8);
        assertTrue(barrier.contains("bench barrier") && barrier.contains("--late-us") && !barrier.contains("echo"),
            barrier);
    }

    @Test
    void shouldNameTheKnownBenchmarksForAnUnknownOne() {
        assertEquals(2, bsp("bench", "nosuch"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("known: barrier, echo"),
            err.toString(StandardCharsets.UTF_8));
    }

    /** A provider with one example, {@code check}, that passes when {@code --answer} is 42. */
    public static final class TestExamples implements ExampleProvider {
        @Override
        public Map<String, String> examples() {
            return Map.of("check", "passes when --answer is 42");
        }

        @Override
        public Set<String> valueOptions() {
            return Set.of("--answer");
        }

        @Override
        public String optionsHelp() {
            return "  --answer N         the answer check expects\n";
        }

        @Override
        public Example create(final String name, final Args args, final PrintStream out) {
            final int answer = args.intValue("--answer", 0);
            return new Example(out) {
                @Override
                public void run(final Bsp bsp) {
                    if (bsp.pid() == 0) {
                        out.println(answer == 42 ? "PASS" : "FAIL");
                    }
                }

                @Override
                public boolean passed() {
                    return answer == 42;
                }
            };
        }
    }

    /** {@code ./bsp bench echo --word W} prints "echo W". */
    public static final class EchoBench implements CliCommand {
        @Override
        public String name() {
            return "bench echo";
        }

        @Override
        public String description() {
            return "prints its word";
        }

        @Override
        public String help() {
            return "usage: ./bsp bench echo --word W\n";
        }

        @Override
        public int run(final List<String> args, final PrintStream out, final PrintStream err) {
            final Args a = Args.parse(args, Set.of("--word"), Set.of());
            out.println("echo " + a.value("--word", ""));
            return 0;
        }
    }
}
