package org.jbsplib.vtime;

import java.util.Locale;

import org.jbsplib.core.ThreadKind;

/**
 * The parameters of one virtual machine: the LogGP network ({@code L}, {@code o}, {@code g}, {@code G}) and how
 * computation is charged ({@code cpu}, {@code cpuScale}, {@code stepCost}). Immutable.
 *
 * <p>The cost rules, applied by the {@link VirtualMachine}'s kernel:
 * <ul>
 *   <li>a send of a {@code k}-byte frame starts at {@code s = max(clock, nextSend)}; the sender's clock becomes
 *       {@code s + o}; its next send starts no earlier than {@code s + g + (k-1)G};</li>
 *   <li>the frame arrives at {@code s + o + L + (k-1)G};</li>
 *   <li>a receive sets the receiver's clock to {@code max(clock, arrival) + o};</li>
 *   <li>computation between library calls adds the measured time times {@code cpuScale}, or {@code stepCost} per
 *       superstep with {@code cpu=fixed}.</li>
 * </ul>
 *
 * <pre>{@code
 * NetworkModel m = NetworkModel.parse("sp2-us;L=20us;cpuScale=8");
 * long oneWay = m.oneWayNs(64);
 * }</pre>
 *
 * @param preset     the preset the parameters started from
 * @param latencyNs  L, ns
 * @param overheadNs o, ns, paid by the sender and by the receiver of every frame
 * @param gapNs      g, ns between the starts of consecutive sends
 * @param gapPerByteNs G, ns per byte after the first
 * @param cpu        how computation is charged
 * @param cpuScale   factor on measured computation (a slower or faster simulated processor)
 * @param stepCostNs computation charged per superstep with {@link CpuClock#FIXED}, ns
 */
public record NetworkModel(String preset, long latencyNs, long overheadNs, long gapNs, double gapPerByteNs,
    CpuClock cpu, double cpuScale, long stepCostNs) {

    /** The flag of {@link #parse} that measures the {@code local} preset's figures on this host. */
    public static final String CALIBRATE = "calibrate";
    /** A decimal number, as the options take it ({@link Double#parseDouble} alone also takes "5d" or hexadecimal). */
    private static final java.util.regex.Pattern DECIMAL =
        java.util.regex.Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the parameter and its value
     */
    public NetworkModel {
        nonNegative("L", latencyNs);
        nonNegative("o", overheadNs);
        nonNegative("g", gapNs);
        if (!(gapPerByteNs >= 0) || Double.isInfinite(gapPerByteNs)) {
            throw new IllegalArgumentException("G=" + gapPerByteNs + " ns/byte must be finite and >= 0");
        }
        if (!(cpuScale >= 0) || Double.isInfinite(cpuScale)) {
            throw new IllegalArgumentException("cpuScale=" + cpuScale + " must be finite and >= 0");
        }
        nonNegative("stepCost", stepCostNs);
        if (latencyNs + overheadNs == 0) {
            throw new IllegalArgumentException("L=0 and o=0: the kernel needs a positive lookahead L + o");
        }
    }

    private static void nonNegative(final String name, final long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + "=" + value + " ns must be >= 0");
        }
    }

    /** @return the serialization time of a {@code k}-byte frame after its first byte, {@code (k-1)G}, in ns */
    public long bytesNs(final int k) {
        return k <= 1 ? 0 : Math.round((k - 1) * gapPerByteNs);
    }

    /** @return the one-way time of a {@code k}-byte frame between idle processes: {@code o + L + (k-1)G + o} */
    public long oneWayNs(final int k) {
        return 2 * overheadNs + latencyNs + bytesNs(k);
    }

    /** @return the kernel's lookahead: no frame sent from now on arrives earlier than the sender's clock plus this */
    public long lookaheadNs() {
        return overheadNs + latencyNs;
    }

    /**
     * Parses {@code PRESET[;key=value...]}: keys {@code L}, {@code o}, {@code g} (times: {@code 20us}, {@code 1.5µs},
     * {@code 300ns}, {@code 1ms}; a bare number is ns), {@code G} (ns per byte, {@code 0.5ns} or {@code 0.5}),
     * the flag {@code calibrate} (preset {@code local} only: start from the figures {@link Calibration} measures on
     * this host's threads transport, once per JVM; other keys still override them),
     * {@code cpu} ({@code auto}, {@code thread}, {@code elapsed}, {@code fixed}), {@code cpuScale}, {@code stepCost} (a time;
     * implies {@code cpu=fixed} unless {@code cpu} is given).
     *
     * @param spec the options of a {@code virtual:} machine spec; empty means the {@code local} preset
     * @return the model
     * @throws IllegalArgumentException naming the key and value that are not valid, or the unknown preset
     */
    public static NetworkModel parse(final String spec) {
        final String[] parts = spec == null ? new String[0] : spec.split(";");
        final String presetName = parts.length == 0 || parts[0].isBlank() ? "local" : parts[0].trim();
        final NetworkModel base = calibrated(presetName, parts, spec);
        long l = base.latencyNs;
        long o = base.overheadNs;
        long g = base.gapNs;
        double bigG = base.gapPerByteNs;
        CpuClock cpu = base.cpu;
        boolean cpuGiven = false;
        double scale = base.cpuScale;
        long step = base.stepCostNs;
        boolean stepGiven = false;
        final java.util.Set<String> given = new java.util.HashSet<>();
        for (int i = 1; i < parts.length; i++) {
            final String kv = parts[i].trim();
            if (kv.isEmpty() || kv.equals(CALIBRATE)) {
                continue;
            }
            final int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("machine option '" + kv + "' in virtual:" + spec
                    + " is not key=value");
            }
            final String key = kv.substring(0, eq).trim();
            final String value = kv.substring(eq + 1).trim();
            if (!given.add(key)) {
                throw new IllegalArgumentException("machine option " + key + " in virtual:" + spec + " is given twice");
            }
            switch (key) {
                case "L" -> l = timeNs(key, value);
                case "o" -> o = timeNs(key, value);
                case "g" -> g = timeNs(key, value);
                case "G" -> bigG = number(key, value.endsWith("ns") ? value.substring(0, value.length() - 2) : value);
                case "cpu" -> {
                    cpu = CpuClock.parse(value);
                    cpuGiven = true;
                }
                case "cpuScale" -> scale = number(key, value);
                case "stepCost" -> {
                    step = timeNs(key, value);
                    stepGiven = true;
                }
                default -> throw new IllegalArgumentException("machine option " + key + "=" + value + " in virtual:"
                    + spec + " is not known (known: L, o, g, G, cpu, cpuScale, stepCost, shuffle, parallel, and the "
                    + "flag calibrate)");
            }
        }
        if (stepGiven && !cpuGiven) {
            cpu = CpuClock.FIXED;
        }
        return new NetworkModel(presetName, l, o, g, bigG, cpu, scale, step);
    }

    /**
     * @return the preset's model, or with the flag {@code calibrate} (only for {@code local}) the figures measured on
     *         this host's threads transport ({@link Calibration#cached()})
     * @throws IllegalArgumentException naming the spec when {@code calibrate} is given for another preset
     */
    private static NetworkModel calibrated(final String presetName, final String[] parts, final String spec) {
        final NetworkModel base = Presets.get(presetName);
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].trim().equals(CALIBRATE)) {
                if (!"local".equals(presetName)) {
                    throw new IllegalArgumentException("machine option calibrate in virtual:" + spec + " measures this "
                        + "host's threads transport, so it belongs to preset local, not preset=" + presetName);
                }
                return Calibration.cached().model();
            }
        }
        return base;
    }

    /**
     * @param key   the option's name, for the message
     * @param value a time: a number with unit {@code ns}, {@code us}, {@code µs}, {@code ms} or {@code s}, or a bare
     *              number of ns
     * @return the time in ns, rounded
     * @throws IllegalArgumentException naming key and value
     */
    static long timeNs(final String key, final String value) {
        final String v = value.trim().toLowerCase(Locale.ROOT);
        final double factor;
        final String digits;
        if (v.endsWith("ns")) {
            factor = 1;
            digits = v.substring(0, v.length() - 2);
        } else if (v.endsWith("us") || v.endsWith("µs")) {
            factor = 1e3;
            digits = v.substring(0, v.length() - 2);
        } else if (v.endsWith("ms")) {
            factor = 1e6;
            digits = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            factor = 1e9;
            digits = v.substring(0, v.length() - 1);
        } else {
            factor = 1;
            digits = v;
        }
        if (!DECIMAL.matcher(digits.trim()).matches()) {
            throw new IllegalArgumentException(key + "=" + value + " is not a time (a decimal number with unit ns, us, "
                + "µs, ms or s, or a bare number of ns)");
        }
        final double ns = Double.parseDouble(digits.trim()) * factor;
        if (ns < 0 || ns > Long.MAX_VALUE / 4) {
            throw new IllegalArgumentException(key + "=" + value + " must be a time >= 0");
        }
        return Math.round(ns);
    }

    private static double number(final String key, final String value) {
        if (!DECIMAL.matcher(value.trim()).matches()) {
            throw new IllegalArgumentException(key + "=" + value + " is not a number");
        }
        return Double.parseDouble(value.trim());
    }

    /** @return this model with computation charged by {@code clock} */
    public NetworkModel withCpu(final CpuClock clock) {
        return new NetworkModel(preset, latencyNs, overheadNs, gapNs, gapPerByteNs, clock, cpuScale, stepCostNs);
    }

    /**
     * Decides {@link CpuClock#AUTO} for a run on {@code kind} threads: {@link CpuClock#THREAD} where their CPU time
     * can be read, else {@link CpuClock#ELAPSED}. Other clocks are returned unchanged.
     *
     * @param kind the kind of thread the processes run on ({@link ThreadKind#PLATFORM} or {@link ThreadKind#VIRTUAL})
     * @return the model with a concrete clock
     */
    public NetworkModel resolve(final ThreadKind kind) {
        if (cpu != CpuClock.AUTO) {
            return this;
        }
        return withCpu(ThreadCpuTime.unavailableReason(kind) == null ? CpuClock.THREAD : CpuClock.ELAPSED);
    }

    /** @return the parameters as {@code key=value} text, e.g. for reports */
    public String describe() {
        return String.format(Locale.ROOT, "%s: L=%s o=%s g=%s G=%sns/B cpu=%s cpuScale=%s%s", preset, us(latencyNs),
            us(overheadNs), us(gapNs), trim(gapPerByteNs), cpu, trim(cpuScale),
            cpu == CpuClock.FIXED ? " stepCost=" + us(stepCostNs) : "");
    }

    private static String us(final long ns) {
        return trim(ns / 1e3) + "us";
    }

    private static String trim(final double v) {
        final String s = String.format(Locale.ROOT, "%.4f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
