package org.jbsplib.core.barrier;

import org.agrona.DirectBuffer;

/**
 * The 8-byte word the message-based backends send: {@code episode << 8 | round}. Every backend receives at most
 * one frame per episode from a given sender for a given (type, round), in episode order (FIFO per pair), so a
 * receiver checks each word against the last one it got on that path: a wrong episode is a protocol error.
 */
final class Frames {
    private Frames() {
    }

    static long word(final long episode, final int round) {
        return episode << 8 | round;
    }

    static long read(final String backend, final int me, final int src, final int type, final DirectBuffer buffer,
        final int offset, final int length) {
        if (length != 8) {
            throw error(backend, me, src, type, "length " + length + ", not 8");
        }
        return buffer.getLong(offset);
    }

    static long episode(final long word) {
        return word >>> 8;
    }

    static int round(final long word) {
        return (int) (word & 0xFF);
    }

    /**
     * @param last the episode of the last frame on this path
     * @return the frame's episode, checked to be {@code last + 1} and at most {@code current + 1}
     */
    static long next(final String backend, final int me, final int src, final int type, final long word,
        final long last, final long current) {
        final long e = episode(word);
        if (e != last + 1 || e > current + 1) {
            throw error(backend, me, src, type, "episode " + e + " (round " + round(word) + ") after episode " + last
                + " on this path while pid " + me + " is at episode " + current);
        }
        return e;
    }

    static IllegalStateException error(final String backend, final int me, final int src, final int type,
        final String what) {
        return new IllegalStateException("protocol error in barrier " + backend + " on pid " + me + ": frame type "
            + type + " from pid " + src + ": " + what);
    }

    static IllegalStateException notReleased(final String backend, final int me, final long episode) {
        return new IllegalStateException("barrier " + backend + ": pid " + me + " called arrive() again before "
            + "episode " + episode + " was released");
    }
}
