package org.jbsplib.npb.compare;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.jbsplib.core.BspConfig;

/**
 * One cell of the comparison's matrix: a kernel and class on P processes under one sync mode, barrier backend,
 * machine and transport.
 *
 * @param kernel    {@code ft} or {@code lu}
 * @param npbClass  the NPB class letter
 * @param procs     the number of processes
 * @param sync      the sync mode, with its preset if any ({@code org}, {@code rbs:paper})
 * @param barrier   the barrier backend, {@link #DEFAULT_BARRIER} for the runtime's default, {@link #NO_BARRIER} for a
 *                  sync mode that uses none (rbs)
 * @param machine   the machine model ({@code virtual:sp2-us}), or {@link #HOST} for this host
 * @param transport the transport ({@code threads}, {@code aeron-ipc})
 */
public record Configuration(String kernel, char npbClass, int procs, String sync, String barrier, String machine,
    String transport) {
    /** The barrier of a run on the runtime's default backend. */
    public static final String DEFAULT_BARRIER = "default";
    /** The barrier of a sync mode without one (a relaxed sync: {@code --barrier} has no effect). */
    public static final String NO_BARRIER = "none";
    /** The machine of a run on this host. */
    public static final String HOST = "host";

    /** @return whether the sync mode is the classic one ({@code org} or a preset of it), whose time splits in two */
    public boolean classic() {
        return "org".equals(syncName());
    }

    /** @return the sync mode's name without its preset */
    public String syncName() {
        return org.jbsplib.core.sync.SyncSpec.parse(sync).name();
    }

    /** @return whether it runs on a machine model (virtual time) */
    public boolean virtual() {
        return !HOST.equals(machine);
    }

    /** @return the sync mode and barrier as a short series name: {@code "org shm"}, {@code "rbs"} */
    public String variant() {
        return NO_BARRIER.equals(barrier) ? sync : sync + " " + barrier;
    }

    /** @return a one-line description, e.g. {@code "ft A P=4 org shm"} */
    public String label() {
        return kernel + " " + npbClass + " P=" + procs + " " + variant()
            + (virtual() ? " " + machine : "") + ("threads".equals(transport) ? "" : " " + transport);
    }

    /** @return the configuration without its process count (what a line of a plot over P shares) */
    public Configuration acrossProcs() {
        return new Configuration(kernel, npbClass, 0, sync, barrier, machine, transport);
    }

    /** @return a BSP configuration of this cell, not concluded */
    public BspConfig bspConfig() {
        final BspConfig c = new BspConfig().procs(procs).syncMode(sync).transport(transport);
        if (!DEFAULT_BARRIER.equals(barrier) && !NO_BARRIER.equals(barrier)) {
            c.barrier(barrier);
        }
        if (virtual()) {
            c.machine(machine);
        }
        return c;
    }

    /** @return its fields as an insertion-ordered map (the JSON and CSV shape) */
    public Map<String, Object> toMap() {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("kernel", kernel);
        m.put("class", String.valueOf(npbClass));
        m.put("procs", procs);
        m.put("sync", sync);
        m.put("barrier", barrier);
        m.put("machine", machine);
        m.put("transport", transport);
        return m;
    }

    /**
     * @param m a map as {@link #toMap()} writes it (numbers may be any {@link Number} or text)
     * @return the configuration
     * @throws IllegalArgumentException naming the missing or malformed field
     */
    public static Configuration fromMap(final Map<String, ?> m) {
        final String cls = text(m, "class");
        if (cls.length() != 1) {
            throw new IllegalArgumentException("configuration: class=" + cls + " is not one letter");
        }
        return new Configuration(text(m, "kernel"), cls.toUpperCase(Locale.ROOT).charAt(0), integer(m, "procs"),
            text(m, "sync"), text(m, "barrier"), text(m, "machine"), text(m, "transport"));
    }

    static String text(final Map<String, ?> m, final String key) {
        final Object v = m.get(key);
        if (v == null) {
            throw new IllegalArgumentException("field " + key + " is missing");
        }
        return String.valueOf(v);
    }

    static int integer(final Map<String, ?> m, final String key) {
        final Object v = m.get(key);
        if (v instanceof Number n) {
            return n.intValue();
        }
        try {
            return Integer.parseInt(text(m, key).trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("field " + key + "=" + v + " is not an integer");
        }
    }
}
