package org.jbsplib.core.barrier;

import java.util.Map;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/**
 * The dissemination barrier (Hensgen, Finkel and Manber): in round k = 0..ceil(log2 P)-1 process i signals
 * (i + 2^k) mod P and waits for the signal of (i - 2^k) mod P. After the last round every process has heard,
 * directly or transitively, from all others. P·ceil(log2 P) frames per episode, no root, correct for any P.
 * Confined to its process's thread.
 */
public final class DisseminationBarrier implements Barrier {
    /** The backend's name. */
    public static final String NAME = "dissemination";
    static final int SIGNAL = 0;

    private final BarrierChannel channel;
    private final int me;
    private final int nprocs;
    private final int rounds;
    /** Signals received per round, one per episode: round k of episode n has come when {@code received[k] >= n}. */
    private final long[] received;
    private int round;
    private long episode;
    private boolean released = true;

    DisseminationBarrier(final BarrierChannel channel) {
        this.channel = channel;
        this.me = channel.pid();
        this.nprocs = channel.nprocs();
        this.rounds = 32 - Integer.numberOfLeadingZeros(nprocs - 1);
        this.received = new long[Math.max(rounds, 1)];
    }

    @Override
    public void arrive() {
        if (!released) {
            throw Frames.notReleased(NAME, me, episode);
        }
        episode++;
        round = 0;
        released = rounds == 0;
        if (!released) {
            channel.send((me + 1) % nprocs, SIGNAL, Frames.word(episode, 0));
        }
    }

    @Override
    public boolean isReleased() {
        while (!released && received[round] >= episode) {
            round++;
            if (round == rounds) {
                released = true;
            } else {
                channel.send((me + (1 << round)) % nprocs, SIGNAL, Frames.word(episode, round));
            }
        }
        return released;
    }

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        final long w = Frames.read(NAME, me, src, type, buffer, offset, length);
        final int r = Frames.round(w);
        if (type != SIGNAL || r >= rounds || src != Math.floorMod(me - (1 << r), nprocs)) {
            throw Frames.error(NAME, me, src, type, "round " + r + " is not expected from this pid");
        }
        received[r] = Frames.next(NAME, me, src, type, w, received[r], episode);
    }

    @Override
    public long episode() {
        return episode;
    }

    /** The {@code dissemination} backend. */
    public static final class Provider implements BarrierProvider {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "dissemination (Hensgen-Finkel-Manber): ceil(log2 P) rounds, i signals (i+2^k) mod P";
        }

        @Override
        public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
            BarrierSpec.checkKnown(NAME, options);
            return new DisseminationBarrier(channel);
        }
    }
}
