package org.jbsplib.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.cli.ExampleCommand;
import org.jbsplib.core.cli.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TraceCommandTest {
    @TempDir
    Path dir;

    private final PrintStream sink = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void shouldSummarizeATraceWrittenByExampleWithTraceAndWriteItsTimelineAndJson() throws Exception {
        final Path trace = dir.resolve("t");
        assertEquals(0, new ExampleCommand().run(List.of("broadcast", "--procs", "3", "--trace", trace.toString(),
            "--quiet"), sink, sink));
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final Path html = dir.resolve("t.html");
        final Path json = dir.resolve("t.json");
        assertEquals(0, new TraceCommand().run(List.of(trace.toString(), "--html", html.toString(), "--json",
            json.toString()), new PrintStream(out, true, StandardCharsets.UTF_8), sink));
        final String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("trace: P=3 sync=org"), text);
        assertTrue(text.contains("load imbalance:"), text);
        assertTrue(text.contains("slowest supersteps:"), text);
        assertTrue(text.contains("who waited on whom most"), text);
        final String page = Files.readString(html);
        assertTrue(page.contains("<canvas id=\"tl\">"), "a canvas page");
        assertTrue(!page.contains("/*DATA*/") && page.contains("\"procs\":3"), "the data is embedded");
        @SuppressWarnings("unchecked")
        final Map<String, Object> m = (Map<String, Object>) Json.parse(Files.readString(json));
        assertEquals("trace", m.get("command"));
        assertEquals(3, ((List<?>) m.get("processes")).size());
    }

    @Test
    void shouldRefuseADirectoryWithoutATraceAsBadUsageNamingIt() {
        final CliException e = assertThrows(CliException.class,
            () -> new TraceCommand().run(List.of(dir.toString()), sink, sink));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    }

    @Test
    void shouldRefuseATraceDirectoryThatCannotBeUsedAsBadUsageBeforeTheRun() throws Exception {
        final Path file = Files.writeString(dir.resolve("a-file"), "x");
        final Path used = dir.resolve("used");
        assertEquals(0, new ExampleCommand().run(List.of("broadcast", "--procs", "2", "--trace", used.toString(),
            "--quiet"), sink, sink));
        for (final Path trace : List.of(file, used)) {
            final String e = assertRefusedInOneLine(List.of("example", "broadcast", "--procs", "2", "--quiet",
                "--trace", trace.toString()), "nothing ran");
            assertTrue(e.contains("error: trace=" + trace), e);
        }
    }

    @Test
    void shouldNeedExactlyOneDirectory() {
        final CliException e = assertThrows(CliException.class, () -> new TraceCommand().run(List.of(), sink, sink));
        assertTrue(e.getMessage().contains("exactly one DIR"), e.getMessage());
    }

    @Test
    void shouldRefuseAnHtmlFileThatCannotBeWrittenAsBadUsageBeforeReading() throws Exception {
        final Path trace = dir.resolve("t");
        assertEquals(0, new ExampleCommand().run(List.of("broadcast", "--procs", "2", "--trace", trace.toString(),
            "--quiet"), sink, sink));
        final Path file = Files.writeString(dir.resolve("a-file"), "x");
        for (final Path html : List.of(dir, file.resolve("t.html"))) {
            final String e = assertRefusedInOneLine(List.of("trace", trace.toString(), "--html", html.toString()),
                "no summary before the refusal");
            assertTrue(e.contains("error: --html " + html), e);
        }
    }

    /**
     * Runs {@code ./bsp argv} and asserts bad usage: exit 2, one line on stderr, nothing on stdout.
     *
     * @return the line on stderr
     */
    private static String assertRefusedInOneLine(final List<String> argv, final String nothingOnStdout) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = org.jbsplib.core.cli.Main.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        final String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, code, e);
        assertEquals(1, e.strip().lines().count(), e);
        assertEquals("", out.toString(StandardCharsets.UTF_8), nothingOnStdout);
        return e;
    }

    @Test
    void shouldCreateTheMissingDirectoriesOfTheHtmlFileAsOfTheJsonFile() throws Exception {
        final Path trace = dir.resolve("t");
        assertEquals(0, new ExampleCommand().run(List.of("broadcast", "--procs", "2", "--trace", trace.toString(),
            "--quiet"), sink, sink));
        final Path html = dir.resolve("new/sub/t.html");
        final Path json = dir.resolve("new2/t.json");
        assertEquals(0, org.jbsplib.core.cli.Main.run(List.of("trace", trace.toString(), "--html", html.toString(),
            "--json", json.toString()), sink, sink));
        assertTrue(Files.size(html) > 0 && Files.size(json) > 0);
    }

    @Test
    void shouldNameTheRunsOfARepeatedRunsDirectory() throws Exception {
        final Path trace = dir.resolve("repeated");
        for (final String run : List.of("run-1", "run-2")) {
            assertEquals(0, new ExampleCommand().run(List.of("broadcast", "--procs", "2", "--trace",
                trace.resolve(run).toString(), "--quiet"), sink, sink));
        }
        final CliException e = assertThrows(CliException.class,
            () -> new TraceCommand().run(List.of(trace.toString()), sink, sink));
        assertTrue(e.getMessage().contains("(run-1, run-2): give one of them, e.g. " + trace.resolve("run-1")),
            e.getMessage());
    }
}
