package org.jbsplib.npb.compare;

/** Synthetic runs for the unit tests. */
final class Runs {
    private Runs() {
    }

    static Configuration config(final String kernel, final int procs, final String sync) {
        return new Configuration(kernel, 'S', procs, sync, sync.startsWith("org") ? Configuration.DEFAULT_BARRIER
            : Configuration.NO_BARRIER, Configuration.HOST, "threads");
    }

    /** @return a verified run of {@code c} taking {@code seconds}, T_sync a third of it */
    static RunRecord ok(final Configuration c, final int run, final double seconds) {
        return new RunRecord(c, run, run == 0, RunRecord.Status.OK, seconds, 1000 / seconds, seconds / 3,
            c.classic() ? seconds / 9 : 0, c.classic() ? 2 * seconds / 9 : 0, 0, 100, c.classic() ? 0 : 10,
            c.classic() ? 0 : 90, seconds + 0.5, "vm, 2 cores, \"quoted\" CPU", "JVM 17, max heap 512 MiB", "");
    }

    /** @return {@link #ok} with host probe readings {@code before} and {@code after} */
    static RunRecord probed(final Configuration c, final int run, final double seconds, final double before,
        final double after) {
        final RunRecord r = ok(c, run, seconds);
        return new RunRecord(c, run, r.warmup(), r.status(), r.seconds(), r.mops(), r.tSync(), r.tBarrier(),
            r.tComm(), r.tCommit(), r.supersteps(), r.exchangeSupersteps(), r.relaxedSupersteps(), r.wallSeconds(),
            r.host(), r.jvm(), "", before, after);
    }

    static RunRecord failed(final Configuration c, final int run, final double seconds) {
        final RunRecord r = ok(c, run, seconds);
        return new RunRecord(c, run, r.warmup(), RunRecord.Status.FAILED, r.seconds(), r.mops(), r.tSync(),
            r.tBarrier(), r.tComm(), r.tCommit(), r.supersteps(), r.exchangeSupersteps(), r.relaxedSupersteps(),
            r.wallSeconds(), r.host(), r.jvm(), "");
    }
}
