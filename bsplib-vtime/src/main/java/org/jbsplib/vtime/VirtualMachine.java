package org.jbsplib.vtime;

import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.jbsplib.api.BspAbortException;
import org.jbsplib.api.BspDeadlockException;
import org.jbsplib.core.ThreadKind;
import org.jbsplib.core.transport.Endpoint;
import org.jbsplib.core.transport.FrameBatch;
import org.jbsplib.core.transport.FrameHandler;
import org.jbsplib.core.transport.RunControl;
import org.jbsplib.core.transport.Transport;

/**
 * A virtual-time machine: the P processes of a run really run, one (or K) at a time, under one simulation kernel,
 * and their communication is simulated on a LogGP network ({@link NetworkModel}). Every process has a virtual clock;
 * computation between library calls advances it by measured time (or a fixed cost per superstep), frames cost
 * LogGP, and a frame becomes visible to its receiver only at its virtual arrival time. The sync protocols and
 * barriers run unchanged on its {@link Endpoint}s: they read time through {@link Endpoint#nanoTime()}.
 *
 * <pre>{@code
 * RunResult r = BspRuntime.run(new BspConfig().procs(32).machine("virtual:sp2-us"), program); // virtual times
 * }</pre>
 *
 * <p>Threading: one thread per process (virtual threads where the JVM has them), but only the process holding the
 * baton runs (or, with {@code parallel = K}, the up to K processes holding one of K batons); the others are parked in
 * a library call. Every receiving endpoint call is a scheduling point. After a
 * failure the machine stops scheduling and every process runs freely to leave its wait; from then on it delivers no
 * frame and moves no clock (every wait leaves through the run's failure check, and the run ends with that failure).
 */
public final class VirtualMachine implements Transport {
    // Implementation notes.
    // The kernel is a conservative discrete-event simulation run one process at a time. A process may act (send or
    // receive) at its clock t only if no other process can still produce a frame arriving at or before t: every
    // other process's next event time e (its clock when ready, the arrival of its earliest frame or wake-up when
    // blocked) satisfies t < e + lookahead, lookahead = o + L. Otherwise it hands the baton to the process with the
    // smallest event time (ties: the smaller pid) and parks. A frame that arrived before that bound may be taken
    // even when t is past it (takeEarlyFrame). Since every decision is a function of the clocks and pids, a run with
    // deterministic computation costs is deterministic, whatever the host's cores or scheduler.
    // Only receiving (poll, idle) and ending wait at the gate: a send observes nothing of the others, so the sender
    // keeps the baton (a send gated like a receive cost a hand-off every lookahead / o sends: 3 on sp2-us).
    // A frame carries its virtual arrival time; the receiver's inbox (Inbox: one FIFO per sender, merged by a
    // tournament) is ordered by (arrival, send start, sender pid, the sender's own send count): virtual quantities
    // only, so the order does not depend on which process the host (or the kernel's choice among processes that may
    // act) ran first. A global sequence number in host order broke
    // ties before, and the kernel's order of events showed in virtual results (one process's T_commit of LU class W
    // at P = 32 under rbs moved by o when the kernel's hand-off rule changed).
    // The gate is strict (clock < every other event + lookahead): a frame another process sends later arrives at
    // its event time + lookahead or later, and at exactly that time it may precede, by the order above, a frame the
    // receiver already holds; a receiver taking frames at that instant would take them in the wrong order.
    // Per-pair FIFO order holds by construction: a sender's next send starts g + (k-1)G after the previous one.
    // shuffle=SEED (tests, and a user's check of a run) lets the kernel hand the baton, at every receive and send,
    // to a random process that is ready instead: every legal order must give the same virtual results.
    // parallel=K (K > 1) runs up to K processes at once (conservative parallel discrete-event simulation): the
    // batons are K slots. The gate then also counts every other running process q, with its clock as a lower bound
    // of anything it can still do (a send starts at or after its clock, so it arrives at clock[q] + lookahead or
    // later; a frame it sends or a wake-up it signals to a blocked process makes that process's event at least as
    // late). A running process's clock is read without its cooperation (it may be computing): a stale value is
    // smaller, so the gate is only stricter. A free slot is given to the non-running process with the smallest
    // event time only if its own condition (the gate, or isEarliest for a process waiting in awaitEarliest) passes
    // against the running processes; otherwise it stays empty, and every running process re-tries the fill when its
    // clock advances (library entry, send, receive) or when it leaves its slot. With K = 1 every step is the
    // sequential kernel's: the process of smallest event time always passes against an empty set.
    // Two shortcuts take the sequential kernel's own decisions without its round trips: a poll whose gate passes at
    // once decides under the lock it already holds (the gate would take it twice more), and a process about to block
    // whose next event comes before every other process's keeps the baton with its clock at that event (fillSlots
    // would hand the baton straight back to it, after re-keying the event tree twice and unparking its own thread).
    // Neither changes a hand-off or a clock. The hand-offs that remain are the rule's: a process's turn ends when
    // its clock passes the others' next event + o + L (GATE) or when it waits for an event another precedes (WAIT);
    // see HandOffCause and the stats line. A process stopped at a poll's gate while it holds a frame arrived by its
    // clock has the event time clock + o (readyEvent): it takes that frame before anything it does reaches another.
    // A blocked process may not jump to a frame that arrives before the others' events + o + L: a wake-up (an end,
    // a hardware barrier's release) that another process gives it later in host order may come earlier in virtual
    // time and change what it does.
    // The lock. In the sequential kernel only the baton holder touches the kernel's state, and the baton's volatile
    // write (runNext) and read (awaitTurn) order one holder's writes before the next holder's reads, so receiving
    // (poll, idle, the gate when it passes, a wait that goes on at once) takes no lock there: it was one turn per
    // frame taken, a full fence each, where the frame's and the inbox's cache misses had to drain. What still takes
    // it: a hand-off (vacate, fillSlots, runNext), whose tail after waking the next holder (fillSlots re-reading
    // runningCount, the hand-off counted by cause) must not meet that holder's own hand-off; and sends, wake-ups and
    // advanceTo, which are few (the batch send is one turn for org's P - 1 COUNT frames). None of the new holder's
    // lock-free steps writes what that tail reads or writes (runningCount, switches, handOffs, slots). The thread of
    // a process given a slot is unparked after the lock is released (toWake, unlockKernel), not under it: an unpark
    // of a virtual thread queues it with the scheduler and may wake an idle carrier, which with parallel = K > 1
    // the other carrier waited for when it needed the lock meanwhile (kernel lock waits -75 % or more for org at
    // P = 32); the baton (a volatile flag) is set under the lock as before, and an unpark before the park or a
    // spurious wake-up only makes awaitTurn look at the flag again. With
    // parallel = K > 1 several processes run at once; see "Receiving beside another running process" below.
    // After a failure every process runs freely (free), and a process woken by it runs while the holder may still be
    // inside a lock-free step; so a free machine touches nothing shared: poll delivers nothing, offer and offerBatch
    // drop the frame, signal and advanceTo do nothing, no clock is charged, and a process checks free before each
    // step. A thread that finds free unset holds the baton (no other runs in the sequential kernel), so at most one
    // thread, the holder of the moment of the failure, finishes the step it is in. The run ends with the failure:
    // every wait loop leaves through RunControl.checkFailure, none waits for a frame.
    // Receiving beside another running process (parallel = K > 1). A frame taken used to take the lock (two turns
    // per frame with its send, about 39 frames per process and superstep under org at P = 32), which the K carriers
    // contended for. Now a running process takes its frames without it, deciding on a consistent look at the state
    // the rule reads:
    // - its inbox is its own while it runs: a sender (under the lock) pushes a frame for a running receiver onto the
    //   receiver's incoming stack (a compare-and-set), which only the receiver moves into its Inbox, before it looks;
    //   a receiver that is not running gets the frame straight into its Inbox (it touches nothing until it runs
    //   again, and runNext is under the lock), and a process leaving its slot (vacate, its own thread, under the
    //   lock) first moves its incoming frames in, so every sender's frames enter the Inbox in its order;
    // - the rest of what the rule reads (the event tree, the slots, the running processes' clocks) is read under a
    //   sequence lock: every outermost turn of the lock makes `version` odd before it writes and even after, and a
    //   look that saw the same even version before and after it saw a state between two turns. The running
    //   processes' clocks are written outside the lock and only grow, so a stale one is smaller: the rule is then
    //   only stricter (as under the lock). The look comes before the receiver moves its incoming frames in: a frame
    //   sent after the look arrives at or after its sender's clock in the look + o + L, so it cannot precede a frame
    //   the look lets it take; a frame sent before it was pushed before that turn's even version;
    // - what it may do on that look is exactly what the locked path decides (takeEarlyFrame; or, when the gate
    //   passes, nothing arrived and no drain waits, return), else it takes the locked path as before (a turn in
    //   progress, a gate that does not pass, a drain's wait): so every decision is one the locked kernel takes in
    //   some host order of the same steps, and the virtual results are unchanged; a drain's look at the latest
    //   arrival it must wait for is taken the same way (no turn of the lock began while it looked);
    // - a poll that meets a closed gate (a frame arrived by its clock, not before the others' event + o + L) hands
    //   its slot on in the turn that found the gate closed (takeLocked), and when its turn comes back the gate is
    //   re-checked on such a look (waitUntilAllowed) and the frame taken on the next one: one turn instead of four
    //   (the look, the gate's hand-off, the gate again, the take);
    // - a frame taken is given back to its sender's own pool (a compare-and-set onto the sender's returned stack;
    //   only the sender takes from it, when it sends), not to the pool under the lock;
    // - a clock advanced outside the lock re-tries a free slot (clockAdvanced) only if slotWanted is set and the same
    //   kind of look does not rule the fill out (no candidate, or one the running clocks do not admit): it took the
    //   lock for every such advance before. The clock's write is plain (a fence per frame taken would cost about as
    //   much as the turn it saves), so, as before, a fill that an advance allows may be seen only at the process's
    //   next advance or when it leaves its slot (under the lock); fillSlots looks a second time after it sets
    //   slotWanted, past a full fence, which narrows that window. A delayed fill changes no decision, only when the
    //   slot's process starts.
    // A process's frame payload is written before the frame is delivered (send, then deliver), so a receiver never
    // sees a frame whose payload is still being written.
    private static final int READY = 0;
    private static final int RUNNING = 1;
    private static final int BLOCKED = 2;
    private static final int ENDED = 3;
    /** What {@code receiveOrWait} returns when the process blocked in a drain: no frame, look again. */
    private static final Frame WAITED = new Frame();

    private final NetworkModel model;
    private final int nprocs;
    private final int maxFrameLength;
    private final KernelControl control;
    private final ReentrantLock lock = new ReentrantLock();
    private final long[] clock;
    private final long[] nextSend;
    private final long[] wakeAt;
    private final int[] state;
    private final Inbox[] inbox;
    private final MinTree events;
    private final AtomicReferenceArray<Thread> threads;
    private final ArrayDeque<Frame> pool = new ArrayDeque<>();
    private final VirtualEndpoint[] endpoints;
    private final long lookahead;
    /** How many processes may run at once (the number of batons); 1 is the sequential kernel. */
    private final int parallel;
    /** The pids of the running processes, -1 for a free slot (the lock guards it). */
    private final int[] slots;
    private int runningCount;
    /** Whether a process waits for a free slot until a running process's clock advances (parallel only). */
    private volatile boolean slotWanted;
    /** Whether a ready process waits in {@link #awaitEarliest} rather than at the gate (the lock guards it). */
    private final boolean[] waitsEarliest;
    private volatile boolean free;
    private final long[] sendCount;
    /** Non-null with {@code shuffle=SEED}: picks random legal orders of the processes' actions (under the lock). */
    private final java.util.SplittableRandom shuffle;
    private long switches;
    /** The hand-offs by their cause, indexed by {@link HandOffCause#ordinal()}. */
    private final long[] handOffs = new long[HandOffCause.values().length];
    /** How many times a process that waited for its next event went on at once (its event came first). */
    private long continued;
    private long frames;
    /** The thread of the process given a slot in this turn of the lock, woken once it is released (under it). */
    private Thread toWake;
    /** How many times the kernel's lock was taken (written under it). */
    private long kernelLocks;
    /** How many of those turns found the lock held by another thread and waited for it (written under it). */
    private long kernelLockWaits;
    /**
     * With {@code parallel} above 1: odd while a thread holds the kernel's lock and may write its state, even
     * between turns (a sequence lock for the receivers' looks without the lock; see the notes).
     */
    private volatile long version;
    /** What {@link #othersEarliestWithoutLock} returns when its look met a turn of the lock. */
    private static final long UNKNOWN = Long.MIN_VALUE;
    /** What a poll's look without the lock returns when the locked path would find nothing to take now. */
    private static final Frame NOTHING = new Frame();
    /** How many looks without the lock are tried while another thread holds the lock before taking it. */
    private static final int LOOK_SPINS = 1;

    /**
     * @param model          the network and computation model
     * @param nprocs         number of processes
     * @param maxFrameLength largest frame payload, bytes
     */
    public VirtualMachine(final NetworkModel model, final int nprocs, final int maxFrameLength) {
        this(model, nprocs, maxFrameLength, NO_SHUFFLE);
    }

    /** The value of {@code shuffleSeed} that keeps the kernel's own order (smallest event time first). */
    public static final long NO_SHUFFLE = Long.MIN_VALUE;

    /**
     * A machine whose kernel, at every receive and send, hands the baton to a process chosen at random among those
     * ready to run (each then acts only if the kernel's rule allows it): the virtual results must not change, since
     * they may depend only on virtual time. Slower; for checking the simulation's exactness.
     *
     * @param model          the network and computation model
     * @param nprocs         number of processes
     * @param maxFrameLength largest frame payload, bytes
     * @param shuffleSeed    the random order's seed, or {@link #NO_SHUFFLE}
     */
    public VirtualMachine(final NetworkModel model, final int nprocs, final int maxFrameLength,
        final long shuffleSeed) {
        this(model, nprocs, maxFrameLength, shuffleSeed, 1);
    }

    /**
     * A machine whose kernel runs up to {@code parallel} processes at once (conservative parallel discrete-event
     * simulation): a process receives only when no other, running or not, can still send it a frame that arrives
     * earlier, so the virtual results are those of the sequential kernel ({@code parallel = 1}), one more legal
     * order of the processes' actions. With measured computation the host needs as many cores, and as many carriers
     * for virtual threads ({@code jdk.virtualThreadScheduler.parallelism}).
     *
     * @param model          the network and computation model
     * @param nprocs         number of processes
     * @param maxFrameLength largest frame payload, bytes
     * @param shuffleSeed    the random order's seed, or {@link #NO_SHUFFLE}
     * @param parallel       how many processes may run at once, at least 1
     */
    public VirtualMachine(final NetworkModel model, final int nprocs, final int maxFrameLength,
        final long shuffleSeed, final int parallel) {
        if (parallel < 1) {
            throw new IllegalArgumentException("parallel=" + parallel + " must be >= 1");
        }
        if (model == null) {
            throw new IllegalArgumentException("model=null");
        }
        if (nprocs < 1) {
            throw new IllegalArgumentException("nprocs=" + nprocs + " must be >= 1");
        }
        if (maxFrameLength < 64) {
            throw new IllegalArgumentException("maxFrameLength=" + maxFrameLength + " must be >= 64");
        }
        this.model = model;
        this.nprocs = nprocs;
        this.maxFrameLength = maxFrameLength;
        this.control = new KernelControl(nprocs);
        this.clock = new long[nprocs];
        this.sendCount = new long[nprocs];
        this.shuffle = shuffleSeed == NO_SHUFFLE ? null : new java.util.SplittableRandom(shuffleSeed);
        this.nextSend = new long[nprocs];
        this.wakeAt = new long[nprocs];
        this.state = new int[nprocs];
        this.inbox = new Inbox[nprocs];
        this.events = new MinTree(nprocs);
        this.threads = new AtomicReferenceArray<>(nprocs);
        this.endpoints = new VirtualEndpoint[nprocs];
        this.lookahead = model.lookaheadNs();
        this.parallel = parallel;
        this.slots = new int[parallel];
        java.util.Arrays.fill(slots, -1);
        this.waitsEarliest = new boolean[nprocs];
        for (int i = 0; i < nprocs; i++) {
            inbox[i] = new Inbox(nprocs);
            wakeAt[i] = MinTree.NONE;
            state[i] = READY;
            events.set(i, 0);
            endpoints[i] = new VirtualEndpoint(i);
        }
        if (model.cpu() == CpuClock.THREAD || model.cpu() == CpuClock.AUTO) {
            // the clock's one-time self-check starts a platform thread and waits for it: here, on the caller's
            // thread, rather than in the class initialization that 32 processes' virtual threads would wait for
            ThreadCpuTime.switchWatch();
        }
        runNext(0, 0);
        fillSlots(0);
        control.onWake(() -> {
            if (control.failure() != null) {
                release();
            }
        });
        control.quiescence().pendingFrames(pid -> !inbox[pid].isEmpty() || endpoints[pid].incoming.get() != null);
    }

    @Override
    public String name() {
        return "virtual";
    }

    @Override
    public int nprocs() {
        return nprocs;
    }

    @Override
    public Endpoint endpoint(final int pid) {
        return endpoints[pid];
    }

    @Override
    public RunControl control() {
        return control;
    }

    /** The virtual-thread scheduler's number of carriers, a JDK system property read when it starts. */
    static final String PARALLELISM_PROP = "jdk.virtualThreadScheduler.parallelism";

    private static final AtomicBoolean CARRIERS_WARNED = new AtomicBoolean();

    /** Prints the simulation's figures (makespan, hand-offs, frames) to stderr at close when {@code true}. */
    public static final String STATS_PROP = "bsplib.vtime.stats";

    @Override
    public void close() {
        release();
        if (Boolean.getBoolean(STATS_PROP)) {
            System.err.printf(java.util.Locale.ROOT, "virtual machine %s: P=%d makespan %.6f s, %d hand-offs, "
                + "%d frames, computation charged %.6f s (sum over processes), %d CPU clock readings "
                + "(%d system calls), parallel=%d; hand-offs by cause: %s; waits that went on at once: %d; "
                + "computation per process %s; compute intervals begun on another carrier than the last ended on: "
                + "%d, ended on another carrier than begun on: %d; kernel lock turns: %d; kernel lock waits: %d%n",
                model.describe(), nprocs, makespanNs() / 1e9, switches, frames, chargedNs() / 1e9, cpuReadings(),
                cpuSystemCalls(), parallel, handOffsByCause(), continued, chargedPerProcess(), resumedElsewhere(),
                movedWithin(), kernelLocks, kernelLockWaits);
        }
    }

    /** @return {@code true}: the processes are threads of this JVM (hardware barrier models share their state) */
    @Override
    public boolean sharesMemory() {
        return true;
    }

    /**
     * @param thread the thread a process runs on
     * @return its CPU clock under {@link CpuClock#THREAD}, or {@link CpuClock#AUTO} where it can be read; null when
     *         the computation is charged otherwise
     * @throws IllegalStateException for {@code cpu=thread} on a thread whose CPU time cannot be read
     */
    private ThreadCpuTime threadClock(final Thread thread) {
        final CpuClock cpu = model.cpu();
        final ThreadKind kind = ThreadKind.isVirtual(thread) ? ThreadKind.VIRTUAL : ThreadKind.PLATFORM;
        final String carriers = Integer.toString(parallel);
        if (kind == ThreadKind.VIRTUAL && cpu != CpuClock.FIXED
            && !carriers.equals(System.getProperty(PARALLELISM_PROP)) && CARRIERS_WARNED.compareAndSet(false, true)) {
            System.err.println("virtual machine: the kernel runs " + parallel + " process(es) at once but the virtual "
                + "threads' carriers are " + (System.getProperty(PARALLELISM_PROP) == null ? "one per core"
                : System.getProperty(PARALLELISM_PROP)) + ": a process can move between cores at each hand-off and its "
                + "cache misses count as computation, or wait for a carrier; start the JVM with -D" + PARALLELISM_PROP
                + "=" + carriers + " (./bsp does) for computation measured as on " + carriers + " core(s)");
        }
        if (cpu != CpuClock.THREAD && cpu != CpuClock.AUTO) {
            return null;
        }
        final String reason = ThreadCpuTime.unavailableReason(kind);
        if (reason == null) {
            return ThreadCpuTime.create(kind);
        }
        if (cpu == CpuClock.THREAD) {
            throw new IllegalStateException("machine option cpu=thread needs the CPU time of " + thread + ", but "
                + reason + ": use cpu=elapsed or --threads platform");
        }
        ThreadCpuTime.warnElapsed(reason);
        return null;
    }

    /** @return the model this machine simulates */
    public NetworkModel model() {
        return model;
    }

    /** @return the virtual clock of {@code pid}, ns (read after the run, or by the process itself) */
    public long clockNs(final int pid) {
        return clock[pid];
    }

    /** @return the largest virtual clock: the simulated run's makespan once every process ended, ns */
    public long makespanNs() {
        long max = 0;
        for (final long c : clock) {
            max = Math.max(max, c);
        }
        return max;
    }

    /** @return the computation charged to the clocks so far, summed over the processes, ns */
    public long chargedNs() {
        return sumOver(e -> e.charged);
    }

    /** @return the computation charged per process, min / median / max in ms, for the stats line */
    private String chargedPerProcess() {
        final long[] c = new long[nprocs];
        for (int i = 0; i < nprocs; i++) {
            c[i] = endpoints[i].charged;
        }
        java.util.Arrays.sort(c);
        return String.format(java.util.Locale.ROOT, "min %.3f / median %.3f / max %.3f ms", c[0] / 1e6,
            c[nprocs / 2] / 1e6, c[nprocs - 1] / 1e6);
    }

    /**
     * @return how many compute intervals, summed over the processes, began (leaving the library) on another carrier
     *         than the process's previous interval ended on: it resumed on another operating-system thread, which may
     *         run on another core whose caches do not hold its data (known with the switch watch only, else 0)
     */
    public long resumedElsewhere() {
        return sumOver(e -> e.resumedElsewhere);
    }

    /**
     * @return how many compute intervals, summed over the processes, ended on another carrier than they began on
     *         (the process blocked inside its computation and came back elsewhere: the difference of two threads' CPU
     *         times is then no measure of it; known with the switch watch only, else 0)
     */
    public long movedWithin() {
        return sumOver(e -> e.movedWithin);
    }

    /** @return how many times the processes read their thread CPU clock so far (a system call each), summed */
    public long cpuReadings() {
        return sumOver(e -> e.cpuReadings);
    }

    /**
     * @return how many of the {@link #cpuReadings()} were system calls, summed (the others came from the switch
     *         watch: the thread had not left the CPU since the last system call on it)
     */
    public long cpuSystemCalls() {
        return sumOver(e -> e.cpuTime == null ? 0 : e.cpuTime.systemCalls());
    }

    /** @return {@code count} summed over the processes' endpoints */
    private long sumOver(final java.util.function.ToLongFunction<VirtualEndpoint> count) {
        long sum = 0;
        for (final VirtualEndpoint e : endpoints) {
            sum += count.applyAsLong(e);
        }
        return sum;
    }

    /** @return how many processes may run at once */
    public int parallel() {
        return parallel;
    }

    /** @return how many times the kernel handed the baton from one process to another */
    public long switches() {
        return switches;
    }

    /**
     * @param cause why the process that held a slot left it
     * @return how many of the {@link #switches()} followed a process leaving its slot for {@code cause}
     */
    public long switches(final HandOffCause cause) {
        return handOffs[cause.ordinal()];
    }

    /**
     * @return how many times a process that waited for its next event (a frame's arrival or a wake-up) went on at
     *         once, without a hand-off, because that event came before every other process's
     */
    public long continuedWaits() {
        return continued;
    }

    /** @return the hand-offs by cause, for the stats line ({@code gate=12 wait=30 ...}) */
    private String handOffsByCause() {
        final StringBuilder sb = new StringBuilder();
        for (final HandOffCause c : HandOffCause.values()) {
            sb.append(sb.length() == 0 ? "" : " ").append(c.label()).append('=').append(handOffs[c.ordinal()]);
        }
        return sb.toString();
    }

    /** @return how many frames the network carried */
    public long frames() {
        return frames;
    }

    /**
     * @return how many times the kernel's lock was taken so far: once per frame sent, per batch of frames, per
     *         hand-off, end, wake-up and {@code advanceTo}; with {@code parallel} above 1 also per wait, per drain,
     *         per free slot a process's advance may fill, and per frame or look whose decision the state seen
     *         without the lock does not allow (receiving otherwise takes no turn of it)
     */
    public long kernelLocks() {
        return kernelLocks;
    }

    /** @return how many of the {@link #kernelLocks()} found the lock held by another thread and waited for it */
    public long kernelLockWaits() {
        return kernelLockWaits;
    }

    // ------------------------------------------------------------------ kernel (baton holder only, or free)

    /** Takes the kernel's lock, counting it (and a wait for it); an outermost turn makes the version odd. */
    private void lockKernel() {
        if (!lock.tryLock()) {
            lock.lock();
            kernelLockWaits++;
        }
        kernelLocks++;
        if (parallel > 1 && lock.getHoldCount() == 1) {
            version++;
            VarHandle.storeStoreFence(); // the odd version before any write of this turn
        }
    }

    /**
     * Releases the kernel's lock; an outermost turn makes the version even again, after its writes, and then wakes
     * the threads of the processes it gave a slot ({@link #runNext}), outside the lock.
     */
    private void unlockKernel() {
        if (lock.getHoldCount() > 1) {
            lock.unlock();
            return;
        }
        if (parallel > 1) {
            version++;
        }
        final Thread w = toWake;
        toWake = null;
        lock.unlock();
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /**
     * The earliest time at which a process other than {@code p} can still act ({@link #othersEarliest}), read without
     * the lock: a state between two turns of it, or {@link #UNKNOWN} while a turn is in progress (parallel only).
     */
    private long othersEarliestWithoutLock(final int p) {
        for (int spins = 0; spins < LOOK_SPINS; spins++) {
            final long v = version;
            if ((v & 1) == 0) {
                final long e = othersEarliest(p);
                VarHandle.acquireFence();
                if (version == v) {
                    return e;
                }
            }
            Thread.onSpinWait();
        }
        return UNKNOWN;
    }

    /**
     * {@code p}'s inbox, with the frames pushed for it while it runs moved in, in their senders' order (its own
     * thread, while it runs or under the lock; with {@code parallel} 1 the inbox as it is).
     */
    private Inbox own(final int p) {
        final Inbox in = inbox[p];
        if (parallel > 1) {
            final AtomicReference<Frame> pushed = endpoints[p].incoming;
            if (pushed.get() != null) {
                Frame f = pushed.getAndSet(null);
                Frame first = null;
                while (f != null) { // pushed last first: reverse
                    final Frame n = f.next;
                    f.next = first;
                    first = f;
                    f = n;
                }
                while (first != null) {
                    final Frame n = first.next;
                    in.add(first);
                    first = n;
                }
            }
        }
        return in;
    }

    /**
     * Puts a sent frame, its payload written, into {@code dstPid}'s inbox, or onto its incoming stack while it runs
     * with {@code parallel} above 1 (the lock is held, or the sequential kernel's baton); the caller then re-tries a
     * free slot once for all the frames it delivers in this turn ({@link #refill}, parallel only).
     */
    private void deliver(final int dstPid, final Frame f) {
        if (parallel > 1 && state[dstPid] == RUNNING) {
            final AtomicReference<Frame> pushed = endpoints[dstPid].incoming;
            Frame h;
            do {
                h = pushed.get();
                f.next = h;
            } while (!pushed.compareAndSet(h, f));
        } else {
            inbox[dstPid].add(f);
        }
        frames++;
        if (state[dstPid] == BLOCKED) {
            events.set(dstPid, blockedEvent(dstPid));
        }
    }

    /** Gives a frame taken back to its sender's own pool, without the lock (parallel only). */
    private void giveBack(final Frame f) {
        final AtomicReference<Frame> returned = endpoints[f.src].returned;
        Frame h;
        do {
            h = returned.get();
            f.next = h;
        } while (!returned.compareAndSet(h, f));
    }

    /** Stops scheduling (after a failure or at close): every process runs freely from now on. */
    private void release() {
        free = true;
        for (int i = 0; i < nprocs; i++) {
            final Thread t = threads.get(i);
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    private long blockedEvent(final int q) {
        final long next = Math.min(inbox[q].firstArrival(), wakeAt[q]);
        return next == MinTree.NONE ? MinTree.NONE : Math.max(clock[q], next);
    }

    /**
     * The earliest time at which a process other than {@code p} can still act: the smallest event time of the
     * processes not running and the clocks of the other running processes (the lock is held).
     */
    private long othersEarliest(final int p) {
        long e = events.minKey();
        if (parallel > 1) {
            for (final int r : slots) {
                if (r >= 0 && r != p) {
                    e = Math.min(e, clock[r]);
                }
            }
        }
        return e;
    }

    /** Whether {@code p} may act at its clock: no other process can still produce a frame arriving earlier. */
    private boolean mayAct(final int p) {
        final long e = othersEarliest(p);
        if (e == MinTree.NONE) {
            return true;
        }
        return clock[p] < e + lookahead;
    }

    /**
     * Whether no other process can still act at a virtual time before {@code p}'s clock (ties by pid): what they
     * write to shared state (a hardware barrier's arrivals) up to that time is then complete.
     */
    private boolean isEarliest(final int p) {
        final long e = events.minKey();
        if (!(clock[p] < e || clock[p] == e && p < events.minIndex())) {
            return false;
        }
        return parallel == 1 || precedesRunning(p, clock[p]);
    }

    /** Whether {@code p} at {@code t} comes before every other running process's clock (ties by pid). */
    private boolean precedesRunning(final int p, final long t) {
        for (final int r : slots) {
            if (r >= 0 && r != p && !(t < clock[r] || t == clock[r] && p < r)) {
                return false;
            }
        }
        return true;
    }

    /** Waits until {@code p} may act (the lock is not held). */
    private void gate(final int p) {
        waitUntilAllowed(p, false, false);
    }

    /** The gate of a poll: after it the poll takes its first frame if it has arrived (the lock is not held). */
    private void receiveGate(final int p) {
        waitUntilAllowed(p, false, true);
    }

    /** Waits until no other process can still act at a virtual time before {@code p}'s (the lock is not held). */
    private void awaitEarliest(final int p) {
        waitUntilAllowed(p, true, false);
    }

    /**
     * Waits until {@code p} may act, or with {@code earliest} until no other process can still act before it, handing
     * the baton on while it may not (the lock is not held).
     */
    private void waitUntilAllowed(final int p, final boolean earliest, final boolean receiving) {
        while (!free) {
            if (parallel == 1 && shuffle == null && (earliest ? isEarliest(p) : mayAct(p))) {
                return; // the baton holder alone reads the kernel's state: no lock unless it hands off
            }
            if (parallel > 1 && shuffle == null && !earliest) {
                final long e = othersEarliestWithoutLock(p); // a look between two turns: see the notes
                if (e != UNKNOWN && (e == MinTree.NONE || clock[p] < e + lookahead)) {
                    return;
                }
            }
            lockKernel();
            try {
                if ((earliest ? isEarliest(p) : mayAct(p)) && !shuffled(p)) {
                    return;
                }
                if (state[p] == RUNNING) {
                    vacate(p, READY);
                    waitsEarliest[p] = earliest;
                    events.set(p, readyEvent(p, receiving));
                    handOff(p, earliest ? HandOffCause.EARLIEST : HandOffCause.GATE);
                }
            } finally {
                unlockKernel();
            }
            awaitTurn(p);
        }
    }

    /**
     * The event time of {@code p}, stopped at a gate: the earliest virtual time at which it can still reach another
     * process (a frame, a wake-up, a hardware barrier's arrival). That is its clock, except for a poll that holds a
     * frame arrived by its clock: once through its gate, the poll takes that frame first (its clock + o) and only
     * then runs the handler or returns, so nothing it does reaches another process before its clock + o. The other
     * processes' gates may then run up to o further before the baton comes back to it (sequential kernel only: the
     * parallel kernel's slot rule reads the event time as the process's clock).
     */
    private long readyEvent(final int p, final boolean receiving) {
        if (receiving && parallel == 1 && inbox[p].firstArrival() <= clock[p]) {
            return clock[p] + model.overheadNs();
        }
        return clock[p];
    }

    /**
     * With {@code shuffle}: at random, hands the baton from {@code p} (which may act) to a random other ready
     * process, which acts only if the kernel's rule allows it at its own clock (the lock is held).
     *
     * @return whether {@code p} gave the baton away
     */
    private boolean shuffled(final int p) {
        if (shuffle == null || state[p] != RUNNING || shuffle.nextBoolean()) {
            return false;
        }
        int ready = 0;
        for (int q = 0; q < nprocs; q++) {
            if (q != p && state[q] == READY) {
                ready++;
            }
        }
        if (ready == 0) {
            return false;
        }
        int pick = shuffle.nextInt(ready);
        int q = 0;
        for (; q < nprocs; q++) {
            if (q != p && state[q] == READY && pick-- == 0) {
                break;
            }
        }
        vacate(p, READY);
        waitsEarliest[p] = false;
        events.set(p, clock[p]);
        final long before = switches;
        runNext(q, p);
        fillSlots(p);
        handOffs[HandOffCause.SHUFFLE.ordinal()] += switches - before;
        return true;
    }

    /** Gives {@code from}'s free slot, and any other, on (the lock is held; {@code from} left its slot). */
    private void handOff(final int from, final HandOffCause cause) {
        final long before = switches;
        fillSlots(from);
        handOffs[cause.ordinal()] += switches - before;
    }

    /**
     * Fills the free slots, each with the process of smallest event time while its condition passes against the
     * running processes (always, with none running); deadlock when nothing runs and nothing can (the lock is held).
     *
     * @param from the process that left a slot, or -1 (a hand-off is counted when another process gets it)
     */
    private void fillSlots(final int from) {
        while (runningCount < parallel) {
            final long e = events.minKey();
            if (e == MinTree.NONE) {
                if (runningCount == 0 && control.endedCount() < nprocs) {
                    deadlock();
                }
                break;
            }
            final int q = events.minIndex();
            if (runningCount > 0 && !admissible(q, e)) {
                slotWanted = true;
                VarHandle.fullFence(); // a running process's clock written meanwhile may let it in after all
                if (!admissible(q, e)) {
                    return;
                }
            }
            if (state[q] == BLOCKED) {
                clock[q] = Math.max(clock[q], e);
                wakeAt[q] = MinTree.NONE; // consumed: the process looks at its condition again before it waits again
                waitsEarliest[q] = false;
                if (q == from) {
                    continued++;
                }
            }
            runNext(q, from);
        }
        if (slotWanted) {
            slotWanted = false;
        }
    }

    /**
     * Whether {@code q}, the process of smallest event time {@code e} among those not running, would pass its
     * condition at clock {@code e} against the running processes (the others not running come no earlier).
     */
    private boolean admissible(final int q, final long e) {
        if (waitsEarliest[q]) {
            return precedesRunning(q, e);
        }
        for (final int r : slots) {
            if (r >= 0 && !(e < clock[r] + lookahead)) {
                return false;
            }
        }
        return true;
    }

    /** With free slots, re-tries filling them after a running process's clock or another's event moved. */
    private void refill() {
        if (runningCount < parallel) {
            final long before = switches;
            fillSlots(-1);
            handOffs[HandOffCause.SLOT.ordinal()] += switches - before;
        }
    }

    /**
     * Re-tries filling a free slot after a running process's clock advanced outside the lock, when a look without
     * the lock does not rule the fill out (parallel only).
     */
    private void clockAdvanced() {
        if (slotWanted && !free && mayFill()) {
            lockKernel();
            try {
                refill();
            } finally {
                unlockKernel();
            }
        }
    }

    /**
     * Whether {@link #refill} may fill a free slot now: false only when a look between two turns of the lock finds
     * no free slot, no candidate, or a candidate the running processes' clocks do not admit (every turn that moves
     * an event or a slot re-tries the fill itself, under the lock).
     */
    private boolean mayFill() {
        final long v = version;
        if ((v & 1) != 0) {
            return true;
        }
        final long e = events.minKey();
        final boolean may = runningCount < parallel && e != MinTree.NONE && admissible(events.minIndex(), e);
        VarHandle.acquireFence();
        return may || version != v;
    }

    /** {@code p} leaves its slot for {@code newState} (the lock is held). */
    private void vacate(final int p, final int newState) {
        own(p); // its pushed frames into its inbox before senders write the inbox itself
        state[p] = newState;
        for (int i = 0; i < parallel; i++) {
            if (slots[i] == p) {
                slots[i] = -1;
                runningCount--;
                break;
            }
        }
        endpoints[p].baton = false;
    }

    /** Gives a slot to {@code q}: it runs, and its thread is woken (the lock is held). */
    private void runNext(final int q, final int from) {
        state[q] = RUNNING;
        events.set(q, MinTree.NONE);
        if (from != q) {
            switches++;
        }
        for (int i = 0; i < parallel; i++) {
            if (slots[i] < 0) {
                slots[i] = q;
                runningCount++;
                break;
            }
        }
        endpoints[q].baton = true;
        final Thread t = threads.get(q);
        if (t != null && t != Thread.currentThread()) {
            // a process that goes on at once holds the baton already: it does not park. The others are woken once
            // the lock is released (unlockKernel): an unpark (the scheduler's queue, maybe a carrier's wake-up)
            // held the lock meanwhile, which the other carrier may wait for (parallel > 1)
            if (toWake == null && lock.isHeldByCurrentThread()) {
                toWake = t;
            } else {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * Makes {@code q} runnable at {@code timeNs} if it waits, or when it next waits: a process that was only
     * preempted (ready) may still be inside the poll that precedes its wait, so the wake-up is kept until a wait
     * consumes it (the lock is held).
     */
    private void wakeUp(final int q, final long timeNs) {
        wakeAt[q] = Math.min(wakeAt[q], timeNs);
        if (state[q] == BLOCKED) {
            events.set(q, blockedEvent(q));
        }
    }

    private void deadlock() {
        final StringBuilder sb = new StringBuilder("deadlock in virtual time: every live process waits for a frame and "
            + "none is in flight (waiting:");
        int shown = 0;
        for (int i = 0; i < nprocs && shown < 16; i++) {
            if (state[i] == BLOCKED) {
                sb.append(" pid ").append(i).append(" at ").append(clock[i]).append(" ns");
                shown++;
            }
        }
        final String msg = sb.append(')').toString();
        control.failNow(new BspAbortException(-1, -1, msg, new BspDeadlockException(msg)));
    }

    private void awaitTurn(final int p) {
        final VirtualEndpoint self = endpoints[p];
        while (!self.baton && !free) {
            LockSupport.park(this);
            if (Thread.currentThread().isInterrupted() && !self.baton) {
                control.failNow(new BspAbortException(p, -1, "interrupted while waiting for its turn on the virtual "
                    + "machine", new InterruptedException("the thread running pid " + p + " was interrupted")));
            }
        }
    }

    /**
     * Takes {@code p}'s first frame without passing the gate when it has arrived by {@code p}'s clock and before
     * any frame another process can still send ({@code arrival < every other event + lookahead}): no frame that
     * precedes it can still come, and the frames that arrived while the receiver was busy are taken in the same
     * order and at the same clocks as after a gate, without a hand-off each (the lock is held, or the sequential
     * kernel's baton).
     *
     * @return the frame, or null when only the gate can decide
     */
    private Frame takeEarlyFrame(final int p) {
        final long a = own(p).firstArrival();
        if (a > clock[p] || free) {
            return null;
        }
        final long e = othersEarliest(p);
        if (e != MinTree.NONE && a >= e + lookahead) {
            return null;
        }
        return take(p);
    }

    /**
     * Blocks {@code p} until its next event (a frame's arrival or a wake-up): the baton goes on, or stays when that
     * event comes first (with {@code parallel} above 1 the lock is held; the sequential kernel's baton holder calls
     * without it, and it is taken for a hand-off only).
     */
    private void block(final int p) {
        if (parallel > 1) {
            blockLocked(p);
            return;
        }
        if (goesOnAtOnce(p)) {
            return;
        }
        lockKernel();
        try {
            if (!free) {
                blockLocked(p);
            }
        } finally {
            unlockKernel();
        }
    }

    /** {@code p} leaves its slot until its next event, which is given on (the lock is held). */
    private void blockLocked(final int p) {
        vacate(p, BLOCKED);
        waitsEarliest[p] = false;
        events.set(p, blockedEvent(p));
        handOff(p, HandOffCause.WAIT);
    }

    /**
     * The sequential kernel's decision for a running {@code p} about to block, taken without blocking it: when its
     * next event comes before every other process's (ties to the smaller pid), {@link #fillSlots} would give the
     * baton straight back to it at that event. Then its clock moves to the event and the wake-up is consumed, as
     * there, without re-keying the event tree twice or parking (the lock is held; a running process's key is
     * {@link MinTree#NONE}, so the tree's minimum is the others').
     *
     * @return whether {@code p} goes on
     */
    private boolean goesOnAtOnce(final int p) {
        final long ev = blockedEvent(p);
        if (ev == MinTree.NONE) {
            return false;
        }
        final long e = events.minKey();
        if (!(ev < e || ev == e && p < events.minIndex())) {
            return false;
        }
        clock[p] = ev; // blockedEvent is at least the clock
        wakeAt[p] = MinTree.NONE;
        waitsEarliest[p] = false;
        continued++;
        return true;
    }

    /**
     * Takes {@code p}'s first frame: its clock becomes {@code max(clock, arrival) + o} (the lock is held, or the
     * sequential kernel's baton).
     */
    private Frame take(final int p) {
        final Frame f = own(p).poll();
        clock[p] = Math.max(clock[p], f.arrival) + model.overheadNs();
        if (parallel > 1) {
            refill();
        }
        return f;
    }

    private Frame obtain(final int length) {
        Frame f = pool.pollFirst();
        if (f == null) {
            f = new Frame();
        }
        f.ensure(length);
        return f;
    }

    // ------------------------------------------------------------------ run control in virtual order

    /**
     * The run's control plane with a process's failure and the end of its program taken in virtual order: the
     * process that fails or ends first waits until no other process can still act at an earlier virtual time (ties
     * by pid, as a hardware barrier's arrival), so every other process sees it at its own clock at or after the
     * failure's or end's time, and of two failures the earlier in virtual time is the run's. A failure wakes every
     * blocked process at its time (their clocks move to it, as a frame's arrival would), then the machine runs freely.
     * Failures that are not a process's (the watchdog's deadline, the kernel's own deadlock) take effect at once.
     */
    private final class KernelControl extends RunControl {
        KernelControl(final int nprocs) {
            super(nprocs);
        }

        @Override
        public BspAbortException fail(final BspAbortException e) {
            final int p = settlingPid();
            if (p < 0) {
                return super.fail(e);
            }
            endpoints[p].settle();
            lock.lock();
            try {
                if (failure() == null && !free) {
                    final long t = clock[p];
                    for (int q = 0; q < nprocs; q++) {
                        if (state[q] == BLOCKED) {
                            clock[q] = Math.max(clock[q], t);
                        }
                    }
                }
                return super.fail(e);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public void markEnded(final int pid) {
            if (settlingPid() == pid) {
                endpoints[pid].settle();
            }
            super.markEnded(pid);
        }

        /** Records a failure of the kernel's own (a deadlock, an interrupted wait for a turn) at once. */
        BspAbortException failNow(final BspAbortException e) {
            return super.fail(e);
        }

        /** Marks {@code pid} ended from inside the kernel's own end of the process, which passed its gate. */
        void markEndedNow(final int pid) {
            super.markEnded(pid);
        }
    }

    /**
     * @return the pid of the process whose thread calls, when it holds a slot and is not already settling (so its
     *         failure or end may wait for virtual order); -1 for any other thread, after a failure, or under the lock
     */
    private int settlingPid() {
        if (free || lock.isHeldByCurrentThread()) {
            return -1;
        }
        final Thread self = Thread.currentThread();
        for (int p = 0; p < nprocs; p++) {
            if (threads.get(p) == self) {
                return endpoints[p].baton && !endpoints[p].settling ? p : -1;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ endpoints

    private final class VirtualEndpoint implements Endpoint {
        private final int pid;
        private final UnsafeBuffer claim;
        private int claimType;
        private int claimLength;
        private boolean inLibrary;
        /** The thread CPU clock of {@link CpuClock#THREAD}, set when the process starts; null for the others. */
        private ThreadCpuTime cpuTime;
        /** Thread CPU time when the process last left the library, ns (with {@link #cpuTime}). */
        private long markCpu;
        /** Elapsed time when the process last left the library, ns. */
        private long markWall;
        private long chargedSuperstep = -1;
        /** Computation charged to this process's clock, ns (written by its own thread). */
        private long charged;
        /** How many times this process read {@link #cpuTime} (written by its own thread). */
        private long cpuReadings;
        /** The carrier ({@link ThreadCpuTime#lastThread()}) of the reading at the last mark and at the last charge. */
        private long markThread;
        private long chargeThread;
        /** Compute intervals that began on another carrier than the previous one ended on (written by its thread). */
        private long resumedElsewhere;
        /** Compute intervals that ended on another carrier than they began on (written by its own thread). */
        private long movedWithin;
        /** Whether this process holds a slot (set under the kernel's lock, read by the process's own thread). */
        private volatile boolean baton;
        /** Whether this process waits in {@link #settle()} (a failure recorded meanwhile does not wait again). */
        private boolean settling;
        /**
         * Frames sent to this process while it runs, with {@code parallel} above 1, last pushed first (linked through
         * {@link Frame#next}); only this process takes them, into its inbox ({@link VirtualMachine#own}).
         */
        final AtomicReference<Frame> incoming = new AtomicReference<>();
        /** Frames this process sent, given back by their receivers (parallel only; linked through next). */
        final AtomicReference<Frame> returned = new AtomicReference<>();
        /** This process's own pool of frames to send (parallel only; its own thread; linked through next). */
        private Frame spare;

        VirtualEndpoint(final int pid) {
            this.pid = pid;
            this.claim = new UnsafeBuffer(new byte[maxFrameLength]);
        }

        /**
         * Before this process's failure or the end of its program takes effect: charges its computation and waits
         * until no other process can still act at an earlier virtual time, so that the others see it in virtual
         * order (ClassicSync reads the end from the run control, not from a frame).
         */
        void settle() {
            settling = true;
            try {
                beginCall();
                VirtualMachine.this.awaitEarliest(pid);
                endCall();
            } finally {
                settling = false;
            }
        }

        // -------------------------------------------------------------- computation

        private void mark() {
            markWall = System.nanoTime();
            if (cpuTime != null) {
                markCpu = cpuTime.now();
                cpuReadings++;
                markThread = cpuTime.lastThread();
                if (markThread != chargeThread && chargeThread != 0) {
                    resumedElsewhere++;
                }
            }
        }

        /**
         * Charges the computation since {@link #mark()} to the clock: the elapsed time, or with a thread clock the
         * thread's CPU time, which never exceeds the elapsed time (a negative or larger difference means a virtual
         * thread blocked and came back on another carrier: the elapsed time is charged then).
         */
        private void chargeCompute() {
            if (model.cpu() == CpuClock.FIXED) {
                return;
            }
            final long wall = System.nanoTime();
            long d = wall - markWall;
            markWall = wall;
            if (cpuTime != null) {
                final long cpu = cpuTime.now();
                cpuReadings++;
                final long dc = cpu - markCpu;
                markCpu = cpu;
                chargeThread = cpuTime.lastThread();
                if (chargeThread != markThread) {
                    movedWithin++;
                }
                markThread = chargeThread;
                if (cpu >= 0 && dc >= 0 && dc < d) {
                    d = dc;
                }
            }
            if (d > 0) {
                final long c = Math.round(d * model.cpuScale());
                clock[pid] += c;
                charged += c;
                if (parallel > 1) {
                    clockAdvanced();
                }
            }
        }

        private void beginCall() {
            if (!inLibrary && !free) {
                chargeCompute();
            }
        }

        private void endCall() {
            if (!inLibrary && model.cpu() != CpuClock.FIXED) {
                mark();
            }
        }

        @Override
        public long nanoTime() {
            if (inLibrary || free || model.cpu() == CpuClock.FIXED) {
                return clock[pid];
            }
            // one reading: the charge's own reading marks the next interval (chargeCompute), so the computation
            // goes on from it; a second reading (as around a send) would exclude only this return, at a system call
            chargeCompute();
            return clock[pid];
        }

        @Override
        public boolean virtualClock() {
            return true;
        }

        @Override
        public void processStarted() {
            cpuTime = threadClock(Thread.currentThread());
            threads.set(pid, Thread.currentThread());
            awaitTurn(pid);
            mark();
        }

        @Override
        public void processEnded() {
            if (free) {
                return;
            }
            beginCall();
            gate(pid);
            control.markEndedNow(pid);
            lockKernel();
            try {
                if (free) {
                    return;
                }
                vacate(pid, ENDED);
                events.set(pid, MinTree.NONE);
                for (int q = 0; q < nprocs; q++) {
                    if (state[q] != ENDED) {
                        wakeUp(q, clock[pid]);
                    }
                }
                handOff(pid, HandOffCause.END);
            } finally {
                unlockKernel();
            }
        }

        @Override
        public void advanceTo(final long timeNs) {
            if (free) {
                return; // after a failure no clock moves (see the notes on the lock)
            }
            lockKernel();
            try {
                clock[pid] = Math.max(clock[pid], timeNs);
                if (parallel > 1) {
                    refill();
                }
            } finally {
                unlockKernel();
            }
        }

        @Override
        public void awaitEarliest() {
            VirtualMachine.this.awaitEarliest(pid);
        }

        @Override
        public void signal(final int dstPid, final long timeNs) {
            if (free) {
                return;
            }
            lockKernel();
            try {
                wakeUp(dstPid, timeNs);
                if (parallel > 1) {
                    refill();
                }
            } finally {
                unlockKernel();
            }
        }

        @Override
        public void enterLibrary(final long superstep) {
            if (model.cpu() == CpuClock.FIXED) {
                if (superstep != chargedSuperstep && !free) {
                    chargedSuperstep = superstep;
                    clock[pid] += model.stepCostNs();
                    charged += model.stepCostNs();
                    if (parallel > 1) {
                        clockAdvanced();
                    }
                }
            } else if (!free) {
                chargeCompute();
            }
            inLibrary = true;
        }

        @Override
        public void leaveLibrary() {
            inLibrary = false;
            if (model.cpu() != CpuClock.FIXED) {
                mark();
            }
        }

        // -------------------------------------------------------------- communication

        @Override
        public int pid() {
            return pid;
        }

        @Override
        public int nprocs() {
            return nprocs;
        }

        @Override
        public int maxFrameLength() {
            return maxFrameLength;
        }

        @Override
        public boolean offer(final int dstPid, final int type, final DirectBuffer src, final int offset,
            final int length) {
            if (length > maxFrameLength) {
                throw new IllegalArgumentException("offer: length=" + length + " exceeds maxFrameLength="
                    + maxFrameLength + " (pid " + pid + " to pid " + dstPid + ")");
            }
            beginCall();
            // no gate: a send observes nothing of the other processes, and its frame arrives at least o + L after
            // the sender's clock, which is at least the event time every receiver's gate already allowed for
            // (with shuffle, a gate: one more point at which another process may run first)
            if (shuffle != null) {
                gate(pid);
            }
            if (free) {
                endCall();
                return true; // after a failure nothing is delivered: the run ends with the failure
            }
            lockKernel();
            try {
                final Frame f = send(type, length);
                f.putBytes(0, src, offset, length);
                deliver(dstPid, f);
                if (parallel > 1) {
                    refill();
                }
            } finally {
                unlockKernel();
            }
            endCall();
            return true;
        }

        /**
         * The frames of the batch in one turn of the kernel's lock, each written by the batch straight into its
         * frame: the same sends, at the same virtual times and in the same order, as offering them one by one
         * inside the library (between two offers outside it, the caller's own time would be charged as computation;
         * a batch is one call). With {@code shuffle}, one by one: each send is a point at which another process may
         * run first.
         */
        @Override
        public int offerBatch(final int type, final int length, final FrameBatch batch, final int from,
            final int to, final MutableDirectBuffer scratch) {
            if (length > maxFrameLength) {
                throw new IllegalArgumentException("offerBatch: length=" + length + " exceeds maxFrameLength="
                    + maxFrameLength + " (pid " + pid + ")");
            }
            if (shuffle != null) {
                return Endpoint.super.offerBatch(type, length, batch, from, to, scratch);
            }
            beginCall();
            if (free) {
                endCall();
                return to; // after a failure nothing is delivered: the run ends with the failure
            }
            lockKernel();
            try {
                for (int i = from; i < to; i++) {
                    final Frame f = send(type, length);
                    batch.write(i, f, 0);
                    deliver(batch.destination(i), f);
                }
                if (parallel > 1) {
                    refill(); // once for the batch, at its last clock: a legal fill, as one after each frame was
                }
            } finally {
                unlockKernel();
            }
            endCall();
            return to;
        }

        /**
         * Sends a frame of {@code length} bytes at this process's clock (LogGP: the send starts at
         * {@code max(clock, nextSend)}, costs o, and arrives o + L + (k - 1)G later); the caller writes its payload,
         * then {@link VirtualMachine#deliver delivers} it (the lock is held).
         *
         * @return the frame, which holds at least {@code length} bytes
         */
        private Frame send(final int type, final int length) {
            final long s = Math.max(clock[pid], nextSend[pid]);
            final long bytes = model.bytesNs(length);
            clock[pid] = s + model.overheadNs();
            nextSend[pid] = s + model.gapNs() + bytes;
            final Frame f = parallel > 1 ? obtainOwn(length) : obtain(length);
            f.src = pid;
            f.type = type;
            f.length = length;
            f.arrival = s + model.overheadNs() + model.latencyNs() + bytes;
            f.sent = s;
            f.seq = sendCount[pid]++;
            return f;
        }

        /** A frame from this process's own pool, refilled from the frames its receivers gave back (parallel). */
        private Frame obtainOwn(final int length) {
            Frame f = spare;
            if (f == null) {
                f = returned.getAndSet(null);
            }
            if (f == null) {
                f = new Frame();
            } else {
                spare = f.next;
                f.next = null;
            }
            f.ensure(length);
            return f;
        }

        @Override
        public int tryClaim(final int dstPid, final int type, final int length) {
            if (length > maxFrameLength) {
                return -1;
            }
            claimType = type;
            claimLength = length;
            return 0;
        }

        @Override
        public MutableDirectBuffer claimBuffer(final int dstPid) {
            return claim;
        }

        @Override
        public void commit(final int dstPid, final int index) {
            offer(dstPid, claimType, claim, index, claimLength);
        }

        @Override
        public int poll(final FrameHandler handler, final int limit) {
            beginCall();
            final int n = free ? 0 : parallel == 1 ? pollAlone(handler, limit) : pollShared(handler, limit);
            endCall();
            return n;
        }

        /**
         * The sequential kernel's poll: this process holds the baton, so it reads and takes its frames without the
         * lock; the gate's hand-off and a drain's wait take it (see the notes on the lock). Every decision is the
         * one {@link #pollShared} takes under the lock.
         */
        private int pollAlone(final FrameHandler handler, final int limit) {
            final long drainUntil = limit == Integer.MAX_VALUE ? inbox[pid].lastArrival() : Long.MIN_VALUE;
            int n = 0;
            while (n < limit && !free) {
                Frame f = takeEarlyFrame(pid);
                if (f == null) {
                    if (shuffle != null || !mayAct(pid)) {
                        receiveGate(pid);
                    }
                    f = receiveOrWait(drainUntil);
                    if (f == null) {
                        break;
                    }
                    if (f == WAITED) {
                        awaitTurn(pid);
                        continue;
                    }
                }
                handler.onFrame(f.src, f.type, f, 0, f.length);
                n++;
                if (!free) { // the handler's sends may have passed a gate (shuffle): free unset, the baton is back
                    pool.addFirst(f);
                }
            }
            return n;
        }

        /**
         * The poll of the parallel kernel: each frame taken, or the finding that none can be taken now, on a look at
         * the kernel's state without its lock when that look decides it; the lock otherwise (see the notes).
         */
        private int pollShared(final FrameHandler handler, final int limit) {
            final long drainUntil = limit == Integer.MAX_VALUE ? lastArrival() : Long.MIN_VALUE;
            int n = 0;
            while (n < limit) {
                Frame f = takeWithoutLock(drainUntil);
                if (f == NOTHING) {
                    break;
                }
                if (f == null) {
                    f = takeLocked(drainUntil);
                    if (f == null) {
                        break;
                    }
                    if (f == WAITED) {
                        awaitTurn(pid);
                        continue;
                    }
                }
                handler.onFrame(f.src, f.type, f, 0, f.length);
                n++;
                giveBack(f);
            }
            return n;
        }

        /**
         * What the locked path decides on a look without the lock, when that look decides it: the first frame if it
         * has arrived by this process's clock and before every other process's event + o + L ({@link
         * #takeEarlyFrame}); {@link #NOTHING} when the gate passes, no frame has arrived and no drain waits for one
         * (not with {@code shuffle}, whose gate is a point where another process may run first); null otherwise (a
         * turn of the lock in progress, a gate that does not pass, a drain's wait: the locked path decides).
         */
        private Frame takeWithoutLock(final long drainUntil) {
            if (free) {
                return null;
            }
            final long e = othersEarliestWithoutLock(pid); // before the frames are moved in: see the notes
            if (e == UNKNOWN) {
                return null;
            }
            final Inbox in = own(pid);
            final long a = in.firstArrival();
            final long c = clock[pid];
            if (a <= c && (e == MinTree.NONE || a < e + lookahead)) {
                final Frame f = in.poll();
                clock[pid] = Math.max(c, a) + model.overheadNs();
                clockAdvanced();
                return f;
            }
            if (a > c && a > drainUntil && shuffle == null && (e == MinTree.NONE || c < e + lookahead)) {
                return NOTHING;
            }
            return null;
        }

        /**
         * The locked path of the parallel poll: the first frame taken, {@link #WAITED} when the process blocked in a
         * drain or passed its gate (it then looks again, without the lock when it can), or null when nothing is left
         * to take now. A gate that does not pass hands the slot on in the same turn that found it so.
         */
        private Frame takeLocked(final long drainUntil) {
            Frame f;
            boolean handedOff = false;
            lockKernel();
            try {
                f = takeEarlyFrame(pid);
                if (f == null && shuffle == null && !free) {
                    if (mayAct(pid)) {
                        // the gate would pass at once: decide here, under this lock, instead of taking it twice more
                        return receiveOrWait(drainUntil);
                    }
                    if (state[pid] == RUNNING) { // the gate's hand-off (waitUntilAllowed's), in this turn
                        vacate(pid, READY);
                        waitsEarliest[pid] = false;
                        events.set(pid, readyEvent(pid, true));
                        handOff(pid, HandOffCause.GATE);
                        handedOff = true;
                    }
                }
            } finally {
                unlockKernel();
            }
            if (f != null) {
                return f;
            }
            if (handedOff) {
                awaitTurn(pid);
            }
            receiveGate(pid);
            if (shuffle == null) {
                return free ? null : WAITED; // through the gate: the next look decides, as receiveOrWait would
            }
            lockKernel();
            try {
                return receiveOrWait(drainUntil);
            } finally {
                unlockKernel();
            }
        }

        /**
         * After the gate: takes the first frame if it has arrived, or in a drain waits in virtual time for the next
         * frame sent before the drain began (the lock is held, or the sequential kernel's baton).
         *
         * @return the frame taken, {@link #WAITED} when the process blocked (it awaits its turn, then looks again),
         *         or null when nothing is left to take now (always after a failure)
         */
        private Frame receiveOrWait(final long drainUntil) {
            if (free) {
                return null;
            }
            final long a = own(pid).firstArrival();
            if (a != MinTree.NONE && a <= clock[pid]) {
                return take(pid);
            }
            if (a <= drainUntil) {
                // a drain delivers every frame sent before it: wait in virtual time for this one to arrive, taking
                // what arrives before it in order, never a frame ahead of its arrival
                block(pid);
                return WAITED;
            }
            return null;
        }

        /**
         * @return the latest arrival time of the frames sent to this process so far, {@link Long#MIN_VALUE} if none:
         *         between two turns of the lock, without it when no turn began meanwhile
         */
        private long lastArrival() {
            for (int spins = 0; spins < LOOK_SPINS; spins++) {
                final long v = version;
                if ((v & 1) == 0) {
                    final long last = own(pid).lastArrival();
                    VarHandle.acquireFence();
                    if (version == v) {
                        return last;
                    }
                }
                Thread.onSpinWait();
            }
            lockKernel();
            try {
                return own(pid).lastArrival();
            } finally {
                unlockKernel();
            }
        }

        @Override
        public RunControl control() {
            return control;
        }

        @Override
        public void idle() {
            if (free) {
                LockSupport.parkNanos(50_000L);
                return;
            }
            beginCall();
            if (parallel == 1) {
                // the baton holder: no lock unless it hands off (block)
                if (inbox[pid].firstArrival() <= clock[pid]) {
                    return; // a frame has arrived: the caller's next poll takes it
                }
                block(pid);
            } else {
                if (own(pid).firstArrival() <= clock[pid]) {
                    return; // its own inbox: no lock to find that a frame has arrived
                }
                lockKernel();
                try {
                    if (own(pid).firstArrival() <= clock[pid]) {
                        return;
                    }
                    block(pid);
                } finally {
                    unlockKernel();
                }
            }
            awaitTurn(pid);
            endCall();
        }

        @Override
        public void resetIdle() {
            // waiting is the kernel's business: nothing to reset
        }
    }
}
