package org.jbsplib.npb.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jbsplib.report.browser.HeadlessChromium;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI-sized comparison, {@code ./bsp compare --kernels ft,lu --class S --procs 1,2,4 --sync org,rbs --repeat 2},
 * run once through the command class: its files, its runs, and its report in a real browser.
 */
class CompareCommandTest {
    private static final List<String> ARGS = List.of("--kernels", "ft,lu", "--class", "S", "--procs", "1,2,4",
        "--sync", "org,rbs", "--repeat", "2");
    /** 2 kernels x 3 P x 2 syncs, each a warm-up and 2 measured runs. */
    private static final int CONFIGS = 12;

    @TempDir
    static Path dir;

    private static int code;
    private static String out;
    private static String err;

    @BeforeAll
    @Timeout(value = 170, unit = TimeUnit.SECONDS)
    static void runTheCiSizedComparison() throws Exception {
        final ByteArrayOutputStream o = new ByteArrayOutputStream();
        final ByteArrayOutputStream e = new ByteArrayOutputStream();
        final List<String> args = new java.util.ArrayList<>(ARGS);
        args.addAll(List.of("--out", dir.resolve("cmp").toString(), "--json", dir.resolve("copy.json").toString()));
        final long start = System.nanoTime();
        code = new CompareCommand().run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
            new PrintStream(e, true, StandardCharsets.UTF_8));
        // reported, not asserted (no timed unit tests): the issue's budget for this command is 3 minutes
        System.out.printf("CI-sized ./bsp compare took %.1f s%n", (System.nanoTime() - start) / 1e9);
        out = o.toString(StandardCharsets.UTF_8);
        err = e.toString(StandardCharsets.UTF_8);
    }

    @Test
    void shouldVerifyEveryRunAndMarkOneWarmUpPerConfiguration() throws IOException {
        assertEquals(0, code, out + err);
        final Results r = Results.readJson(dir.resolve("cmp/results.json"));
        assertTrue(r.complete());
        assertEquals(CONFIGS * 3, r.runs().size());
        assertTrue(r.runs().stream().allMatch(RunRecord::verified), "every run verified");
        assertEquals(CONFIGS, r.runs().stream().filter(RunRecord::warmup).count());
        assertEquals(CONFIGS, ConfigSummary.of(r.runs()).size());
        for (final ConfigSummary s : ConfigSummary.of(r.runs()).values()) {
            assertEquals(2, s.measured(), s.config().label());
        }
        assertTrue(r.runs().stream().allMatch(x -> x.seconds() > 0 && x.mops() > 0 && x.tSync() >= 0
            && x.supersteps() > 0 && !x.host().isEmpty() && !x.jvm().isEmpty()), "times, counts, host and JVM");
        assertTrue(r.runs().stream().filter(x -> "rbs".equals(x.config().sync()) && x.config().procs() > 1)
            .allMatch(x -> x.exchangeSupersteps() + x.relaxedSupersteps() > 0), "rbs counts its timed supersteps");
        assertTrue(String.valueOf(r.meta().get("command")).startsWith("./bsp compare --kernels ft,lu --class S"),
            r.meta().toString());
        assertEquals(r.runs(), Results.readCsv(dir.resolve("cmp/results.csv")).stream().toList(),
            "the CSV holds the same runs");
        assertEquals(r.runs(), Results.readJson(dir.resolve("copy.json")).runs(), "--json writes a copy");
    }

    @Test
    void shouldWritePlotsAsPngAndSvgAndPrintProgressAndMedians() throws IOException {
        for (final String k : List.of("ft-S", "lu-S")) {
            for (final String fig : List.of("fig5-", "fig6-", "mops-", "tsync-")) {
                for (final String ext : List.of(".png", ".svg")) {
                    final Path f = dir.resolve("cmp/plots/" + fig + k + ext);
                    assertTrue(Files.size(f) > 1000, f + " written");
                }
            }
        }
        assertTrue(err.contains("compare: configuration 1/12 ft S P=1 org default: run 1/3 (warm-up)"), err);
        assertTrue(err.contains("ETA"), err);
        assertTrue(out.contains("lu     S        4  rbs"), out);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldRenderTheReportInABrowserWithEveryPlotAndRun() throws IOException {
        final Path page = dir.resolve("cmp/report.html");
        try (HeadlessChromium browser = HeadlessChromium.start()) {
            browser.open(page);
            assertEquals(List.of(), browser.consoleErrors());
            final List<HeadlessChromium.Image> images = browser.images();
            assertEquals(8, images.size(), images.toString());
            for (final HeadlessChromium.Image i : images) {
                assertTrue(i.rendered(), i.toString());
            }
            assertEquals(CONFIGS * 3, browser.count("#" + CompareReport.RUNS_TABLE + " tbody tr"));
            assertEquals(CONFIGS, browser.count("#" + CompareReport.RUNS_TABLE + " tbody tr.warmup"));
            assertEquals(0, browser.count("#" + CompareReport.RUNS_TABLE + " tbody tr.failed"));
            assertEquals(CONFIGS, browser.count("#" + CompareReport.SUMMARY_TABLE + " tbody tr"));
            assertEquals(6, browser.count("#" + CompareReport.REDUCTIONS_TABLE + " tbody tr"));
            assertTrue(browser.texts("pre").get(0).startsWith("./bsp compare --kernels ft,lu"),
                browser.texts("pre").toString());
            final Path shot = browser.screenshot(Path.of("target", "report-screenshot", "report.png"));
            assertTrue(Files.size(shot) > 10_000, shot.toString());
            browser.script("window.scrollTo(0, document.body.scrollHeight / 3);");
            browser.screenshot(Path.of("target", "report-screenshot", "report-plots.png"));
        }
        try (Stream<Path> files = Files.list(dir.resolve("cmp"))) {
            assertEquals(List.of("plots", "report.html", "results.csv", "results.json"),
                files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }
}
