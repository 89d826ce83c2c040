package org.jbsplib.core.barrier;

import java.util.Map;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/**
 * The central (counter) barrier over messages: every process sends ARRIVE to the root (pid 0), which counts them
 * and, once all P-1 arrived and it arrived itself, sends RELEASE to everyone. 2(P-1) frames per episode; the root
 * serializes everything, so latency grows linearly with P. Confined to its process's thread.
 */
public final class CentralBarrier implements Barrier {
    /** The backend's name. */
    public static final String NAME = "central";
    static final int ARRIVE = 0;
    static final int RELEASE = 1;
    private static final int ROOT = 0;

    private final BarrierChannel channel;
    private final int me;
    private final int nprocs;
    private final long[] arrivedFrom;
    private long arrivals;
    private long releases;
    private long episode;
    private boolean released = true;

    CentralBarrier(final BarrierChannel channel) {
        this.channel = channel;
        this.me = channel.pid();
        this.nprocs = channel.nprocs();
        this.arrivedFrom = me == ROOT ? new long[nprocs] : null;
    }

    @Override
    public void arrive() {
        if (!released) {
            throw Frames.notReleased(NAME, me, episode);
        }
        episode++;
        released = false;
        if (me != ROOT) {
            channel.send(ROOT, ARRIVE, Frames.word(episode, 0));
        }
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        if (me == ROOT) {
            // Arrivals of episode n+1 come only after this root released episode n, so the running total tells.
            if (arrivals >= episode * (nprocs - 1)) {
                released = true;
                for (int d = 1; d < nprocs; d++) {
                    channel.send(d, RELEASE, Frames.word(episode, 0));
                }
            }
        } else if (releases >= episode) {
            released = true;
        }
        return released;
    }

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        final long w = Frames.read(NAME, me, src, type, buffer, offset, length);
        if (type == ARRIVE && me == ROOT) {
            arrivedFrom[src] = Frames.next(NAME, me, src, type, w, arrivedFrom[src], episode);
            arrivals++;
        } else if (type == RELEASE && src == ROOT) {
            releases = Frames.next(NAME, me, src, type, w, releases, episode - 1);
        } else {
            throw Frames.error(NAME, me, src, type, "not part of the central barrier here");
        }
    }

    @Override
    public long episode() {
        return episode;
    }

    /** The {@code central} backend. */
    public static final class Provider implements BarrierProvider {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "counter at pid 0, release broadcast by it; 2(P-1) frames, linear in P";
        }

        @Override
        public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
            BarrierSpec.checkKnown(NAME, options);
            return new CentralBarrier(channel);
        }
    }
}
