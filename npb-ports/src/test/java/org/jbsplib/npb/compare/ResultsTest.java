package org.jbsplib.npb.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsTest {
    @TempDir
    Path dir;

    private Results sample() {
        final Results r = new Results(Map.of("command", "./bsp compare --sync org,rbs"));
        final Configuration org = Runs.config("ft", 2, "org");
        r.add(Runs.ok(org, 0, 1.5));
        r.add(Runs.ok(org, 1, 1.25));
        r.add(Runs.failed(Runs.config("lu", 4, "rbs:paper"), 1, 2.0));
        r.add(RunRecord.error(Runs.config("lu", 4, "rbs"), 0, true,
            new IllegalStateException("pid 1 aborted, \"quote\", comma,\nnew line"), 0.25, "host, 2 cores", "jvm"));
        return r;
    }

    @Test
    void shouldReadBackTheRunsItWroteAsJson() throws IOException {
        final Results r = sample();
        r.complete(true);
        r.writeJson(dir.resolve("results.json"));
        final Results back = Results.readJson(dir.resolve("results.json"));
        assertEquals(r.runs(), back.runs());
        assertTrue(back.complete());
        assertEquals("./bsp compare --sync org,rbs", back.meta().get("command"));
    }

    @Test
    void shouldReadBackTheRunsItWroteAsCsvWithQuotingAndMissingTimes() throws IOException {
        final Results r = sample();
        r.writeCsv(dir.resolve("results.csv"));
        final List<String> lines = Files.readAllLines(dir.resolve("results.csv"));
        assertEquals(String.join(",", RunRecord.COLUMNS), lines.get(0));
        assertTrue(lines.get(1).startsWith("ft,S,2,org,default,host,threads,0,true,ok,true,1.5,"), lines.get(1));
        final List<RunRecord> back = Results.readCsv(dir.resolve("results.csv"));
        assertEquals(r.runs(), back);
        assertTrue(Double.isNaN(back.get(3).seconds()), "an error has no time");
        assertEquals(RunRecord.Status.ERROR, back.get(3).status());
        assertTrue(back.get(3).error().contains("comma,\nnew line"), back.get(3).error());
    }

    @Test
    void shouldKeepTheHostProbeReadingsInBothFiles() throws IOException {
        final Results r = new Results(Map.of("command", "./bsp compare"));
        final Configuration org = Runs.config("ft", 2, "org");
        r.add(Runs.probed(org, 1, 1.3, 0.071, 0.0725));
        r.add(Runs.ok(org, 2, 1.25));
        r.writeJson(dir.resolve("results.json"));
        r.writeCsv(dir.resolve("results.csv"));
        for (final List<RunRecord> back : List.of(Results.readJson(dir.resolve("results.json")).runs(),
            Results.readCsv(dir.resolve("results.csv")))) {
            assertEquals(r.runs(), back);
            assertEquals(0.071, back.get(0).probeBeforeSeconds());
            assertEquals(0.0725, back.get(0).probeAfterSeconds());
            assertTrue(Double.isNaN(back.get(1).probeBeforeSeconds()), "a run without a probe has none");
        }
        assertTrue(Files.readAllLines(dir.resolve("results.csv")).get(0).contains(
            ",wall_seconds,probe_before_seconds,probe_after_seconds,"));
    }

    @Test
    void shouldRefuseFilesThatAreNotResultsNamingThem() throws IOException {
        final Path notJson = Files.writeString(dir.resolve("a.json"), "{\"kernel\": ");
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> Results.readJson(notJson));
        assertTrue(e.getMessage().contains(notJson.toString()), e.getMessage());
        final Path npb = Files.writeString(dir.resolve("npb.json"), "{\"kernel\": \"ft\"}");
        final IllegalArgumentException runs = assertThrows(IllegalArgumentException.class,
            () -> Results.readJson(npb));
        assertTrue(runs.getMessage().contains("no \"runs\" list"), runs.getMessage());
        final Path badRun = Files.writeString(dir.resolve("bad.json"), "{\"runs\": [{\"kernel\": \"ft\"}]}");
        final IllegalArgumentException field = assertThrows(IllegalArgumentException.class,
            () -> Results.readJson(badRun));
        assertTrue(field.getMessage().contains("run 0") && field.getMessage().contains("status"),
            field.getMessage());
        final Path csv = Files.writeString(dir.resolve("x.csv"), "a,b\n1,2\n");
        assertThrows(IllegalArgumentException.class, () -> Results.readCsv(csv));
    }

    @Test
    void shouldParseQuotedCsvFields() {
        assertEquals(List.of(List.of("a", "b,c", "say \"hi\""), List.of("", "x\ny")),
            Results.parseCsv("a,\"b,c\",\"say \"\"hi\"\"\"\n,\"x\ny\"\n"));
        assertEquals("\"a,b\"", Results.csvField("a,b"));
        assertEquals("", Results.csvField(Double.NaN));
        assertFalse(Results.csvField(1.5).contains("\""));
    }
}
