package org.jbsplib.npb.common;

import java.util.List;

import org.jbsplib.api.Bsp;
import org.jbsplib.core.BspRuntime;
import org.jbsplib.core.RunResult;
import org.jbsplib.core.SyncStats;

/**
 * The synchronization statistics of each process's timed section, so that the report's {@code T_sync},
 * {@code T_barrier} and {@code T_comm} cover the same code as its "Time in seconds" (set-up, warm-up iterations and
 * verification stay out, as NPB leaves them out of its timer).
 *
 * <p>Each process calls {@link #start} and {@link #stop} on its own thread; the section is kept in its
 * {@link SyncStats} ({@link SyncStats#section()}), so it reaches the run's result on every transport, also from
 * processes in other JVMs. A later {@code start} replaces an earlier section.
 * <pre>{@code
 * TimedSection section = new TimedSection(config.procs());
 * RunResult run = BspRuntime.run(config, bsp -> { ...; section.start(bsp); timed(bsp); section.stop(bsp); ... });
 * RunResult timed = section.of(run);
 * }</pre>
 */
public final class TimedSection {
    private final int nprocs;

    /** @param nprocs the number of processes of the run */
    public TimedSection(final int nprocs) {
        this.nprocs = nprocs;
    }

    /** Marks the start of the calling process's timed section. */
    public void start(final Bsp bsp) {
        BspRuntime.stats(bsp).startSection();
    }

    /** Marks its end: the section's statistics are what the process recorded since {@link #start}. */
    public void stop(final Bsp bsp) {
        try {
            BspRuntime.stats(bsp).stopSection();
        } catch (final IllegalStateException e) {
            throw new IllegalStateException("stop: pid " + bsp.pid() + " did not start a timed section", e);
        }
    }

    /**
     * @param run the finished run whose processes marked their sections
     * @return the run with each process's statistics replaced by those of its timed section (configuration, wall
     *     time and superstep counts stay the whole run's)
     * @throws IllegalStateException if a process did not mark a whole section
     */
    public RunResult of(final RunResult run) {
        final SyncStats[] sections = new SyncStats[nprocs];
        for (int pid = 0; pid < nprocs; pid++) {
            sections[pid] = run.stats().get(pid).section();
            if (sections[pid] == null) {
                throw new IllegalStateException("pid " + pid + " did not mark a timed section");
            }
        }
        return new RunResult(run.config(), run.wallNs(), List.of(sections), run.supersteps());
    }
}
