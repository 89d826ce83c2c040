package org.jbsplib.rbs;

import org.jbsplib.core.registry.RegHandle;

/**
 * The words of the relaxed sync's waits: what a process waits for, for the run's quiescence board, its posts on
 * the {@link WaitBoard} and the message of a timeout. Built only on the slow path of a wait, never per frame.
 * Confined to the thread of the process whose tables it reads.
 */
final class RelaxedDiagnostics {
    private final int me;
    private final int nprocs;
    private final UpdateCounts counts;
    private final RequestTable requestTable;
    private final AcknowledgeTable acknowledgeTable;
    private final WaitBoard board;

    RelaxedDiagnostics(final int me, final int nprocs, final UpdateCounts counts, final RequestTable requestTable,
        final AcknowledgeTable acknowledgeTable, final WaitBoard board) {
        this.me = me;
        this.nprocs = nprocs;
        this.counts = counts;
        this.requestTable = requestTable;
        this.acknowledgeTable = acknowledgeTable;
        this.board = board;
    }

    /** What this process waits for, in a line that is the same for every process waiting for the same. */
    String shortWait(final long t, final Wait where, final RegHandle reg, final int n) {
        if (reg != null) {
            return "commit(" + reg + ", n=" + n + ") of superstep " + t + ": " + counts.count(reg.slot(), t - 1)
                + " of " + n + " updates of superstep " + (t - 1) + " received";
        }
        final StringBuilder sb = new StringBuilder(64).append(describeWait(t, where, n));
        if (where == Wait.RELAXED_SYNC || where == Wait.END) {
            final StringBuilder waiting = new StringBuilder();
            for (int d = 0; d < nprocs; d++) {
                if (requestTable.isRequested(d) && !requestTable.isServed(d)) {
                    waiting.append(waiting.length() == 0 ? "" : ", ").append(d);
                }
            }
            if (waiting.length() > 0) {
                sb.append(", waiting for pid(s) ").append(waiting).append(" to acknowledge its request");
            }
        }
        return sb.toString();
    }

    String describeWait(final long t, final Wait where, final int n) {
        return switch (where) {
            case RELAXED_SYNC -> "sync of superstep " + t + " (relaxed)";
            case EXCHANGE -> "sync of superstep " + t + " (count exchange)";
            case EXCHANGE_DATA -> "sync of superstep " + t + " (count exchange, data)";
            case END -> "the end of the program (serving the others' last requests)";
            case SEND -> "sending to pid " + n + " whose inbox is full";
            case SPLIT -> "writing the direct stream of pid " + n + ", which copies its halves of a split copy";
            case COMMIT -> "commit";
        };
    }

    String diagnose(final long t, final Wait where, final long waitedNs, final RegHandle reg, final int n,
        final boolean others) {
        final StringBuilder sb = new StringBuilder(256);
        if (others) {
            sb.append("pid ").append(me).append(" waited ").append(waitedNs / 1_000_000)
                .append(" ms without progress in ");
        } else {
            sb.append("waiting ").append(waitedNs / 1_000_000).append(" ms in ");
        }
        if (reg != null) {
            sb.append("commit(").append(reg).append(", n=").append(n).append(") of superstep ").append(t)
                .append(": ").append(counts.count(reg.slot(), t - 1)).append(" of ").append(n)
                .append(" updates of superstep ").append(t - 1).append(" received so far");
        } else {
            sb.append(describeWait(t, where, n));
        }
        sb.append("; own requests: ");
        requestTable.describe(sb, t);
        sb.append("; acknowledge table: ");
        acknowledgeTable.describe(sb);
        if (others) {
            sb.append("; the other processes:");
            board.describeOthers(sb, me);
        }
        return sb.toString();
    }
}
