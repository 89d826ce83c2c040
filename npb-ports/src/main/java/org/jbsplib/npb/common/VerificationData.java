package org.jbsplib.npb.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.cli.Json;

/**
 * The official NPB verification values, read from the classpath resource {@value #RESOURCE} (a verbatim copy of
 * the project's {@code shared/npb/verification.json}) with {@link Json#parse(String)}. Kernels take their sizes,
 * iteration counts, reference values, epsilon and Mop/s coefficients from here and nowhere else.
 *
 * <p>Immutable after construction and safe to share.
 * <pre>{@code
 * VerificationData data = VerificationData.load();
 * Map<String, Object> a = data.npbClass("FT", 'A');
 * int nx = VerificationData.intValue(a, "nx");
 * }</pre>
 */
public final class VerificationData {
    /** Where the values live on the classpath. */
    public static final String RESOURCE = "/npb/verification.json";

    private final Map<String, Object> root;

    private VerificationData(final Map<String, Object> root) {
        this.root = root;
    }

    /** @return the values parsed from the classpath resource */
    public static VerificationData load() {
        try (InputStream in = VerificationData.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("verification data " + RESOURCE + " is not on the classpath");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (final IOException e) {
            throw new UncheckedIOException("reading " + RESOURCE, e);
        }
    }

    /** @return the values parsed from JSON text of the same shape as the resource */
    @SuppressWarnings("unchecked")
    public static VerificationData parse(final String json) {
        final Object root = Json.parse(json);
        if (!(root instanceof Map)) {
            throw new IllegalArgumentException("verification data: top level is not an object");
        }
        return new VerificationData((Map<String, Object>) root);
    }

    /**
     * @param kernel the kernel's key, {@code FT} or {@code LU}
     * @return the kernel's section
     * @throws IllegalArgumentException if absent
     */
    public Map<String, Object> kernel(final String kernel) {
        return object(root, kernel, "verification data");
    }

    /**
     * @return the section of class {@code npbClass} of {@code kernel}
     * @throws IllegalArgumentException naming the class if the kernel has no values for it
     */
    public Map<String, Object> npbClass(final String kernel, final char npbClass) {
        final Map<String, Object> classes = object(kernel(kernel), "classes", kernel);
        final Object section = classes.get(String.valueOf(npbClass));
        if (!(section instanceof Map)) {
            throw new IllegalArgumentException("class=" + npbClass + " has no " + kernel
                + " verification values (known: " + String.join("", classes.keySet()) + ")");
        }
        return cast(section);
    }

    /** @return the classes with values for {@code kernel}, in file order, e.g. {@code "SWABC"} */
    public String classes(final String kernel) {
        return String.join("", object(kernel(kernel), "classes", kernel).keySet());
    }

    /** @return {@code map[key]} as a section */
    public static Map<String, Object> object(final Map<String, Object> map, final String key, final String where) {
        final Object value = map.get(key);
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException(where + ": '" + key + "' is missing or not an object");
        }
        return cast(value);
    }

    /** @return {@code map[key]} as a double */
    public static double doubleValue(final Map<String, Object> map, final String key) {
        final Object value = map.get(key);
        if (!(value instanceof Number)) {
            throw new IllegalArgumentException("verification data: '" + key + "'=" + value + " is not a number");
        }
        return ((Number) value).doubleValue();
    }

    /** @return {@code map[key]} as an int */
    public static int intValue(final Map<String, Object> map, final String key) {
        final double value = doubleValue(map, key);
        if (value != Math.rint(value) || Math.abs(value) > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("verification data: '" + key + "'=" + value + " is not an int");
        }
        return (int) value;
    }

    /** @return {@code map[key]} as an array of doubles */
    public static double[] doubles(final Map<String, Object> map, final String key) {
        final Object value = map.get(key);
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException("verification data: '" + key + "' is not an array");
        }
        final double[] out = new double[list.size()];
        for (int i = 0; i < out.length; i++) {
            if (!(list.get(i) instanceof Number n)) {
                throw new IllegalArgumentException("verification data: '" + key + "'[" + i + "]=" + list.get(i)
                    + " is not a number");
            }
            out[i] = n.doubleValue();
        }
        return out;
    }

    /** @return {@code map[key]} as an array of arrays of doubles */
    public static double[][] doubleRows(final Map<String, Object> map, final String key) {
        final Object value = map.get(key);
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException("verification data: '" + key + "' is not an array");
        }
        final double[][] out = new double[list.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = doubles(Map.of("row", list.get(i)), "row");
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(final Object value) {
        return (Map<String, Object>) value;
    }
}
