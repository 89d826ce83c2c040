package org.jbsplib.core.barrier;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.StringJoiner;
import java.util.Map;

/**
 * A parsed barrier spec {@code name[/preset][:key=value,...]}, e.g. {@code tree:fanout=4}; {@code /preset} is short for
 * the option {@code preset=...} ({@code nic-pe/lanai43} is {@code nic-pe:preset=lanai43}, the form of the hardware
 * models' names).
 *
 * @param name    the backend name
 * @param options the options in the order given, unmodifiable
 */
public record BarrierSpec(String name, Map<String, String> options) {
    /** The option that {@code name/preset} sets. */
    public static final String PRESET = "preset";

    /**
     * @param spec the text of the spec
     * @return the parsed spec
     * @throws IllegalArgumentException naming the spec when it is empty or malformed
     */
    public static BarrierSpec parse(final String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("barrier=" + spec + " must name a backend: name[:key=value,...]");
        }
        final String text = spec.trim();
        final int colon = text.indexOf(':');
        final String head = colon < 0 ? text : text.substring(0, colon).trim();
        final int slash = head.indexOf('/');
        final String name = slash < 0 ? head : head.substring(0, slash).trim();
        if (name.isEmpty() || name.contains(",") || name.contains("=")) {
            throw new IllegalArgumentException("barrier=" + spec + ": '" + name + "' is not a backend name");
        }
        final Map<String, String> options = new LinkedHashMap<>();
        if (slash >= 0) {
            final String preset = head.substring(slash + 1).trim();
            if (preset.isEmpty() || preset.contains("/") || preset.contains(",") || preset.contains("=")) {
                throw new IllegalArgumentException("barrier=" + spec + ": '" + preset + "' is not a preset name "
                    + "(name/preset, or name:preset=P)");
            }
            options.put(PRESET, preset);
        }
        if (colon >= 0) {
            for (final String part : text.substring(colon + 1).split(",")) {
                if (part.isBlank()) {
                    continue;
                }
                final int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("barrier=" + spec + ": option '" + part.trim()
                        + "' must be key=value");
                }
                final String key = part.substring(0, eq).trim();
                if (options.put(key, part.substring(eq + 1).trim()) != null) {
                    throw new IllegalArgumentException("barrier=" + spec + ": option '" + key + "' given twice");
                }
            }
        }
        return new BarrierSpec(name, Collections.unmodifiableMap(options));
    }

    /**
     * Reads an integer option.
     *
     * @return the option's value, or {@code def} when absent
     * @throws IllegalArgumentException when it is not an integer in {@code min..max}, naming option and value
     */
    public static int intOption(final String backend, final Map<String, String> options, final String key,
        final int def, final int min, final int max) {
        final String v = options.get(key);
        if (v == null) {
            return def;
        }
        final int value;
        try {
            value = Integer.parseInt(v);
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("barrier " + backend + ": option " + key + "=" + v
                + " is not an integer");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("barrier " + backend + ": option " + key + "=" + v + " must be in "
                + min + ".." + max);
        }
        return value;
    }

    /**
     * Refuses options other than {@code known}.
     *
     * @throws IllegalArgumentException naming the first unknown option and the known ones
     */
    public static void checkKnown(final String backend, final Map<String, String> options, final String... known) {
        for (final String key : options.keySet()) {
            if (!java.util.Arrays.asList(known).contains(key)) {
                throw new IllegalArgumentException("barrier " + backend + ": unknown option " + key + "="
                    + options.get(key) + " (known: " + (known.length == 0 ? "none" : String.join(", ", known)) + ")");
            }
        }
    }

    @Override
    public String toString() {
        if (options.isEmpty()) {
            return name;
        }
        final StringJoiner joiner = new StringJoiner(",", name + ":", "");
        options.forEach((k, v) -> joiner.add(k + "=" + v));
        return joiner.toString();
    }
}
