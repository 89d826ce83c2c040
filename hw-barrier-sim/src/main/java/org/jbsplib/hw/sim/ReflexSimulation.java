package org.jbsplib.hw.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.reflex.ReflexComparison;
import org.jbsplib.hw.reflex.ReflexParameters;
import org.jbsplib.hw.reflex.ReflexRing;
import org.jbsplib.report.LineChart;

/**
 * {@code ./bsp sim reflex}: the Reflex ring's barrier latency against the number of cores, on the TILE64 static
 * network and on InfiniBand switches (all of that preset's values are assumptions), with all cores arriving together
 * or jittered (Fig. 7 of the paper), against the comparison barriers of Fig. 6/8 ({@link ReflexComparison}:
 * centralized, dissemination, tree, spin), the LogGP-plus-hop formula against the simulated ring (Fig. 9 on TILE64,
 * Fig. 10 on InfiniBand), and split-phase Notify/Wait with work between the two calls. The text states no latency
 * figure, only the per-hop cost ("one cycle, 1-2 ns") and that a thousand more cores add "a few microseconds": the run
 * reports the model's cost per added core next to that statement, and no reference points.
 */
final class ReflexSimulation implements Simulation {
    private static final List<String> NETWORKS = List.of("tile64", "infiniband");

    @Override
    public String name() {
        return "reflex";
    }

    @Override
    public String summary() {
        return "the Reflex ring barrier: latency vs cores, arrivals together or jittered, TILE64 / InfiniBand";
    }

    @Override
    public String help() {
        return String.join("\n",
            "./bsp sim reflex [--cores 2..64] [--network tile64,infiniband] [--arrival together|jittered]",
            "                 [--jitter-ns J] [--episodes E] [--seed S]",
            "  Latency from the last core's arrival to the last release, per core count, after the Init episode,",
            "  next to the comparison barriers of Fig. 6/8 (centralized, dissemination, tree, spin: LogGP-plus-hop",
            "  formulas with the same o, G and hop, cores row by row on a square mesh; the model's own, the text",
            "  gives no values), the LogGP-plus-hop formula of the ring against the simulated ring (Fig. 9; on",
            "  InfiniBand the projection of Fig. 10), and split phase: all cores Notify together, compute W ns, then",
            "  Wait (the time from Wait to the last release, W = 0 to twice the barrier latency, at the most cores).",
            "  The paper states no latency value (its Fig. 6-10 are plots, not read here); its text gives one STN hop",
            "  = one cycle (1-2 ns) per added core and signal, which the run compares with the model's slope.",
            "  --cores LIST|LO..HI  core counts (LO..HI: powers of two from LO, and HI); default 2..64; 2..640 is ten",
            "                       times the TILE64's 64 cores",
            "  --network LIST       tile64, infiniband (default both)",
            "  --arrival MODE       together (default) or jittered: each core arrives uniformly within J ns",
            "  --jitter-ns J        the jitter window (default 1000)",
            "  --episodes E         episodes averaged per point (default 1 together, 20 jittered)",
            "  --seed S             seed of the jitter (default 1)");
    }

    @Override
    public Set<String> options() {
        return Set.of("--cores", "--network", "--arrival", "--jitter-ns", "--episodes", "--seed");
    }

    @Override
    public void run(final SimRun run) throws Exception {
        final int[] cores = run.sizes("--cores", new int[] {2, 4, 8, 16, 32, 64}, 2);
        final List<String> networks = run.args().list("--network", NETWORKS);
        for (final String n : networks) {
            if (!NETWORKS.contains(n)) {
                throw new CliException("option --network: network=" + n + " is unknown (known: " + NETWORKS + ")");
            }
        }
        final String arrival = run.args().value("--arrival", "together");
        if (!arrival.equals("together") && !arrival.equals("jittered")) {
            throw new CliException("option --arrival: mode=" + arrival + " is not one of [together, jittered]");
        }
        final boolean jittered = arrival.equals("jittered");
        final int jitterNs = run.args().intAtLeast("--jitter-ns", 1000, 0);
        final int episodes = run.args().intAtLeast("--episodes", jittered ? 20 : 1, 1);
        final long seed = run.args().longValue("--seed", 1);
        final double[] x = new double[cores.length];
        for (int i = 0; i < cores.length; i++) {
            x[i] = cores[i];
        }
        final List<Object> results = new ArrayList<>();
        for (final String network : networks) {
            final double[] latency = new double[cores.length];
            run.out().printf(Locale.ROOT, "reflex/%s, arrivals %s%n%7s %14s%n", network, arrival, "cores",
                "latency [ns]");
            for (int i = 0; i < cores.length; i++) {
                latency[i] = meanLatencyNs(ReflexParameters.schema().parse("reflex/" + network), cores[i], jittered,
                    jitterNs, episodes, seed);
                run.out().printf(Locale.ROOT, "%7d %14.1f%n", cores[i], latency[i]);
            }
            final Map<String, Object> r = new LinkedHashMap<>();
            r.put("network", network);
            r.put("cores", cores);
            r.put("latency_ns", latency);
            if (cores.length > 1) {
                final int last = cores.length - 1;
                // between the two largest sizes: at small ones the software overheads hide the ring
                final double perCore = (latency[last] - latency[last - 1]) / (cores[last] - cores[last - 1]);
                r.put("per_added_core_ns", perCore);
                run.out().printf(Locale.ROOT, "  per added core: %.2f ns%s%n", perCore, network.equals("tile64")
                    ? " (text: one hop per signal, notify and release, of one cycle = 1-2 ns: 2-4 ns)" : "");
            }
            results.add(r);
            final Parameters p = ReflexParameters.schema().parse("reflex/" + network);
            final String where = network.equals("tile64") ? "TILE64 (700 MHz)" : "InfiniBand switches (assumed values)";
            final LineChart chart = LineChart.of("Reflex barrier vs the comparison barriers on " + where + ", arrivals "
                    + arrival, "cores", "latency, last arrival to last release [ns]")
                .line("Reflex (simulated ring)", x, latency);
            final ReflexComparison cmp = new ReflexComparison(p);
            final Map<String, Object> schemes = new LinkedHashMap<>();
            for (final String scheme : ReflexComparison.SCHEMES) {
                final double[] y = new double[cores.length];
                for (int i = 0; i < cores.length; i++) {
                    y[i] = cmp.latencyNs(scheme, cores[i], jittered);
                }
                schemes.put(scheme, y);
                chart.line(scheme + " (LogGP + hop)", x, y);
            }
            r.put("schemes_ns", schemes);
            run.plot(chart.logY(true), "reflex-latency-" + network + "-" + arrival);
            loggp(run, r, cmp, network, where, cores, x);
            splitPhase(run, r, p, network, cores[cores.length - 1]);
        }
        run.result("arrival", arrival);
        run.result("jitter_ns", jittered ? jitterNs : 0);
        run.result("episodes", episodes);
        run.result("networks", results);
    }

    /** Fig. 9 / 10: the LogGP-plus-hop formula of the ring against the simulated ring, all arriving together. */
    private static void loggp(final SimRun run, final Map<String, Object> r, final ReflexComparison cmp,
        final String network, final String where, final int[] cores, final double[] x) throws java.io.IOException {
        final double[] simulated = new double[cores.length];
        final double[] formula = new double[cores.length];
        final double[] deviation = new double[cores.length];
        run.out().printf(Locale.ROOT, "  LogGP + hop formula vs the simulated ring (together)%n%7s %12s %12s %9s%n",
            "cores", "ring [ns]", "LogGP [ns]", "dev");
        for (int i = 0; i < cores.length; i++) {
            simulated[i] = meanLatencyNs(ReflexParameters.schema().parse("reflex/" + network), cores[i], false, 0, 1,
                1);
            formula[i] = cmp.reflexNs(cores[i]);
            deviation[i] = (formula[i] - simulated[i]) / simulated[i];
            run.out().printf(Locale.ROOT, "%7d %12.1f %12.1f %+8.1f%%%n", cores[i], simulated[i], formula[i],
                100 * deviation[i]);
        }
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("simulated_ns", simulated);
        m.put("formula_ns", formula);
        m.put("deviation", deviation);
        r.put("loggp", m);
        run.plot(LineChart.of("Reflex on " + where + ": LogGP + hop formula vs simulated ring (Fig. "
                + (network.equals("tile64") ? "9" : "10") + ")", "cores", "latency, together [ns]")
            .line("simulated ring", x, simulated).points("LogGP + hop formula", x, formula),
            "reflex-loggp-" + network);
    }

    /**
     * Split phase (Algorithm 1): every core Notifies at 0, computes W ns, then Waits. The time from Wait to the last
     * release falls as W hides the notify flit's trip, down to what the root's Wait still costs: it sends the release
     * only once it waits itself, so the release's trip around the ring is never hidden.
     */
    private static void splitPhase(final SimRun run, final Map<String, Object> r, final Parameters p,
        final String network, final int cores) throws java.io.IOException {
        final double full = meanLatencyNs(p, cores, false, 0, 1, 1);
        final double[] work = new double[9];
        final double[] waitToRelease = new double[work.length];
        final ReflexRing ring = new ReflexRing(p, cores);
        final long[] notify = new long[cores];
        final long[] wait = new long[cores];
        run.out().printf(Locale.ROOT, "  split phase, %d cores: Notify at 0, Wait after W ns of work%n%12s %18s%n",
            cores, "W [ns]", "Wait->release [ns]");
        for (int i = 0; i < work.length; i++) {
            work[i] = full * i / 4;
            java.util.Arrays.fill(wait, Math.round(work[i] * 1000));
            ring.runSplitPhase(notify, wait);
            long last = 0;
            for (int c = 0; c < cores; c++) {
                last = Math.max(last, ring.releasePs(c));
            }
            waitToRelease[i] = last / 1000.0 - work[i];
            run.out().printf(Locale.ROOT, "%12.1f %18.1f%n", work[i], waitToRelease[i]);
        }
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("cores", cores);
        m.put("work_ns", work);
        m.put("wait_to_release_ns", waitToRelease);
        r.put("split_phase", m);
        run.plot(LineChart.of("Reflex split phase on " + network + ", " + cores
                + " cores: work between Notify and Wait",
            "work between Notify and Wait [ns]", "Wait to last release [ns]")
            .line("Reflex (simulated ring)", work, waitToRelease), "reflex-split-phase-" + network);
    }

    /** @return the mean over {@code episodes} of last release minus last arrival, ns, after the Init */
    static double meanLatencyNs(final Parameters p, final int cores, final boolean jittered, final int jitterNs,
        final int episodes, final long seed) {
        final ReflexRing ring = new ReflexRing(p, cores);
        final SplittableRandom random = new SplittableRandom(seed);
        final long[] arrival = new long[cores];
        double sum = 0;
        for (int e = 0; e < episodes; e++) {
            long lastArrival = 0;
            for (int c = 0; c < cores; c++) {
                arrival[c] = jittered && jitterNs > 0 ? random.nextLong(jitterNs * 1000L) : 0;
                lastArrival = Math.max(lastArrival, arrival[c]);
            }
            ring.runEpisode(arrival);
            long lastRelease = 0;
            for (int c = 0; c < cores; c++) {
                lastRelease = Math.max(lastRelease, ring.releasePs(c));
            }
            sum += (lastRelease - lastArrival) / 1000.0;
        }
        return sum / episodes;
    }
}
