package org.jbsplib.npb.lu;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.cli.Json;

/**
 * The parameters and official reference values of one NPB LU class, read from the shared
 * {@code npb/verification.json} resource (the only source of verification values).
 *
 * <p>Immutable; safe to share between processes.
 *
 * <pre>{@code
 * LuClass a = LuClass.of('A');          // 64^3, 250 iterations, dt = 2.0
 * boolean ok = a.verify(xcr, xce, xci); // each within epsilon of the reference
 * }</pre>
 *
 * @param name     the class letter
 * @param nx       grid points in x (NPB's nx0)
 * @param ny       grid points in y
 * @param nz       grid points in z
 * @param itmax    SSOR iterations
 * @param dt       pseudo-time step
 * @param omega    SSOR relaxation factor
 * @param tolrsd   convergence tolerances of the residual norms
 * @param xcrRef   reference residual norms
 * @param xceRef   reference error norms
 * @param xciRef   reference surface integral
 * @param epsilon  relative tolerance of the verification
 * @param mops     Mop/s coefficients c3, c2, c1, c0 of NPB's operation count
 */
public record LuClass(char name, int nx, int ny, int nz, int itmax, double dt, double omega, double[] tolrsd,
                      double[] xcrRef, double[] xceRef, double xciRef, double epsilon, double[] mops) {

    /** The classpath resource holding the official values. */
    public static final String RESOURCE = "/npb/verification.json";

    private static volatile Map<String, Object> luSection;

    /**
     * @param name a class letter present in the reference file (S, W, A, B, C)
     * @return the class
     * @throws IllegalArgumentException if the class is unknown, naming it
     */
    public static LuClass of(final char name) {
        final Map<String, Object> lu = section();
        final Map<String, Object> classes = map(lu.get("classes"), "LU.classes");
        final char upper = Character.toUpperCase(name);
        final Object entry = classes.get(String.valueOf(upper));
        if (entry == null) {
            throw new IllegalArgumentException("npbClass=" + name + " is not an LU class of " + RESOURCE
                + " (known: " + String.join("", classes.keySet()) + ")");
        }
        final Map<String, Object> c = map(entry, "LU.classes." + upper);
        final Map<String, Object> defaults = map(lu.get("defaults"), "LU.defaults");
        final Map<String, Object> coeffs = map(lu.get("mops_coeffs"), "LU.mops_coeffs");
        return new LuClass(upper, integer(c, "nx"), integer(c, "ny"), integer(c, "nz"), integer(c, "itmax"),
            number(c, "dt"), number(defaults, "omega"), vector(defaults, "tolrsd", 5), vector(c, "xcr", 5),
            vector(c, "xce", 5), number(c, "xci"), number(lu, "epsilon"),
            new double[] {number(coeffs, "c3"), number(coeffs, "c2"), number(coeffs, "c1"), number(coeffs, "c0")});
    }

    /** @return the class letters of the reference file, e.g. {@code "SWABC"} */
    public static String names() {
        return String.join("", map(section().get("classes"), "LU.classes").keySet());
    }

    /** @return NPB's operation count divided by {@code seconds}, in Mop/s */
    public double mops(final double seconds) {
        final double n3 = (double) nx * ny * nz;
        final double mean = (nx + ny + nz) / 3.0;
        final double ops = mops[0] * n3 + mops[1] * mean * mean + mops[2] * mean + mops[3];
        return itmax * ops / (seconds * 1e6);
    }

    /** @return the size as NPB prints it, e.g. {@code 64x64x64} */
    public String size() {
        return nx + "x" + ny + "x" + nz;
    }

    /** @return whether {@code |(x - ref) / ref| <= epsilon} */
    public boolean within(final double x, final double ref) {
        return Math.abs((x - ref) / ref) <= epsilon;
    }

    /** @return whether every computed value is within epsilon of its reference */
    public boolean verify(final double[] xcr, final double[] xce, final double xci) {
        boolean ok = true;
        for (int m = 0; m < 5; m++) {
            ok &= within(xcr[m], xcrRef[m]) && within(xce[m], xceRef[m]);
        }
        return ok && within(xci, xciRef);
    }

    private static Map<String, Object> section() {
        Map<String, Object> s = luSection;
        if (s == null) {
            try (InputStream in = LuClass.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("resource " + RESOURCE + " is missing from the classpath");
                }
                final Object root = Json.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                s = map(map(root, "root").get("LU"), "LU");
                luSection = s;
            } catch (final IOException e) {
                throw new IllegalStateException("cannot read " + RESOURCE, e);
            }
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(final Object o, final String what) {
        if (!(o instanceof Map)) {
            throw new IllegalStateException(RESOURCE + ": " + what + " is not an object: " + o);
        }
        return (Map<String, Object>) o;
    }

    private static double number(final Map<String, Object> m, final String key) {
        final Object o = m.get(key);
        if (!(o instanceof Number)) {
            throw new IllegalStateException(RESOURCE + ": " + key + " is not a number: " + o);
        }
        return ((Number) o).doubleValue();
    }

    private static int integer(final Map<String, Object> m, final String key) {
        final double v = number(m, key);
        if (v != Math.rint(v) || v < 1) {
            throw new IllegalStateException(RESOURCE + ": " + key + "=" + v + " is not a positive integer");
        }
        return (int) v;
    }

    private static double[] vector(final Map<String, Object> m, final String key, final int n) {
        final Object o = m.get(key);
        if (!(o instanceof List<?> list) || list.size() != n) {
            throw new IllegalStateException(RESOURCE + ": " + key + " is not a list of " + n + " numbers: " + o);
        }
        final double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(list.get(i) instanceof Number x)) {
                throw new IllegalStateException(RESOURCE + ": " + key + "[" + i + "] is not a number");
            }
            v[i] = x.doubleValue();
        }
        return v;
    }
}
