package org.jbsplib.core.transport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jbsplib.core.util.PidRanges;

/**
 * Decides that a run is deadlocked: every process that has not ended its program is blocked in a wait of the
 * library, and no frame is in flight, so none of them can ever make progress. Called periodically by one thread
 * (the runtime's watchdog), it reads every process's {@link Quiescence} entry once per call (a <em>wave</em>) and
 * decides only when {@link #STABLE_WAVES} consecutive waves agree: every live process blocked in each of them with
 * the same epoch (it never left its wait), the same number of frames sent by every process, no frame waiting in a
 * live process's inbox, and at least two idle steps of every live process between two waves (each one looked at
 * its inbox and the shared state again after the previous wave, so a release it had not yet seen would have shown
 * as progress). A wait that time alone ends (a modelled barrier release) lasts microseconds, far less than the
 * waves' spacing, so it never looks like a deadlock.
 *
 * <p>Not thread-safe: one caller.
 */
public final class DeadlockDetector {
    /** Consecutive agreeing waves needed for a verdict. */
    public static final int STABLE_WAVES = 3;

    private final Quiescence q;
    private final RunControl control;
    private final int nprocs;
    // this wave and the previous one, swapped after each wave
    private long[] epoch;
    private long[] idles;
    private long[] sent;
    private long[] prevEpoch;
    private long[] prevIdles;
    private long[] prevSent;
    private boolean havePrevious;
    private int stable;

    /** @param control the run's control plane, whose {@link RunControl#quiescence()} is read */
    public DeadlockDetector(final RunControl control) {
        this.control = control;
        this.q = control.quiescence();
        this.nprocs = q.nprocs();
        this.epoch = new long[nprocs];
        this.idles = new long[nprocs];
        this.sent = new long[nprocs];
        this.prevEpoch = new long[nprocs];
        this.prevIdles = new long[nprocs];
        this.prevSent = new long[nprocs];
    }

    /**
     * Reads one wave.
     *
     * @return the diagnosis if the run is deadlocked, otherwise {@code null}
     */
    public String check() {
        boolean quiet = true;
        int live = 0;
        for (int p = 0; p < nprocs; p++) {
            sent[p] = q.sentFrames(p);
            if (control.hasEnded(p)) {
                continue;
            }
            live++;
            epoch[p] = q.epoch(p);
            idles[p] = q.idles(p);
            if ((epoch[p] & 1) == 0 || q.hasPendingFrames(p)) {
                quiet = false;
            }
        }
        if (!quiet || live == 0) {
            stable = 0;
        } else if (havePrevious && agrees()) {
            stable++;
        } else {
            stable = 1;
        }
        havePrevious = true;
        long[] t = prevEpoch;
        prevEpoch = epoch;
        epoch = t;
        t = prevIdles;
        prevIdles = idles;
        idles = t;
        t = prevSent;
        prevSent = sent;
        sent = t;
        return stable >= STABLE_WAVES ? diagnose() : null;
    }

    /** @return whether this wave agrees with the previous one (read before the swap) */
    private boolean agrees() {
        for (int p = 0; p < nprocs; p++) {
            if (sent[p] != prevSent[p]) {
                return false;
            }
            if (!control.hasEnded(p) && (epoch[p] != prevEpoch[p] || idles[p] - prevIdles[p] < 2)) {
                return false;
            }
        }
        return true;
    }

    /** @return who waits for what, grouping the pids that say the same */
    String diagnose() {
        final Map<String, List<Integer>> groups = new LinkedHashMap<>();
        final List<Integer> ended = new ArrayList<>();
        for (int p = 0; p < nprocs; p++) {
            if (control.hasEnded(p)) {
                ended.add(p);
                continue;
            }
            final String what = q.posted(p);
            groups.computeIfAbsent(what == null ? "waiting (no description posted yet)" : what,
                k -> new ArrayList<>()).add(p);
        }
        final StringBuilder sb = new StringBuilder(256);
        sb.append("deadlock: every process still running its program waits in the library and no message is in "
            + "flight, so none of them can go on: ");
        boolean first = true;
        for (final Map.Entry<String, List<Integer>> e : groups.entrySet()) {
            sb.append(first ? "" : "; ");
            first = false;
            appendPids(sb, e.getValue());
            sb.append(" in ").append(e.getKey());
        }
        if (!ended.isEmpty()) {
            sb.append("; ");
            appendPids(sb, ended);
            sb.append(ended.size() == 1 ? " has ended its program" : " have ended their programs");
        }
        return sb.toString();
    }

    /** Appends "pid 3" or "pids 0-2, 5, 7-9". */
    static void appendPids(final StringBuilder sb, final List<Integer> pids) {
        sb.append(pids.size() == 1 ? "pid " : "pids ");
        final int[] a = new int[pids.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = pids.get(i);
        }
        PidRanges.append(sb, a, a.length);
    }
}
