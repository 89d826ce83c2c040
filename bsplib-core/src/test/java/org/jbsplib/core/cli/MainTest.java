package org.jbsplib.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bsp(final String... args) {
        return Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldListCommandsOnHelp() {
        assertEquals(0, bsp("--help"));
        assertTrue(out().contains("example") && out().contains("run"), out());
    }

    @Test
    void shouldPrintTheCommandsHelpOnHelpCommand() {
        assertEquals(0, bsp("example", "--help"));
        final String exampleHelp = out();
        out.reset();
        assertEquals(0, bsp("help", "example"));
        assertEquals(exampleHelp, out());
        assertEquals("", err());
        out.reset();
        assertEquals(0, bsp("help"));
        assertTrue(out().contains("example") && out().contains("run"), "help alone lists the commands: " + out());
    }

    @Test
    void shouldRefuseHelpOfAnUnknownCommandInOneLine() {
        assertOneLine(2, "bsp help: unknown command 'nosuchcommand'", "help", "nosuchcommand");
        assertEquals("", out());
    }

    @Test
    void shouldListTheCommandsAndFailInOneLineWithoutACommand() {
        assertEquals(2, bsp());
        assertTrue(out().contains("example") && out().contains("run"), out());
        assertEquals(1, err().strip().lines().count(), err());
        assertTrue(err().startsWith("bsp: no command given"), err());
    }

    @Test
    void shouldExplainEveryOptionOfACommand() {
        assertEquals(0, bsp("example", "--help"));
        for (final String option : List.of("--procs", "--sync", "--barrier", "--json", "--timeout-ms", "--quiet")) {
            assertTrue(out().contains(option), option + " in " + out());
        }
    }

    @Test
    void shouldPrintTheBroadcastValueOnEveryPidInOrder() {
        assertEquals(0, bsp("example", "broadcast", "--procs", "5", "--value", "7", "--quiet"));
        final String[] lines = out().strip().split("\n");
        assertEquals(5, lines.length, out());
        for (int i = 0; i < 5; i++) {
            assertEquals("pid " + i + ": broadcast value = 7", lines[i]);
        }
        assertEquals("", err(), "--quiet prints nothing on stderr");
    }

    @Test
    void shouldWriteTheInnerProductAndStatisticsAsJson(@TempDir final Path dir) throws Exception {
        final Path json = dir.resolve("r.json");
        assertEquals(0, bsp("example", "inprod", "--procs", "4", "--n", "1000", "--json", json.toString()));
        assertTrue(out().contains("333833500.0"), out());
        @SuppressWarnings("unchecked")
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        @SuppressWarnings("unchecked")
        final Map<String, Object> result = (Map<String, Object>) m.get("result");
        assertEquals(333833500.0, ((Number) result.get("inner_product")).doubleValue());
        assertEquals(4L, m.get("procs"));
        assertEquals("org", m.get("sync"));
        assertEquals(4, ((List<?>) m.get("per_process")).size());
        assertTrue(m.containsKey("t_barrier") && m.containsKey("t_comm") && m.containsKey("t_sync"));
    }

    @Test
    void shouldRunTheBsmpExample() {
        assertEquals(0, bsp("example", "bsmp", "--procs", "3", "--quiet"));
        assertTrue(out().contains("pid 0: bsmp received 2 messages"), out());
        assertTrue(out().contains("sum of sender pids = 3"), out());
    }

    @Test
    void shouldFailWithOneLineAndExitTwoOnBadUsage() {
        assertEquals(2, bsp("example", "broadcast", "--procs", "x"));
        assertEquals(1, err().strip().split("\n").length, err());
        assertTrue(err().contains("--procs=x is not an integer"), err());
        assertEquals(2, bsp("nosuchcommand"));
        assertEquals(2, bsp("example", "nosuchexample"));
        assertEquals(2, bsp("example", "broadcast", "--sync", "nosuchsync"));
        assertTrue(err().contains("sync=nosuchsync is not a known sync mode"), err());
    }

    @Test
    void shouldExitTwoOnAnUnknownProgramClassAndZeroWhenTheProgramSyncsAndReturns(@TempDir final Path dir)
        throws Exception {
        assertEquals(2, bsp("run", "--class", "no.such.Program", "--cp", dir.toString()));
        assertTrue(err().contains("not found"), err());
        assertEquals(0, bsp("run", "--class", SyncOnceProgram.class.getName(), "--quiet"));
    }

    @Test
    void shouldExitOneWithOneLineWhenTheProgramAbortsOrMisusesTheApi() {
        assertEquals(1, bsp("run", "--class", CallsAbort.class.getName(), "--procs", "3", "--quiet"));
        assertEquals(1, err().strip().lines().count(), err());
        assertTrue(err().contains("run aborted: pid 1 failed in superstep 1: abort: enough"), err());
        assertEquals(1, bsp("run", "--class", PutsOutOfRange.class.getName(), "--quiet"), "a misuse is the run's "
            + "failure (1), not bad usage of ./bsp (2)");
        assertTrue(err().contains("put: pid=7 is out of range 0..1"), err());
    }

    /** Pid 1 aborts in superstep 1. */
    public static final class CallsAbort implements org.jbsplib.api.BspProgram {
        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
            bsp.sync();
            if (bsp.pid() == 1) {
                throw bsp.abort("enough");
            }
            bsp.sync();
        }
    }

    /** Every process puts to a pid that does not exist. */
    public static final class PutsOutOfRange implements org.jbsplib.api.BspProgram {
        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
            final org.jbsplib.api.Reg reg = bsp.pushReg(new int[1]);
            bsp.sync();
            bsp.putInt(7, 1, reg, 0);
            bsp.sync();
        }
    }

    @Test
    void shouldPassTheWordsAfterDashDashToTheProgram() {
        ArgsProgram.SEEN.clear();
        assertEquals(0, bsp("run", "--class", ArgsProgram.class.getName(), "--procs", "3", "--quiet", "--", "a b",
            "--procs", "7", "--help", "--"));
        assertEquals(List.of("a b", "--procs", "7", "--help", "--"), ArgsProgram.SEEN.get(0), "pid 0");
        assertEquals(3, ArgsProgram.SEEN.size(), "one list per pid (--procs 3 before '--' configures the run)");
        ArgsProgram.SEEN.clear();
        assertEquals(0, bsp("run", "--class", ArgsProgram.class.getName(), "--quiet"));
        assertEquals(List.of(), ArgsProgram.SEEN.get(0), "no '--': an empty array");
    }

    @Test
    void shouldLeaveAJsonOptionAfterDashDashToTheProgram(@TempDir final Path dir) {
        ArgsProgram.SEEN.clear();
        final String nested = dir.resolve("a/b/r.json").toString();
        assertEquals(0, bsp("run", "--class", ArgsProgram.class.getName(), "--procs", "1", "--quiet", "--", "--json",
            dir.toString(), "--json=" + nested), err());
        assertEquals(List.of("--json", dir.toString(), "--json=" + nested), ArgsProgram.SEEN.get(0));
        assertTrue(!Files.exists(dir.resolve("a")), "./bsp created no directory for the program's own --json");
    }

    @Test
    void shouldRefuseArgumentsForAProgramWithoutAStringArrayConstructor() {
        assertEquals(2, bsp("run", "--class", SyncOnceProgram.class.getName(), "--quiet", "--", "x"));
        assertTrue(err().contains("no public constructor taking String[]") && err().contains(": x"), err());
        assertEquals(2, bsp("run", "--class", ArgsProgram.class.getName(), "stray"));
        assertTrue(err().contains("unexpected argument 'stray'") && err().contains("after '--'"), err());
    }

    @Test
    void shouldDocumentDashDashInRunHelp() {
        assertEquals(0, bsp("run", "--help"));
        assertTrue(out().contains("-- ARGS...") && out().contains("String[]"), out());
    }

    /** A program taking arguments: every pid records what it got. */
    public static final class ArgsProgram implements org.jbsplib.api.BspProgram {
        static final Map<Integer, List<String>> SEEN = new java.util.concurrent.ConcurrentHashMap<>();
        private final List<String> args;

        public ArgsProgram(final String[] args) {
            this.args = List.of(args);
        }

        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
            SEEN.put(bsp.pid(), args);
            bsp.sync();
        }
    }

    @Test
    void shouldRefuseAJsonFileThatCannotBeWrittenBeforeRunning(@TempDir final Path dir) throws Exception {
        assertOneLine(2, "--json " + dir + " is a directory", "example", "broadcast", "--procs", "2", "--json",
            dir.toString());
        assertEquals("", out(), "nothing ran");
        final Path file = dir.resolve("f");
        Files.writeString(file, "x");
        assertOneLine(2, "--json " + file.resolve("r.json") + ": cannot write", "example", "broadcast", "--json="
            + file.resolve("r.json"));
        assertEquals("", out(), "nothing ran");
        assertEquals(0, bsp("example", "broadcast", "--procs", "2", "--quiet", "--json", dir.resolve("new/r.json")
            .toString()));
        assertTrue(Files.size(dir.resolve("new/r.json")) > 0);
    }

    @Test
    void shouldLeaveNoDirectoryBehindWhenARunWithJsonIsRefused(@TempDir final Path dir) throws Exception {
        assertOneLine(2, "unknown example 'nosuchexample'", "example", "nosuchexample", "--json",
            dir.resolve("a/b/r.json").toString());
        assertOneLine(2, "--procs=x is not an integer", "example", "broadcast", "--procs", "x", "--json="
            + dir.resolve("c/r.json"));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "bad usage leaves no trace on disk");
        }
    }

    @Test
    void shouldNameTheClassAndTheCauseWhenAProgramCannotBeLoadedOrBuilt() {
        assertOneLine(2, "class " + BadStaticInit.class.getName() + " failed to initialize: "
            + "java.lang.IllegalStateException: static init failed", "run", "--class", BadStaticInit.class.getName());
        assertOneLine(2, "class " + NoNoArgConstructor.class.getName() + " has no public no-argument constructor",
            "run", "--class", NoNoArgConstructor.class.getName());
        assertOneLine(2, "the constructor of class " + ThrowingConstructor.class.getName() + " threw "
            + "java.lang.IllegalStateException: constructor failed", "run", "--class",
            ThrowingConstructor.class.getName());
    }

    @Test
    void shouldNameTheMissingClassAProgramNeeds(@TempDir final Path dir) throws Exception {
        final Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("p"));
        Files.writeString(src.resolve("p/Needs.java"), "package p; public class Needs implements "
            + "org.jbsplib.api.BspProgram { static final Object M = new Missing(); "
            + "public void run(org.jbsplib.api.Bsp bsp) { } }");
        Files.writeString(src.resolve("p/Missing.java"), "package p; class Missing { }");
        final Path classes = dir.resolve("classes");
        final javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty(
            "java.class.path"), src.resolve("p/Needs.java").toString(), src.resolve("p/Missing.java").toString()));
        Files.delete(classes.resolve("p/Missing.class"));
        assertOneLine(2, "class p.Needs cannot be loaded: it needs class p.Missing, which is not on --cp", "run",
            "--class", "p.Needs", "--cp", classes.toString());
    }

    @Test
    void shouldAskTheCommandForTheHelpOfTheSubcommandNamedBeforeHelp() {
        final java.util.TreeMap<String, CliCommand> commands = new java.util.TreeMap<>();
        commands.put("multi", new CliCommand() {
            @Override
            public String name() {
                return "multi";
            }

            @Override
            public String description() {
                return "has subcommands";
            }

            @Override
            public String help() {
                return "usage: multi SUB";
            }

            @Override
            public String help(final List<String> args) {
                return args.get(0).equals("one") ? "usage: multi one [--x N]" : help();
            }

            @Override
            public int run(final List<String> args, final PrintStream out, final PrintStream err) {
                return 3;
            }
        });
        final PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        final PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(0, Main.run(List.of("multi", "one", "--help", "--", "--x"), o, e, commands));
        assertEquals("usage: multi one [--x N]", out.toString(StandardCharsets.UTF_8).strip());
        out.reset();
        assertEquals(0, Main.run(List.of("multi", "--help"), o, e, commands));
        assertEquals("usage: multi SUB", out.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void shouldPrintOneLineWhenACommandThrowsAnError() {
        final java.util.TreeMap<String, CliCommand> commands = new java.util.TreeMap<>();
        commands.put("oom", new ThrowingCommand(new OutOfMemoryError("Java heap space")));
        commands.put("err", new ThrowingCommand(new StackOverflowError()));
        final PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        final PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(1, Main.run(List.of("oom"), o, e, commands));
        assertEquals(1, err().strip().split("\n").length, err());
        assertTrue(err().startsWith("bsp oom: out of memory (Java heap space): the JVM has a heap of at most "), err());
        assertTrue(err().contains("raise it with JBSP_JAVA_OPTS=-Xmx"), err());
        err.reset();
        assertEquals(1, Main.run(List.of("err"), o, e, commands));
        assertEquals("bsp err: failed: java.lang.StackOverflowError", err().strip());
    }

    private void assertOneLine(final int code, final String expected, final String... args) {
        err.reset();
        assertEquals(code, bsp(args), err());
        assertEquals(1, err().strip().split("\n").length, err());
        assertTrue(err().contains(expected), "'" + expected + "' in " + err());
    }

    /** A command that throws what it was given. */
    private record ThrowingCommand(Throwable thrown) implements CliCommand {
        @Override
        public String name() {
            return thrown instanceof OutOfMemoryError ? "oom" : "err";
        }

        @Override
        public String description() {
            return "throws";
        }

        @Override
        public String help() {
            return "throws";
        }

        @Override
        public int run(final List<String> args, final PrintStream out, final PrintStream err) throws Exception {
            if (thrown instanceof Error e) {
                throw e;
            }
            throw (Exception) thrown;
        }
    }

    /** A program whose class cannot be initialized. */
    public static final class BadStaticInit implements org.jbsplib.api.BspProgram {
        static final int VALUE = fail();

        private static int fail() {
            throw new IllegalStateException("static init failed");
        }

        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
        }
    }

    /** A program without a public no-argument constructor. */
    public static final class NoNoArgConstructor implements org.jbsplib.api.BspProgram {
        public NoNoArgConstructor(final int unused) {
        }

        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
        }
    }

    /** A program whose constructor throws. */
    public static final class ThrowingConstructor implements org.jbsplib.api.BspProgram {
        public ThrowingConstructor() {
            throw new IllegalStateException("constructor failed");
        }

        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
        }
    }

    /** A program loaded by {@code ./bsp run}: it syncs once and returns (the aborting one is {@link CallsAbort}). */
    public static final class SyncOnceProgram implements org.jbsplib.api.BspProgram {
        @Override
        public void run(final org.jbsplib.api.Bsp bsp) {
            bsp.sync();
        }
    }
}
