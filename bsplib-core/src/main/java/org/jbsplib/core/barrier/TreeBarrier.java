package org.jbsplib.core.barrier;

import java.util.Map;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;

/**
 * Gather-and-broadcast over a k-ary tree (the NIC paper's GB): pid i's children are k·i+1 .. k·i+k. A process
 * sends GATHER to its parent once it arrived and heard GATHER from all its children; the root then sends
 * BROADCAST down the tree, each process forwarding it to its children as it is released. 2(P-1) frames and
 * 2·ceil(log_k P) hops per episode; {@code fanout} (k, default {@value #DEFAULT_FANOUT}) trades depth for the
 * work of each inner node. Confined to its process's thread.
 */
public final class TreeBarrier implements Barrier {
    /** The backend's name. */
    public static final String NAME = "tree";
    /** The fan-out when the spec gives none. */
    public static final int DEFAULT_FANOUT = 4;
    static final int GATHER = 0;
    static final int BROADCAST = 1;

    private final BarrierChannel channel;
    private final int me;
    private final int parent;
    private final int firstChild;
    private final int children;
    private final long[] gatheredFrom;
    private long gathered;
    private long broadcasts;
    private long gatherSent;
    private long episode;
    private boolean released = true;

    TreeBarrier(final BarrierChannel channel, final int fanout) {
        this.channel = channel;
        this.me = channel.pid();
        final int nprocs = channel.nprocs();
        this.parent = me == 0 ? -1 : (me - 1) / fanout;
        final long first = (long) fanout * me + 1;
        this.firstChild = (int) Math.min(first, nprocs);
        this.children = (int) Math.max(0, Math.min(fanout, nprocs - first));
        this.gatheredFrom = new long[children];
    }

    @Override
    public void arrive() {
        if (!released) {
            throw Frames.notReleased(NAME, me, episode);
        }
        episode++;
        released = false;
        isReleased();
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        // A child sends GATHER for episode n+1 only after this process forwarded BROADCAST n: totals suffice.
        if (gatherSent < episode && gathered >= episode * children) {
            gatherSent = episode;
            if (parent < 0) {
                release();
            } else {
                channel.send(parent, GATHER, Frames.word(episode, 0));
            }
        }
        if (!released && parent >= 0 && broadcasts >= episode) {
            release();
        }
        return released;
    }

    private void release() {
        released = true;
        for (int c = 0; c < children; c++) {
            channel.send(firstChild + c, BROADCAST, Frames.word(episode, 0));
        }
    }

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        final long w = Frames.read(NAME, me, src, type, buffer, offset, length);
        final int child = src - firstChild;
        if (type == GATHER && child >= 0 && child < children) {
            gatheredFrom[child] = Frames.next(NAME, me, src, type, w, gatheredFrom[child], episode);
            gathered++;
        } else if (type == BROADCAST && src == parent) {
            broadcasts = Frames.next(NAME, me, src, type, w, broadcasts, episode - 1);
        } else {
            throw Frames.error(NAME, me, src, type, "not part of the tree barrier here");
        }
    }

    @Override
    public long episode() {
        return episode;
    }

    /** The {@code tree} backend; option {@code fanout} (1..1024; 1 is a chain). */
    public static final class Provider implements BarrierProvider {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "gather-and-broadcast over a k-ary tree (NIC paper's GB); option fanout=k, default "
                + DEFAULT_FANOUT;
        }

        @Override
        public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
            BarrierSpec.checkKnown(NAME, options, "fanout");
            return new TreeBarrier(channel, BarrierSpec.intOption(NAME, options, "fanout", DEFAULT_FANOUT, 1, 1024));
        }
    }
}
