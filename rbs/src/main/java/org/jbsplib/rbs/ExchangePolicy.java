package org.jbsplib.rbs;

/**
 * When a relaxed-mode sync falls back to the count exchange (option {@value #OPTION}, system property
 * {@value #PROPERTY}). Whatever the policy, a superstep with {@code pushReg}/{@code popReg} or a tag size change,
 * or in which the program called {@link org.jbsplib.api.Bsp#requestExchange()} (or its delegate {@link
 * RelaxedSync#requestExchange(org.jbsplib.api.Bsp)}), uses the exchange.
 */
public enum ExchangePolicy {
    /**
     * The default: every superstep uses the exchange (so programs that never commit run correctly) until an
     * exchange shows that every process has called {@code commit}; from then on the program is taken to follow
     * the commit discipline and supersteps are relaxed.
     */
    AUTO,
    /** Every superstep is relaxed (the paper's scheme); data is guaranteed only after {@code commit}. */
    NEVER,
    /** Every superstep uses the exchange: the paper's "emulate the traditional implementation". */
    ALWAYS;

    /** The {@link org.jbsplib.core.BspConfig#option(String, String)} key. */
    public static final String OPTION = "rbs.exchange";
    /** The system property giving the default. */
    public static final String PROPERTY = "bsplib.rbs.exchange";

    /**
     * @param value {@code auto}, {@code never} or {@code always} (any case)
     * @return the policy
     * @throws IllegalArgumentException naming the value otherwise
     */
    public static ExchangePolicy parse(final String value) {
        if (value != null) {
            for (final ExchangePolicy p : values()) {
                if (p.name().equalsIgnoreCase(value.trim())) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException(OPTION + "=" + value + " is not one of auto, never, always");
    }
}
