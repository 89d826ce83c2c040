package org.jbsplib.core.barrier;

import java.util.Map;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/**
 * Recursive pairwise exchange (the NIC paper's PE, as MPICH does it), correct for any P. Let p2 be the largest
 * power of two not above P. The P - p2 processes i >= p2 first send PRE to partner i - p2 and wait for its POST.
 * The first p2 processes (the ones with such a partner after its PRE) run log2(p2) rounds: in round k, process i
 * sends EXCHANGE to i XOR 2^k and waits for its EXCHANGE; groups of 2^(k+1) processes are then merged. Finally
 * each partner sends POST to its extra process. log2(p2) rounds (+2 for non-powers of two). Confined to its
 * process's thread.
 */
public final class PairwiseBarrier implements Barrier {
    /** The backend's name. */
    public static final String NAME = "pairwise";
    static final int EXCHANGE = 0;
    static final int PRE = 1;
    static final int POST = 2;

    private final BarrierChannel channel;
    private final int me;
    private final int p2;
    private final int rounds;
    /** Whether this process is beyond p2 and joins through its partner me - p2. */
    private final boolean extra;
    /** Whether this process stands for the extra process me + p2. */
    private final boolean hasExtra;
    private final long[] exchanged;
    private long pre;
    private long post;
    private int round;
    private boolean started;
    private long episode;
    private boolean released = true;

    PairwiseBarrier(final BarrierChannel channel) {
        this.channel = channel;
        this.me = channel.pid();
        final int nprocs = channel.nprocs();
        this.p2 = Integer.highestOneBit(nprocs);
        this.rounds = Integer.numberOfTrailingZeros(p2);
        this.extra = me >= p2;
        this.hasExtra = me < nprocs - p2;
        this.exchanged = new long[Math.max(rounds, 1)];
    }

    @Override
    public void arrive() {
        if (!released) {
            throw Frames.notReleased(NAME, me, episode);
        }
        episode++;
        released = false;
        round = 0;
        started = false;
        if (extra) {
            channel.send(me - p2, PRE, Frames.word(episode, 0));
        } else {
            isReleased();
        }
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        if (extra) {
            released = post >= episode;
            return released;
        }
        if (!started) {
            if (hasExtra && pre < episode) {
                return false;
            }
            started = true;
            if (rounds > 0) {
                channel.send(me ^ 1, EXCHANGE, Frames.word(episode, 0));
            }
        }
        while (round < rounds && exchanged[round] >= episode) {
            round++;
            if (round < rounds) {
                channel.send(me ^ (1 << round), EXCHANGE, Frames.word(episode, round));
            }
        }
        if (round == rounds) {
            released = true;
            if (hasExtra) {
                channel.send(me + p2, POST, Frames.word(episode, 0));
            }
        }
        return released;
    }

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        final long w = Frames.read(NAME, me, src, type, buffer, offset, length);
        final int r = Frames.round(w);
        if (type == EXCHANGE && !extra && r < rounds && src == (me ^ (1 << r))) {
            exchanged[r] = Frames.next(NAME, me, src, type, w, exchanged[r], episode);
        } else if (type == PRE && hasExtra && src == me + p2) {
            pre = Frames.next(NAME, me, src, type, w, pre, episode);
        } else if (type == POST && extra && src == me - p2) {
            post = Frames.next(NAME, me, src, type, w, post, episode - 1);
        } else {
            throw Frames.error(NAME, me, src, type, "round " + r + " is not part of the pairwise exchange here");
        }
    }

    @Override
    public long episode() {
        return episode;
    }

    /** The {@code pairwise} backend. */
    public static final class Provider implements BarrierProvider {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "recursive pairwise exchange as in MPICH (NIC paper's PE), log2 P rounds, any P";
        }

        @Override
        public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
            BarrierSpec.checkKnown(NAME, options);
            return new PairwiseBarrier(channel);
        }
    }
}
