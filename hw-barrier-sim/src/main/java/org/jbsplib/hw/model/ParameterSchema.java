package org.jbsplib.hw.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters one backend understands (name, unit, meaning) and its named presets. Specs are parsed into
 * {@link Parameters}:
 *
 * <pre>{@code
 * backend[/preset][:key=value[,key=value...]]      e.g.  papers/papers0:portOpsPerSec=1e6,cableDelayNs=20
 * }</pre>
 *
 * Values are decimal numbers ({@code 1e6}, {@code 0.5}); booleans are written {@code 0}/{@code 1} or
 * {@code false}/{@code true}. An unknown backend, preset or key, or a bad value, fails with an
 * {@link IllegalArgumentException} that names it and lists what is known.
 *
 * <p>Threading: immutable once built; build it in a static initializer.
 */
public final class ParameterSchema {
    private final String backend;
    private final Map<String, String> docs = new LinkedHashMap<>();
    private final Map<String, Map<String, Double>> presets = new LinkedHashMap<>();
    private final Map<String, String> presetDocs = new LinkedHashMap<>();
    private String defaultPreset;

    public ParameterSchema(final String backend) {
        this.backend = backend;
    }

    public String backend() {
        return backend;
    }

    /** Declares a parameter. */
    public ParameterSchema key(final String name, final String doc) {
        docs.put(name, doc);
        return this;
    }

    /**
     * Declares a preset; {@code keyValues} alternates names and numbers and must set every declared key. The first
     * preset is the default.
     */
    public ParameterSchema preset(final String name, final String doc, final Object... keyValues) {
        final Map<String, Double> values = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            final String key = (String) keyValues[i];
            if (!docs.containsKey(key)) {
                throw new IllegalArgumentException(backend + ": preset " + name + " sets unknown key=" + key);
            }
            values.put(key, ((Number) keyValues[i + 1]).doubleValue());
        }
        for (String key : docs.keySet()) {
            if (!values.containsKey(key)) {
                throw new IllegalArgumentException(backend + ": preset " + name + " misses key=" + key);
            }
        }
        presets.put(name, Collections.unmodifiableMap(values));
        presetDocs.put(name, doc);
        if (defaultPreset == null) {
            defaultPreset = name;
        }
        return this;
    }

    public Map<String, String> keyDocs() {
        return Collections.unmodifiableMap(docs);
    }

    public List<String> presetNames() {
        return new ArrayList<>(presets.keySet());
    }

    public String presetDoc(final String preset) {
        return presetDocs.get(preset);
    }

    public Map<String, Double> presetValues(final String preset) {
        return presets.get(preset);
    }

    /** @return the default preset with no overrides */
    public Parameters defaults() {
        return parse(backend);
    }

    /** Parses {@code backend[/preset][:key=value,...]}; the backend part must name this schema's backend. */
    public Parameters parse(final String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException(backend + ": spec=" + spec + " is empty");
        }
        final String trimmed = spec.trim();
        final int colon = trimmed.indexOf(':');
        final String head = colon < 0 ? trimmed : trimmed.substring(0, colon);
        final String tail = colon < 0 ? "" : trimmed.substring(colon + 1);
        final int slash = head.indexOf('/');
        final String name = (slash < 0 ? head : head.substring(0, slash)).trim();
        final String preset = slash < 0 ? defaultPreset : head.substring(slash + 1).trim();
        if (!name.equalsIgnoreCase(backend)) {
            throw new IllegalArgumentException(backend + ": spec=" + spec + " names backend=" + name);
        }
        final Map<String, Double> base = presets.get(preset);
        if (base == null) {
            throw new IllegalArgumentException(backend + ": preset=" + preset + " is unknown; known presets: "
                + presets.keySet());
        }
        final Map<String, Double> values = new LinkedHashMap<>(base);
        if (!tail.isBlank()) {
            for (String pair : tail.split(",")) {
                final int eq = pair.indexOf('=');
                final String key = (eq < 0 ? pair : pair.substring(0, eq)).trim();
                final String raw = eq < 0 ? null : pair.substring(eq + 1).trim();
                if (!docs.containsKey(key)) {
                    throw new IllegalArgumentException(backend + ": key=" + key + " (value=" + raw
                        + ") is unknown; known keys: " + docs.keySet());
                }
                values.put(key, parseValue(key, raw));
            }
        }
        return new Parameters(backend, preset, values, this);
    }

    private double parseValue(final String key, final String raw) {
        if (raw == null || raw.isEmpty()) {
            throw new IllegalArgumentException(backend + ": key=" + key + " has no value (value=" + raw
                + "); known keys: " + docs.keySet());
        }
        final String word = raw.toLowerCase(Locale.ROOT);
        if (word.equals("true") || word.equals("false")) {
            return word.equals("true") ? 1 : 0;
        }
        final double v;
        try {
            v = Double.parseDouble(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(backend + ": key=" + key + " value=" + raw
                + " is not a number; known keys: " + docs.keySet(), e);
        }
        if (!Double.isFinite(v) || v < 0) {
            throw new IllegalArgumentException(backend + ": key=" + key + " value=" + raw
                + " must be a finite number >= 0; known keys: " + docs.keySet());
        }
        return v;
    }

    /** @return markdown lines documenting keys and presets */
    public String describe() {
        final StringBuilder sb = new StringBuilder();
        sb.append("| key | meaning |");
        for (String p : presets.keySet()) {
            sb.append(' ').append(p).append(" |");
        }
        sb.append('\n').append("|---|---|");
        for (int i = 0; i < presets.size(); i++) {
            sb.append("---|");
        }
        sb.append('\n');
        for (Map.Entry<String, String> e : docs.entrySet()) {
            sb.append("| `").append(e.getKey()).append("` | ").append(e.getValue()).append(" |");
            for (Map<String, Double> values : presets.values()) {
                sb.append(' ').append(format(values.get(e.getKey()))).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String format(final double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
