package org.jbsplib.core.transport;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntPredicate;

/**
 * What the deadlock detector needs to know of each process: whether it is blocked in a wait of the library, how
 * many frames it has sent, and what it waits for. Each process writes only its own entry (128 bytes apart, plain
 * increments published with release stores), so keeping it costs a store per frame sent and per wait step; the
 * detector reads every entry with acquire loads.
 *
 * <p>The protocol of the counters, which the {@link DeadlockDetector} relies on:
 * <ul>
 *   <li>{@link #idle(int)}: one idle step of a wait that found nothing to do; the process is <em>blocked</em>
 *       from its first idle step until its next {@link #progress(int)}.</li>
 *   <li>{@link #progress(int)}: the process did something (a frame arrived, a wait ended, it left the library).
 *       Every blocked-to-running change increments the process's epoch, so a detector that reads the same epoch
 *       twice knows the process stayed blocked in between.</li>
 *   <li>{@link #sent(int)}: a frame left the process. A frame not yet taken from its destination's inbox is
 *       <em>in flight</em>, which the transport tells through {@link #pendingFrames(IntPredicate)}.</li>
 * </ul>
 * An inter-JVM transport keeps the same counters per JVM and lets a coordinator read them twice (the four-counter
 * method of termination detection), so the same detector decides there too.
 *
 * <p><b>Threading.</b> Each process's thread writes only its own entry ({@link #idle}, {@link #progress},
 * {@link #sent}, {@link #post}, with {@code pid} its own); any thread may read every entry. Thread-safe.
 *
 * <p><b>Memory consistency effects.</b> The writes are release stores and the reads acquire loads: actions of a
 * process's thread before it updates its entry <i>happen-before</i> actions of a reader after it reads that update.
 * A reader sees each entry at some moment, not all entries at one moment; the detector's double reading of the
 * epochs is what makes its conclusion safe.
 */
public final class Quiescence {
    /** A wait without progress {@link #post posts} what it waits for after this long. */
    public static final long POST_AFTER_NS = 50_000_000L;
    private static final int STRIDE = 16; // longs per process: 128 bytes, against false sharing with neighbours
    private static final int EPOCH = 0;  // odd while blocked
    private static final int IDLES = 1;
    private static final int SENT = 2;
    private static final int SYNCS = 3; // the syncs entered, in the line its owner writes anyway

    private final int nprocs;
    private final AtomicLongArray lines;
    private final AtomicReferenceArray<String> posts;
    private volatile IntPredicate pending = pid -> false;

    /** @param nprocs the number of processes */
    public Quiescence(final int nprocs) {
        this.nprocs = nprocs;
        // a stride of padding before pid 0's entry: the array's header, which every access reads (its length, for the
        // bounds check), must not share a cache line with an entry its owner writes at every idle step
        this.lines = new AtomicLongArray((nprocs + 1) * STRIDE);
        this.posts = new AtomicReferenceArray<>(nprocs);
    }

    /** @return the index of {@code pid}'s first entry in {@link #lines} */
    static int at(final int pid) {
        return (pid + 1) * STRIDE;
    }

    /** @return the length of {@link #lines}, in longs */
    int slots() {
        return lines.length();
    }

    /** @return the number of processes */
    public int nprocs() {
        return nprocs;
    }

    /** Tells, for a pid, whether frames wait in its inbox (set by the transport). */
    public void pendingFrames(final IntPredicate pendingFrames) {
        this.pending = pendingFrames;
    }

    /** One idle step of {@code pid}'s wait: it is blocked from now until its next {@link #progress(int)}. */
    public void idle(final int pid) {
        final int at = at(pid);
        final long epoch = lines.getPlain(at + EPOCH);
        if ((epoch & 1) == 0) {
            lines.setRelease(at + EPOCH, epoch + 1);
        }
        lines.setRelease(at + IDLES, lines.getPlain(at + IDLES) + 1);
    }

    /** {@code pid} made progress: it is not blocked. */
    public void progress(final int pid) {
        final int at = at(pid) + EPOCH;
        final long epoch = lines.getPlain(at);
        if ((epoch & 1) != 0) {
            lines.setRelease(at, epoch + 1);
        }
    }

    /** {@code pid} sent a frame. */
    public void sent(final int pid) {
        final int at = at(pid) + SENT;
        lines.setRelease(at, lines.getPlain(at) + 1);
    }

    /**
     * {@code pid} entered its sync of {@code superstep}: for a protocol that cannot tell from its frames which
     * processes have arrived at a sync ({@link #syncsEntered(int)}).
     */
    public void enterSync(final int pid, final long superstep) {
        lines.setRelease(at(pid) + SYNCS, superstep + 1);
    }

    /** @return how many syncs {@code pid} entered, as far as it told with {@link #enterSync} */
    public long syncsEntered(final int pid) {
        return lines.getAcquire(at(pid) + SYNCS);
    }

    /** {@code pid} says what it waits for (on the slow path of a long wait), for the detector's diagnosis. */
    public void post(final int pid, final String what) {
        posts.set(pid, what);
    }

    /** @return what {@code pid} last said it waits for, or {@code null} */
    public String posted(final int pid) {
        return posts.get(pid);
    }

    /** @return whether {@code pid} is blocked in a wait now */
    public boolean isBlocked(final int pid) {
        return (lines.getAcquire(at(pid) + EPOCH) & 1) != 0;
    }

    long epoch(final int pid) {
        return lines.getAcquire(at(pid) + EPOCH);
    }

    long idles(final int pid) {
        return lines.getAcquire(at(pid) + IDLES);
    }

    long sentFrames(final int pid) {
        return lines.getAcquire(at(pid) + SENT);
    }

    boolean hasPendingFrames(final int pid) {
        return pending.test(pid);
    }
}
