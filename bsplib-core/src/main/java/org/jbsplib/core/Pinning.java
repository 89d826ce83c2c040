package org.jbsplib.core;

import java.util.Locale;

/**
 * Whether the runtime pins each process's thread to a CPU of its own ({@code bsplib.pin}, {@code --pin}).
 *
 * <p>Pinning applies when the processes run on platform threads of this JVM on the host (the {@code threads}
 * transport, no machine model), P is at most the cores ({@link BspConfig#cores()}) and at most the CPUs the
 * thread that starts the run may use, on Linux with Java 22 or newer (it calls {@code sched_setaffinity} through
 * the foreign-function API). Process {@code i} then runs on the {@code i}-th CPU of that set. Two process threads
 * the scheduler queued on one CPU take turns instead of running side by side, and every wait of one for the other
 * lasts a time slice; a pinned pair cannot end up on one CPU. But a pinned thread cannot leave its CPU either when
 * something else runs there: on the shared 2-core development host under load, pinning doubled the time of NPB LU
 * class A at P = 2, and on a quiet host it gained nothing measurable: the 1 MiB put's slow mode stayed with each
 * thread alone on its CPU (README, "Pinning on the quiet host"). So pinning is asked for ({@link #ON}), not the
 * default.
 *
 * <pre>{@code
 * new BspConfig().procs(2).pin(Pinning.ON);     // or -Dbsplib.pin=on, --pin on
 * }</pre>
 */
public enum Pinning {
    /**
     * The default, the runtime's choice: no pinning (see above), and nothing said. Kept apart from {@link #OFF}
     * so that a later measurement can make it pin where pinning applies.
     */
    AUTO,
    /** Pin where pinning applies; where it does not, say why once on standard error. */
    ON,
    /** Never pin. */
    OFF;

    /**
     * @param value {@code auto}, {@code on} or {@code off}, any case
     * @return the mode
     * @throws IllegalArgumentException naming the value and the known modes
     */
    public static Pinning parse(final String value) {
        if (value != null) {
            for (final Pinning p : values()) {
                if (p.name().equalsIgnoreCase(value.trim())) {
                    return p;
                }
            }
        }
        throw new IllegalArgumentException("pin=" + value + " is not a pinning mode (known: auto, on, off)");
    }

    /** @return whether this mode pins where pinning applies (only {@link #ON}, see {@link #AUTO}) */
    public boolean pins() {
        return this == ON;
    }

    /** @return the lower-case name used by the property and the CLI */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
