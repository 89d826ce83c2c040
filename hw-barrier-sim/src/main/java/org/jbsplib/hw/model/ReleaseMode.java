package org.jbsplib.hw.model;

import java.util.Locale;

/** How a backend turns a modelled release time into the moment a process really leaves the barrier. */
public enum ReleaseMode {
    /**
     * Hold each process until its modelled release time (busy-waiting on {@link System#nanoTime()}), so wall-clock
     * measurements include the modelled hardware latency.
     */
    EMULATE,
    /** Release as soon as the barrier is correct; the modelled time is only recorded. */
    ACCOUNT;

    /** @return the mode named {@code emulate} or {@code account} (case-insensitive) */
    public static ReleaseMode parse(final String name) {
        if (name != null) {
            final ReleaseMode mode = switch (name.trim().toLowerCase(Locale.ROOT)) {
                case "emulate" -> EMULATE;
                case "account" -> ACCOUNT;
                default -> null;
            };
            if (mode != null) {
                return mode;
            }
        }
        throw new IllegalArgumentException("release mode: mode=" + name + " is not one of [emulate, account]");
    }
}
