package org.jbsplib.core.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses a command's options: {@code --name value}, {@code --name=value} and boolean {@code --flag}, plus
 * positional words. Options must be declared; an unknown one is a {@link CliException} listing the known ones.
 *
 * <pre>{@code
 * Args a = Args.parse(args, Set.of("--procs", "--sync", "--json"), Set.of("--quiet"));
 * int procs = a.intValue("--procs", 2);
 * }</pre>
 */
public final class Args {
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Set<String> flags = new LinkedHashSet<>();
    private final List<String> positional = new ArrayList<>();

    private Args() {
    }

    /**
     * @param args          the words after the command
     * @param valueOptions  options that take a value
     * @param flagOptions   options without a value
     * @return the parsed options
     * @throws CliException on an unknown option or a missing value
     */
    public static Args parse(final List<String> args, final Set<String> valueOptions, final Set<String> flagOptions) {
        final Args parsed = new Args();
        for (int i = 0; i < args.size(); i++) {
            final String word = args.get(i);
            if (word.startsWith("--")) {
                final int eq = word.indexOf('=');
                final String name = eq > 0 ? word.substring(0, eq) : word;
                if (valueOptions.contains(name)) {
                    final String value;
                    if (eq > 0) {
                        value = word.substring(eq + 1);
                    } else if (i + 1 < args.size()) {
                        value = args.get(++i);
                    } else {
                        throw new CliException("option " + name + " needs a value");
                    }
                    parsed.values.put(name, value);
                } else if (flagOptions.contains(name) && eq < 0) {
                    parsed.flags.add(name);
                } else {
                    final Set<String> known = new java.util.TreeSet<>(valueOptions);
                    known.addAll(flagOptions);
                    throw new CliException("unknown option " + word + " (known: " + String.join(", ", known) + ")");
                }
            } else {
                parsed.positional.add(word);
            }
        }
        return parsed;
    }

    /**
     * @return these options without {@code name} (for a command whose own option, such as a list of P, shares its
     *         name with a shared run option of another meaning)
     */
    public Args without(final String name) {
        final Args copy = new Args();
        copy.values.putAll(values);
        copy.values.remove(name);
        copy.flags.addAll(flags);
        copy.flags.remove(name);
        copy.positional.addAll(positional);
        return copy;
    }

    /** @return the option as an int of at least {@code min}, or {@code def}; otherwise a {@link CliException} */
    public int intAtLeast(final String name, final int def, final int min) {
        final int v = intValue(name, def);
        if (v < min) {
            throw new CliException("option " + name + "=" + v + " must be >= " + min);
        }
        return v;
    }

    /** @return the option's value, or {@code def} when absent */
    public String value(final String name, final String def) {
        return values.getOrDefault(name, def);
    }

    /** @return whether the option was given */
    public boolean has(final String name) {
        return values.containsKey(name) || flags.contains(name);
    }

    /** @return the option as an int, or {@code def}; a non-integer is a {@link CliException} */
    public int intValue(final String name, final int def) {
        final String v = values.get(name);
        if (v == null) {
            return def;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (final NumberFormatException e) {
            throw new CliException("option " + name + "=" + v + " is not an integer");
        }
    }

    /** @return the option as a long, or {@code def}; a non-integer is a {@link CliException} */
    public long longValue(final String name, final long def) {
        final String v = values.get(name);
        if (v == null) {
            return def;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (final NumberFormatException e) {
            throw new CliException("option " + name + "=" + v + " is not an integer");
        }
    }

    /**
     * @return the option as a duration in ns, or {@code def}: a number with an optional unit {@code ms}, {@code s}
     *         (the default), {@code m} or {@code h} ({@code 250ms}, {@code 90}, {@code 1.5s}, {@code 10m}); anything
     *         else, or a negative duration, is a {@link CliException}
     */
    public long durationNs(final String name, final long def) {
        final String v = values.get(name);
        if (v == null) {
            return def;
        }
        final java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|h)?\\s*")
            .matcher(v);
        if (!m.matches()) {
            throw new CliException("option " + name + "=" + v + " is not a duration (a number with an optional unit "
                + "ms, s, m or h; seconds by default)");
        }
        final double unitNs = m.group(2) == null ? 1e9 : switch (m.group(2)) {
            case "ms" -> 1e6;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> 1e9;
        };
        final double ns = Double.parseDouble(m.group(1)) * unitNs;
        return ns >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) ns;
    }

    /** @return a comma-separated option as ints ({@code 2,4,8}), or {@code def} */
    public int[] intList(final String name, final int... def) {
        final String v = values.get(name);
        if (v == null) {
            return def;
        }
        final String[] parts = v.split(",");
        final int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].trim());
            } catch (final NumberFormatException e) {
                throw new CliException("option " + name + "=" + v + ": '" + parts[i] + "' is not an integer");
            }
        }
        return out;
    }

    /** @return a comma-separated option as words, or {@code def} */
    public List<String> list(final String name, final List<String> def) {
        final String v = values.get(name);
        if (v == null) {
            return def;
        }
        final List<String> out = new ArrayList<>();
        for (final String part : v.split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }

    /** @return positional words */
    public List<String> positional() {
        return positional;
    }
}
