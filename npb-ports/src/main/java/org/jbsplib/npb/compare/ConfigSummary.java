package org.jbsplib.npb.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.jbsplib.npb.common.Spread;

/**
 * The measured runs of one configuration summarized: medians and ranges over the runs that verified and were not
 * the warm-up. Failed runs are counted, never summarized; a configuration without a measured run has no spreads.
 *
 * @param config   the configuration
 * @param measured how many runs count (verified, not the warm-up)
 * @param failed   how many runs did not verify or threw (the warm-up included)
 * @param seconds  the timed section, or {@code null} without measured runs
 * @param mops     Mop/s, or {@code null}
 * @param tSync    T_sync, or {@code null}
 * @param tBarrier T_barrier, or {@code null}
 * @param tComm    T_comm, or {@code null}
 * @param probe    the host probe's readings before and after the measured runs, or {@code null} unless every
 *                 measured run has them
 * @param perProbe each measured run's time divided by its probe (the mean of before and after): the
 *                 host-normalized time, a diagnostic; or {@code null}
 */
public record ConfigSummary(Configuration config, int measured, int failed, Spread seconds, Spread mops,
    Spread tSync, Spread tBarrier, Spread tComm, Spread probe, Spread perProbe) {

    /** @return whether it has measured runs to show */
    public boolean hasData() {
        return measured > 0;
    }

    /**
     * @param runs runs of any configurations
     * @return one summary per configuration, in the order the configurations first appear
     */
    public static Map<Configuration, ConfigSummary> of(final List<RunRecord> runs) {
        final Map<Configuration, List<RunRecord>> byConfig = new LinkedHashMap<>();
        for (final RunRecord r : runs) {
            byConfig.computeIfAbsent(r.config(), k -> new ArrayList<>()).add(r);
        }
        final Map<Configuration, ConfigSummary> out = new LinkedHashMap<>();
        byConfig.forEach((c, list) -> out.put(c, summarize(c, list)));
        return out;
    }

    private static ConfigSummary summarize(final Configuration c, final List<RunRecord> runs) {
        final List<RunRecord> ok = runs.stream().filter(RunRecord::measured).toList();
        final int failed = (int) runs.stream().filter(r -> !r.verified()).count();
        if (ok.isEmpty()) {
            return new ConfigSummary(c, 0, failed, null, null, null, null, null, null, null);
        }
        final boolean probed = ok.stream().allMatch(r -> Double.isFinite(r.probeBeforeSeconds())
            && Double.isFinite(r.probeAfterSeconds()));
        return new ConfigSummary(c, ok.size(), failed, spread(ok, RunRecord::seconds), spread(ok, RunRecord::mops),
            spread(ok, RunRecord::tSync), spread(ok, RunRecord::tBarrier), spread(ok, RunRecord::tComm),
            probed ? Spread.of(ok.stream().flatMapToDouble(r -> java.util.stream.DoubleStream.of(
                r.probeBeforeSeconds(), r.probeAfterSeconds())).toArray()) : null,
            probed ? spread(ok, r -> 2 * r.seconds() / (r.probeBeforeSeconds() + r.probeAfterSeconds())) : null);
    }

    private static Spread spread(final List<RunRecord> runs, final ToDoubleFunction<RunRecord> f) {
        return Spread.of(runs.stream().mapToDouble(f).toArray());
    }

    /**
     * @param now    the current median
     * @param before the baseline's median
     * @return the relative change {@code now / before - 1}, or NaN when either is missing or the baseline is 0
     */
    public static double change(final Spread now, final Spread before) {
        if (now == null || before == null || before.median() == 0) {
            return Double.NaN;
        }
        return now.median() / before.median() - 1;
    }
}
