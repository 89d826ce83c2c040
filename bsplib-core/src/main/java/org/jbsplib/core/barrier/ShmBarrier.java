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
 *
 * <p>Two processes ({@link #PAIR}) do without the word: each stores its episode number into its own slot of a
 * shared padded array ({@link State#arrived}) and waits until the other's slot has reached that number, the
 * two-thread spin barrier of the machine's floor (the benchmarks' {@code RoundTrip}). With the word, the two atomic
 * adds of an episode are serialized on one line and the first arriver then reads the line back from the last: at
 * best one line transfer per episode, and two when the arrivals interleave badly, which a run keeps for its whole
 * length (the empty sync at P = 2 then ran at about twice the spin barrier's episode). With the slots the two
 * arrivals are stores that proceed at the same time, and each process waits for one transfer, the other's store.
 */
public final class ShmBarrier extends ShmBarrierFields implements Barrier {
    /** The backend's name. */
    public static final String NAME = "shm";
    /** The only frame: wakes a process that may be parked by the run's waiting strategy. */
    static final int WAKE = 0;
    private static final String STATE_KEY = "org.jbsplib.core.barrier.ShmBarrier";
    private static final VarHandle WORD;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    /** The number of processes that use the arrival slots instead of the word. */
    static final int PAIR = 2;

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
        if (nprocs == PAIR) {
            arrivePair();
            return;
        }
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

    /**
     * Arrival of one of two processes: a volatile store of the episode into this process's slot, then a volatile load
     * of the other's (Dekker with the other's flag, as the word's last arrival: whoever sees both arrivals wakes a
     * flagged waiter; a process that does not see the other's arrival is seen by it).
     */
    private void arrivePair() {
        SLOT.setVolatile(state.arrived, State.slot(me), episode);
        if ((long) SLOT.getVolatile(state.arrived, State.slot(1 - me)) >= episode) {
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
        if (releasedAcquire()) {
            leave();
        } else if (++misses == parkAfter) {
            // Dekker with the releaser: flag (volatile store), then read the release again (volatile load).
            state.wake.raise(me);
            flagged = true;
            if (releasedVolatile()) {
                leave();
            }
        }
        return released;
    }

    /** @return whether the current episode is released, by an acquire load of the word or the other's slot */
    private boolean releasedAcquire() {
        if (nprocs == PAIR) {
            return (long) SLOT.getAcquire(state.arrived, State.slot(1 - me)) >= episode;
        }
        return (long) WORD.getAcquire(state) >>> 32 != generation;
    }

    /** @return as {@link #releasedAcquire()}, by a volatile load (after raising the flag) */
    private boolean releasedVolatile() {
        if (nprocs == PAIR) {
            return (long) SLOT.getVolatile(state.arrived, State.slot(1 - me)) >= episode;
        }
        return (long) WORD.getVolatile(state) >>> 32 != generation;
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
        /** Longs of padding before and after the two arrival slots: 128 bytes. */
        private static final int PAD = 16;
        final WakeFlags wake;
        /**
         * At {@link #PAIR} processes: each one's last episode, at {@link #slot(int)}: adjacent, so normally in one
         * cache line, as the two counters of the floor's spin barrier (the line a process waits for is then the one
         * its own store fetched), and 128 bytes from anything else; {@code null} otherwise.
         */
        final long[] arrived;

        State(final int nprocs) {
            wake = new WakeFlags(nprocs);
            arrived = nprocs == PAIR ? new long[PAD + PAIR + PAD] : null;
        }

        /** @return the index of {@code pid}'s arrival slot in {@link #arrived} */
        static int slot(final int pid) {
            return PAD + pid;
        }

        /** @return the count-and-generation word (for tests: it stays 0 while the arrival slots are used) */
        long word() {
            return word;
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
