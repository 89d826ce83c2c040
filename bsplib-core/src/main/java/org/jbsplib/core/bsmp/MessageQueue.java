package org.jbsplib.core.bsmp;

import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.collections.IntArrayList;
import org.jbsplib.api.QueueSize;

/**
 * The BSMP queues of one process: the queue of the current superstep (read by {@code getTag}, {@code move},
 * {@code hpMove}) and the queue being filled during a sync (visible after it). Messages are stored back to back
 * in one buffer per queue, as {@code [int tagLength][int payloadLength][tag][payload]}; the two buffers swap at
 * each sync, so views handed out by {@code hpMove} stay valid until the next sync.
 */
public final class MessageQueue {
    private static final int CACHED_SIZES = 1024;
    private QueueSize[] sizes = new QueueSize[8];
    private ExpandableArrayBuffer current = new ExpandableArrayBuffer(256);
    private final IntArrayList currentStarts = new IntArrayList();
    private int head;
    private long remainingBytes;

    private ExpandableArrayBuffer next = new ExpandableArrayBuffer(256);
    private final IntArrayList nextStarts = new IntArrayList();
    private int nextEnd;
    private long nextBytes;
    private int partialStart = -1;

    /** Starts a message of the next superstep; fragments follow with {@link #fill}. @return its start index */
    public int begin(final int tagLength, final int payloadLength) {
        final int start = nextEnd;
        final long end = (long) start + 8 + tagLength + payloadLength;
        if (end > ExpandableArrayBuffer.MAX_ARRAY_LENGTH) {
            throw new IllegalStateException("BSMP: the messages received in this superstep would take " + end
                + " bytes, over the limit of " + ExpandableArrayBuffer.MAX_ARRAY_LENGTH + " bytes per process; send "
                + "less per superstep");
        }
        next.putInt(start, tagLength);
        next.putInt(start + 4, payloadLength);
        next.checkLimit(start + 8 + tagLength + payloadLength);
        nextEnd = start + 8 + tagLength + payloadLength;
        nextStarts.addInt(start);
        nextBytes += payloadLength;
        partialStart = start;
        return start;
    }

    /** Writes a fragment of the message begun last: {@code offset} counts from the start of its tag. */
    public void fill(final int offset, final DirectBuffer src, final int srcIndex, final int length) {
        if (partialStart < 0) {
            throw new IllegalStateException("BSMP fragment without a message start");
        }
        next.putBytes(partialStart + 8 + offset, src, srcIndex, length);
    }

    /** Makes the messages received during the sync the current queue; the old current queue is recycled. */
    public void swap() {
        final ExpandableArrayBuffer old = current;
        current = next;
        next = old;
        currentStarts.clear();
        currentStarts.addAll(nextStarts);
        nextStarts.clear();
        head = 0;
        remainingBytes = nextBytes;
        nextBytes = 0;
        nextEnd = 0;
        partialStart = -1;
    }

    /** @return messages left in the current queue */
    public int packets() {
        return currentStarts.size() - head;
    }

    /** @return payload bytes left in the current queue */
    public long bytes() {
        return remainingBytes;
    }

    /**
     * The size of the current queue, as {@code qsize()} returns it. Sizes are kept by number of messages and reused
     * while their byte count matches, so a program whose supersteps receive the same messages asks without
     * allocating, also in a loop that moves messages one by one; a new size is made only for a count not seen
     * with those bytes before (or above {@value #CACHED_SIZES} messages).
     *
     * @return the number of messages and payload bytes left in the current queue
     */
    public QueueSize size() {
        final int packets = packets();
        if (packets >= CACHED_SIZES) {
            return new QueueSize(packets, remainingBytes);
        }
        if (packets >= sizes.length) {
            sizes = java.util.Arrays.copyOf(sizes, Math.min(CACHED_SIZES, Math.max(packets + 1, sizes.length * 2)));
        }
        final QueueSize cached = sizes[packets];
        if (cached != null && cached.bytes() == remainingBytes) {
            return cached;
        }
        final QueueSize now = new QueueSize(packets, remainingBytes);
        sizes[packets] = now;
        return now;
    }

    /** @return messages queued for the next superstep so far (during a sync; for tests) */
    int nextPackets() {
        return nextStarts.size();
    }

    /** @return the tag length of the first message (the tag size it was sent with), or -1 if the queue is empty */
    public int firstTagLength() {
        return head == currentStarts.size() ? -1 : current.getInt(currentStarts.getInt(head));
    }

    /** @return the first message's payload length, or -1 if empty; copies its tag into {@code tag} */
    public int peekTag(final byte[] tag) {
        if (head == currentStarts.size()) {
            return -1;
        }
        final int start = currentStarts.getInt(head);
        final int tagLength = current.getInt(start);
        if (tag.length < tagLength) {
            throw new IllegalArgumentException("getTag: tag array length=" + tag.length + " is smaller than the tag size="
                + tagLength + " of the message");
        }
        current.getBytes(start + 8, tag, 0, tagLength);
        return current.getInt(start + 4);
    }

    /**
     * Removes the first message, copying up to {@code maxLength} payload bytes.
     *
     * @return bytes copied
     */
    public int move(final byte[] dst, final int offset, final int maxLength) {
        if (head == currentStarts.size()) {
            throw new IllegalStateException("move: the message queue is empty (qsize=0)");
        }
        final int start = currentStarts.getInt(head);
        final int tagLength = current.getInt(start);
        final int payloadLength = current.getInt(start + 4);
        final int n = Math.min(maxLength, payloadLength);
        if (offset < 0 || offset + n > dst.length) {
            throw new IllegalArgumentException("move: offset=" + offset + " + length=" + n + " exceeds dst length="
                + dst.length);
        }
        current.getBytes(start + 8 + tagLength, dst, offset, n);
        head++;
        remainingBytes -= payloadLength;
        return n;
    }

    /** Removes the first message and wraps the views on it. @return payload length or -1 if empty */
    public int hpMove(final DirectBuffer tag, final DirectBuffer payload) {
        if (head == currentStarts.size()) {
            return -1;
        }
        final int start = currentStarts.getInt(head);
        final int tagLength = current.getInt(start);
        final int payloadLength = current.getInt(start + 4);
        tag.wrap(current, start + 8, tagLength);
        payload.wrap(current, start + 8 + tagLength, payloadLength);
        head++;
        remainingBytes -= payloadLength;
        return payloadLength;
    }
}
