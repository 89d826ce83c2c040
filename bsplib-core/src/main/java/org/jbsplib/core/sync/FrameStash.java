package org.jbsplib.core.sync;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

/**
 * Frames a process received before it may write them, held per source in arrival order until their turn.
 * Confined to the owner's thread; a source's buffer grows on first use and is reused for the rest of the run.
 * <pre>{@code
 * stash.keep(src, buffer, offset, length);    // not src's turn yet
 * ...
 * stash.drain(src, writer);                  // its turn: every held frame, in order, then empty
 * }</pre>
 */
public final class FrameStash {
    /** Receives a held frame. */
    @FunctionalInterface
    public interface FrameSink {
        void applyFrame(DirectBuffer buffer, int offset, int length);
    }

    private final ExpandableArrayBuffer[] held;
    private final int[] ends;

    /** @param nprocs the number of sources */
    public FrameStash(final int nprocs) {
        held = new ExpandableArrayBuffer[nprocs];
        ends = new int[nprocs];
    }

    /** Copies a frame from {@code src} behind the ones already held for it. */
    public void keep(final int src, final DirectBuffer buffer, final int offset, final int length) {
        ExpandableArrayBuffer b = held[src];
        if (b == null) {
            b = new ExpandableArrayBuffer(Math.max(256, length + 4));
            held[src] = b;
        }
        final int at = ends[src];
        b.putInt(at, length);
        b.putBytes(at + 4, buffer, offset, length);
        ends[src] = at + 4 + length;
    }

    /** @return whether frames from {@code src} are held */
    public boolean holds(final int src) {
        return ends[src] > 0;
    }

    /** Hands every frame held for {@code src} to {@code sink}, in arrival order, and forgets them. */
    public void drain(final int src, final FrameSink sink) {
        final ExpandableArrayBuffer b = held[src];
        final int end = ends[src];
        int at = 0;
        while (at < end) {
            final int len = b.getInt(at);
            sink.applyFrame(b, at + 4, len);
            at += 4 + len;
        }
        ends[src] = 0;
    }

    /** Forgets the frames held for {@code src}. */
    public void clear(final int src) {
        ends[src] = 0;
    }
}
