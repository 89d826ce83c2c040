package org.jbsplib.examples.barrier;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;

/**
 * A user-written barrier backend that uses only the public SPI: a token goes around the ring
 * 0 → 1 → … → P-1 → 0, each process passing it on once it has arrived; when it is back at pid 0 everyone has arrived, and pid 0 sends
 * a release along the ring. Episodes are told apart by counting: each process gets exactly one token and one
 * release per episode, in order. Each process reports the frames it sent per episode through the channel's
 * {@link BarrierChannel#reportEpisode} hook (as a hardware model reports its modelled packets).
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
    private int sent;
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
        sent = 0;
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
                send(1, TOKEN);
            }
            if (tokens >= episode) {
                released = true;
                send(1, RELEASE);
                channel.reportEpisode(0, sent);
            }
        } else {
            if (!tokenSent && tokens >= episode) {
                tokenSent = true;
                send((me + 1) % nprocs, TOKEN);
            }
            if (releases >= episode) {
                released = true;
                if (me + 1 < nprocs) {
                    send(me + 1, RELEASE);
                }
                channel.reportEpisode(0, sent);
            }
        }
        return released;
    }

    private void send(final int dst, final int type) {
        sent++;
        channel.send(dst, type, episode);
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
