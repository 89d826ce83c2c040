package org.jbsplib.core.barrier;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;

import org.agrona.DirectBuffer;
import org.jbsplib.api.spi.Barrier;
import org.jbsplib.api.spi.BarrierChannel;
import org.jbsplib.api.spi.BarrierProvider;
import org.jbsplib.api.spi.WakeFlags;

/**
 * A shared-memory sense-reversing barrier, the default of the in-JVM transport: one 64-bit word on its own cache
 * line holds the arrival count (low half) and the generation (high half; its parity is the classic "sense").
 * Arriving is one atomic add; the last arrival resets the count and flips the generation with one release store;
 * the others see the new generation. Runs only where the processes share memory (the {@code threads} transport):
 * it refuses other transports when created. Confined to its process's thread; the word is shared by the run.
 */
public final class ShmBarrier extends ShmBarrierFields implements Barrier {
    /** The backend's name. */
    public static final String NAME = "shm";
    /** The only frame: wakes a process that may be parked by the run's waiting strategy. */
    static final int WAKE = 0;
    private static final String STATE_KEY = "org.jbsplib.core.barrier.ShmBarrier";
    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(Word.class, "word", long.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // The process's own fields (ShmBarrierFields) sit between 128-byte pads: its waiting loop writes them at every
    // step, and the other processes' objects, which the allocator or a copying collector may place next to them,
    // must not share their cache lines.
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;

    ShmBarrier(final BarrierChannel channel) {
        super(channel, channel.sharedState(STATE_KEY, () -> new State(channel.nprocs())));
    }

    @Override
    public void arrive() {
        if (!released) {
            throw Frames.notReleased(NAME, me, episode);
        }
        episode++;
        final long w = (long) WORD.getAndAdd(state, 1L);
        generation = w >>> 32;
        if ((int) w + 1 == nprocs) {
            WORD.setVolatile(state, (generation + 1) << 32);
            released = true;
            wakeFlagged();
        } else {
            released = false;
            misses = 0;
        }
    }

    @Override
    public boolean isReleased() {
        if (released) {
            return true;
        }
        if ((long) WORD.getAcquire(state) >>> 32 != generation) {
            leave();
        } else if (++misses == parkAfter) {
            // Dekker with the releaser: flag (volatile store), then read the word again (volatile load).
            state.wake.raise(me);
            flagged = true;
            if ((long) WORD.getVolatile(state) >>> 32 != generation) {
                leave();
            }
        }
        return released;
    }

    private void leave() {
        released = true;
        if (flagged) {
            flagged = false;
            state.wake.lower(me);
        }
    }

    private void wakeFlagged() {
        state.wake.wakeRaised(channel, WAKE, episode);
    }

    @Override
    public void onFrame(final int src, final int type, final DirectBuffer buffer, final int offset, final int length) {
        if (type != WAKE) {
            throw Frames.error(NAME, me, src, type, "the shm barrier sends only WAKE frames");
        }
        // A WAKE has done its work by being polled; a late one (the waiter saw the release first) is harmless.
    }

    @Override
    public long episode() {
        return episode;
    }

    /** The state shared by the processes of one run. */
    static final class State extends PadAfter {
        final WakeFlags wake;

        State(final int nprocs) {
            wake = new WakeFlags(nprocs);
        }
    }

    /** The count-and-generation word. */
    abstract static class Word extends LinePadBefore {
        volatile long word;
    }

    /** Padding after the word. */
    abstract static class PadAfter extends Word {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }

    /** The {@code shm} backend. */
    public static final class Provider implements BarrierProvider {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "shared-memory sense-reversing barrier (count+generation in one word)";
        }

        @Override
        public boolean needsSharedMemory() {
            return true;
        }

        @Override
        public Barrier create(final BarrierChannel channel, final Map<String, String> options) {
            BarrierSpec.checkKnown(NAME, options);
            if (!channel.sharedMemory()) {
                throw new IllegalArgumentException("barrier=" + NAME + " is a shared-memory barrier and runs only on"
                    + " the threads transport, not transport=" + channel.transport() + " (use central, "
                    + "dissemination, tree or pairwise)");
            }
            return new ShmBarrier(channel);
        }
    }
}
