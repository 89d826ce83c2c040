package org.jbsplib.hw.model;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Collects the arrivals of an episode under a lock and, on the last arrival, lets the subclass step its hardware
 * model on that thread ({@link #simulate}). Release times and the report are published through a volatile episode
 * counter, so waiting processes poll without taking the lock.
 *
 * <p>Threading: subclasses' {@code simulate} runs under the lock, one episode at a time; their hardware state is
 * therefore confined to whichever thread holds the lock and needs no further synchronization.
 *
 * <p>Allocation: the arrays of an episode are allocated once; an episode allocates only its small
 * {@link EpisodeReport} (and whatever the model's event queue needs to grow the first times).
 */
public abstract class AbstractBarrierModel implements BarrierModel {
    private final String name;
    private final int parties;
    private final ReentrantLock lock = new ReentrantLock();
    private final long[] arrivalNs;
    private final boolean[] arrived;
    private final long[] releaseNs;
    private final long[] arrivalCopy;
    private final long[] releaseOut;
    private final AtomicLongArray arrivedEpisodes;
    private int arrivedCount;
    private volatile long completed;
    private volatile EpisodeReport lastReport;

    protected AbstractBarrierModel(final String name, final int parties) {
        if (parties < 1) {
            throw new IllegalArgumentException(name + ": parties=" + parties + " must be >= 1");
        }
        this.name = name;
        this.parties = parties;
        this.arrivalNs = new long[parties];
        this.arrived = new boolean[parties];
        this.releaseNs = new long[parties];
        this.arrivalCopy = new long[parties];
        this.releaseOut = new long[parties];
        this.arrivedEpisodes = new AtomicLongArray(parties);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int parties() {
        return parties;
    }

    @Override
    public final void arrive(final int pid, final long arrivalTimeNs) {
        checkPid("arrive", pid);
        lock.lock();
        try {
            if (arrived[pid]) {
                throw new IllegalStateException(name + ": arrive: pid=" + pid + " already arrived in episode "
                    + completed);
            }
            arrived[pid] = true;
            arrivalNs[pid] = arrivalTimeNs;
            arrivedEpisodes.incrementAndGet(pid);
            if (++arrivedCount == parties) {
                final long episode = completed;
                final long[] out = releaseOut;
                System.arraycopy(arrivalNs, 0, arrivalCopy, 0, parties);
                final EpisodeReport report = simulate(episode, arrivalCopy, out);
                long lastArrival = Long.MIN_VALUE;
                for (int p = 0; p < parties; p++) {
                    lastArrival = Math.max(lastArrival, arrivalNs[p]);
                }
                for (int p = 0; p < parties; p++) {
                    if (out[p] < arrivalNs[p] || out[p] < lastArrival) {
                        throw new IllegalStateException(name + ": model released pid=" + p + " at " + out[p]
                            + " ns before the last arrival at " + lastArrival + " ns");
                    }
                    releaseNs[p] = out[p];
                    arrived[p] = false;
                }
                arrivedCount = 0;
                lastReport = report;
                completed = episode + 1;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final boolean isReleased(final int pid) {
        checkPid("isReleased", pid);
        return completed >= arrivedEpisodes.get(pid);
    }

    @Override
    public final long releaseTimeNs(final int pid) {
        checkPid("releaseTimeNs", pid);
        final long mine = arrivedEpisodes.get(pid);
        if (mine == 0 || completed < mine) {
            throw new IllegalStateException(name + ": releaseTimeNs: pid=" + pid + " is not released (arrived in "
                + mine + " episodes, " + completed + " completed)");
        }
        return releaseNs[pid];
    }

    @Override
    public final EpisodeReport lastReport() {
        return lastReport;
    }

    @Override
    public final long completedEpisodes() {
        return completed;
    }

    /**
     * Steps the hardware model for one episode.
     *
     * @param episode   0-based episode number
     * @param arrivalNs arrival time of each pid (nanoTime scale; a copy the subclass may keep until the next call)
     * @param releaseNs filled with each pid's modelled release time, on the same scale
     * @return the episode report
     */
    protected abstract EpisodeReport simulate(long episode, long[] arrivalNs, long[] releaseNs);

    private void checkPid(final String op, final int pid) {
        if (pid < 0 || pid >= parties) {
            throw new IllegalArgumentException(name + ": " + op + ": pid=" + pid + " outside [0, " + parties + ")");
        }
    }
}
