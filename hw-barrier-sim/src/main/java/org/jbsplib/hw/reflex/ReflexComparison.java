package org.jbsplib.hw.reflex;

import java.util.List;

import org.jbsplib.hw.model.Parameters;

/**
 * Closed-form LogGP-plus-hop estimates for {@code ./bsp sim reflex}: the Reflex ring (the paper's "LogGP model after
 * adding an extra parameter to account for the per hop latency", §V, against the simulated ring as in Fig. 9) and the
 * comparison barriers of Fig. 6 and 8 (centralized, dissemination, binary tree, spin), all priced with the same preset
 * ({@code o}, {@code G}, hop) on cores placed row by row on a square mesh (TILE64: 8 x 8), a message over d hops
 * costing {@code o + G + d hop} at the sender and {@code o} at the receiver.
 *
 * <p>The paper prints neither its formula nor the comparison barriers' costs (only plots), so these are this model's
 * own derivations from the algorithms' descriptions in its §II and §IV, with no reference values: what they can show
 * is the ordering and the growth the text states (Reflex fastest; centralized and dissemination poor; the spin barrier
 * scaling badly past 16 cores when one thread arrives late).
 *
 * <p>Threading: stateless.
 */
public final class ReflexComparison {
    /** The comparison barriers, in the order plotted. */
    public static final List<String> SCHEMES = List.of("centralized", "dissemination", "tree", "spin");

    private final double o;
    private final double g;
    private final double hop;
    private final int coreBuffer;

    /** @param p a {@code reflex} parameter set (its o, G, hop and B) */
    public ReflexComparison(final Parameters p) {
        this.o = p.get(ReflexParameters.OVERHEAD_NS);
        this.g = p.get(ReflexParameters.FLIT_GAP_NS);
        this.hop = p.getPositive(ReflexParameters.HOP_NS);
        this.coreBuffer = p.getInt(ReflexParameters.CORE_BUFFER_FLITS, 1, 1 << 20);
    }

    /**
     * The LogGP-plus-hop estimate of one Reflex episode, all cores arriving together, along Algorithm 1's critical
     * path: the notify flit is back at the root after its send ({@code o + G}) and P hops, unless the root's Wait is
     * still reading the B Init flits ({@code 2o + G + B G}); the root reads it ({@code G}), sends the release
     * ({@code o + G}), which takes P hops to the last core, and that core reads it ({@code G}).
     *
     * @return ns from the common arrival to the last release
     */
    public double reflexNs(final int cores) {
        checkCores(cores);
        if (cores == 1) {
            return o;
        }
        final double ring = cores * hop;
        final double notified = Math.max(o + g + ring, 2 * o + g + coreBuffer * g);
        return notified + g + (o + g) + ring + g;
    }

    /**
     * @param scheme one of {@link #SCHEMES}
     * @param jittered whether the others arrived long before the last core (Fig. 7b), else all together
     * @return ns from the last arrival to the last release
     */
    public double latencyNs(final String scheme, final int cores, final boolean jittered) {
        checkCores(cores);
        return switch (scheme) {
            case "centralized" -> centralizedNs(cores, jittered);
            case "dissemination" -> disseminationNs(cores);
            case "tree" -> treeNs(cores);
            case "spin" -> spinNs(cores);
            default -> throw new IllegalArgumentException("reflex: scheme=" + scheme + " is not one of "
                + String.join(", ", SCHEMES));
        };
    }

    /** @return the mesh hops between cores {@code a} and {@code b} placed row by row */
    int hops(final int cores, final int a, final int b) {
        final int w = (int) Math.ceil(Math.sqrt(cores));
        return Math.abs(a % w - b % w) + Math.abs(a / w - b / w);
    }

    private double message(final int hops) {
        return o + g + hops * hop + o;
    }

    private int farthest(final int cores) {
        int d = 0;
        for (int c = 1; c < cores; c++) {
            d = Math.max(d, hops(cores, 0, c));
        }
        return d;
    }

    /** Round k: core i signals (i + 2^k) mod P; a round lasts as long as its longest message. */
    private double disseminationNs(final int cores) {
        double t = 0;
        for (int dist = 1; dist < cores; dist *= 2) {
            int longest = 0;
            for (int i = 0; i < cores; i++) {
                longest = Math.max(longest, hops(cores, i, (i + dist) % cores));
            }
            t += message(longest);
        }
        return t;
    }

    /** A binary combining tree in heap order: each level up, a parent receives two children; then back down. */
    private double treeNs(final int cores) {
        double t = 0;
        for (int first = 1; first < cores; first = 2 * first + 1) {
            int longest = 0;
            for (int c = first; c < Math.min(cores, 2 * first + 1); c++) {
                longest = Math.max(longest, hops(cores, c, (c - 1) / 2));
            }
            t += 2 * (message(longest) + o) - o; // gather: two receives; broadcast: two sends
        }
        return t;
    }

    /**
     * Tang and Yew's counter under a lock at core 0: each arrival takes the lock, decrements and releases it, a round
     * trip to the counter's home inside the critical section; the last one writes the flag the others spin on.
     */
    private double centralizedNs(final int cores, final boolean jittered) {
        final int d = farthest(cores);
        final double critical = 2 * message(d);
        final double serialized = jittered ? critical : cores * critical;
        return serialized + message(d);
    }

    /**
     * A spin barrier: an atomic increment of a counter at core 0, the others polling it; every access to the counter
     * occupies its home for o (a remote access handled there), so the P increments, or, with one late core, the
     * P - 1 polls ahead of its increment, queue at the home: P o either way.
     */
    private double spinNs(final int cores) {
        final int d = farthest(cores);
        return message(d) + cores * o + message(d);
    }

    private static void checkCores(final int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("reflex: cores=" + cores + " must be >= 1");
        }
    }
}
