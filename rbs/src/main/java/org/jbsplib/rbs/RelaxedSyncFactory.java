package org.jbsplib.rbs;

import org.jbsplib.core.sync.SyncProcess;
import org.jbsplib.core.sync.SyncProtocol;
import org.jbsplib.core.sync.SyncProtocolFactory;

/** The {@code rbs} sync mode: {@link RelaxedSync}. */
public final class RelaxedSyncFactory implements SyncProtocolFactory {
    /** The mode's name. */
    public static final String NAME = "rbs";

    // The runtime creates the protocols of one run one after the other, on one thread, before starting them.
    private WaitBoard board;
    private Object boardRun;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "relaxed barrier synchronization (Kim, Ha, Jhon): req/ack with superstep timestamps, and commit";
    }

    /** Measured: 306-326 bytes per pair (live heap after a full GC, P = 512 and 1024, Java 17), runtime included. */
    @Override
    public long heapBytesPerPair() {
        return 336;
    }

    /**
     * {@code paper}: the relaxed barrier synchronization as the paper's Figure 4 describes it: every superstep
     * relaxed ({@value ExchangePolicy#OPTION}{@code =never}: the program must commit, and gets, BSMP and
     * registrations need {@code requestExchange}) and no eager streams ({@value RelaxedSync#EAGER_OPTION}{@code =0}:
     * every stream moves on its ack), in frames ({@value RelaxedSync#DIRECT_OPTION}{@code =never}), so with no split
     * copies ({@value RelaxedSync#SPLIT_OPTION}{@code =off}, said explicitly).
     */
    @Override
    public java.util.Map<String, java.util.Map<String, String>> presets() {
        return java.util.Map.of("paper", java.util.Map.of(
            ExchangePolicy.OPTION, "never",
            RelaxedSync.EAGER_OPTION, "0",
            RelaxedSync.DIRECT_OPTION, "never",
            RelaxedSync.SPLIT_OPTION, "off"));
    }

    @Override
    public SyncProtocol create(final SyncProcess process) {
        final Object run = process.endpoint().control();
        if (board == null || boardRun != run) {
            board = new WaitBoard(process.nprocs());
            boardRun = run;
        }
        return new RelaxedSync(process, board);
    }
}
