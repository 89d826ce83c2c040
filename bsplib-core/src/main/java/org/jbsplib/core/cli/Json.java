package org.jbsplib.core.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;

/**
 * Minimal JSON for the CLI's results, both ways. The writer ({@link #write}, {@link #writeFile}) takes {@link Map}
 * (insertion order kept), {@link Collection}, arrays of primitives, {@link Number}, {@link Boolean},
 * {@link CharSequence} and {@code null}; non-finite doubles are written as {@code null}. The parser
 * ({@link #parse}) reads JSON text back into maps, lists, strings, numbers, booleans and {@code null}, so that a
 * result file can be checked or compared with another. Stateless; safe from any thread.
 *
 * <pre>{@code
 * Json.writeFile("out/bench.json", Map.of("procs", 8, "medianNs", 1234.5));
 * Map<?, ?> back = (Map<?, ?>) Json.parse(Files.readString(Path.of("out/bench.json")));
 * }</pre>
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

    /**
     * Checks, before a run, that {@link #writeFile} will be able to write {@code file}: not a directory, and either
     * writable itself or inside a directory (existing, or to be created under the nearest existing one) that is
     * writable. Creates nothing and leaves nothing behind, so that a run refused afterwards for another reason leaves
     * no trace on disk; {@link #writeFile} creates the missing directories once the run writes its results.
     *
     * @throws CliException naming the file and the reason
     */
    public static void checkWritable(final String file) {
        checkWritable("--json", file);
    }

    /**
     * {@link #checkWritable(String)} for the file of another option (such as {@code --html OUT}).
     *
     * @param option the option that names the file, for the message
     * @param file   the file
     * @throws CliException naming the option, the file and the reason
     */
    public static void checkWritable(final String option, final String file) {
        final Path path = Path.of(file).toAbsolutePath();
        if (Files.isDirectory(path)) {
            throw new CliException(option + " " + file + " is a directory; give a file name");
        }
        try {
            if (Files.exists(path)) {
                // opened for appending and closed: the file stays as it is
                Files.newOutputStream(path, java.nio.file.StandardOpenOption.APPEND).close();
                return;
            }
            Path dir = path.getParent();
            while (dir != null && !Files.exists(dir)) {
                dir = dir.getParent();
            }
            if (dir == null) {
                throw new CliException(option + " " + file + ": cannot write (no existing directory above it)");
            }
            if (!Files.isDirectory(dir)) {
                throw new CliException(option + " " + file + ": cannot write (" + dir + " is not a directory)");
            }
            if (!Files.isWritable(dir)) {
                throw new CliException(option + " " + file + ": cannot write (directory " + dir + " is not writable)");
            }
            if (dir.equals(path.getParent())) {
                // the file's own directory: a real create and delete catches what the permission bits miss
                Files.delete(Files.createFile(path));
            }
        } catch (final IOException | SecurityException e) {
            throw new CliException(option + " " + file + ": cannot write (" + e + ")");
        }
    }

    /**
     * Writes {@code value} as JSON into {@code file}, creating parent directories.
     *
     * @throws IOException if the file cannot be written
     */
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

    /**
     * Parses JSON text into {@link java.util.LinkedHashMap}, {@link java.util.ArrayList}, {@link String},
     * {@link Double} or {@link Long} (integers without fraction or exponent), {@link Boolean} and {@code null}.
     *
     * @throws IllegalArgumentException naming the position of the first syntax error
     */
    public static Object parse(final String text) {
        final Parser p = new Parser(text);
        final Object value = p.value();
        p.skipWs();
        if (p.pos != text.length()) {
            throw p.error("trailing characters");
        }
        return value;
    }

    private static final class Parser {
        private final String s;
        private int pos;

        Parser(final String s) {
            this.s = s;
        }

        IllegalArgumentException error(final String what) {
            return new IllegalArgumentException("JSON: " + what + " at offset " + pos);
        }

        void skipWs() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        Object value() {
            skipWs();
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            final char c = s.charAt(pos);
            switch (c) {
                case '{': {
                    pos++;
                    final Map<String, Object> map = new java.util.LinkedHashMap<>();
                    skipWs();
                    if (peek('}')) {
                        return map;
                    }
                    do {
                        skipWs();
                        final String key = str();
                        skipWs();
                        expect(':');
                        map.put(key, value());
                        skipWs();
                    } while (peek(','));
                    expect('}');
                    return map;
                }
                case '[': {
                    pos++;
                    final java.util.List<Object> list = new java.util.ArrayList<>();
                    skipWs();
                    if (peek(']')) {
                        return list;
                    }
                    do {
                        list.add(value());
                        skipWs();
                    } while (peek(','));
                    expect(']');
                    return list;
                }
                case '"':
                    return str();
                case 't':
                    word("true");
                    return Boolean.TRUE;
                case 'f':
                    word("false");
                    return Boolean.FALSE;
                case 'n':
                    word("null");
                    return null;
                default:
                    return number();
            }
        }

        boolean peek(final char c) {
            if (pos < s.length() && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        void expect(final char c) {
            if (!peek(c)) {
                throw error("expected '" + c + "'");
            }
        }

        void word(final String w) {
            if (!s.startsWith(w, pos)) {
                throw error("expected " + w);
            }
            pos += w.length();
        }

        String str() {
            expect('"');
            final StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw error("unterminated string");
                }
                final char c = s.charAt(pos++);
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                final char e = s.charAt(pos++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> sb.append(e);
                }
            }
        }

        Object number() {
            final int start = pos;
            boolean integral = true;
            while (pos < s.length()) {
                final char c = s.charAt(pos);
                if (c >= '0' && c <= '9' || c == '-' || c == '+') {
                    pos++;
                } else if (c == '.' || c == 'e' || c == 'E') {
                    integral = false;
                    pos++;
                } else {
                    break;
                }
            }
            if (start == pos) {
                throw error("unexpected character '" + s.charAt(pos) + "'");
            }
            final String t = s.substring(start, pos);
            try {
                return integral ? (Object) Long.parseLong(t) : (Object) Double.parseDouble(t);
            } catch (final NumberFormatException ex) {
                return Double.parseDouble(t);
            }
        }
    }
}
