package org.jbsplib.core.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

/**
 * A minimal JSON writer for results: {@link Map} (insertion order kept), {@link Collection}, arrays of primitives,
 * {@link Number}, {@link Boolean}, {@link CharSequence} and {@code null}. Non-finite doubles are written as
 * {@code null}.
 */
public final class Json {
    private Json() {
    }

    /** @return {@code value} as JSON text */
    public static String write(final Object value) {
        final StringBuilder sb = new StringBuilder(256);
        write(sb, value, 0);
        return sb.append('\n').toString();
    }

    /** Writes {@code value} as JSON into {@code file}, creating parent directories. */
    public static void writeFile(final String file, final Object value) throws IOException {
        final Path path = Path.of(file);
        final Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(path, write(value), StandardCharsets.UTF_8);
    }

    private static void write(final StringBuilder sb, final Object value, final int indent) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                sb.append("{}");
                return;
            }
            sb.append("{\n");
            int i = 0;
            for (final Map.Entry<?, ?> e : map.entrySet()) {
                pad(sb, indent + 1);
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), indent + 1);
                sb.append(++i < map.size() ? ",\n" : "\n");
            }
            pad(sb, indent);
            sb.append('}');
        } else if (value instanceof Collection<?> list) {
            writeList(sb, list.toArray(), indent);
        } else if (value instanceof Object[] array) {
            writeList(sb, array, indent);
        } else if (value instanceof double[] a) {
            writeList(sb, java.util.Arrays.stream(a).boxed().toArray(), indent);
        } else if (value instanceof long[] a) {
            writeList(sb, java.util.Arrays.stream(a).boxed().toArray(), indent);
        } else if (value instanceof int[] a) {
            writeList(sb, java.util.Arrays.stream(a).boxed().toArray(), indent);
        } else if (value instanceof Double d) {
            sb.append(Double.isFinite(d) ? d.toString() : "null");
        } else if (value instanceof Float f) {
            sb.append(Float.isFinite(f) ? f.toString() : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);
        } else {
            string(sb, value.toString());
        }
    }

    private static void writeList(final StringBuilder sb, final Object[] items, final int indent) {
        boolean simple = true;
        for (final Object o : items) {
            if (o instanceof Map || o instanceof Collection || o instanceof Object[]) {
                simple = false;
                break;
            }
        }
        sb.append('[');
        for (int i = 0; i < items.length; i++) {
            if (!simple) {
                sb.append('\n');
                pad(sb, indent + 1);
            }
            write(sb, items[i], indent + 1);
            if (i + 1 < items.length) {
                sb.append(simple ? ", " : ",");
            }
        }
        if (!simple && items.length > 0) {
            sb.append('\n');
            pad(sb, indent);
        }
        sb.append(']');
    }

    private static void pad(final StringBuilder sb, final int indent) {
        sb.append("  ".repeat(indent));
    }

    private static void string(final StringBuilder sb, final String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
