package org.jbsplib.trace;

import java.util.List;

/**
 * A trace as read back ({@link TraceReader#read}): the run's description and, per process, its supersteps in order
 * and its commit calls. Times are ns since the earliest superstep start of the trace, on one time line for every
 * JVM of the run (virtual time on a machine model). Immutable.
 *
 * @param procs        the run's processes
 * @param sync         its sync mode
 * @param barrier      its barrier backend ("" for the default)
 * @param transport    its transport
 * @param machine      its machine model ("" for the host)
 * @param virtualClock whether times are virtual (a machine model)
 * @param jvms         how many JVM queues the trace merges
 * @param steps        per pid, its supersteps in order
 * @param commits      per pid, its commit calls in order
 */
public record Trace(int procs, String sync, String barrier, String transport, String machine, boolean virtualClock,
    int jvms, List<List<Step>> steps, List<List<CommitCall>> commits) {

    /**
     * One superstep of one process (see {@link org.jbsplib.core.trace.SuperstepTracer} for the fields).
     *
     * @param pid         the process
     * @param superstep   the superstep, from 0
     * @param startNs     its start
     * @param syncStartNs when the process entered sync (or ended its program, for the last superstep)
     * @param syncNs      time in sync
     * @param commitNs    time in commit calls
     * @param barrierNs   time in the barrier part of the sync
     * @param waitNs      time idle waiting for others
     * @param bytesOut    bytes sent
     * @param bytesIn     bytes received
     * @param framesOut   frames sent
     * @param framesIn    frames received
     * @param puts        puts issued
     * @param gets        gets issued
     * @param sends       messages sent
     * @param modelledNs  modelled barrier latency (hardware model), else 0
     * @param waitedFor   bit set of the pids waited for (RBS)
     */
    public record Step(int pid, long superstep, long startNs, long syncStartNs, long syncNs, long commitNs,
        long barrierNs, long waitNs, long bytesOut, long bytesIn, long framesOut, long framesIn, int puts, int gets,
        int sends, long modelledNs, long[] waitedFor) {

        /** @return when the superstep's sync ended */
        public long endNs() {
            return syncStartNs + syncNs;
        }

        /** @return computation time: from the start to sync, without commit calls */
        public long computeNs() {
            return syncStartNs - startNs - commitNs;
        }

        /**
         * @param q a pid
         * @return whether this process recorded waiting for {@code q}
         */
        public boolean waitedFor(final int q) {
            return (waitedFor[q >>> 6] & (1L << q)) != 0;
        }
    }

    /**
     * One {@code commit(reg, n)} call.
     *
     * @param pid       the process
     * @param superstep its superstep
     * @param startNs   when it was called
     * @param ns        how long it took
     * @param waitNs    the part of it spent idle waiting for the updates (RBS)
     * @param reg       the registration's slot ({@code reg#slot})
     * @param n         the updates committed
     */
    public record CommitCall(int pid, long superstep, long startNs, long ns, long waitNs, int reg, int n) {
    }

    /** @return the most supersteps any process recorded */
    public int supersteps() {
        int n = 0;
        for (final List<Step> s : steps) {
            n = Math.max(n, s.size());
        }
        return n;
    }
}
