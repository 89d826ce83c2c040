package org.jbsplib.hw.spi;

import java.io.PrintStream;
import java.util.function.ToLongFunction;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.WakeFlags;
import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.ReleaseClock;
import org.jbsplib.hw.model.ReleaseMode;

/**
 * One process's barrier on a hardware model shared by the processes of the run (shared-memory transports only).
 * {@code arrive()} notifies the model with {@link System#nanoTime()}; {@code isReleased()} becomes true once the
 * model has released this process's episode and, in {@code emulate} mode, once the clock has reached the modelled
 * release time. Each process reports every episode's modelled latency and the episode's modelled count
 * (port operations for PAPERS, flit hops for Reflex, messages otherwise) through
 * {@link BarrierChannel#reportEpisode}, so per-process statistics read as per-episode figures.
 *
 * <p>Emulate mode spins inside {@code isReleased()} from the moment the model released the episode until the
 * modelled release time (at most the modelled latency): the run's waiting strategy may park, and parking cannot
 * emulate microseconds. Releases the runtime delivered later than the model are counted; pid 0 prints its count once
 * at close, one line on standard error ({@code bsplib: barrier=... pid 0: N of M episodes were released
 * later than the model ...}), also under {@code --quiet}.
 *
 * <p>Waking: no frame announces a model's release, so, like the {@code shm} backend, a waiter that has polled a while
 * raises a flag (Dekker with the completing arrival) and the process whose arrival completed an episode sends a WAKE
 * frame to every flagged waiter.
 *
 * <p>Under virtual time ({@link BarrierChannel#virtualTime()}, e.g. {@code --machine virtual:sp2-us}) arrivals
 * are read from the machine's clock, the arrival that completes an episode {@linkplain BarrierChannel#signal signals}
 * every other process at its modelled release time, and each process leaves when its clock reaches its own, having
 * received the frames that arrive before it: both release modes release exactly at the modelled time.
 *
 * <p>Threading: confined to its process's thread; the model is shared and thread-safe.
 */
final class HwBarrier implements Barrier {
    static final int WAKE = 0;

    private final BarrierChannel channel;
    private final Shared shared;
    private final BarrierModel model;
    private final ReleaseClock clock;
    /** The episode's modelled count, chosen once per backend (not per episode). */
    private final ToLongFunction<EpisodeReport> count;
    private final int me;
    private final int parkAfter;
    private long episode;
    private boolean released = true;
    private boolean flagged;
    private int misses;

    /** What the processes of one run share: the model and the wake flags. */
    static final class Shared {
        final BarrierModel model;
        final WakeFlags wake;

        Shared(final BarrierModel model, final int nprocs) {
            this.model = model;
            this.wake = new WakeFlags(nprocs);
        }
    }

    HwBarrier(final BarrierChannel channel, final Shared shared, final ReleaseMode mode, final String backend) {
        this.channel = channel;
        this.shared = shared;
        this.model = shared.model;
        this.me = channel.pid();
        this.clock = new ReleaseClock(mode, m -> { }, channel.nprocs() <= channel.cores());
        this.count = countOf(backend);
        this.parkAfter = WakeFlags.raiseAfter(channel);
    }

    @Override
    public void arrive() {
        if (!released) {
            throw new IllegalStateException("barrier=" + model.name() + ": pid " + me + " arrived at episode "
                + (episode + 1) + " before episode " + episode + " was released");
        }
        episode++;
        released = false;
        misses = 0;
        model.arrive(me, channel.nanoTime());
        if (model.completedEpisodes() >= episode) {
            if (channel.virtualTime()) {
                signalReleases();
            } else {
                wakeFlagged();
            }
        }
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        if (channel.virtualTime()) {
            return isReleasedInVirtualTime();
        }
        if (model.isReleased(me)) {
            leave();
        } else if (++misses == parkAfter) {
            shared.wake.raise(me);
            flagged = true;
            if (model.isReleased(me)) {
                leave();
            }
        }
        return released;
    }

    /**
     * Under virtual time the answer follows virtual order, not the order in which the host ran the processes: the
     * process is released once its clock has reached its modelled release time, and until then it goes on
     * receiving, at their virtual arrival times, the frames that arrive before that time. Whether the model has
     * released the episode is read only when no other process can still arrive at an earlier virtual time.
     */
    private boolean isReleasedInVirtualTime() {
        if (!model.isReleased(me)) {
            channel.awaitEarliest();
            if (!model.isReleased(me)) {
                return false; // every arrival still missing comes at this clock or later, and the release too
            }
        }
        final long release = model.releaseTimeNs(me);
        if (channel.nanoTime() < release) {
            channel.signal(me, release); // the wait ends at the release, or earlier when a frame arrives first
            return false;
        }
        leave();
        return true;
    }

    private void leave() {
        if (flagged) {
            flagged = false;
            shared.wake.lower(me);
        }
        if (channel.virtualTime()) {
            channel.advanceTo(model.releaseTimeNs(me));
        } else {
            clock.awaitRelease(model.releaseTimeNs(me));
        }
        final EpisodeReport r = model.lastReport();
        channel.reportEpisode(r.latencyNs(), count.applyAsLong(r));
        released = true;
    }

    /** @return the episode's modelled count of {@code backend}: port operations, flits or messages */
    static ToLongFunction<EpisodeReport> countOf(final String backend) {
        return switch (backend) {
            case "papers" -> EpisodeReport::portOperations;
            case "reflex" -> EpisodeReport::flits;
            default -> EpisodeReport::messages;
        };
    }

    /**
     * Under virtual time the completing arrival wakes every other process at its modelled release time: the whole
     * group waits in this barrier, so no process can have acted past those times.
     */
    private void signalReleases() {
        for (int q = 0; q < channel.nprocs(); q++) {
            if (q != me) {
                channel.signal(q, model.releaseTimeNs(q));
            }
        }
    }

    private void wakeFlagged() {
        shared.wake.wakeRaised(channel, WAKE, episode);
    }

    @Override
    public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
        final int length) {
        if (type != WAKE) {
            throw new IllegalStateException("barrier=" + model.name() + ": pid " + me + " got frame type=" + type
                + " from pid " + srcPid + "; hardware models send only WAKE frames");
        }
    }

    @Override
    public long episode() {
        return episode;
    }

    /** @return releases the runtime delivered later than the model */
    long overruns() {
        return clock.overruns();
    }

    @Override
    public void close() {
        // one line per run, from pid 0, whose figures stand for the others
        if (me == 0) {
            warnLateReleases(System.err, model.name(), clock, "the runtime's own cost exceeds the modelled hardware's");
        }
    }

    /**
     * Prints, when {@code clock} counted releases the runtime delivered later than the model, one line on
     * {@code err} in the style of the runtime's other warnings ({@code bsplib: ...}). {@code --quiet} does not
     * silence it: it silences progress, and this line says that the run's barrier times are not the model's.
     *
     * @param err     where the line goes (standard error)
     * @param barrier the barrier's name, with its preset
     * @param clock   pid 0's release clock
     * @param why     what was slower than the model
     */
    static void warnLateReleases(final PrintStream err, final String barrier, final ReleaseClock clock,
        final String why) {
        if (clock.overruns() > 0) {
            err.println("bsplib: barrier=" + barrier + " pid 0: " + clock.overruns() + " of " + clock.waits()
                + " episodes were released later than the model (worst by " + clock.worstOverrunNs() + " ns): "
                + why);
        }
    }
}
