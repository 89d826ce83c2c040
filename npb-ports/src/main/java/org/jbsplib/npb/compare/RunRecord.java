package org.jbsplib.npb.compare;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;
import org.jbsplib.npb.common.HostProbe;
import org.jbsplib.npb.common.NpbResult;

/**
 * One run of the comparison, as {@code results.json} and {@code results.csv} hold it. Times are the timed section's
 * (seconds; T_* are means over processes, as the NPB report prints them; virtual seconds on a machine model).
 *
 * @param config             the configuration
 * @param run                the run's index within its configuration, from 0 (the warm-up is 0)
 * @param warmup             whether it was the warm-up run (never summarized or plotted)
 * @param status             {@link Status#OK}, {@link Status#FAILED} (did not verify) or {@link Status#ERROR} (threw)
 * @param seconds            the timed section
 * @param mops               Mop/s by NPB's formula
 * @param tSync              time in sync and commit (the paper's T_sync)
 * @param tBarrier           the exchange phase of the classic sync (rbs: of its exchange supersteps)
 * @param tComm              the communication phase (rbs: of its exchange supersteps)
 * @param tCommit            time in commit (rbs; part of T_sync)
 * @param supersteps         the run's supersteps (process 0)
 * @param exchangeSupersteps rbs: timed supersteps with a count exchange (0 for org)
 * @param relaxedSupersteps  rbs: timed relaxed supersteps (0 for org)
 * @param wallSeconds        the host's wall time of the whole run (set-up and verification included)
 * @param host               the machine the run ran on (host name, cores, CPU)
 * @param jvm                the JVM (vendor, version, heap limit)
 * @param error              why the run failed, or empty
 * @param probeBeforeSeconds the host probe right before the run ({@link HostProbe}), NaN where it was not measured
 * @param probeAfterSeconds  the host probe right after the run, NaN where it was not measured
 */
public record RunRecord(Configuration config, int run, boolean warmup, Status status, double seconds, double mops,
    double tSync, double tBarrier, double tComm, double tCommit, long supersteps, long exchangeSupersteps,
    long relaxedSupersteps, double wallSeconds, String host, String jvm, String error, double probeBeforeSeconds,
    double probeAfterSeconds) {

    /** A record without host probe readings. */
    public RunRecord(final Configuration config, final int run, final boolean warmup, final Status status,
        final double seconds, final double mops, final double tSync, final double tBarrier, final double tComm,
        final double tCommit, final long supersteps, final long exchangeSupersteps, final long relaxedSupersteps,
        final double wallSeconds, final String host, final String jvm, final String error) {
        this(config, run, warmup, status, seconds, mops, tSync, tBarrier, tComm, tCommit, supersteps,
            exchangeSupersteps, relaxedSupersteps, wallSeconds, host, jvm, error, Double.NaN, Double.NaN);
    }

    /** A run's outcome. */
    public enum Status {
        /** It ran and verified. */
        OK,
        /** It ran and did not verify. */
        FAILED,
        /** It threw before it could verify. */
        ERROR
    }

    /** The column names of the CSV file, in order. */
    public static final List<String> COLUMNS = List.of("kernel", "class", "procs", "sync", "barrier", "machine",
        "transport", "run", "warmup", "status", "verified", "seconds", "mops", "t_sync", "t_barrier", "t_comm",
        "t_commit", "supersteps", "exchange_supersteps", "relaxed_supersteps", "wall_seconds",
        "probe_before_seconds", "probe_after_seconds", "host", "jvm", "error");

    /** @return whether it counts as a result: a verified run that is not the warm-up */
    public boolean measured() {
        return !warmup && status == Status.OK;
    }

    /** @return whether it verified */
    public boolean verified() {
        return status == Status.OK;
    }

    /**
     * @return the record of a finished NPB run, with its host probe readings where it has them
     */
    static RunRecord of(final Configuration config, final int run, final boolean warmup, final NpbResult r,
        final String host, final String jvm) {
        final RunResult rr = r.run();
        final SyncStats first = rr.stats().get(0);
        double commit = 0;
        for (final SyncStats s : rr.stats()) {
            commit += s.commitNs();
        }
        commit = commit / rr.stats().size() / 1e9;
        final HostProbe.Reading probe = HostProbe.reading(r);
        return new RunRecord(config, run, warmup, r.verified() ? Status.OK : Status.FAILED, r.seconds(), r.mops(),
            rr.meanSyncSeconds(), rr.meanBarrierSeconds(), rr.meanCommSeconds(), commit, rr.supersteps()[0],
            first.exchangeSupersteps(), first.relaxedSupersteps(), rr.wallNs() / 1e9, host, jvm, "",
            probe == null ? Double.NaN : probe.beforeSeconds(), probe == null ? Double.NaN : probe.afterSeconds());
    }

    /** @return the record of a run that threw */
    static RunRecord error(final Configuration config, final int run, final boolean warmup, final Throwable t,
        final double wallSeconds, final String host, final String jvm) {
        final String why = t.getMessage() == null ? t.getClass().getSimpleName()
            : t.getClass().getSimpleName() + ": " + t.getMessage();
        return new RunRecord(config, run, warmup, Status.ERROR, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN, Double.NaN, 0, 0, 0, wallSeconds, host, jvm, why);
    }

    /** @return its fields as an insertion-ordered map, the JSON shape (column names of {@link #COLUMNS}) */
    public Map<String, Object> toMap() {
        final Map<String, Object> m = new LinkedHashMap<>(config.toMap());
        m.put("run", run);
        m.put("warmup", warmup);
        m.put("status", status.name().toLowerCase(java.util.Locale.ROOT));
        m.put("verified", verified());
        m.put("seconds", seconds);
        m.put("mops", mops);
        m.put("t_sync", tSync);
        m.put("t_barrier", tBarrier);
        m.put("t_comm", tComm);
        m.put("t_commit", tCommit);
        m.put("supersteps", supersteps);
        m.put("exchange_supersteps", exchangeSupersteps);
        m.put("relaxed_supersteps", relaxedSupersteps);
        m.put("wall_seconds", wallSeconds);
        m.put("probe_before_seconds", probeBeforeSeconds);
        m.put("probe_after_seconds", probeAfterSeconds);
        m.put("host", host);
        m.put("jvm", jvm);
        m.put("error", error);
        return m;
    }

    /**
     * @param m a map as {@link #toMap()} writes it, or a CSV row by column name (values as text); a missing or
     *          {@code null} time reads as NaN (JSON has no NaN)
     * @return the record
     * @throws IllegalArgumentException naming the missing or malformed field
     */
    public static RunRecord fromMap(final Map<String, ?> m) {
        final Status status;
        try {
            status = Status.valueOf(Configuration.text(m, "status").toUpperCase(java.util.Locale.ROOT));
        } catch (final IllegalArgumentException e) {
            throw new IllegalArgumentException("field status=" + m.get("status") + " is not ok, failed or error");
        }
        return new RunRecord(Configuration.fromMap(m), Configuration.integer(m, "run"),
            Boolean.parseBoolean(Configuration.text(m, "warmup")), status, real(m, "seconds"), real(m, "mops"),
            real(m, "t_sync"), real(m, "t_barrier"), real(m, "t_comm"), real(m, "t_commit"),
            whole(m, "supersteps"), whole(m, "exchange_supersteps"), whole(m, "relaxed_supersteps"),
            real(m, "wall_seconds"), optional(m, "host"), optional(m, "jvm"), optional(m, "error"),
            real(m, "probe_before_seconds"), real(m, "probe_after_seconds"));
    }

    private static String optional(final Map<String, ?> m, final String key) {
        final Object v = m.get(key);
        return v == null ? "" : String.valueOf(v);
    }

    private static double real(final Map<String, ?> m, final String key) {
        final Object v = m.get(key);
        if (v == null || "".equals(v) || "NaN".equals(v)) {
            return Double.NaN;
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        try {
            return Double.parseDouble(String.valueOf(v).trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("field " + key + "=" + v + " is not a number");
        }
    }

    private static long whole(final Map<String, ?> m, final String key) {
        final Object v = m.get(key);
        if (v == null || "".equals(v)) {
            return 0;
        }
        if (v instanceof Number n) {
            return n.longValue();
        }
        try {
            return Long.parseLong(String.valueOf(v).trim());
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("field " + key + "=" + v + " is not an integer");
        }
    }
}
