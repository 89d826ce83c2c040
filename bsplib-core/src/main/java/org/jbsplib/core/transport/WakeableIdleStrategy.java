package org.jbsplib.core.transport;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * Spin, then yield, then park: the waiting strategy of every process. Spinning is used only while the processes
 * fit on the cores (otherwise a spinner steals the core from the process it waits for); parking is woken by
 * the sender of the next frame ({@link #wake()}) or after {@link #MAX_PARK_NS}. While the processes fit on the
 * cores, a wait may keep yielding for a while before it parks ({@code yieldNs}): a wake-up from a park costs tens
 * of microseconds, which a superstep of a pipelined program pays at every wait longer than the spin.
 *
 * <p>Measured on a 2-core machine (../shared/DEPENDENCIES.md): spin-then-yield is best when oversubscribed; a
 * long spin before parking is worst. A virtual thread never spins nor yields: it parks at once, which unmounts it
 * from its carrier.
 *
 * <p>An Agrona {@link IdleStrategy}: {@link #idle(int)} with work done resets it, as Agrona's strategies do, so it
 * can drive an Agrona duty cycle; unlike them it can be woken early ({@link #wake()}).
 *
 * <p>Threading: {@link #idle()}, {@link #idle(int)} and {@link #reset()} are called by the one thread driving the
 * process (which may change between waits, e.g. a benchmark's); {@link #wake()} and {@link #wakeAlways()} by any
 * thread.
 *
 * <pre>{@code
 * while (endpoint.poll(handler, 64) == 0) {
 *     idler.idle();          // spin, yield, then park until wake() or at most MAX_PARK_NS
 * }
 * idler.reset();
 * }</pre>
 */
public final class WakeableIdleStrategy extends WakeOwnerFields implements IdleStrategy {
    /** The longest park; bounds the cost of a missed wake-up. */
    public static final long MAX_PARK_NS = 1_000_000L;
    /**
     * The shortest spin phase once waits have outlasted their spins: about 1.5 us here, still longer than a
     * round trip between two running cores, so a partner that runs is caught spinning.
     */
    public static final int MIN_SPINS = 50;

    // The spin phase of the next wait lies between MIN_SPINS and maxSpins (WakeOwnerFields.spinLimit).
    private final int maxSpins;
    private final int maxYields;
    private final long yieldNs;
    private final java.util.function.BooleanSupplier workPending;
    // After the owner's counters (WakeOwnerFields), which every idle step writes: another process's objects, which
    // the allocator or a copying collector may place next to this one, must not share their cache lines.
    long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;

    /**
     * @param nprocs      processes sharing the machine
     * @param cores       cores available
     * @param workPending tells, after announcing the park, whether work arrived meanwhile (avoids lost wake-ups)
     */
    public WakeableIdleStrategy(final int nprocs, final int cores, final java.util.function.BooleanSupplier workPending) {
        this(nprocs, cores, false, workPending);
    }

    /**
     * @param nprocs         processes sharing the machine
     * @param cores          cores available
     * @param virtualThreads whether the owner is a virtual thread: it never spins (a spinning virtual thread holds
     *                       its carrier from the others), it yields, then parks
     * @param workPending    tells, after announcing the park, whether work arrived meanwhile
     */
    public WakeableIdleStrategy(final int nprocs, final int cores, final boolean virtualThreads,
        final java.util.function.BooleanSupplier workPending) {
        this(nprocs, cores, virtualThreads, 0, workPending);
    }

    /**
     * @param nprocs         processes sharing the machine
     * @param cores          cores available
     * @param virtualThreads whether the owner is a virtual thread (it parks at once)
     * @param yieldNs        while the processes fit on the cores (and the owner is a platform thread): how long a
     *                       wait keeps yielding after its spin before it parks, ns; 0 for the fixed 50 yields
     * @param workPending    tells, after announcing the park, whether work arrived meanwhile
     */
    public WakeableIdleStrategy(final int nprocs, final int cores, final boolean virtualThreads, final long yieldNs,
        final java.util.function.BooleanSupplier workPending) {
        // ~1,000 PAUSEs is 10-40 us: long enough to catch a partner on the other core, short enough not to burn
        // the time slice of a process that shares the core (a long spin before parking measured worst here).
        this.maxSpins = nprocs <= cores && !virtualThreads ? 1_000 : 0;
        this.spinLimit = maxSpins;
        // A virtual thread parks at once: yielding keeps it on the scheduler's queues, and with every process
        // yielding some were starved for good (an rbs run at P = 32 on 2 carriers hung); parking unmounts it.
        this.maxYields = virtualThreads ? 0 : nprocs <= cores ? 50 : (nprocs <= 4 * cores ? 200 : 50);
        this.workPending = workPending;
        // A parked thread waits for the scheduler to wake it (tens of us, plus the timer slack of a timed park);
        // while every process has a core, a yield returns at once unless something else needs the core.
        this.yieldNs = nprocs <= cores && !virtualThreads ? yieldNs : 0;
    }

    /**
     * Called after progress: the next idle starts spinning again, for a spin phase halved (down to
     * {@link #MIN_SPINS}) if the wait that just ended outlasted its spins, doubled (up to 1,000) if it ended
     * while spinning.
     */
    @Override
    public void reset() {
        if (yields > 0 || parkNs > 0) {
            spinLimit = Math.max(Math.min(MIN_SPINS, maxSpins), spinLimit >> 1); // the wait outlasted its spins
        } else if (spins > 0) {
            spinLimit = Math.min(maxSpins, spinLimit << 1); // it ended while spinning
        }
        spins = 0;
        yields = 0;
        parkNs = 0;
    }

    /**
     * Resets after work, else waits a little (Agrona's duty-cycle form).
     *
     * @param workCount the work done in the last duty cycle
     */
    @Override
    public void idle(final int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    /** Waits a little: the next step of spin, yield, park. */
    @Override
    public void idle() {
        if (spins < spinLimit) {
            spins++;
            spinCount++;
            Thread.onSpinWait();
        } else if (yields < maxYields || yieldNs > 0 && keepYielding()) {
            yields++;
            yieldCount++;
            Thread.yield();
        } else {
            owner = Thread.currentThread(); // the thread driving a process may change (e.g. a benchmark's)
            parkNs = parkNs == 0 ? 10_000L : Math.min(parkNs * 2, MAX_PARK_NS);
            parked = true;
            try {
                if (!workPending.getAsBoolean()) {
                    final long t0 = System.nanoTime();
                    LockSupport.parkNanos(this, parkNs);
                    parkedNs += System.nanoTime() - t0;
                    parkCount++;
                }
            } finally {
                parked = false;
            }
        }
    }

    /**
     * Reports what the waits cost so far: {@code idle.spins}, {@code idle.yields}, {@code idle.parks} (each a step
     * of {@link #idle()}) and {@code idle.parkedNs} (time spent parked, woken or timed out). Owner's thread only.
     *
     * @param sink receives each counter's name and value
     */
    public void report(final java.util.function.ObjLongConsumer<String> sink) {
        sink.accept("idle.spins", spinCount);
        sink.accept("idle.yields", yieldCount);
        sink.accept("idle.parks", parkCount);
        sink.accept("idle.parkedNs", parkedNs);
    }

    /** @return whether the yields of this wait have lasted less than {@code yieldNs} */
    private boolean keepYielding() {
        final long now = System.nanoTime();
        if (yields == maxYields) {
            yieldStart = now;
        }
        return now - yieldStart < yieldNs;
    }

    @Override
    public String alias() {
        return "wakeable";
    }

    /** Wakes the owner if it is parked; called by senders after publishing a frame. */
    public void wake() {
        // Dekker with idle(): the frame's publication (a release store) must be visible before we read `parked`.
        java.lang.invoke.VarHandle.fullFence();
        if (parked) {
            final Thread t = owner;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Wakes the owner whether or not it is parked (abort, end of a peer). */
    public void wakeAlways() {
        final Thread t = owner;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
