package org.jbsplib.hw.reflex;

import org.jbsplib.hw.model.EventQueue;
import org.jbsplib.hw.model.Parameters;
import org.jbsplib.hw.model.Time;

/**
 * The Reflex ring, flit by flit. The root (core 0) is in series with the ring: its output feeds switch 1, switch
 * {@code i} multicasts each flit to core {@code i}'s input buffer and to switch {@code i+1}, and the last switch feeds
 * the root's input buffer. A switch forwards its head flit only when it has a credit on every output; a consumer
 * freeing a slot returns the credit after {@code creditNs}. A switch forwards at most one flit per {@code hopNs}.
 *
 * <p>Programs (Algorithm 1, split-phase; B = {@code coreBufferFlits}):
 * <pre>
 * root  Init (once, at construction): SEND B                 fills every core's buffer: all switches off
 * root  Notify: SEND 1                                       the notify flit, blocked at the first switch still off
 * other Notify: RECV B                                       drains the buffer: switch on
 * root  Wait:   RECV B+1; SEND B+1; RECV 1                    notify came back: release + B flits to turn switches off
 * other Wait:   RECV 2                                       the notify flit and the release flit
 * </pre>
 * Every call costs the LogGP overhead {@code o}; every flit written or read costs {@code G}.
 *
 * <p>Deviation from Algorithm 1: because switches multicast every flit to their core (which the release needs), the
 * root's notify flit also lands in every core's buffer once that core's switch is on. The paper's one-flit RECV in a
 * non-root Wait would return on that notify flit, releasing core {@code i} once cores {@code 1..i} have notified but
 * before the others; it would also leave one flit more in each buffer every episode. A non-root Wait therefore
 * receives two flits, which makes the barrier correct and keeps the flit count of every buffer balanced.
 *
 * <p>Threading: confined to one thread.
 */
public final class ReflexRing {
    private static final int EV_FIFO = 1;   // a flit reaches switch a's ring input
    private static final int EV_CORE = 2;   // a flit reaches core a's input buffer (a = 0: the root)
    private static final int EV_CREDIT = 3; // a credit reaches switch a (b = 0: core port, 1: ring port); a=0: root
    private static final int EV_SWITCH_READY = 4;
    private static final int EV_STEP = 5;   // core a continues its program
    private static final int EV_READ_DONE = 6;
    private static final int EV_WRITE_DONE = 7;

    private static final int OP_OVERHEAD = 1;
    private static final int OP_SEND = 2;
    private static final int OP_RECV = 3;
    private static final int OP_RELEASE = 4;
    private static final int OP_WAIT_PHASE = 5; // split phase: the core computes until its Wait time

    private final int cores;
    private final long hopPs;
    private final long creditPs;
    private final long gapPs;
    private final long overheadPs;
    private final int coreBuffer;
    private final int switchBuffer;
    private final EventQueue queue = new EventQueue(256);

    // switches 1..cores-1
    private final int[] fifo;
    private final int[] coreCredit;
    private final int[] nextCredit;
    private final long[] switchFree;
    private final boolean[] readyPending;
    // cores 0..cores-1
    private final int[] buffered;
    private final int[][] program;
    private final int[] pc;
    private final int[] remaining;
    private final boolean[] busy;
    private final long[] releasePs;
    private final long[] waitPs;
    private int rootSendCredit;
    private long flitHops;
    private long coreDeliveries;

    public ReflexRing(final Parameters p, final int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("reflex: cores=" + cores + " must be >= 1");
        }
        this.cores = cores;
        this.hopPs = Time.ps(p.getPositive(ReflexParameters.HOP_NS));
        this.creditPs = Time.ps(p.get(ReflexParameters.CREDIT_NS));
        this.gapPs = Time.ps(p.get(ReflexParameters.FLIT_GAP_NS));
        this.overheadPs = Time.ps(p.get(ReflexParameters.OVERHEAD_NS));
        this.coreBuffer = p.getInt(ReflexParameters.CORE_BUFFER_FLITS, 1, 1 << 20);
        this.switchBuffer = p.getInt(ReflexParameters.SWITCH_BUFFER_FLITS, 2, 1 << 20);
        fifo = new int[cores];
        coreCredit = new int[cores];
        nextCredit = new int[cores];
        switchFree = new long[cores];
        readyPending = new boolean[cores];
        for (int s = 1; s < cores; s++) {
            coreCredit[s] = coreBuffer;
            nextCredit[s] = s == cores - 1 ? coreBuffer : switchBuffer;
        }
        rootSendCredit = cores == 1 ? coreBuffer : switchBuffer;
        buffered = new int[cores];
        program = new int[cores][];
        pc = new int[cores];
        remaining = new int[cores];
        busy = new boolean[cores];
        releasePs = new long[cores];
        waitPs = new long[cores];
        for (int c = 1; c < cores; c++) {
            program[c] = new int[0];
        }
        if (cores > 1) {
            // Init: executed once by the root before any barrier
            program[0] = new int[] {OP_OVERHEAD, 0, OP_SEND, coreBuffer};
            queue.add(0, EV_STEP, 0, 0, 0);
            run();
            checkQuiet("Init");
        }
    }

    public int cores() {
        return cores;
    }

    /** Runs one episode; core {@code c} enters Notify at {@code arrivalPs[c]} and Wait right after. */
    public void runEpisode(final long[] arrivalPs) {
        runSplitPhase(arrivalPs, arrivalPs);
    }

    /**
     * Runs one split-phase episode (Algorithm 1's Notify and Wait as separate calls): core {@code c} enters Notify at
     * {@code notifyPs[c]}, computes after it, and enters Wait at {@code waitPs[c]} (at once if its Notify ends later).
     */
    public void runSplitPhase(final long[] notifyPs, final long[] waitPs) {
        if (notifyPs.length != cores || waitPs.length != cores) {
            throw new IllegalArgumentException("reflex: notifyPs.length=" + notifyPs.length + ", waitPs.length="
                + waitPs.length + " must both be cores=" + cores);
        }
        System.arraycopy(waitPs, 0, this.waitPs, 0, cores);
        final long[] arrivalPs = notifyPs;
        queue.clear();
        flitHops = 0;
        coreDeliveries = 0;
        if (cores == 1) {
            releasePs[0] = arrivalPs[0] + overheadPs; // a ring of one: nothing to wait for
            return;
        }
        java.util.Arrays.fill(switchFree, 0);
        // four calls, four overheads: the release send is on the critical path and pays o like every call
        program[0] = new int[] {OP_OVERHEAD, 0, OP_SEND, 1, OP_WAIT_PHASE, 0, OP_OVERHEAD, 0, OP_RECV, coreBuffer + 1,
            OP_OVERHEAD, 0, OP_SEND, coreBuffer + 1, OP_OVERHEAD, 0, OP_RECV, 1, OP_RELEASE, 0};
        final int[] other = {OP_OVERHEAD, 0, OP_RECV, coreBuffer, OP_WAIT_PHASE, 0, OP_OVERHEAD, 0, OP_RECV, 2,
            OP_RELEASE, 0};
        for (int c = 0; c < cores; c++) {
            if (c > 0) {
                program[c] = other;
            }
            pc[c] = 0;
            busy[c] = false;
            remaining[c] = 0;
            releasePs[c] = -1;
            queue.add(arrivalPs[c], EV_STEP, c, 0, 0);
        }
        run();
        for (int c = 0; c < cores; c++) {
            if (releasePs[c] < 0) {
                throw new IllegalStateException("reflex: core " + c + " was never released (stuck at op "
                    + pc[c] / 2 + ")");
            }
        }
    }

    public long releasePs(final int core) {
        return releasePs[core];
    }

    /** @return flit moves between switches and from switches to cores in the last episode */
    public long flitHops() {
        return flitHops;
    }

    public long coreDeliveries() {
        return coreDeliveries;
    }

    /** @return flits waiting in core {@code c}'s input buffer */
    public int buffered(final int c) {
        return buffered[c];
    }

    /** @return whether switch {@code s} (1..cores-1) is off: its core's buffer is full as far as it knows */
    public boolean switchOff(final int s) {
        return coreCredit[s] == 0;
    }

    private void checkQuiet(final String phase) {
        if (!queue.isEmpty()) {
            throw new IllegalStateException("reflex: events left after " + phase);
        }
    }

    private void run() {
        while (!queue.isEmpty()) {
            queue.poll();
            final long t = queue.time();
            final int a = queue.a();
            switch (queue.kind()) {
                case EV_FIFO -> {
                    fifo[a]++;
                    forward(a, t);
                }
                case EV_CORE -> {
                    buffered[a]++;
                    coreDeliveries++;
                    read(a, t);
                }
                case EV_CREDIT -> {
                    if (a == 0) {
                        rootSendCredit++;
                        write(0, t);
                    } else {
                        if (queue.b() == 0) {
                            coreCredit[a]++;
                        } else {
                            nextCredit[a]++;
                        }
                        forward(a, t);
                    }
                }
                case EV_SWITCH_READY -> {
                    readyPending[a] = false;
                    forward(a, t);
                }
                case EV_STEP -> step(a, t);
                case EV_READ_DONE -> {
                    busy[a] = false;
                    buffered[a]--;
                    // the slot is free: credit to whoever feeds this buffer
                    if (a == 0) {
                        queue.add(t + creditPs, EV_CREDIT, cores - 1, 1, 0);
                    } else {
                        queue.add(t + creditPs, EV_CREDIT, a, 0, 0);
                    }
                    if (--remaining[a] == 0) {
                        pc[a] += 2;
                        step(a, t);
                    } else {
                        read(a, t);
                    }
                }
                case EV_WRITE_DONE -> {
                    busy[a] = false;
                    if (--remaining[a] == 0) {
                        pc[a] += 2;
                        step(a, t);
                    } else {
                        write(a, t);
                    }
                }
                default -> throw new IllegalStateException("reflex: unknown event kind=" + queue.kind());
            }
        }
    }

    private void step(final int c, final long t) {
        final int[] prog = program[c];
        if (pc[c] >= prog.length) {
            return;
        }
        switch (prog[pc[c]]) {
            case OP_OVERHEAD -> {
                pc[c] += 2;
                queue.add(t + overheadPs, EV_STEP, c, 0, 0);
            }
            case OP_SEND -> {
                remaining[c] = prog[pc[c] + 1];
                write(c, t);
            }
            case OP_RECV -> {
                remaining[c] = prog[pc[c] + 1];
                read(c, t);
            }
            case OP_RELEASE -> {
                releasePs[c] = t;
                pc[c] += 2;
            }
            case OP_WAIT_PHASE -> {
                pc[c] += 2;
                if (t < waitPs[c]) {
                    queue.add(waitPs[c], EV_STEP, c, 0, 0);
                } else {
                    step(c, t);
                }
            }
            default -> throw new IllegalStateException("reflex: bad op=" + prog[pc[c]]);
        }
    }

    private boolean inOp(final int c, final int op) {
        return pc[c] < program[c].length && program[c][pc[c]] == op && remaining[c] > 0;
    }

    /** The root writes its next flit into switch 1 (or, alone, into its own input) when it has a credit. */
    private void write(final int c, final long t) {
        if (busy[c] || !inOp(c, OP_SEND) || rootSendCredit == 0) {
            return;
        }
        busy[c] = true;
        rootSendCredit--;
        final long out = t + gapPs;
        queue.add(out + hopPs, EV_FIFO, 1, 0, 0);
        flitHops++;
        queue.add(out, EV_WRITE_DONE, c, 0, 0);
    }

    private void read(final int c, final long t) {
        if (busy[c] || !inOp(c, OP_RECV) || buffered[c] == 0) {
            return;
        }
        busy[c] = true;
        queue.add(t + gapPs, EV_READ_DONE, c, 0, 0);
    }

    private void forward(final int s, final long t) {
        if (fifo[s] == 0 || coreCredit[s] == 0 || nextCredit[s] == 0) {
            return;
        }
        if (t < switchFree[s]) {
            if (!readyPending[s]) {
                readyPending[s] = true;
                queue.add(switchFree[s], EV_SWITCH_READY, s, 0, 0);
            }
            return;
        }
        fifo[s]--;
        coreCredit[s]--;
        nextCredit[s]--;
        switchFree[s] = t + hopPs;
        queue.add(t + hopPs, EV_CORE, s, 0, 0);
        if (s == cores - 1) {
            queue.add(t + hopPs, EV_CORE, 0, 0, 0);
        } else {
            queue.add(t + hopPs, EV_FIFO, s + 1, 0, 0);
        }
        flitHops += 2;
        // the ring input slot is free again: credit upstream
        if (s == 1) {
            queue.add(t + creditPs, EV_CREDIT, 0, 0, 0);
        } else {
            queue.add(t + creditPs, EV_CREDIT, s - 1, 1, 0);
        }
    }
}
