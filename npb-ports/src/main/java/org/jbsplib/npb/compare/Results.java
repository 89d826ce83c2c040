package org.jbsplib.npb.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.cli.Json;

/**
 * A comparison's runs and how they were made, written as {@code results.json} (the runs with the command, host and
 * JVM) and {@code results.csv} (one line per run, columns {@link RunRecord#COLUMNS}), and read back as a baseline.
 *
 * <p>Threading: {@link #add} and the writers are synchronized, so a shutdown hook can write what is done while the
 * runner still adds.
 *
 * @see RunRecord
 */
public final class Results {
    private final Map<String, Object> meta;
    private final List<RunRecord> runs = new ArrayList<>();
    private boolean complete;

    /**
     * @param meta what the runs share, JSON-ready: the command, host, JVM, start time (kept in order)
     */
    public Results(final Map<String, Object> meta) {
        this.meta = new LinkedHashMap<>(meta);
    }

    /** @param r a finished run */
    public synchronized void add(final RunRecord r) {
        runs.add(r);
    }

    /** @return a copy of these results as they are now (the runner may go on adding to this one) */
    public synchronized Results snapshot() {
        final Results copy = new Results(meta);
        copy.runs.addAll(runs);
        copy.complete = complete;
        return copy;
    }

    /** @return a copy of the runs so far, in run order */
    public synchronized List<RunRecord> runs() {
        return List.copyOf(runs);
    }

    /** @return the shared facts (command, host, JVM, ...) */
    public synchronized Map<String, Object> meta() {
        return new LinkedHashMap<>(meta);
    }

    /**
     * @param key   a shared fact's name
     * @param value its value, JSON-ready
     */
    public synchronized void meta(final String key, final Object value) {
        meta.put(key, value);
    }

    /** @param complete whether every planned run has finished (false: interrupted) */
    public synchronized void complete(final boolean complete) {
        this.complete = complete;
    }

    /** @return whether every planned run finished */
    public synchronized boolean complete() {
        return complete;
    }

    /** @return the JSON document: the meta fields, {@code complete}, then {@code runs} */
    public synchronized Map<String, Object> toJson() {
        final Map<String, Object> m = new LinkedHashMap<>(meta);
        m.put("complete", complete);
        final List<Object> list = new ArrayList<>();
        for (final RunRecord r : runs) {
            list.add(r.toMap());
        }
        m.put("runs", list);
        return m;
    }

    /**
     * @param file where to write the JSON document
     * @throws IOException when it cannot be written
     */
    public synchronized void writeJson(final Path file) throws IOException {
        Json.writeFile(file.toString(), toJson());
    }

    /**
     * @param file where to write the CSV (a header line, then one line per run; RFC 4180 quoting)
     * @throws IOException when it cannot be written
     */
    public synchronized void writeCsv(final Path file) throws IOException {
        final StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", RunRecord.COLUMNS)).append('\n');
        for (final RunRecord r : runs) {
            final Map<String, Object> m = r.toMap();
            for (int i = 0; i < RunRecord.COLUMNS.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(csvField(m.get(RunRecord.COLUMNS.get(i))));
            }
            sb.append('\n');
        }
        if (file.toAbsolutePath().getParent() != null) {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
        Files.writeString(file, sb, StandardCharsets.UTF_8);
    }

    /**
     * @param file a {@code results.json} written by {@link #writeJson}
     * @return its meta fields and runs
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException naming the file and the malformed part
     */
    @SuppressWarnings("unchecked")
    public static Results readJson(final Path file) throws IOException {
        final Object parsed;
        try {
            parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("results " + file + " is not JSON: " + e.getMessage(), e);
        }
        if (!(parsed instanceof Map<?, ?> map) || !(map.get("runs") instanceof List<?> list)) {
            throw new IllegalArgumentException("results " + file + " has no \"runs\" list (not a results.json of "
                + "./bsp compare)");
        }
        final Map<String, Object> meta = new LinkedHashMap<>((Map<String, Object>) map);
        meta.remove("runs");
        final Object complete = meta.remove("complete");
        final Results r = new Results(meta);
        for (int i = 0; i < list.size(); i++) {
            try {
                r.add(RunRecord.fromMap((Map<String, ?>) list.get(i)));
            } catch (final IllegalArgumentException | ClassCastException e) {
                throw new IllegalArgumentException("results " + file + ": run " + i + ": " + e.getMessage(), e);
            }
        }
        r.complete(Boolean.TRUE.equals(complete));
        return r;
    }

    /**
     * @param file a {@code results.csv} written by {@link #writeCsv}
     * @return its runs (no meta fields: the CSV has none)
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException naming the file, the line and the malformed part
     */
    public static List<RunRecord> readCsv(final Path file) throws IOException {
        final List<List<String>> rows = parseCsv(Files.readString(file, StandardCharsets.UTF_8));
        if (rows.isEmpty() || !rows.get(0).equals(RunRecord.COLUMNS)) {
            throw new IllegalArgumentException("results " + file + ": the header is not " + RunRecord.COLUMNS);
        }
        final List<RunRecord> out = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            final List<String> row = rows.get(i);
            if (row.size() != RunRecord.COLUMNS.size()) {
                throw new IllegalArgumentException("results " + file + ": line " + (i + 1) + " has " + row.size()
                    + " fields, expected " + RunRecord.COLUMNS.size());
            }
            final Map<String, String> m = new LinkedHashMap<>();
            for (int c = 0; c < row.size(); c++) {
                m.put(RunRecord.COLUMNS.get(c), row.get(c));
            }
            out.add(RunRecord.fromMap(m));
        }
        return out;
    }

    static String csvField(final Object value) {
        if (value == null) {
            return "";
        }
        final String s = value instanceof Double d && !Double.isFinite(d) ? "" : String.valueOf(value);
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    /** @return the rows of RFC 4180 CSV text (quoted fields may hold commas, quotes and line breaks) */
    static List<List<String>> parseCsv(final String text) {
        final List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        final StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else if (c != '\r') {
                field.append(c);
            }
        }
        if (field.length() > 0 || !row.isEmpty()) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }
}
