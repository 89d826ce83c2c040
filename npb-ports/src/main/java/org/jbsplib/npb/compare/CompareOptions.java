package org.jbsplib.npb.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.cli.Args;
import org.jbsplib.core.cli.CliException;
import org.jbsplib.core.sync.SyncProtocolFactory;
import org.jbsplib.core.sync.SyncSpec;
import org.jbsplib.npb.common.NpbKernel;
import org.jbsplib.npb.common.NpbOptions;

/**
 * The options of {@code ./bsp compare}, checked before anything runs: every bad value is a {@link CliException}
 * naming the option and the value (exit code 2).
 *
 * @param kernels   the kernels, in order
 * @param npbClass  the class letter
 * @param procs     the process counts, in order
 * @param syncs     the sync modes (with presets)
 * @param barriers  the barrier backends of the classic sync ({@link Configuration#DEFAULT_BARRIER}: the runtime's)
 * @param machine   the machine model or {@link Configuration#HOST}
 * @param transport the transport
 * @param repeat    measured runs per configuration (after one warm-up run)
 * @param out       the output directory
 * @param baseline  an earlier {@code results.json}, or {@code null}
 * @param json      a further copy of {@code results.json}, or {@code null}
 * @param quiet     no progress lines
 */
public record CompareOptions(List<String> kernels, char npbClass, int[] procs, List<String> syncs,
    List<String> barriers, String machine, String transport, int repeat, Path out, Path baseline, Path json,
    boolean quiet) {
    /** Options taking a value. */
    static final Set<String> VALUES = Set.of("--kernels", "--class", "--procs", "--sync", "--barrier", "--machine",
        "--transport", "--repeat", "--out", "--baseline", "--json");
    /** Options without a value. */
    static final Set<String> FLAGS = Set.of("--quiet", "--help");
    /** Default measured runs per configuration. */
    static final int DEFAULT_REPEAT = 3;
    /** Default output directory. */
    static final String DEFAULT_OUT = "compare-out";

    /**
     * @param args    the words after {@code compare}
     * @param kernels the kernels found, by name
     * @return the checked options
     * @throws CliException naming the first bad option and its value
     */
    static CompareOptions parse(final List<String> args, final Map<String, NpbKernel> kernels) {
        final Args a = Args.parse(args, VALUES, FLAGS);
        if (!a.positional().isEmpty()) {
            throw new CliException("unexpected argument " + a.positional().get(0) + " (options only; see --help)");
        }
        final List<String> ks = distinct("--kernels", a.list("--kernels", List.of("ft", "lu")));
        for (final String k : ks) {
            if (!kernels.containsKey(k)) {
                throw new CliException("option --kernels: kernel=" + k + " is not known (known: "
                    + String.join(", ", kernels.keySet()) + ")");
            }
        }
        final String cls = a.value("--class", "S").toUpperCase(Locale.ROOT);
        for (final String k : ks) {
            if (cls.length() != 1 || kernels.get(k).classes().indexOf(cls.charAt(0)) < 0) {
                throw new CliException("option --class=" + cls + " is not a class of " + k + " ("
                    + kernels.get(k).classes() + ")");
            }
        }
        final int[] procs = a.intList("--procs", 1, 2, 4);
        if (procs.length == 0) {
            throw new CliException("option --procs needs at least one process count");
        }
        for (final int p : procs) {
            if (p < 1) {
                throw new CliException("option --procs=" + a.value("--procs", "") + ": " + p + " must be >= 1");
            }
        }
        final List<String> syncs = distinct("--sync", a.list("--sync", List.of("org", "rbs")));
        for (final String s : syncs) {
            try {
                BspRuntime.syncMode(s);
            } catch (final IllegalArgumentException e) {
                throw new CliException("option --sync: " + e.getMessage());
            }
        }
        final List<String> barriers = distinct("--barrier",
            a.list("--barrier", List.of(Configuration.DEFAULT_BARRIER)));
        final int repeat = a.intAtLeast("--repeat", DEFAULT_REPEAT, 1);
        final Path out = Path.of(a.value("--out", DEFAULT_OUT));
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new CliException("option --out=" + out + " is a file, not a directory");
        }
        Path baseline = null;
        if (a.has("--baseline")) {
            baseline = Path.of(a.value("--baseline", ""));
            if (!Files.isRegularFile(baseline) || !Files.isReadable(baseline)) {
                throw new CliException("option --baseline=" + baseline + " is not a readable file (give the "
                    + "results.json of an earlier ./bsp compare)");
            }
        }
        final CompareOptions o = new CompareOptions(ks, cls.charAt(0), procs, syncs, barriers,
            a.value("--machine", Configuration.HOST), a.value("--transport", "threads"), repeat, out, baseline,
            a.has("--json") ? Path.of(a.value("--json", "")) : null, a.has("--quiet"));
        o.check(kernels);
        return o;
    }

    /**
     * @return the configurations in run order: kernel, then P, then sync, then barrier (once, with no barrier, for
     *         a sync that waits on none: rbs, and org under options such as {@code org:paper}'s
     *         {@code org.barrier=counts}, which the run would refuse a barrier for)
     */
    public List<Configuration> matrix() {
        final List<Configuration> m = new ArrayList<>();
        for (final String k : kernels) {
            for (final int p : procs) {
                for (final String s : syncs) {
                    if (usesBarrier(s)) {
                        for (final String b : barriers) {
                            m.add(new Configuration(k, npbClass, p, s, b, machine, transport));
                        }
                    } else {
                        m.add(new Configuration(k, npbClass, p, s, Configuration.NO_BARRIER, machine, transport));
                    }
                }
            }
        }
        return m;
    }

    /** @return whether the processes of a run live in other JVMs (one launch per configuration) */
    public boolean launched() {
        return !"threads".equals(transport) && Configuration.HOST.equals(machine);
    }

    private void check(final Map<String, NpbKernel> kernels) {
        for (final Configuration c : matrix()) {
            try {
                NpbOptions.copy(c.bspConfig()).conclude();
                kernels.get(c.kernel()).heapBytesPerProcess(c.npbClass(), c.bspConfig());
            } catch (final IllegalArgumentException e) {
                throw new CliException("configuration " + c.label() + ": " + e.getMessage() + " (options --procs="
                    + joined(procs) + " --sync=" + String.join(",", syncs) + " --barrier=" + String.join(",", barriers)
                    + (Configuration.HOST.equals(machine) ? "" : " --machine=" + machine) + " --transport="
                    + transport + ")");
            }
        }
    }

    /** @return whether sync {@code s} waits on the barrier backend (its factory's answer for its preset) */
    private static boolean usesBarrier(final String s) {
        if (!"org".equals(SyncSpec.parse(s).name())) {
            return false;
        }
        try {
            final SyncProtocolFactory factory = BspRuntime.syncMode(s);
            final Map<String, String> preset = SyncSpec.parse(s).presetOptions(factory);
            return factory.unusedBarrierReason(preset::getOrDefault).isEmpty();
        } catch (final IllegalArgumentException e) {
            return true; // an unknown preset: check() reports it with the configuration
        }
    }

    private static List<String> distinct(final String option, final List<String> values) {
        if (values.isEmpty()) {
            throw new CliException("option " + option + " needs at least one value");
        }
        final Set<String> seen = new LinkedHashSet<>();
        for (final String v : values) {
            if (!seen.add(v.toLowerCase(Locale.ROOT))) {
                throw new CliException("option " + option + "=" + String.join(",", values) + " names " + v + " twice");
            }
        }
        return values.stream().map(v -> v.toLowerCase(Locale.ROOT)).toList();
    }

    private static String joined(final int[] v) {
        final StringBuilder sb = new StringBuilder();
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",").append(v[i]);
        }
        return sb.toString();
    }
}
