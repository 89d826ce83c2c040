package org.jbsplib.rbs;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Where the processes of one run post what they are waiting for, so that the process that times out can list
 * the pending requests of the others in its diagnostic. Written only on the slow path of a wait (after a few
 * milliseconds without progress); read only to build a diagnostic. Thread-safe.
 */
final class WaitBoard {
    private final AtomicReferenceArray<String> status;

    WaitBoard(final int nprocs) {
        status = new AtomicReferenceArray<>(nprocs);
    }

    void post(final int pid, final String what) {
        status.set(pid, what);
    }

    /** Appends the posted status of every process but {@code me}. */
    void describeOthers(final StringBuilder sb, final int me) {
        for (int p = 0; p < status.length(); p++) {
            if (p != me) {
                final String s = status.get(p);
                sb.append("\n  pid ").append(p).append(": ").append(s == null ? "no wait posted (computing, or "
                    + "waiting for less than " + RelaxedSync.POST_AFTER_NS / 1_000_000 + " ms)" : s);
            }
        }
    }
}
