package org.jbsplib.hw.sim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A value a paper's text states, next to the model's value for the same quantity.
 *
 * @param figure    what it is, in the paper's terms (figure, size, variant)
 * @param source    where the text states it (section, table), or how it follows from stated values
 * @param x         where it sits on its plot's x axis
 * @param paper     the value the text states
 * @param model     the model's value
 * @param unit      the unit of both
 * @param kind      {@code value} (the model should meet it within its test's tolerance) or {@code bound} (the paper
 *                  states an upper bound: the model should stay at or below it)
 */
record Reference(String figure, String source, double x, double paper, double model, String unit, String kind) {
    /** A value the text states (kind {@code value}). */
    Reference(final String figure, final String source, final double x, final double paper, final double model,
        final String unit) {
        this(figure, source, x, paper, model, unit, "value");
    }

    /** @return (model - paper) / paper */
    double deviation() {
        return (model - paper) / paper;
    }

    /** @return the deviation in percent, signed, one decimal */
    String deviationText() {
        return String.format(java.util.Locale.ROOT, "%+.1f %%", 100 * deviation());
    }

    /** @return the JSON form */
    Map<String, Object> json() {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("figure", figure);
        m.put("source", source);
        m.put("x", x);
        m.put("paper", paper);
        m.put("model", model);
        m.put("unit", unit);
        m.put("deviation", deviation());
        m.put("kind", kind);
        return m;
    }
}
