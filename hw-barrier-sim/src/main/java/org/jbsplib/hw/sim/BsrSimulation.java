package org.jbsplib.hw.sim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.cli.CliException;
import org.jbsplib.hw.bsr.BsrBarrierModel;
import org.jbsplib.hw.bsr.BsrNetwork;
import org.jbsplib.hw.bsr.BsrParameters;
import org.jbsplib.hw.bsr.BsrTopology;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.report.LineChart;

/**
 * {@code ./bsp sim bsr}: the evaluation of the BSR-tree paper (§4) from the {@code bsr} backend's network model.
 *
 * <ul>
 *   <li>Fig. 11: equations (1)-(4) with the figure's parameters, next to the model run on a chain of L switches with
 *       the same p, pf and k (the analysis' "blocked hop waits Δ", {@code congestionOrigin=1});</li>
 *   <li>Fig. 12 (irregular) and Fig. 14 (mesh): latency against members, for each network size and Ts, of the BSR tree
 *       (first round with the initialization shown apart, later rounds), the static combining tree and the star;</li>
 *   <li>Fig. 13 (irregular, 300 nodes) and Fig. 15 (20x20 mesh): latency of later rounds against the congestion
 *       duration Δ with some members congested, BSR with bandwidth preempting against the tree without it.</li>
 * </ul>
 *
 * <p>Reference points are only what the text states: the slopes dT/dΔ that equations (4) and (3) give for Fig. 11's
 * parameters, the 12 cycles of a preempted hop (§4.2), and the bound "the first round is at most twice as slow as the
 * later ones" (§4.2). The saturation of the baseline above 720 of 1,200 members (§4.2) needs finite router buffers,
 * which the model does not have: the run reports the model's curves there and no reference point.
 */
final class BsrSimulation implements Simulation {
    private static final List<String> SCHEMES = List.of("bsr", "tree", "star");
    /** §4.1: Fig. 11's parameters. */
    private static final double FIG11_TS = 100;
    private static final double FIG11_TB = 16;
    private static final double FIG11_P = 0.8;
    private static final double FIG11_PF = 0.2;
    private static final int FIG11_K = 16;
    /** Tp is not given for Fig. 11; the text says 6-10 cycles; the model's padding request + channel switch is 8. */
    private static final double FIG11_TP_ASSUMED = 8;
    /** §4.2: padding 6 + link 2 + two crossbars 2 + the destination unit's preempting 2. */
    private static final double PREEMPTED_HOP_CYCLES = 12;

    @Override
    public String name() {
        return "bsr";
    }

    @Override
    public String summary() {
        return "the BSR tree (Fig. 11-15): latency vs members and vs congestion, BSR vs tree and star, eq. (1)-(4)";
    }

    @Override
    public String help() {
        return String.join("\n",
            "./bsp sim bsr [--topology irregular|mesh] [--nodes 300,1200] [--mesh 10x10,20x20] [--members LIST]",
            "              [--ts 100,1000] [--congestion-duration LIST] [--congested LIST] [--congestion-members LIST]",
            "              [--levels 10,128] [--analysis-episodes E] [--episodes E] [--placements P] [--seed S]",
            "              [--buffer-messages B]",
            "  Fig. 11: eq. (1)-(4) (Ts = 100, Tb = 16, p = 0.8, pf = 0.2, k = 16; Tp = 8 cycles assumed: the text",
            "  gives 6-10) against the model on a chain of L switches. Fig. 12 (irregular) / Fig. 14 (mesh): latency vs",
            "  members, BSR (first round apart) vs the static tree and the star. Fig. 13 / Fig. 15: later rounds vs the",
            "  congestion duration, BSR preempting (switch architecture 1) vs the tree waiting. Latencies in cycles of",
            "  10 ns, from the common arrival to the last release, Ts included.",
            "  --topology T           irregular (default: random, 3 switch ports, up*/down*) or mesh (X-Y routing)",
            "  --nodes LIST           irregular network sizes (default 300,1200; up to 12000, ten times the paper's)",
            "  --mesh LIST            mesh sizes WxH (default 10x10,20x20; e.g. 64x64 is ten times the 400 nodes)",
            "  --members LIST         group sizes for Fig. 12/14 (default 5 %, 10 %, 20 %, ..., 100 % of each size)",
            "  --ts LIST              software overheads Ts, cycles (default 100,1000)",
            "  --congestion-duration LIST  Δ values for Fig. 11, 13, 15, cycles (default 10,100,1000,2000,5000)",
            "  --congested LIST       congested members for Fig. 13/15 (default 1,10; capped at the group size)",
            "  --congestion-members LIST  group sizes for Fig. 13/15 (default 60,255 irregular on the first --nodes,",
            "                         20,200 on the last --mesh)",
            "  --levels LIST          tree levels L for Fig. 11 (default 10,128)",
            "  --analysis-episodes E  episodes per Δ on the chain (default 4000; the slopes' sampling error ~1/sqrt(E))",
            "  --episodes E           later rounds averaged per placement (default 3)",
            "  --placements P         random member placements (and centers) averaged per point (default 3)",
            "  --seed S               seed of the networks, placements and traffic (default 1)",
            "  --buffer-messages B    barrier messages per router input buffer for Fig. 12-15 (default 1: §4.1",
            "                         assumes a buffer holding one whole message; 0 = unbounded, no blocking)");
    }

    @Override
    public Set<String> options() {
        return Set.of("--topology", "--nodes", "--mesh", "--members", "--ts", "--congestion-duration", "--congested",
            "--congestion-members", "--levels", "--analysis-episodes", "--episodes", "--placements", "--seed",
            "--buffer-messages");
    }

    @Override
    public void run(final SimRun run) throws Exception {
        final String topology = run.args().value("--topology", "irregular");
        if (!topology.equals("irregular") && !topology.equals("mesh")) {
            throw new CliException("option --topology: topology=" + topology + " is not one of [irregular, mesh]");
        }
        final boolean mesh = topology.equals("mesh");
        final int[] ts = run.sizes("--ts", new int[] {100, 1000}, 0);
        final int[] durations = run.sizes("--congestion-duration", new int[] {10, 100, 1000, 2000, 5000}, 0);
        final int[] levels = run.sizes("--levels", new int[] {10, 128}, 2);
        final int episodes = run.args().intAtLeast("--episodes", 3, 1);
        final int placements = run.args().intAtLeast("--placements", 3, 1);
        final int analysisEpisodes = run.args().intAtLeast("--analysis-episodes", 4000, 1);
        final long seed = run.args().longValue("--seed", 1);
        final int buffer = run.args().intAtLeast("--buffer-messages", 1, 0);
        final Setup setup = new Setup(episodes, placements, seed, buffer);
        // every option is read (and a bad value refused) before any output
        if (run.args().has(mesh ? "--nodes" : "--mesh")) {
            throw new CliException("option " + (mesh ? "--nodes" : "--mesh") + " applies to --topology "
                + (mesh ? "irregular (the mesh's size is --mesh WxH)" : "mesh (the irregular network's is --nodes N)"));
        }
        final List<BsrTopology> networks = networks(run, mesh, seed);
        final int[] groups = run.sizes("--congestion-members", mesh ? new int[] {20, 200} : new int[] {60, 255}, 2);
        final int[] congested = run.sizes("--congested", new int[] {1, 10}, 1);
        if (run.args().has("--members")) {
            run.sizes("--members", new int[0], 2);
        }

        run.result("topology", topology);
        run.result("cycle_ns", 10);
        run.result("buffer_messages", buffer);
        run.result("fig11", fig11(run, levels, durations, analysisEpisodes, seed));

        final List<Object> sizes = new ArrayList<>();
        double worstInitRatio = 0;
        int worstAt = 0;
        for (final BsrTopology topo : networks) {
            for (final int t : ts) {
                final Map<String, Object> r = membersFigure(run, mesh, topo, t, setup);
                sizes.add(r);
                final double ratio = (double) r.get("max_first_over_later");
                if (ratio > worstInitRatio) {
                    worstInitRatio = ratio;
                    worstAt = topo.switches();
                }
            }
        }
        run.result(mesh ? "fig14" : "fig12", sizes);
        if (worstInitRatio > 0) {
            run.reference(new Reference((mesh ? "Fig. 14" : "Fig. 12") + ": first round / later rounds, worst case",
                "§4.2: \"in the worst case, the latency of the first round is twice as large\" (an upper bound)",
                worstAt, 2.0, worstInitRatio, "x", "bound"));
        }

        final BsrTopology congestionNet = mesh ? networks.get(networks.size() - 1) : networks.get(0);
        run.result(mesh ? "fig15" : "fig13", congestionFigures(run, mesh, congestionNet, groups, congested, durations,
            setup));

        preemptedHop(run);
        for (final Reference r : run.references()) {
            run.out().printf(Locale.ROOT, "  paper %-58s %9.3f %-7s model %9.3f  %s%s%n", r.figure(), r.paper(),
                r.unit(), r.model(), r.deviationText(), r.kind().equals("bound") ? " (bound)" : "");
        }
    }

    /** What every point averages over. */
    private record Setup(int episodes, int placements, long seed, int bufferMessages) {
    }

    private static List<BsrTopology> networks(final SimRun run, final boolean mesh, final long seed) {
        final List<BsrTopology> nets = new ArrayList<>();
        if (mesh) {
            for (final String m : run.args().list("--mesh", List.of("10x10", "20x20"))) {
                final String[] wh = m.toLowerCase(Locale.ROOT).split("x", -1);
                final int w;
                final int h;
                try {
                    w = Integer.parseInt(wh[0].trim());
                    h = Integer.parseInt(wh[1].trim());
                } catch (final NumberFormatException | ArrayIndexOutOfBoundsException e) {
                    throw new CliException("option --mesh: size=" + m + " is not WxH (e.g. 20x20)");
                }
                if (w < 1 || h < 1 || (long) w * h < 2 || (long) w * h > 1 << 14) {
                    throw new CliException("option --mesh: size=" + m + " needs 2 to 16384 nodes");
                }
                nets.add(BsrTopology.mesh(w, h));
            }
        } else {
            for (final int n : run.sizes("--nodes", new int[] {300, 1200}, 2)) {
                if (n > 1 << 14) {
                    throw new CliException("option --nodes: size " + n + " exceeds 16384");
                }
                nets.add(BsrTopology.randomIrregular(n, 3, seed));
            }
        }
        return nets;
    }

    private static String name(final BsrTopology topo, final boolean mesh) {
        return mesh ? topo.toString().split(" ", 2)[0] : topo.switches() + " nodes";
    }

    /** Fig. 12 / 14 for one network and Ts. */
    private static Map<String, Object> membersFigure(final SimRun run, final boolean mesh, final BsrTopology topo,
        final int ts, final Setup setup) throws Exception {
        final int n = topo.switches();
        final int[] members = members(run, n);
        final double[] x = new double[members.length];
        final double[] first = new double[members.length];
        final double[] later = new double[members.length];
        final double[] tree = new double[members.length];
        final double[] star = new double[members.length];
        double maxRatio = 0;
        run.out().printf(Locale.ROOT, "%s (Fig. %s), %s, Ts = %d cycles: latency [cycles]%n%8s %10s %10s %10s %10s%n",
            mesh ? "mesh" : "irregular network", mesh ? "14" : "12", name(topo, mesh), ts, "members", "BSR first",
            "BSR", "tree", "star");
        final String base = "bsr:softwareCycles=" + ts;
        for (int i = 0; i < members.length; i++) {
            x[i] = members[i];
            final double[] bsr = latency(topo, base, members[i], setup);
            first[i] = bsr[0];
            later[i] = bsr[1];
            tree[i] = latency(topo, base + ",preempt=0,scheme=" + BsrParameters.SCHEME_TREE, members[i], setup)[1];
            star[i] = latency(topo, base + ",preempt=0,scheme=" + BsrParameters.SCHEME_STAR, members[i], setup)[1];
            maxRatio = Math.max(maxRatio, first[i] / later[i]);
            run.out().printf(Locale.ROOT, "%8d %10.1f %10.1f %10.1f %10.1f%n", members[i], first[i], later[i],
                tree[i], star[i]);
        }
        final Map<String, Object> r = new LinkedHashMap<>();
        r.put("network", topo.toString());
        r.put("nodes", n);
        r.put("ts_cycles", ts);
        r.put("members", members);
        r.put("bsr_first_round_cycles", first);
        r.put("bsr_cycles", later);
        r.put("tree_cycles", tree);
        r.put("star_cycles", star);
        r.put("max_first_over_later", maxRatio);
        final LineChart chart = LineChart.of(String.format(Locale.ROOT, "BSR barrier (Fig. %s), %s, Ts = %d cycles",
                mesh ? "14" : "12", mesh ? name(topo, true) + " mesh" : "irregular network of " + n + " nodes", ts),
            "members in the barrier group", "barrier latency [cycles of 10 ns]")
            .line("BSR tree, later rounds", x, later)
            .line("BSR tree, first round (builds the tree)", x, first)
            .line("static combining tree (baseline, no preempting)", x, tree)
            .line("star (every member to the center)", x, star)
            .line("2 x BSR later rounds: the text's worst case for the first round", x, twice(later));
        run.plot(chart, String.format(Locale.ROOT, "bsr-fig%s-%s-ts%d", mesh ? "14" : "12",
            mesh ? name(topo, true) : String.valueOf(n), ts));
        return r;
    }

    private static double[] twice(final double[] v) {
        final double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = 2 * v[i];
        }
        return r;
    }

    private static int[] members(final SimRun run, final int n) {
        if (run.args().has("--members")) {
            return java.util.Arrays.stream(run.sizes("--members", new int[0], 2)).filter(m -> m <= n).toArray();
        }
        final double[] fractions = {0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
        return java.util.Arrays.stream(fractions).mapToInt(f -> Math.max(2, (int) Math.round(f * n))).distinct()
            .toArray();
    }

    /**
     * @return {first round, mean of later rounds} in cycles, averaged over the placements; all members arrive at 0
     */
    static double[] latency(final BsrTopology topo, final String spec, final int members, final Setup setup) {
        double first = 0;
        double later = 0;
        for (int pl = 0; pl < setup.placements(); pl++) {
            final Parameters p = BsrParameters.schema().parse(spec + ",seed=" + (setup.seed() + pl)
                + ",bufferMessages=" + setup.bufferMessages());
            final double cyclePs = p.get(BsrParameters.CYCLE_NS) * 1000;
            final int[] at = BsrBarrierModel.placement(topo.switches(), members, setup.seed() * 1000 + pl);
            final BsrNetwork net = new BsrNetwork(topo, at, 0, p);
            final long[] arrival = new long[members];
            net.runEpisode(0, arrival);
            first += lastRelease(net, members) / cyclePs;
            for (int e = 1; e <= setup.episodes(); e++) {
                net.runEpisode(e, arrival);
                later += lastRelease(net, members) / cyclePs;
            }
        }
        return new double[] {first / setup.placements(), later / setup.placements() / setup.episodes()};
    }

    private static long lastRelease(final BsrNetwork net, final int members) {
        long last = 0;
        for (int m = 0; m < members; m++) {
            last = Math.max(last, net.releasePs(m));
        }
        return last;
    }

    /** Fig. 13 / 15: later rounds against Δ with congested members. */
    private static List<Object> congestionFigures(final SimRun run, final boolean mesh, final BsrTopology topo,
        final int[] groups, final int[] congested, final int[] durations, final Setup setup) throws Exception {
        final List<Object> out = new ArrayList<>();
        final double[] x = new double[durations.length];
        for (int i = 0; i < durations.length; i++) {
            x[i] = durations[i];
        }
        final String fig = mesh ? "15" : "13";
        for (final int group : groups) {
            if (group > topo.switches()) {
                continue;
            }
            final LineChart chart = LineChart.of(String.format(Locale.ROOT,
                    "Congested members (Fig. %s), %s, %d members, Ts = 100 cycles", fig,
                    mesh ? name(topo, true) + " mesh" : "irregular network of " + topo.switches() + " nodes", group),
                "congestion duration Δ [cycles]", "barrier latency, later rounds [cycles of 10 ns]");
            final Map<String, Object> r = new LinkedHashMap<>();
            r.put("network", topo.toString());
            r.put("members", group);
            r.put("congestion_cycles", durations);
            run.out().printf(Locale.ROOT, "congestion (Fig. %s), %s, %d members, Ts = 100: latency [cycles]%n", fig,
                name(topo, mesh), group);
            final List<Object> series = new ArrayList<>();
            for (final int c : congested) {
                final int cm = Math.min(c, group);
                for (final String scheme : List.of("bsr", "tree")) {
                    final double[] y = new double[durations.length];
                    for (int i = 0; i < durations.length; i++) {
                        final String spec = "bsr:softwareCycles=100,congestedMembers=" + cm + ",congestionCycles="
                            + durations[i] + (scheme.equals("bsr") ? ",preempt=1"
                            : ",preempt=0,scheme=" + BsrParameters.SCHEME_TREE);
                        y[i] = latency(topo, spec, group, setup)[1];
                    }
                    final String label = (scheme.equals("bsr") ? "BSR, preempting" : "static tree, waiting") + ", "
                        + cm + " congested";
                    chart.line(label, x, y);
                    run.out().printf(Locale.ROOT, "  %-34s %s%n", label, format(y));
                    final Map<String, Object> s = new LinkedHashMap<>();
                    s.put("scheme", scheme);
                    s.put("congested", cm);
                    s.put("latency_cycles", y);
                    series.add(s);
                }
            }
            r.put("series", series);
            out.add(r);
            run.plot(chart, String.format(Locale.ROOT, "bsr-fig%s-%s-m%d", fig, mesh ? name(topo, true)
                : String.valueOf(topo.switches()), group));
        }
        return out;
    }

    /**
     * Fig. 11: equations (1)-(4) and the model on a chain of L switches, the center at one end and a member at the
     * other (2 (L - 1) hops, as in the equations), each link's k virtual channels busy with probability p.
     */
    private static List<Object> fig11(final SimRun run, final int[] levels, final int[] durations,
        final int episodes, final long seed) throws Exception {
        final List<Object> out = new ArrayList<>();
        final double[] x = new double[durations.length];
        for (int i = 0; i < durations.length; i++) {
            x[i] = durations[i];
        }
        for (final int l : levels) {
            final int[][] links = new int[l - 1][];
            for (int i = 0; i < l - 1; i++) {
                links[i] = new int[] {i, i + 1};
            }
            final BsrTopology chain = BsrTopology.fromLinks(l, links);
            final String common = String.format(Locale.ROOT, "bsr:softwareCycles=%d,congestionProbability=%s,"
                + "virtualChannels=%d,flowBlockedProbability=%s,congestionOrigin=1", (int) FIG11_TS, FIG11_P, FIG11_K,
                FIG11_PF);
            final String[] names = {"BS_I", "BS_II", "BS_III", "Tree"};
            final String[] specs = {common + ",switchArchitecture=1", common + ",switchArchitecture=2",
                common + ",switchArchitecture=3", common + ",preempt=0,scheme=" + BsrParameters.SCHEME_TREE};
            final LineChart chart = LineChart.of(String.format(Locale.ROOT,
                    "Fig. 11 analysis, L = %d: eq. (1)-(4) (Tb = 16, Tp = 8 assumed) and the model (Tb = 14)", l),
                "congestion duration Δ [cycles]", "barrier latency [cycles]");
            final LineChart detail = LineChart.of(String.format(Locale.ROOT,
                    "Fig. 11 analysis, L = %d, the preempting schemes only (Tree: see bsr-fig11-L%d)", l, l),
                "congestion duration Δ [cycles]", "barrier latency [cycles]");
            final Map<String, Object> r = new LinkedHashMap<>();
            r.put("levels", l);
            r.put("congestion_cycles", durations);
            r.put("tp_assumed_cycles", FIG11_TP_ASSUMED);
            run.out().printf(Locale.ROOT, "Fig. 11, L = %d: latency [cycles] per Δ %s%n", l, format(x));
            for (int s = 0; s < names.length; s++) {
                final double[] eq = new double[durations.length];
                final double[] model = new double[durations.length];
                for (int i = 0; i < durations.length; i++) {
                    eq[i] = equation(s + 1, l, durations[i]);
                    model[i] = chainLatency(chain, l, specs[s] + ",congestionCycles=" + durations[i], episodes,
                        seed);
                }
                chart.line(names[s] + ", eq. (" + (s + 1) + ")", x, eq);
                chart.line(names[s] + ", model", x, model);
                if (s < 3) {
                    detail.line(names[s] + ", eq. (" + (s + 1) + ")", x, eq);
                    detail.line(names[s] + ", model", x, model);
                }
                run.out().printf(Locale.ROOT, "  %-7s eq. (%d) %s%n  %-7s model   %s%n", names[s], s + 1, format(eq),
                    "", format(model));
                r.put(names[s] + "_equation_cycles", eq);
                r.put(names[s] + "_model_cycles", model);
                if (durations.length > 1) {
                    final int last = durations.length - 1;
                    final double span = durations[last] - durations[0];
                    final double eqSlope = (eq[last] - eq[0]) / span;
                    final double modelSlope = (model[last] - model[0]) / span;
                    r.put(names[s] + "_slope_equation", eqSlope);
                    r.put(names[s] + "_slope_model", modelSlope);
                    if (s == 2 || s == 3) { // eq. (1) and (2) do not depend on Δ: a zero slope has no deviation
                        run.reference(new Reference(String.format(Locale.ROOT, "Fig. 11, L = %d: %s dT/dΔ", l,
                            names[s]), "eq. (" + (s + 1) + ") with Fig. 11's p, pf, k: " + (s == 3
                            ? "2 (L - 1) p" : "2 (L - 1) p^k pf"), durations[last], eqSlope, modelSlope,
                            "cycles/cycle"));
                    }
                }
            }
            run.plot(chart, "bsr-fig11-L" + l);
            run.plot(detail, "bsr-fig11-L" + l + "-preempting");
            out.add(r);
        }
        return out;
    }

    /** Equations (1)-(4) of §4.1 with Fig. 11's parameters, in cycles. */
    static double equation(final int number, final int levels, final double delta) {
        final int hops = 2 * (levels - 1);
        final double pk = Math.pow(FIG11_P, FIG11_K);
        final double perHop = switch (number) {
            case 1 -> FIG11_TB + pk * FIG11_TP_ASSUMED;
            case 2 -> FIG11_TB + FIG11_P * FIG11_TP_ASSUMED;
            case 3 -> FIG11_TB + pk * ((1 - FIG11_PF) * FIG11_TP_ASSUMED + FIG11_PF * delta);
            case 4 -> FIG11_TB + FIG11_P * delta;
            default -> throw new IllegalArgumentException("bsr: equation number=" + number + " is not 1-4");
        };
        return FIG11_TS + hops * FIG11_TB + hops * perHop;
    }

    /** @return the mean latency of later rounds on the chain, cycles */
    private static double chainLatency(final BsrTopology chain, final int levels, final String spec,
        final int episodes, final long seed) {
        final Parameters p = BsrParameters.schema().parse(spec + ",seed=" + seed);
        final double cyclePs = p.get(BsrParameters.CYCLE_NS) * 1000;
        final BsrNetwork net = new BsrNetwork(chain, new int[] {0, levels - 1}, 0, p);
        final long[] arrival = new long[2];
        net.runEpisode(0, arrival);
        double sum = 0;
        for (int e = 1; e <= episodes; e++) {
            net.runEpisode(e, arrival);
            sum += lastRelease(net, 2) / cyclePs;
        }
        return sum / episodes;
    }

    /** §4.2: a preempted hop costs 12 cycles; the model's cost, measured on two neighbours with a jammed link. */
    private static void preemptedHop(final SimRun run) {
        final BsrTopology pair = BsrTopology.fromLinks(2, new int[][] {{0, 1}});
        final Parameters free = BsrParameters.schema().parse("bsr:softwareCycles=0");
        final Parameters jam = BsrParameters.schema().parse(
            "bsr:softwareCycles=0,congestionProbability=1,congestionCycles=1000000");
        final double cyclePs = free.get(BsrParameters.CYCLE_NS) * 1000;
        final double freeCycles = twoMemberLatency(pair, free) / cyclePs;
        final double jamCycles = twoMemberLatency(pair, jam) / cyclePs;
        // a free hop's header: buffer read, route, arbitration, crossbar, link
        final double freeHeader = free.get(BsrParameters.BUFFER_READ_CYCLES) + free.get(BsrParameters.ROUTE_CYCLES)
            + free.get(BsrParameters.ARBITRATION_CYCLES) + free.get(BsrParameters.CROSSBAR_CYCLES)
            + free.get(BsrParameters.LINK_CYCLES);
        final double model = freeHeader + (jamCycles - freeCycles) / 2; // two hops: reduction and distribution
        run.result("preempted_hop_cycles", model);
        run.reference(new Reference("preempted hop", "§4.2: padding 6 + link 2 + crossbars 2 + preempting 2", 1,
            PREEMPTED_HOP_CYCLES, model, "cycles"));
    }

    private static long twoMemberLatency(final BsrTopology pair, final Parameters p) {
        final BsrNetwork net = new BsrNetwork(pair, new int[] {0, 1}, 0, p);
        final long[] arrival = new long[2];
        net.runEpisode(0, arrival);
        net.runEpisode(1, arrival);
        return Math.max(net.releasePs(0), net.releasePs(1));
    }

    private static String format(final double[] v) {
        final StringBuilder sb = new StringBuilder();
        for (final double d : v) {
            sb.append(String.format(Locale.ROOT, " %9.1f", d));
        }
        return sb.toString();
    }
}
