package org.jbsplib.examples.barrier;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;

/**
 * A user-written barrier backend that uses only the public SPI: a token goes around the ring
 * 0 → 1 → … → P-1 → 0, each process passing it on once it has arrived; when it is back at pid 0 everyone has arrived, and pid 0 sends
 * a release along the ring. Episodes are told apart by counting: each process gets exactly one token and one
 * release per episode, in order.
 */
public final class RingBarrier implements Barrier {
    static final int TOKEN = 0;
    static final int RELEASE = 1;

    private final BarrierChannel channel;
    private final int me;
    private final int nprocs;
    private long episode;
    private long tokens;
    private long releases;
    private boolean tokenSent;
    private boolean released = true;

    RingBarrier(final BarrierChannel channel) {
        this.channel = channel;
        this.me = channel.pid();
        this.nprocs = channel.nprocs();
    }

    @Override
    public void arrive() {
        if (!released) {
            throw new IllegalStateException("ring barrier: arrive() twice in episode " + episode + " on pid " + me);
        }
        episode++;
        released = nprocs == 1;
        tokenSent = false;
        isReleased();
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        // Update state before sending: a send to a full inbox polls ours, which may call onFrame.
        if (me == 0) {
            if (!tokenSent) {
                tokenSent = true;
                channel.send(1, TOKEN, episode);
            }
            if (tokens >= episode) {
                released = true;
                channel.send(1, RELEASE, episode);
            }
        } else {
            if (!tokenSent && tokens >= episode) {
                tokenSent = true;
                channel.send((me + 1) % nprocs, TOKEN, episode);
            }
            if (releases >= episode) {
                released = true;
                if (me + 1 < nprocs) {
                    channel.send(me + 1, RELEASE, episode);
                }
            }
        }
        return released;
    }

    @Override
    public void onFrame(final int srcPid, final int type, final DirectBuffer buffer, final int offset,
        final int length) {
        final long e = buffer.getLong(offset);
        if (type == TOKEN && e == tokens + 1) {
            tokens = e;
        } else if (type == RELEASE && e == releases + 1) {
            releases = e;
        } else {
            throw new IllegalStateException("ring barrier: unexpected frame type " + type + " of episode " + e
                + " from pid " + srcPid + " on pid " + me);
        }
    }

    @Override
    public long episode() {
        return episode;
    }
}
