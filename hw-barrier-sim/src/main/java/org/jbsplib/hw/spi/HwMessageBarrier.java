package org.jbsplib.hw.spi;

import java.util.function.ToLongFunction;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.hw.model.BarrierModel;
import org.jbsplib.hw.model.EpisodeReport;
import org.jbsplib.hw.model.ReleaseClock;
import org.jbsplib.hw.model.ReleaseMode;

/**
 * One process's barrier on a hardware model where the processes do not share memory ({@code aeron-ipc},
 * {@code aeron-udp}): the model is one object held by pid 0, and the arrivals travel to it in frames. Pid 0 feeds
 * its own arrival and every ARRIVE frame to the model; when the model completes an episode, pid 0 sends each other
 * process a RELEASE frame with its modelled release time and the episode's modelled latency and count. A process
 * leaves once it has its RELEASE (pid 0: once the model released it) and, in {@code emulate} mode, once the clock
 * has reached its modelled release time; each process reports the episode's figures through
 * {@link BarrierChannel#reportEpisode}, as on shared memory.
 *
 * <p>Clocks: with one clock ({@link BarrierChannel#sharedClock()}, every process on one host) an ARRIVE frame carries
 * the arrival time read by the arriving process, and both modes keep their meaning. Without one (processes on
 * several hosts), pid 0 stamps each arrival on its own clock when the frame reaches it, so the modelled latencies
 * include the network's delay; only {@code account} mode runs there ({@link HwBarrierProvider} refuses
 * {@code emulate}: a release time on pid 0's clock means nothing to another host's).
 *
 * <p>Threading: confined to its process's thread; frames reach it on that thread.
 */
final class HwMessageBarrier implements Barrier {
    static final int ARRIVE = 1;
    static final int RELEASE = 2;
    private static final int RELEASE_LENGTH = 32;

    private final BarrierChannel channel;
    private final String backend;
    /** The model: on pid 0 only. */
    private final BarrierModel model;
    private final ReleaseClock clock;
    private final ToLongFunction<EpisodeReport> count;
    private final int me;
    private final UnsafeBuffer release = new UnsafeBuffer(new byte[RELEASE_LENGTH]);
    private long episode;
    private boolean released = true;
    /** Pid 0: the episodes whose RELEASE frames went out. */
    private long announced;
    /** Other pids: the last RELEASE received. */
    private long releasedEpisode;
    private long releaseTimeNs;
    private long latencyNs;
    private long modelledCount;

    HwMessageBarrier(final BarrierChannel channel, final BarrierModel model, final ReleaseMode mode,
        final String backend) {
        this.channel = channel;
        this.backend = backend;
        this.model = model;
        this.me = channel.pid();
        this.clock = new ReleaseClock(mode, m -> { }, channel.nprocs() <= channel.cores());
        this.count = HwBarrier.countOf(backend);
    }

    @Override
    public void arrive() {
        if (!released) {
            throw new IllegalStateException("barrier=" + backend + ": pid " + me + " arrived at episode "
                + (episode + 1) + " before episode " + episode + " was released");
        }
        episode++;
        released = false;
        if (me == 0) {
            model.arrive(0, channel.nanoTime());
            announce();
        } else {
            channel.send(0, ARRIVE, channel.sharedClock() ? channel.nanoTime() : 0L);
        }
    }

    /** Pid 0: sends the RELEASE frames of an episode the model has completed. */
    private void announce() {
        if (model.completedEpisodes() <= announced) {
            return;
        }
        announced = model.completedEpisodes();
        final EpisodeReport r = model.lastReport();
        release.putLong(0, announced);
        release.putLong(16, r.latencyNs());
        release.putLong(24, count.applyAsLong(r));
        for (int q = 1; q < channel.nprocs(); q++) {
            release.putLong(8, model.releaseTimeNs(q));
            channel.send(q, RELEASE, release, 0, RELEASE_LENGTH);
        }
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        if (me == 0) {
            announce();
            if (announced >= episode && model.isReleased(0)) {
                releaseTimeNs = model.releaseTimeNs(0);
                final EpisodeReport r = model.lastReport();
                latencyNs = r.latencyNs();
                modelledCount = count.applyAsLong(r);
                leave();
            }
        } else if (releasedEpisode >= episode) {
            leave();
        }
        return released;
    }

    private void leave() {
        clock.awaitRelease(releaseTimeNs);
        channel.reportEpisode(latencyNs, modelledCount);
        released = true;
    }

    @Override
    public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
        final int length) {
        if (type == ARRIVE && me == 0) {
            model.arrive(srcPid, channel.sharedClock() ? buffer.getLong(offset) : channel.nanoTime());
        } else if (type == RELEASE && me != 0) {
            releasedEpisode = buffer.getLong(offset);
            releaseTimeNs = buffer.getLong(offset + 8);
            latencyNs = buffer.getLong(offset + 16);
            modelledCount = buffer.getLong(offset + 24);
        } else {
            throw new IllegalStateException("barrier=" + backend + ": pid " + me + " got frame type=" + type
                + " from pid " + srcPid + " (ARRIVE=" + ARRIVE + " goes to pid 0, RELEASE=" + RELEASE
                + " from it)");
        }
    }

    @Override
    public long episode() {
        return episode;
    }

    @Override
    public void close() {
        if (me == 0) {
            HwBarrier.warnLateReleases(System.err, backend, clock,
                "the runtime's own cost, frames between JVMs included, exceeds the modelled hardware's");
        }
    }
}
