package org.jbsplib.hw.model;

import java.util.Objects;
import java.util.function.Consumer;

import org.jbsplib.core.ThreadKind;

/**
 * Applies a {@link ReleaseMode} for one process: {@link #awaitRelease(long)} is called once the model has released
 * the process and knows its modelled release time.
 *
 * <p>In {@link ReleaseMode#EMULATE} it busy-waits on {@link System#nanoTime()} until that time: parking cannot
 * emulate microseconds (a 1 µs park sleeps tens of microseconds), so this burns the core for the modelled latency.
 * It spins only while the processes fit on the cores and the thread is a platform thread; otherwise it yields in the
 * loop, so that a process that has not arrived yet (or another virtual thread of the same carrier) gets the core.
 * When the runtime itself was already later than the model (its own cost exceeds the modelled one), the overrun is
 * counted and the first one reported to the warning sink. In {@link ReleaseMode#ACCOUNT} it returns at once and only
 * accumulates the modelled time.
 *
 * <p>Threading: one instance per process thread.
 *
 * <pre>{@code
 * ReleaseClock clock = new ReleaseClock(ReleaseMode.EMULATE, msg -> log.warn(msg));
 * clock.awaitRelease(model.releaseTimeNs(pid));
 * }</pre>
 */
public final class ReleaseClock {
    private final ReleaseMode mode;
    private final Consumer<String> warnings;
    private final boolean maySpin;
    private long waits;
    private long overruns;
    private long worstOverrunNs;
    private long emulatedWaitNs;

    public ReleaseClock(final ReleaseMode mode, final Consumer<String> warnings) {
        this(mode, warnings, true);
    }

    /**
     * @param maySpin whether busy-waiting is sensible (processes at most cores); even then a virtual thread
     *                yields instead
     */
    public ReleaseClock(final ReleaseMode mode, final Consumer<String> warnings, final boolean maySpin) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.warnings = Objects.requireNonNull(warnings, "warnings");
        this.maySpin = maySpin;
    }

    public ReleaseMode mode() {
        return mode;
    }

    /**
     * @param releaseTimeNs modelled release time, {@link System#nanoTime()} scale
     * @return nanoseconds waited (emulate), or 0 (account, or the runtime was already late)
     */
    public long awaitRelease(final long releaseTimeNs) {
        waits++;
        if (mode == ReleaseMode.ACCOUNT) {
            return 0;
        }
        final long start = System.nanoTime();
        final long late = start - releaseTimeNs;
        if (late > 0) {
            overruns++;
            if (late > worstOverrunNs) {
                worstOverrunNs = late;
            }
            if (overruns == 1) {
                warnings.accept("emulate: the runtime released a process " + late
                    + " ns after the modelled release time; measured latency exceeds the model's");
            }
            return 0;
        }
        final boolean spin = maySpin && !ThreadKind.isVirtual(Thread.currentThread());
        long now = start;
        while (now < releaseTimeNs) {
            if (spin) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
            now = System.nanoTime();
        }
        emulatedWaitNs += now - start;
        return now - start;
    }

    /** @return calls to {@link #awaitRelease(long)} */
    public long waits() {
        return waits;
    }

    /** @return waits in which the runtime was already later than the model */
    public long overruns() {
        return overruns;
    }

    public long worstOverrunNs() {
        return worstOverrunNs;
    }

    /** @return total time spent busy-waiting for modelled releases */
    public long emulatedWaitNs() {
        return emulatedWaitNs;
    }
}
