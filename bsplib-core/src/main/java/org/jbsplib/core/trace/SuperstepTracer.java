package org.jbsplib.core.trace;

/**
 * Receives what one BSP process did in each superstep, from that process's thread, when a run is traced
 * ({@link org.jbsplib.core.BspConfig#trace(java.nio.file.Path)}). Created per process by a {@link TraceSink}.
 *
 * <p>Times are the process endpoint's {@code nanoTime()} in ns: {@link System#nanoTime()} of this JVM, or the
 * virtual clock on a machine model. Everything arrives as primitives and one reused array, so an implementation can record without
 * allocating. Threading: confined to the process's thread.
 *
 * <pre>{@code
 * SuperstepTracer t = sink.tracer(pid);
 * t.superstep(pid, 3, 1_000, 5_000, 800, 0, 300, 400, 64, 64, 1, 1, 2, 0, 0, 0, waitedFor);
 * t.commit(pid, 4, 9_000, 700, 650, 0, 1);   // commit(reg#0, 1) in superstep 4 waited 650 of its 700 ns
 * }</pre>
 */
public interface SuperstepTracer {
    /**
     * One superstep of process {@code pid} ended (its {@code sync()} returned).
     *
     * @param pid            the process
     * @param superstep      the superstep that ended, from 0
     * @param startNs        when it started (the previous sync returned, or the program started)
     * @param syncStartNs    when {@code sync()} was entered: computation (and commits) ran from {@code startNs}
     * @param syncNs         time in this {@code sync()} call
     * @param commitNs       time in {@code commit()} calls of the superstep
     * @param barrierNs      time in the barrier part of the sync (classic phase 1, RBS count exchange)
     * @param waitNs         time spent idle waiting for other processes in the superstep
     * @param bytesOut       bytes of frames sent in the superstep (headers included, as the run's statistics)
     * @param bytesIn        bytes of frames received in the superstep
     * @param framesOut      frames sent
     * @param framesIn       frames received
     * @param puts           puts and hpPuts the program issued
     * @param gets           gets and hpGets the program issued
     * @param sends          BSMP messages the program sent
     * @param modelledNs     the barrier episode's modelled latency when a hardware model is the backend, else 0
     * @param waitedFor      a bit set of the pids this process waited for (bit {@code q % 64} of word {@code q / 64}):
     *                       RBS: the pids whose acknowledgement its sync idled for; valid during the call only
     */
    void superstep(int pid, long superstep, long startNs, long syncStartNs, long syncNs, long commitNs,
        long barrierNs, long waitNs, long bytesOut, long bytesIn, long framesOut, long framesIn, int puts, int gets,
        int sends, long modelledNs, long[] waitedFor);

    /**
     * One {@code commit(reg, n)} call of process {@code pid} returned. Its times are those the run's statistics count
     * ({@code SyncStats.commitNs()} and {@code waitNs()}), so a trace's commit totals equal the run's.
     *
     * @param pid       the process
     * @param superstep the superstep it was called in
     * @param startNs   when it was called
     * @param ns        how long it took
     * @param waitNs    the part of {@code ns} spent idle waiting for updates of {@code reg} (RBS; 0 when they had
     *                  all arrived)
     * @param reg       the registration's slot ({@code reg#slot} in error messages)
     * @param n         the updates it committed
     */
    void commit(int pid, long superstep, long startNs, long ns, long waitNs, int reg, int n);
}
