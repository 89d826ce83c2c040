package org.jbsplib.hw.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.hw.model.EventQueue;
import org.jbsplib.report.LineChart;

/**
 * One {@code ./bsp sim} run: its options, where its files go, what it found (results, reference points, files) and
 * how fast the models ran (events polled on this thread, wall time).
 *
 * <p>Threading: confined to the command's thread.
 */
final class SimRun {
    private final String name;
    private final Args args;
    private final Path outDir;
    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, Object> results = new LinkedHashMap<>();
    private final List<Reference> references = new ArrayList<>();
    private final List<String> files = new ArrayList<>();
    private final long startNs = System.nanoTime();
    private final long startEvents = EventQueue.polledOnThisThread();
    private long outputNs;

    SimRun(final String name, final Args args, final Path outDir, final PrintStream out, final PrintStream err) {
        this.name = name;
        this.args = args;
        this.outDir = outDir;
        this.out = out;
        this.err = err;
    }

    /** @return the subcommand's options */
    Args args() {
        return args;
    }

    /** @return results */
    PrintStream out() {
        return out;
    }

    /** @return progress */
    PrintStream err() {
        return err;
    }

    /**
     * @param key   a JSON key
     * @param value a JSON value (maps, lists, arrays, numbers, strings)
     */
    void result(final String key, final Object value) {
        results.put(key, value);
    }

    /** @param r a value the paper states and the model's value */
    void reference(final Reference r) {
        references.add(r);
    }

    /** @return the reference points so far */
    List<Reference> references() {
        return references;
    }

    /**
     * Writes a chart into the output directory, if there is one.
     *
     * @param chart    the chart
     * @param baseName the file name without extension
     * @throws IOException when a file cannot be written
     */
    void plot(final LineChart chart, final String baseName) throws IOException {
        if (outDir != null) {
            final long t0 = System.nanoTime();
            for (final Path p : chart.write(outDir, baseName)) {
                files.add(p.toString());
            }
            outputNs += System.nanoTime() - t0;
        }
    }

    /**
     * Writes a bar chart into the output directory, if there is one.
     *
     * @param chart    the chart
     * @param baseName the file name without extension
     * @throws IOException when a file cannot be written
     */
    void plot(final org.jbsplib.report.BarChart chart, final String baseName) throws IOException {
        if (outDir != null) {
            final long t0 = System.nanoTime();
            for (final Path p : chart.write(outDir, baseName)) {
                files.add(p.toString());
            }
            outputNs += System.nanoTime() - t0;
        }
    }

    /**
     * Writes a text file into the output directory, if there is one.
     *
     * @param fileName the file's name
     * @param text     its content
     * @throws IOException when it cannot be written
     */
    void text(final String fileName, final String text) throws IOException {
        if (outDir != null) {
            final Path p = outDir.resolve(fileName);
            java.nio.file.Files.createDirectories(outDir);
            java.nio.file.Files.writeString(p, text, java.nio.charset.StandardCharsets.UTF_8);
            files.add(p.toString());
        }
    }

    /**
     * Parses a list of sizes: {@code 2,4,8} or a range of powers of two {@code 2..16}.
     *
     * @param option the option's name
     * @param def    the default
     * @param min    the smallest size allowed
     * @return the sizes
     */
    int[] sizes(final String option, final int[] def, final int min) {
        final String v = args.value(option, null);
        int[] sizes = def;
        if (v != null && v.contains("..")) {
            final String[] ends = v.split("\\.\\.", -1);
            final int lo;
            final int hi;
            try {
                lo = Integer.parseInt(ends[0].trim());
                hi = Integer.parseInt(ends[1].trim());
            } catch (final NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw new CliException("option " + option + "=" + v + ": expected LO..HI or a list such as 2,4,8");
            }
            if (lo < min || hi < lo) {
                throw new CliException("option " + option + "=" + v + ": needs " + min + " <= LO <= HI");
            }
            final List<Integer> list = new ArrayList<>();
            for (long s = lo; s <= hi; s *= 2) {
                list.add((int) s);
            }
            if (list.get(list.size() - 1) != hi) {
                list.add(hi);
            }
            sizes = list.stream().mapToInt(Integer::intValue).toArray();
        } else if (v != null) {
            sizes = args.intList(option);
        }
        for (final int s : sizes) {
            if (s < min) {
                throw new CliException("option " + option + ": size " + s + " must be >= " + min);
            }
        }
        return sizes;
    }

    /** @return events polled by the models since the run started */
    long events() {
        return EventQueue.polledOnThisThread() - startEvents;
    }

    /**
     * @return the run's JSON: command, results, reference points, files, events, wall time, and events per second of
     * the time spent simulating (wall time minus drawing)
     */
    Map<String, Object> json() {
        final double wallS = (System.nanoTime() - startNs) / 1e9;
        final double simulatingS = wallS - outputNs / 1e9;
        final Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "sim " + name);
        json.putAll(results);
        final List<Object> refs = new ArrayList<>();
        for (final Reference r : references) {
            refs.add(r.json());
        }
        json.put("reference_points", refs);
        json.put("files", files);
        json.put("events", events());
        json.put("wall_s", wallS);
        json.put("simulating_s", simulatingS);
        json.put("events_per_s", events() / simulatingS);
        return json;
    }

    /** @return the files written so far */
    List<String> files() {
        return files;
    }
}
