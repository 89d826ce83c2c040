package org.jbsplib.hw.model;

import java.util.Collections;
import java.util.Map;

/**
 * Values of one backend's parameters: a preset plus overrides, parsed by {@link ParameterSchema#parse(String)}.
 * Immutable.
 */
public final class Parameters {
    private final String backend;
    private final String preset;
    private final Map<String, Double> values;
    private final ParameterSchema schema;

    Parameters(final String backend, final String preset, final Map<String, Double> values,
        final ParameterSchema schema) {
        this.backend = backend;
        this.preset = preset;
        this.values = Collections.unmodifiableMap(values);
        this.schema = schema;
    }

    public String backend() {
        return backend;
    }

    public String preset() {
        return preset;
    }

    /** @return {@code backend/preset} */
    public String name() {
        return backend + "/" + preset;
    }

    public Map<String, Double> values() {
        return values;
    }

    public double get(final String key) {
        final Double v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException(backend + ": key=" + key + " is unknown; known keys: "
                + schema.keyDocs().keySet());
        }
        return v;
    }

    /** @return the value as an int, failing if it is not a whole number in [min, max] */
    public int getInt(final String key, final int min, final int max) {
        final double v = get(key);
        if (v != Math.rint(v) || v < min || v > max) {
            throw new IllegalArgumentException(backend + ": key=" + key + " value=" + ParameterSchema.format(v)
                + " must be a whole number in [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    public boolean getBoolean(final String key) {
        final double v = get(key);
        if (v != 0 && v != 1) {
            throw new IllegalArgumentException(backend + ": key=" + key + " value=" + ParameterSchema.format(v)
                + " must be 0 or 1");
        }
        return v == 1;
    }

    /** @return the value, failing if it is not strictly positive */
    public double getPositive(final String key) {
        final double v = get(key);
        if (!(v > 0)) {
            throw new IllegalArgumentException(backend + ": key=" + key + " value=" + ParameterSchema.format(v)
                + " must be > 0");
        }
        return v;
    }

    @Override
    public String toString() {
        return name() + values;
    }
}
